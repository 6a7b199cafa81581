/** What screens read of a feed (feed.ts): its status, what waits above it, the ids it shows. */
import type { PostsSnapshot } from './posts';
import type { FeedSnapshot } from './feed';
import { showsOwnNewPost, type FeedKey } from './feedKeys';

/** What PostFeed shows of a feed: its first page's state, and its next page's. */
export function feedStatusOf(snapshot: FeedSnapshot | undefined): {
  status: 'loading' | 'failed' | 'ready';
  more: 'idle' | 'loading' | 'failed' | 'end';
  error: string | null;
} {
  if (snapshot === undefined) return { status: 'loading', more: 'idle', error: null };
  const { error } = snapshot.context;
  switch (snapshot.value) {
    case 'loading':
      return { status: 'loading', more: 'idle', error };
    case 'failed':
      return { status: 'failed', more: 'idle', error };
    case 'loadingMore':
      return { status: 'ready', more: 'loading', error };
    case 'moreFailed':
      return { status: 'ready', more: 'failed', error };
    case 'end':
      return { status: 'ready', more: 'end', error };
    default:
      return { status: 'ready', more: snapshot.context.next === null ? 'end' : 'idle', error };
  }
}

/** How many posts published elsewhere wait above the feed (the pill's number). */
export const selectWaitingCount = (snapshot: FeedSnapshot | undefined): number =>
  snapshot?.context.waiting.length ?? 0;

/** Two lists of ids with the same ids in the same order: a feed's `useSelector` comparison. */
export const sameIds = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a === b || (a.length === b.length && a.every((id, index) => id === b[index]));

const NO_FEED_IDS: readonly string[] = [];

/**
 * The ids a feed shows: a post asked for first, the current user's posts published since it was
 * read that belong in it, then the feed's own, leaving out any post the store no longer has.
 */
export function selectFeedIds(
  snapshot: PostsSnapshot,
  feed: FeedKey,
  feedIds: readonly string[] | undefined,
  /** A post to show first wherever the feed has it (a search result chosen), or null. */
  firstPostId: string | null = null,
): readonly string[] {
  const { posts, published } = snapshot.context;
  const me = snapshot.context.session.user;
  const read = feedIds ?? NO_FEED_IDS;
  const seen = new Set(read);
  const fresh = published.filter((id) => {
    const post = posts[id];
    return (
      !seen.has(id) && id !== firstPostId && post !== undefined && showsOwnNewPost(feed, post, me)
    );
  });
  const first = firstPostId !== null && posts[firstPostId] !== undefined ? [firstPostId] : [];
  const ids = [...first, ...fresh, ...read.filter((id) => id !== firstPostId)].filter(
    (id) => posts[id] !== undefined,
  );
  return sameIds(ids, read) ? read : ids;
}
