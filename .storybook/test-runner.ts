import { getStoryContext, waitForPageReady, type TestRunnerConfig } from '@storybook/test-runner';
import { DESKTOP, PHONE } from './viewports.ts';
import { checkVisual, describePage, visualSettings } from './visual.ts';

/**
 * Three checks for every story: its play function and an axe accessibility check (both run by the
 * test-runner itself: the a11y addon checks the story after it rendered, with the rules of
 * ./a11y.ts, and the test-runner fails a story whose report has any violation) and a visual check of its picture and layout against
 * the committed baselines in tests/visual/__baselines__ (exact with the browser build that took
 * them, tolerant with any other: see visual.ts). `npm run test:update-visual` re-takes the
 * baselines; look at the diff images in tests/visual/__diff_output__ first.
 */
const settings = visualSettings();

/** `parameters.reducedMotion`: 'reduce' (the default) or 'no-preference'. */
const motionOf = (parameters: Record<string, unknown>) =>
  parameters.reducedMotion === 'no-preference' ? 'no-preference' : 'reduce';

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    const build = page.context().browser()?.version();
    if (build !== settings.build) {
      throw new Error(
        `The stories run in ${build ?? 'an unknown browser'}, not ${settings.build}.`,
      );
    }
    const { parameters } = await getStoryContext(page, context);
    await page.setViewportSize(parameters.screen === 'phone' ? PHONE : DESKTOP);
    // Stories run with reduced motion, so pictures never catch an animation mid-way; a story that
    // shows motion asks for 'no-preference' (the page is shared, so this is set for each story).
    await page.emulateMedia({ reducedMotion: motionOf(parameters) });
  },

  async postVisit(page, context) {
    // A failed play function is the failure to report; a snapshot taken after it would only
    // replace its message with a pixel diff.
    if (context.hasFailure) return;

    // The picture is always of the still state, also for a story that showed motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await waitForPageReady(page);
    // Let every image decode (a freshly inserted one may be drawn at a lower quality first) and
    // toasts and menus settle before the picture is taken.
    await page.evaluate(async () => {
      await Promise.all(
        Array.from(document.images).map((img) => img.decode().catch(() => undefined)),
      );
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    // Shoot until two pictures in a row are identical (as Playwright's toHaveScreenshot does), so
    // a frame caught mid-raster on a loaded machine never reaches the comparison.
    const shoot = () => page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
    let image = await shoot();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const next = await shoot();
      if (next.equals(image)) break;
      image = next;
    }
    checkVisual(context.id, image, await describePage(page), settings);
  },
};

export default config;
