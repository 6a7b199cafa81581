/**
 * One paged feed (Home, Explore's Latest or Trending, a hashtag, a person's posts): the ids of the
 * posts read so far, in the server's order, and where the next page starts. The posts themselves
 * go to the posts store (the parent, as `FEED.PAGE`), where every post is kept once by id; a feed
 * holds only ids, so a like answered for one post redraws that card in every feed.
 *
 * `loading → ready ⇄ loadingMore → … → end`: the first page, then one page at a time when the
 * reader nears the end (`LOAD_MORE`). A failed first page waits in `failed` for `RETRY`; a failed
 * next page keeps what was read and waits in `moreFailed` for `LOAD_MORE`; a 401 on any read
 * ends the session (`FEED.SESSION_EXPIRED` to the posts machine). `REFRESH` reads the
 * first page again quietly (another tab changed the data): the posts on screen take their new
 * records, and nothing moves under the reader.
 *
 * Posts published since the feed was read (the live stream's `NEW_POST`, or found by a
 * refresh) wait in `waiting`, not on screen. `SHOW_NEW` (the "n new posts" pill) reads the first
 * page again and puts its posts first, what was read after them staying below.
 *
 * A bookmark moves no post's `updatedAt`, so a page read while the store learnt of one
 * (`BOOKMARK_SEEN`) cannot show which copy is later: the page names those posts
 * (`bookmarkSeen`), and the store keeps their bookmark as it holds it. The bookmarks' own feed
 * puts one made meanwhile on top of that page, which may have been read before it was made.
 */
