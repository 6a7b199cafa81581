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
 * refresh) wait in `waiting`, not on screen. `SHOW_NEW` (the "n new posts" pill) reads from the
 * top again, page by page until a page meets what was read, and puts those posts first, what was
 * read after them staying below. `REREAD` (a follow, a profile edit, a stretch of the stream
 * missed: the feed changed throughout, not only on top) reads from the top down to the last post
 * read, so that nothing new is missing between two posts on screen. Either stops after one page
 * more than the reader had read: then the pages it read are the feed, and it goes on from there.
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
import { appended, belowFresh } from './feedIds';
import type { FeedKey } from './feedKeys';
import { errorMessage } from './notifications';
import { placeholderActors } from './effects';
import { isUnauthorized } from './session';

export * from './feedKeys';
export * from './feedSelectors';

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
  /** How many pages the posts read so far came from. */
  pages: number;
  /** The read from the top under way in `showing`. */
  reread: Reread;
  /** Posts whose bookmark the store learnt of since the read under way was sent. */
  bookmarkSeen: readonly string[];
  /** Of those, the ones bookmarked (not taken back), latest first. */
  bookmarkedSince: readonly string[];
}

/**
 * A read from the top again: 'top' when posts came out above what was read (it ends at the page
 * that holds a post read before), 'range' when they may have come anywhere in it (it ends at the
 * page that holds the last post read).
 */
export interface Reread {
  mode: 'top' | 'range';
  /** The ids of the pages read so far, in the server's order. */
  ids: readonly string[];
  cursor: string | null;
  /** How many pages it has read, and may read at most. */
  pages: number;
  limit: number;
}

const NO_REREAD: Reread = { mode: 'top', ids: [], cursor: null, pages: 0, limit: 0 };

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
  /** The reader asked for the posts that wait: read from the top until what was read. */
  | { type: 'SHOW_NEW' }
  /** The feed changed throughout (a follow, a profile edit): read again what was read. */
  | { type: 'REREAD' }
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

/** Whether the pages read from the top have come down to what the reread must reach. */
function meetsRead({ ids, reread }: FeedContext, freshIds: readonly string[]): boolean {
  if (ids.length === 0) return true;
  if (reread.mode === 'range') return freshIds.includes(ids[ids.length - 1] ?? '');
  const read = new Set(ids);
  return freshIds.some((id) => read.has(id));
}

/** The ids of the pages read from the top, with this one's. */
const rereadIds = (context: FeedContext, page: FeedPage): string[] => [
  ...context.reread.ids,
  ...page.posts.map((post) => post._id),
];

/** The top pages' ids; on the bookmarks' feed, under those bookmarked while they were read. */
function topOf(context: FeedContext, ids: readonly string[]): string[] {
  return context.feed.kind === 'bookmarks' ? appended(context.bookmarkedSince, ids) : [...ids];
}

