import { Description, Heading, Markdown, Title, useOf } from '@storybook/addon-docs/blocks';
import type { Parameters } from 'storybook/internal/types';

/** A story's JSDoc, which Storybook's CSF plugin puts in `parameters.docs.description.story`. */
function storyDescription(parameters: Parameters | undefined): string | undefined {
  const docs: unknown = parameters?.docs;
  if (typeof docs !== 'object' || docs === null || !('description' in docs)) return undefined;
  const { description } = docs;
  if (typeof description !== 'object' || description === null) return undefined;
  return 'story' in description && typeof description.story === 'string'
    ? description.story
    : undefined;
}

/**
 * The docs page of a title whose stories are the whole app (App/Routes, App/Journeys): what the
 * file is for, then every story with what it shows and a link that opens it. Rendering a dozen
 * copies of the app on one page would say less and cost a dozen apps; each story is one click
 * away, with its play function, in the Canvas.
 */
export function StoryIndexPage() {
  const { csfFile } = useOf('meta', ['meta']);
  const stories = Object.values(csfFile.stories);
  return (
    <>
      <Title />
      <Description of="meta" />
      <Heading>{`${stories.length} stories`}</Heading>
      <ul>
        {stories.map((story) => {
          const description = storyDescription(story.parameters);
          const path: unknown = story.args?.path;
          return (
            <li key={story.id}>
              <a href={`./?path=/story/${story.id}`} target="_top">
                {story.name}
              </a>
              {typeof path === 'string' && (
                <>
                  {' '}
                  (opens at <code>{path}</code>
                  {story.args?.signedIn === true ? ', signed in' : ''})
                </>
              )}
              {description !== undefined && <Markdown>{description}</Markdown>}
            </li>
          );
        })}
      </ul>
    </>
  );
}
