import { useSelector } from '@xstate/react';
import type { PostFeedStatus } from '../../components/post/PostFeed';
import {
  sameIds,
  selectPostsError,
  selectPostsStatus,
  type LoadStatus,
  type PostsSnapshot,
} from '../../machines';
import { useActors } from '../AppContext';
import { renderPost } from './PostCardContainer';

export function feedStatus(status: LoadStatus): PostFeedStatus {
  if (status === 'failed') return 'failed';
  if (status === 'success') return 'ready';
  return 'loading';
}

/**
 * The ids a feed shows, chosen from the posts store by `select`. The page draws again only when
 * the ids or their order change (a new post, a deletion, a new trending order), never when a
 * post only changed inside: its card follows it by itself.
 */
export function useFeedIds(select: (snapshot: PostsSnapshot) => readonly string[]) {
  const { posts } = useActors();
  return useSelector(posts, select, sameIds);
}

/**
 * What every feed (Home, Explore, Bookmarks, Profile) hands to <PostFeed>: the posts machine's
 * status, the ids to show, and the card that follows each post by its id.
 */
export function usePostFeed(ids: readonly string[]) {
  const { posts } = useActors();
  const status = useSelector(posts, selectPostsStatus);
  const error = useSelector(posts, selectPostsError);
  return {
    status: feedStatus(status),
    errorMessage: error ?? undefined,
    onRetry: () => posts.send({ type: 'RETRY' }),
    ids,
    renderPost,
  };
}
