import type { A11yParameters } from '@storybook/addon-a11y';

/**
 * The accessibility rules, in one place. Three checks read them:
 * - the a11y addon's panel in Storybook, for the story on screen;
 * - the addon's run after every story, which the test-runner (`npm run test:storybook`) turns into
 *   a failure on any violation (`test: 'error'`);
 * - the check of every docs page (tests/docs/docs-pages.test.ts), which runs axe with the same
 *   options over the page and the stories it shows in iframes.
 *
 * `region` (every content inside a landmark) is off: a story shows one component, not a page.
 * Every other rule of axe's default set applies, at every impact level.
 */
export const a11y = {
  test: 'error',
  options: { rules: { region: { enabled: false } } },
} satisfies A11yParameters;
