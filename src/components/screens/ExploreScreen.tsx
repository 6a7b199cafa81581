import { Compass, Flame, Clock, Hash, X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { FeedScreen } from '../post';
import type { ScreenFeedProps } from '../post';
import { Button, useFocusReturn } from '../ui';

export type ExploreSort = 'trending' | 'latest';

export interface ExploreScreenProps extends ScreenFeedProps {
  /**
   * Which order is active: its button is pressed. The page (sorting machine) orders the posts.
   * Not shown while a hashtag filters the list (the hashtag's posts come newest first).
   */
  sort: ExploreSort;
  /** 'Trending' or 'Latest' pressed. */
  onSortChange: (sort: ExploreSort) => void;
  /**
   * The hashtag the list is filtered to (without its '#', from `?tag=`), or null for every post.
   * The page filters the posts; the screen says so, newest first, and offers a way back to all of
   * them.
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
 * Filtered to a hashtag, a line under the title names it and says the posts come newest first
 * (a hashtag's posts have no trending order, so Trending and Latest are not offered), with
 * 'Show all posts' to leave it. Leaving it hands focus to the order's pressed button.
 */
export function ExploreScreen({
  sort,
  onSortChange,
  tag = null,
  onClearTag,
  ...feed
}: ExploreScreenProps) {
  const tagged = tag !== null && tag !== '';
  const sortGroupRef = useRef<HTMLDivElement>(null);
  const leftByPerson = useRef(false);
  const { listeners, returnFocus } = useFocusReturn();

  // 'Show all posts' goes with the filter it leaves, and focus with it: once the page has left
  // the filter, focus goes to the order that now applies (the switch, back where it was), with a
  // ring when the button was pressed from the keyboard. Not when focus has gone elsewhere since.
  useLayoutEffect(() => {
    if (tagged || !leftByPerson.current) return;
    leftByPerson.current = false;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    returnFocus(sortGroupRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]'));
  }, [tagged, returnFocus]);

  return (
    <FeedScreen
      title="Explore"
      actions={
        tagged ? undefined : (
          <SortGroup ref={sortGroupRef} role="group" aria-label="Sort posts">
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
        )
      }
      intro={
        tagged ? (
          <TagFilter role="status" {...listeners}>
            <Hash aria-hidden="true" />
            <span>
              Posts tagged <strong dir="auto">#{tag}</strong>, newest first
            </span>
            <Button
              size="sm"
              variant="secondary"
              icon={<X aria-hidden="true" />}
              onClick={() => {
                leftByPerson.current = true;
                onClearTag?.();
              }}
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

  /* The line stays beside its icon and wraps there (a phone), and 'Show all posts' moves under
     it when both do not fit: with its width as its basis, the line left the icon alone above it. */
  > span {
    flex: 1 1 12rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
