import { Compass, Flame, Clock } from 'lucide-react';
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
}

const SORTS = [
  { value: 'trending', label: 'Trending', icon: Flame },
  { value: 'latest', label: 'Latest', icon: Clock },
] as const;

/** Explore: every post, with 'Trending' and 'Latest' buttons that show which order is active. */
export function ExploreScreen({ sort, onSortChange, ...feed }: ExploreScreenProps) {
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
      feed={{
        ...feed,
        label: 'All posts',
        empty: {
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
