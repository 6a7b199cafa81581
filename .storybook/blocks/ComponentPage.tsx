import {
  ArgTypes,
  Controls,
  Description,
  DocsContext,
  DocsStory,
  Heading,
  Primary,
  Subtitle,
  Title,
} from '@storybook/addon-docs/blocks';
import { useContext } from 'react';
import type { PreparedStory } from 'storybook/internal/types';
import { notOnDocsPage } from '../docs';

/** Whether a story is drawn in the docs page's own document, not in an iframe. */
function drawnInline(story: PreparedStory): boolean {
  const docs: unknown = story.parameters.docs;
  if (typeof docs !== 'object' || docs === null || !('story' in docs)) return true;
  const { story: options } = docs;
  return !(
    typeof options === 'object' &&
    options !== null &&
    'inline' in options &&
    options.inline === false
  );
}

/** The story object its file exports, which the blocks take as `of`. */
const exportOf = (story: PreparedStory): object => story.moduleExport as object;

const REASONS = {
  phone: 'at phone size',
  interaction: 'its play function shows it',
} as const;

/**
 * The docs page of every component and screen: its name and description (the component's TSDoc),
 * the primary story on top, every prop with its type, default and description, then the other
 * stories below, each drawn from its args. Stories that would draw the same picture again (the
 * phone variants, and those whose point is their play function) are listed with a link instead.
 *
 * The primary story is shown once (Storybook's default page repeats it first in the list). Its
 * props table has a control for each prop, which redraws the primary story above it, when that
 * story is drawn inline. A story in an iframe (a screen, a layout: see `inFrame` in docs.ts) is a
 * document of its own that the page's controls do not reach, so its table lists the props without
 * controls, and its Controls panel in the Canvas is one click away.
 */
export function ComponentPage() {
  const { componentStories } = useContext(DocsContext);
  const [primary, ...others] = componentStories().filter((story) =>
    story.tags.includes('autodocs'),
  );
  const drawn = others.filter((story) => notOnDocsPage(story) === undefined);
  const linked = others.filter((story) => notOnDocsPage(story) !== undefined);
  return (
    <>
      <Title />
      <Subtitle />
      <Description of="meta" />
      <Primary />
      {primary && <Description of={exportOf(primary)} />}
      <Heading>Props</Heading>
      {primary && drawnInline(primary) ? <Controls /> : <ArgTypes />}
      {drawn.length > 0 && <Heading>Stories</Heading>}
      {drawn.map((story) => (
        <DocsStory key={story.id} of={exportOf(story)} expanded __forceInitialArgs />
      ))}
      {linked.length > 0 && (
        <>
          <Heading>More in the sidebar</Heading>
          <ul>
            {linked.map((story) => {
              const reason = notOnDocsPage(story);
              return (
                <li key={story.id}>
                  <a href={`./?path=/story/${story.id}`} target="_top">
                    {story.name}
                  </a>
                  {reason && ` (${REASONS[reason]})`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
