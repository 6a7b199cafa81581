import type { PreparedStory } from 'storybook/internal/types';

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
