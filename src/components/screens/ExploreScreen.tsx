import { Compass, Flame, Clock, Hash, X } from 'lucide-react';
import styled from 'styled-components';
import { FeedScreen } from '../post';
import type { ScreenFeedProps } from '../post';
import { Button } from '../ui';

export type ExploreSort = 'trending' | 'latest';

export interface ExploreScreenProps extends ScreenFeedProps {
  /** Which order is active: its button is pressed. The page (sorting machine) orders the posts. */
  sort: ExploreSort;
  /** 'Trending' or 'Latest' pressed. */
  onSortChange: (sort: ExploreSort) => void;
  /**
   * The hashtag the list is filtered to (without its '#', from `?tag=`), or null for every post.
   * The page filters the posts; the screen says so and offers a way back to all of them.
   */
  tag?: string | null;
  /** 'Show all posts' pressed: leave the hashtag filter (required when `tag` is set). */
  onClearTag?: () => void;
}

const SORTS = [
  { value: 'trending', label: 'Trending', icon: Flame },
  { value: 'latest', label: 'Latest', icon: Clock },
] as const;

/**
 * Explore: every post, with 'Trending' and 'Latest' buttons that show which order is active.
 * Filtered to a hashtag, a line under the title names it, with 'Show all posts' to leave it;
 * the order still applies.
 */
export function ExploreScreen({
  sort,
  onSortChange,
  tag = null,
  onClearTag,
  ...feed
}: ExploreScreenProps) {
  const tagged = tag !== null && tag !== '';
  return (
    <FeedScreen
      title="Explore"
      actions={
        <SortGroup role="group" aria-label="Sort posts">
          {SORTS.map(({ value, label, icon: Icon }) => (
            <Button
              key={value}
              size="sm"
              variant={sort === value ? 'primary' : 'secondary'}
              icon={<Icon aria-hidden="true" />}
              aria-pressed={sort === value}
              onClick={() => {
                if (sort !== value) onSortChange(value);
              }}
            >
              {label}
            </Button>
          ))}
        </SortGroup>
      }
      intro={
        tagged ? (
          <TagFilter role="status">
            <Hash aria-hidden="true" />
            <span>
              Posts tagged <strong dir="auto">#{tag}</strong>
            </span>
            <Button
              size="sm"
              variant="secondary"
              icon={<X aria-hidden="true" />}
              onClick={onClearTag}
            >
              Show all posts
            </Button>
          </TagFilter>
        ) : undefined
      }
      feed={{
        ...feed,
        label: tagged ? `Posts tagged #${tag}` : 'All posts',
        empty: tagged
          ? {
              icon: <Hash />,
              title: `No posts tagged #${tag}`,
              message: 'Posts that use this hashtag show up here.',
            }
          : {
              icon: <Compass />,
              title: 'No posts yet',
              message: 'When people share something, it shows up here.',
            },
      }}
    />
  );
}

const SortGroup = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const TagFilter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  > svg {
    width: 1.25rem;
    height: 1.25rem;
    color: ${({ theme }) => theme.colors.primary};
  }

  > span {
    flex: 1 1 auto;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
