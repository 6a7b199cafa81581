import {
  ArgTypes,
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
 * Two more changes to Storybook's default page: the primary story is shown once (the default
 * repeats it first in the list), and the props table is ArgTypes, not Controls, because
 * Storybook's control widgets fail axe (its object editor puts `li` elements outside a list, its
 * boolean switch labels fail colour contrast) and a docs page must pass. The controls are one
 * click away, in the Canvas's Controls panel.
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
      <ArgTypes />
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