import {
  assign,
  enqueueActions,
  sendParent,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { Post } from '../api/types';
import { showsOwnNewPost, type FeedKey } from './feedKeys';
import { errorMessage } from './notifications';
import { placeholderActors } from './effects';
import { isUnauthorized } from './session';
import type { PostsSnapshot } from './posts';

export * from './feedKeys';

export interface FeedInput {
  feed: FeedKey;
  token: string | null;
}

export interface FeedContext extends FeedInput {
  /** The posts read so far, in the server's order. */
  ids: readonly string[];
  /** Where the next page starts; null once the last page is read. */
  next: string | null;
  error: string | null;
  /** Posts published elsewhere since the feed was read, newest first, not shown yet. */
  waiting: readonly string[];
  /** Posts whose bookmark the store learnt of since the read under way was sent. */
  bookmarkSeen: readonly string[];
  /** Of those, the ones bookmarked (not taken back), latest first. */
  bookmarkedSince: readonly string[];
}

/** One page of a feed, as the API answers it. */
export interface FeedPage {
  posts: Post[];
  next: string | null;
}

export type FeedEvent =
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  /** A post published elsewhere that belongs at the top of this feed. */
  | { type: 'NEW_POST'; postId: string }
  /** The reader asked for the posts that wait: read the first page again. */
  | { type: 'SHOW_NEW' }
  /** The store learnt of the reader's bookmark on this post (its answer, or the live stream). */
  | { type: 'BOOKMARK_SEEN'; postId: string; bookmarked: boolean }
  /** These posts no longer belong here, wherever they were read (Home: an author unfollowed). */
  | { type: 'DROP'; postIds: readonly string[] };

/** What a feed tells the posts machine: the posts of a page it read. */
export interface FeedPageEvent {
  type: 'FEED.PAGE';
  posts: Post[];
  /** Posts whose bookmark the store learnt of while this page was read: theirs stay as held. */
  bookmarkSeen?: readonly string[];
}

/** What a feed tells the posts machine when the server refused its token. */
export interface FeedSessionExpiredEvent {
  type: 'FEED.SESSION_EXPIRED';
}

/** `later` appended to `ids`, each id once. */
function appended(ids: readonly string[], later: readonly string[]): string[] {
  const seen = new Set(ids);
  return [...ids, ...later.filter((id) => !seen.has(id))];
}

/**
 * What was read that the fresh first page does not cover: the ids after the last one it also
 * holds; none when it is the whole feed (no `next`). One that the page skips above that point no
 * longer belongs there (an author unfollowed, a bookmark taken back, a post deleted): it goes,
 * rather than being put after the page, out of its order.
 */
function belowFresh(ids: readonly string[], page: FeedPage): readonly string[] {
  if (page.next === null) return [];
  const fresh = new Set(page.posts.map((post) => post._id));
  const last = ids.findLastIndex((id) => fresh.has(id));
  return ids.slice(last + 1);
}

/** A first page's ids; on the bookmarks' feed, under those bookmarked while it was read. */
function topOf(context: FeedContext, page: FeedPage): string[] {
  const ids = page.posts.map((post) => post._id);
  return context.feed.kind === 'bookmarks' ? appended(context.bookmarkedSince, ids) : ids;
}

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as FeedInput,
  },
  actors: placeholderActors('loadFeedPage'),
  actions: {
    toStore: sendParent(({ context }, params: { page: FeedPage }): FeedPageEvent => ({
      type: 'FEED.PAGE',
      posts: params.page.posts,
      bookmarkSeen: context.bookmarkSeen,
    })),
    /** A read is sent: what the store learns from now on, this read's page may not know. */
    readSent: assign({ bookmarkSeen: [], bookmarkedSince: [] }),
    noteBookmark: assign(({ context, event }) => {
      if (event.type !== 'BOOKMARK_SEEN') return {};
      const { postId, bookmarked } = event;
      const others = context.bookmarkedSince.filter((id) => id !== postId);
      return {
        bookmarkSeen: appended(context.bookmarkSeen, [postId]),
        bookmarkedSince: bookmarked ? [postId, ...others] : others,
      };
    }),
    drop: assign(({ context, event }) => {
      if (event.type !== 'DROP') return {};
      const gone = new Set(event.postIds);
      const kept = (ids: readonly string[]) => ids.filter((id) => !gone.has(id));
      return { ids: kept(context.ids), waiting: kept(context.waiting) };
    }),
    takeFirst: assign(({ context }, params: { page: FeedPage }) => ({
      ids: topOf(context, params.page),
      next: params.page.next,
      error: null,
    })),
    takeNext: assign(({ context }, params: { page: FeedPage }) => ({
      ids: appended(
        context.ids,
        params.page.posts.map((post) => post._id),
      ),
      next: params.page.next,
      error: null,
    })),
    /** A quiet refresh: the posts it found that are not on screen wait for the reader. */
    takeFresh: assign(({ context }, params: { page: FeedPage }) => {
      const unseen = params.page.posts
        .map((post) => post._id)
        .filter((id) => !context.ids.includes(id) && !context.waiting.includes(id));
      return { error: null, waiting: [...unseen, ...context.waiting] };
    }),
    /** The reader asked for what waits: the first page's posts first, then what was read. */
    takeShown: assign(({ context }, params: { page: FeedPage }) => {
      const fresh = topOf(context, params.page);
      const waiting = context.waiting.filter((id) => !fresh.includes(id));
      const ids = appended(fresh, belowFresh(context.ids, params.page));
      // The whole feed in one page: nothing further to read.
      const next = params.page.next === null ? null : context.next;
      return { ids, error: null, waiting, next };
    }),
    wait: assign(({ context, event }) =>
      event.type !== 'NEW_POST' ||
      context.ids.includes(event.postId) ||
      context.waiting.includes(event.postId)
        ? {}
        : { waiting: [event.postId, ...context.waiting] },
    ),
    keepError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    /**
     * The server no longer knows the token: the session is over, not this feed. The posts
     * machine, the feed's parent, ends it as it does for a refused like.
     */
    expireOn401: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      if (isUnauthorized(params.error)) {
        enqueue.sendParent({ type: 'FEED.SESSION_EXPIRED' } satisfies FeedSessionExpiredEvent);
      }
    }),
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => ({
    ...input,
    ids: [],
    next: null,
    error: null,
    waiting: [],
    bookmarkSeen: [],
    bookmarkedSince: [],
  }),
  initial: 'loading',
  on: {
    NEW_POST: { actions: 'wait' },
    BOOKMARK_SEEN: { actions: 'noteBookmark' },
    DROP: { actions: 'drop' },
  },
  states: {
    loading: {
      entry: 'readSent',
      invoke: {
        src: 'loadFeedPage',
        input: ({ context }) => ({ feed: context.feed, token: context.token, cursor: null }),
        onDone: {
          target: 'settled',
          actions: [
            { type: 'toStore', params: ({ event }) => ({ page: event.output }) },
            { type: 'takeFirst', params: ({ event }) => ({ page: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: { on: { LOAD_MORE: 'loadingMore', REFRESH: 'refreshing', SHOW_NEW: 'showing' } },
    loadingMore: {
      entry: 'readSent',
      invoke: {
        src: 'loadFeedPage',
        input: ({ context }) => ({
          feed: context.feed,
          token: context.token,
          cursor: context.next,
        }),
        onDone: {
          target: 'settled',
          actions: [
            { type: 'toStore', params: ({ event }) => ({ page: event.output }) },
            { type: 'takeNext', params: ({ event }) => ({ page: event.output }) },
          ],
        },
        onError: {
          target: 'moreFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    moreFailed: {
      on: { LOAD_MORE: 'loadingMore', REFRESH: 'refreshing', SHOW_NEW: 'showing' },
    },
    // Reads the first page again; the reader's place and the cursor of what was read stay.
    refreshing: {
      entry: 'readSent',
      invoke: {
        src: 'loadFeedPage',
        input: ({ context }) => ({ feed: context.feed, token: context.token, cursor: null }),
        onDone: {
          target: 'settled',
          actions: [
            { type: 'toStore', params: ({ event }) => ({ page: event.output }) },
            { type: 'takeFresh', params: ({ event }) => ({ page: event.output }) },
          ],
        },
        onError: {
          target: 'settled',
          actions: { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        REFRESH: { target: 'refreshing', reenter: true },
        SHOW_NEW: 'showing',
      },
    },
    // The reader asked for the posts that wait: the first page again, on top.
    showing: {
      entry: 'readSent',
      invoke: {
        src: 'loadFeedPage',
        input: ({ context }) => ({ feed: context.feed, token: context.token, cursor: null }),
        onDone: {
          target: 'settled',
          actions: [
            { type: 'toStore', params: ({ event }) => ({ page: event.output }) },
            { type: 'takeShown', params: ({ event }) => ({ page: event.output }) },
          ],
        },
        onError: {
          target: 'settled',
          actions: { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Where every read ends: at the end when the last page has been read, else ready for more.
    settled: {
      always: [
        { guard: ({ context }) => context.next === null, target: 'end' },
        { target: 'ready' },
      ],
    },
    end: { on: { REFRESH: 'refreshing', SHOW_NEW: 'showing' } },
  },
});

export type FeedSnapshot = SnapshotFrom<typeof feedMachine>;
export type FeedActorRef = ActorRefFrom<typeof feedMachine>;

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
