/**
 * Bookmarks: the ids of the posts the signed-in person bookmarked, `idle → loading → success |
 * failed`, for every card's Bookmark button, and bookmark / remove-bookmark on the optimistic
 * queue (optimisticQueue.ts). The Bookmarks page reads its posts as a feed (feed.ts, `bookmarks`),
 * a page at a time, into the posts machine; this machine's read (the spec's
 * `GET /users/bookmark`) gives the ids only.
 *
 * Bookmark answers replace the list. A 401 emits `sessionExpired`. A `SESSION` that ends the
 * held session forgets the bookmarks and every pending action.
 */
import { assign, enqueueActions, setup, stopChild, type SnapshotFrom } from 'xstate';
import type { BookmarksResponse } from '../api/types';
import { placeholderActors, type LoadStatus, type PostInput } from './effects';
import { errorMessage, type NotifyEvent } from './notifications';
import { ACTION_ANSWERED, loadStatusOf, type ChangedElsewhereEvent } from './loadRegion';
import * as optimistic from './optimisticQueue';
import { failureEvent, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';

export type BookmarkAction =
  { kind: 'bookmark'; postId: string } | { kind: 'removeBookmark'; postId: string };

export interface BookmarksInput {
  session?: Session;
}

export interface BookmarksContext {
  session: Session;
  /** The server's latest list: post ids, newest bookmark last. */
  confirmed: readonly string[];
  /** What screens show: the confirmed list with the queue applied. */
  bookmarks: readonly string[];
  /** Actions not answered yet; `queue[0]` is in flight. */
  queue: BookmarkAction[];
  /** Why the last load failed. */
  bookmarksError: string | null;
}

export type BookmarksEvent =
  | ChangedElsewhereEvent
  | { type: 'BOOKMARKS.LOAD' }
  | { type: 'BOOKMARKS.RETRY' }
  | SessionEvent
  /** Raised when a new session ends the held one: forget bookmarks and pending calls. */
  | { type: 'SIGNED_OUT' }
  /** Bookmark, or remove the bookmark when the post is already bookmarked. */
  | { type: 'TOGGLE_BOOKMARK'; postId: string }
  | optimistic.QueueCallEvent;

export type BookmarksEmitted = NotifyEvent | SessionExpiredEvent;

export function requestedBookmarkAction(
  event: BookmarksEvent,
  bookmarks: readonly string[],
): BookmarkAction | null {
  if (event.type !== 'TOGGLE_BOOKMARK') return null;
  return bookmarks.includes(event.postId)
    ? { kind: 'removeBookmark', postId: event.postId }
    : { kind: 'bookmark', postId: event.postId };
}

export function applyBookmark(
  bookmarks: readonly string[],
  action: BookmarkAction,
): readonly string[] {
  switch (action.kind) {
    case 'bookmark':
      return bookmarks.includes(action.postId) ? bookmarks : [...bookmarks, action.postId];
    case 'removeBookmark':
      return bookmarks.filter((id) => id !== action.postId);
  }
}

/** The ids of the posts a bookmarks answer lists. */
const bookmarkIdsOf = (answer: BookmarksResponse): string[] =>
  answer.bookmarks.map((post) => post._id);

const BOOKMARK_QUEUE: optimistic.QueueRules<BookmarkAction, readonly string[]> = {
  // Two actions on the same post never run at once.
  keyOf: (action) => `bookmark:${action.postId}`,
  apply: applyBookmark,
};

/** What screens show for this confirmed list and this queue (whoever is looking). */
const shown = (confirmed: readonly string[], queue: BookmarkAction[]) => ({
  confirmed,
  queue,
  bookmarks: queue.reduce(applyBookmark, confirmed),
});

/** The bookmarks call and where its answer goes, for loading and for a quiet refresh. */
const loadBookmarks = {
  src: 'loadBookmarks',
  input: ({ context }: { context: BookmarksContext }) => ({
    token: optimistic.tokenOf(context.session),
  }),
  onDone: {
    target: 'success',
    actions: [
      {
        type: 'replace',
        params: ({ event }: { event: { output: BookmarksResponse } }) => event.output,
      },
    ],
  },
} as const;

export const bookmarksMachine = setup({
  types: {
    context: {} as BookmarksContext,
    events: {} as BookmarksEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as BookmarksInput,
    emitted: {} as BookmarksEmitted,
  },
  actors: placeholderActors('loadBookmarks', 'bookmarkPost', 'removeBookmark'),
  guards: {
    isSignedIn: ({ context }) => context.session.token !== null,
    canQueue: optimistic.canQueueGuard(
      BOOKMARK_QUEUE,
      (event: BookmarksEvent, context: BookmarksContext) =>
        requestedBookmarkAction(event, context.bookmarks),
    ),
    hasQueued: optimistic.hasQueued,
  },
  actions: {
    storeSession: enqueueActions((args) => optimistic.storeSession(args)),
    enqueue: assign(({ context, event }) => {
      const action = requestedBookmarkAction(event, context.bookmarks);
      return action === null ? {} : shown(context.confirmed, [...context.queue, action]);
    }),
    /** A list loaded: it becomes the confirmed one. */
    replace: assign(({ context }, answer: BookmarksResponse) => ({
      ...shown(bookmarkIdsOf(answer), context.queue),
      bookmarksError: null,
    })),
    runNext: enqueueActions(({ context, enqueue }) => {
      const action = context.queue[0];
      if (action === undefined) return;
      const input: PostInput = {
        postId: action.postId,
        token: optimistic.tokenOf(context.session),
      };
      enqueue.spawnChild(action.kind === 'bookmark' ? 'bookmarkPost' : 'removeBookmark', {
        id: optimistic.QUEUE_CALL_ID,
        input,
      });
    }),
    stopCall: stopChild(optimistic.QUEUE_CALL_ID),
    /** The call in flight succeeded: take the server's list. */
    settle: assign(({ context, event }) =>
      'output' in event
        ? shown(bookmarkIdsOf(event.output as BookmarksResponse), context.queue.slice(1))
        : {},
    ),
    /** The call in flight was refused: drop it (rolling back its optimistic change) and say so. */
    reject: enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign(shown(context.confirmed, context.queue.slice(1)));
      if ('error' in event) enqueue.emit(failureEvent(event.error));
    }),
    /** After the session ended: forget the bookmarks and every pending action. */
    forgetSession: assign({ ...shown([], []), bookmarksError: null }),
    /** The bookmarks did not load: keep why, and say so (a 401 ends the session). */
    bookmarksFailed: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      enqueue.assign({ bookmarksError: errorMessage(params.error) });
      enqueue.emit(failureEvent(params.error));
    }),
  },
}).createMachine({
  id: 'bookmarks',
  type: 'parallel',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    session: { ...input }.session ?? NO_SESSION,
    ...shown([], []),
    bookmarksError: null,
  }),
  on: {
    SESSION: { actions: 'storeSession' },
    TOGGLE_BOOKMARK: optimistic.QUEUEABLE,
    // Like the posts list: a new session loads everything afresh; leaving `running` stops the call.
    SIGNED_OUT: { target: ['.bookmarks.idle', '.queue.ready'], actions: 'forgetSession' },
  },
  states: {
    bookmarks: {
      initial: 'idle',
      states: {
        idle: { on: { 'BOOKMARKS.LOAD': { guard: 'isSignedIn', target: 'loading' } } },
        loading: {
          invoke: {
            ...loadBookmarks,
            onError: {
              target: 'failed',
              actions: { type: 'bookmarksFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
          // A read that may predate a change or an answered bookmark is asked again, so it never
          // undoes one on screen.
          on: {
            CHANGED_ELSEWHERE: { target: 'loading', reenter: true },
            [ACTION_ANSWERED]: { target: 'loading', reenter: true },
          },
        },
        success: { on: { CHANGED_ELSEWHERE: { guard: 'isSignedIn', target: 'refreshing' } } },
        // Quietly, keeping the list on a failure.
        refreshing: {
          invoke: { ...loadBookmarks, onError: { target: 'success' } },
          on: {
            CHANGED_ELSEWHERE: { target: 'refreshing', reenter: true },
            [ACTION_ANSWERED]: { target: 'refreshing', reenter: true },
          },
        },
        failed: { on: { 'BOOKMARKS.RETRY': { guard: 'isSignedIn', target: 'loading' } } },
      },
    },
    queue: optimistic.queueStates,
  },
});

export type BookmarksSnapshot = SnapshotFrom<typeof bookmarksMachine>;

/** The ids of the bookmarked posts, in bookmark order. */
export const selectBookmarkIds = (snapshot: BookmarksSnapshot): readonly string[] =>
  snapshot.context.bookmarks;
/** Whether the current user bookmarked this post (as screens show it, pending ones included). */
export const isBookmarked = (snapshot: BookmarksSnapshot, postId: string): boolean =>
  snapshot.context.bookmarks.includes(postId);
export const selectBookmarksStatus = (snapshot: BookmarksSnapshot): LoadStatus =>
  loadStatusOf(snapshot.value.bookmarks);
export const selectBookmarksError = (snapshot: BookmarksSnapshot): string | null =>
  snapshot.context.bookmarksError;
/** True while a bookmark / removal of this post waits for the server. */
export const isBookmarkPending = (snapshot: BookmarksSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(BOOKMARK_QUEUE, snapshot.context.queue, `bookmark:${postId}`);
/** How many bookmarks and removals wait for the server. */
export const selectBookmarksPendingCount = (snapshot: BookmarksSnapshot): number =>
  snapshot.context.queue.length;