/** From any settled state: the pill's posts, or the whole feed read again. */
const readFromTop = {
  SHOW_NEW: { target: 'showing', actions: { type: 'startReread', params: { mode: 'top' } } },
  REREAD: { target: 'showing', actions: { type: 'startReread', params: { mode: 'range' } } },
} as const;

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
    /** A read from the top reads on: the bookmarks made since it began still go on top. */
    nextPageSent: assign({ bookmarkSeen: [] }),
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
      ids: topOf(
        context,
        params.page.posts.map((post) => post._id),
      ),
      next: params.page.next,
      pages: 1,
      error: null,
    })),
    takeNext: assign(({ context }, params: { page: FeedPage }) => ({
      ids: appended(
        context.ids,
        params.page.posts.map((post) => post._id),
      ),
      next: params.page.next,
      pages: context.pages + 1,
      error: null,
    })),
    /** A quiet refresh: the posts it found that are not on screen wait for the reader. */
    takeFresh: assign(({ context }, params: { page: FeedPage }) => {
      const unseen = params.page.posts
        .map((post) => post._id)
        .filter((id) => !context.ids.includes(id) && !context.waiting.includes(id));
      return { error: null, waiting: [...unseen, ...context.waiting] };
    }),
    /** A read from the top begins: one page more than the reader had read, at most. */
    startReread: assign(({ context }, params: { mode: Reread['mode'] }) => ({
      reread: { ...NO_REREAD, mode: params.mode, limit: Math.max(context.pages, 1) + 1 },
      bookmarkSeen: [],
      bookmarkedSince: [],
    })),
    /** A page of the read from the top that has not come down to what was read: read on. */
    rereadOn: assign(({ context }, params: { page: FeedPage }) => ({
      reread: {
        ...context.reread,
        ids: rereadIds(context, params.page),
        cursor: params.page.next,
        pages: context.reread.pages + 1,
      },
    })),
    /**
     * The read from the top is done: its posts first. Below them, what was read after the post
     * they came down to, with its cursor; when they did not come down to it (the reader had read
     * little, or the feed changed throughout), they are the feed, and it goes on from their end.
     */
    takeShown: assign(({ context }, params: { page: FeedPage }) => {
      const freshIds = rereadIds(context, params.page);
      const fresh = topOf(context, freshIds);
      const waiting = context.waiting.filter((id) => !fresh.includes(id));
      const pages = context.reread.pages + 1;
      const done = { error: null, waiting, reread: NO_REREAD };
      const keepBelow =
        params.page.next !== null && context.reread.mode === 'top' && meetsRead(context, freshIds);
      if (!keepBelow) return { ...done, ids: fresh, next: params.page.next, pages };
      const ids = appended(fresh, belowFresh(context.ids, freshIds));
      return { ...done, ids, next: context.next, pages: Math.max(context.pages, pages) };
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
    pages: 0,
    reread: NO_REREAD,
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
    ready: { on: { LOAD_MORE: 'loadingMore', REFRESH: 'refreshing', ...readFromTop } },
    loadingMore: {
      entry: 'readSent',
      // The feed changed throughout: what this page would add is read again from the top.
      on: { REREAD: readFromTop.REREAD },
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
    moreFailed: { on: { LOAD_MORE: 'loadingMore', REFRESH: 'refreshing', ...readFromTop } },
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
      on: { REFRESH: { target: 'refreshing', reenter: true }, ...readFromTop },
    },
    // Read from the top again, a page at a time, until the pages come down to what was read.
    showing: {
      entry: 'nextPageSent',
      invoke: {
        src: 'loadFeedPage',
        input: ({ context }) => ({
          feed: context.feed,
          token: context.token,
          cursor: context.reread.cursor,
        }),
        onDone: [
          {
            guard: ({ context, event }) =>
              event.output.next !== null &&
              context.reread.pages + 1 < context.reread.limit &&
              !meetsRead(context, rereadIds(context, event.output)),
            target: 'showing',
            reenter: true,
            actions: [
              { type: 'toStore', params: ({ event }) => ({ page: event.output }) },
              { type: 'rereadOn', params: ({ event }) => ({ page: event.output }) },
            ],
          },
          {
            target: 'settled',
            actions: [
              { type: 'toStore', params: ({ event }) => ({ page: event.output }) },
              { type: 'takeShown', params: ({ event }) => ({ page: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'settled',
          actions: { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // The feed changed throughout while it was read: from the top again, down to the last post.
      on: { REREAD: { ...readFromTop.REREAD, reenter: true } },
    },
    // Where every read ends: at the end when the last page has been read, else ready for more.
    settled: {
      always: [
        { guard: ({ context }) => context.next === null, target: 'end' },
        { target: 'ready' },
      ],
    },
    end: { on: { REFRESH: 'refreshing', ...readFromTop } },
  },
});

export type FeedSnapshot = SnapshotFrom<typeof feedMachine>;
export type FeedActorRef = ActorRefFrom<typeof feedMachine>;
