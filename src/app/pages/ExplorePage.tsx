import { useSelector } from '@xstate/react';
import { ExploreScreen } from '../../components/screens/ExploreScreen';
import { selectExplorePosts, selectPosts, selectSortMode } from '../../machines';
import { useActors } from '../AppContext';
import { usePostFeed } from './usePostFeed';

/** `/explore-page`: every post, Trending (most liked first) or Latest (newest first). */
export function ExplorePage() {
  const { posts, sorting } = useActors();
  const { me: _me, ...feed } = usePostFeed();
  const allPosts = useSelector(posts, selectPosts);
  const mode = useSelector(sorting, selectSortMode);
  return (
    <ExploreScreen
      {...feed}
      posts={selectExplorePosts(allPosts, mode)}
      sort={mode}
      onSortChange={(next) =>
        sorting.send({ type: next === 'trending' ? 'SHOW_TRENDING' : 'SHOW_LATEST' })
      }
    />
  );
}
