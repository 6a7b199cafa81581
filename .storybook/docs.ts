import type { PreparedStory } from 'storybook/internal/types';
import type { ColorScheme } from '../src/components/ui/theme';

/**
 * Where addon-docs points the iframes of stories it shows in iframes. A story shown in an iframe
 * on a docs page renders from its args without running its play function (`embed=true`), as
 * inline stories there do: a docs page never replays a journey behind the reader's back, and
 * what it shows does not depend on how fast a play function ran. Nor does each iframe run the
 * a11y addon's check (`a11y.manual`): the a11y panel checks the story open in the Canvas, and the
 * docs check (tests/docs) checks each docs page with every iframe in it. The theme is the
 * toolbar's (blocks/ThemedDocsContainer.tsx).
 */
export function previewUrl(scheme: ColorScheme): string {
  const globals = ['a11y.manual:!true', ...(scheme === 'dark' ? ['theme:dark'] : [])];
  return `iframe.html?embed=true&globals=${globals.join(';')}`;
}

/** Points the docs pages' iframes at `scheme` (before the page's stories are drawn). */
export function pointIframesAt(scheme: ColorScheme): void {
  globalThis.PREVIEW_URL = previewUrl(scheme);
}

/**
 * `parameters.docs.story` for a component that is a whole page (a screen, a layout, a card with
 * the page's `h1`) or a named landmark: its docs page shows each story in an iframe of `height`,
 * as the Canvas does, rather than inline. Inline, ten screens on one page would be ten `main`
 * landmarks and ten `h1`s in one document; in iframes each story keeps its own document.
 *
 * Write it as `docs: { story: inFrame('800px') }` inside the meta's `parameters` object: Storybook
 * adds the meta's JSDoc to that `docs` object, and would replace a `docs` it cannot see into.
 */
export function inFrame(height: string): { inline: false; height: string } {
  return { inline: false, height };
}

/** Why a story is not drawn on its component's docs page, or undefined when it is. */
export function notOnDocsPage(story: PreparedStory): 'phone' | 'interaction' | undefined {
  if (story.parameters.screen === 'phone') return 'phone';
  return startsLikeTheMeta(story) ? 'interaction' : undefined;
}

/**
 * A story that sets nothing but its play function (no args, render, decorators, loaders, globals
 * or parameters of its own) first renders exactly as its file's first story does: a docs page,
 * which draws stories without running their play functions, would show the same picture again.
 */
function startsLikeTheMeta(story: PreparedStory): boolean {
  const exported = story.moduleExport as Record<string, unknown>;
  return Object.entries(exported).every(([key, value]) => {
    if (key === 'play' || key === 'name') return true;
    // Storybook's CSF plugin adds `parameters.docs` (the story's source and JSDoc) to every story.
    if (key === 'parameters' && typeof value === 'object' && value !== null) {
      return Object.keys(value).every((name) => name === 'docs');
    }
    return false;
  });
}
