import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { ExploreScreen } from '../../components/screens/ExploreScreen';
import { selectExplorePosts, selectPosts, selectSortMode } from '../../machines';
import { useActors } from '../AppContext';
import { usePostFeed } from './usePostFeed';

/** `/explore-page`: every post, Trending (most liked first) or Latest (newest first). */
export function ExplorePage() {
  const { posts, sorting } = useActors();
  const allPosts = useSelector(posts, selectPosts);
  const mode = useSelector(sorting, selectSortMode);
  const shown = useMemo(() => selectExplorePosts(allPosts, mode), [allPosts, mode]);
  const { me: _me, ...feed } = usePostFeed(shown);
  return (
    <ExploreScreen
      {...feed}
      sort={mode}
      onSortChange={(next) =>
        sorting.send({ type: next === 'trending' ? 'SHOW_TRENDING' : 'SHOW_LATEST' })
      }
    />
  );
}
