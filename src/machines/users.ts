/**
 * Users: the users list (Who to follow, follower / following counts) and the current user's
 * bookmarks, each `idle → loading → success | failed`, and follow / unfollow / bookmark /
 * remove-bookmark on the optimistic queue (optimisticQueue.ts).
 *
 * Follow answers replace the users list and emit `userUpdated` with the server's `user` (the app
 * forwards it to auth, the one owner of the current user); bookmark answers replace the bookmarks.
 * A 401 emits `sessionExpired`. A `SESSION` that ends the held session forgets the bookmarks and
 * every pending action, and the lists load afresh.
 */
import { assign, emit, enqueueActions, setup, stopChild, type SnapshotFrom } from 'xstate';
import type {
  BookmarksResponse,
  Post,
  FollowResponse,
  User,
  UserSummary,
  UsersResponse,
} from '../api/types';
import { placeholderActors, type FollowInput, type LoadStatus, type PostInput } from './effects';
import { errorMessage, type NotifyEvent } from './notifications';
import {
  ACTION_ANSWERED,
  loadRegion,
  loadStatusOf,
  type ChangedElsewhereEvent,
  type LoadEvent,
} from './loadRegion';
import * as optimistic from './optimisticQueue';
import { failureEvent, NO_SESSION, summaryOf } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';
import { isFollowing, sameUser } from './views';

export type UserAction =
  | { kind: 'follow'; userId: string }
  | { kind: 'unfollow'; userId: string }
  | { kind: 'bookmark'; postId: string }
  | { kind: 'removeBookmark'; postId: string };

export interface UsersInput {
  session?: Session;
}

/**
 * The server's latest lists. The bookmarks are post ids, newest bookmark last: the posts
 * themselves are stored once, in the posts machine.
 */
export interface ConfirmedUsers {
  users: User[];
  bookmarks: readonly string[];
}

/** `users` and `bookmarks` are what screens show: the confirmed lists with the queue applied. */
export interface UsersContext extends ConfirmedUsers {
  session: Session;
  confirmed: ConfirmedUsers;
  /** Actions not answered yet; `queue[0]` is in flight. */
  queue: UserAction[];
  /** Why the last users load, and the last bookmarks load, failed. */
  error: string | null;
  bookmarksError: string | null;
}

export type UsersEvent =
  | { type: 'LOAD' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | ChangedElsewhereEvent
  /** Follow, or unfollow when the current user already follows them. */
  | { type: 'TOGGLE_FOLLOW'; userId: string }
  | { type: 'BOOKMARKS.LOAD' }
  | { type: 'BOOKMARKS.RETRY' }
  | SessionEvent
  /** Raised when a new session ends the held one: forget bookmarks and pending calls. */
  | { type: 'SIGNED_OUT' }
  /** Bookmark, or remove the bookmark when the post is already bookmarked. */
  | { type: 'TOGGLE_BOOKMARK'; postId: string }
  | optimistic.QueueCallEvent
  | LoadEvent<'loadUsers', UsersResponse>;

export interface UserUpdatedEvent {
  type: 'userUpdated';
  user: User;
}

/** The bookmarked posts a bookmarks read brought: the posts machine stores them. */
export interface BookmarksReadEvent {
  type: 'bookmarksRead';
  posts: Post[];
}

export type UsersEmitted =
  NotifyEvent | SessionExpiredEvent | UserUpdatedEvent | BookmarksReadEvent;

export function requestedUserAction(
  event: UsersEvent,
  context: Pick<UsersContext, 'users' | 'bookmarks'>,
  me: User | null,
): UserAction | null {
  switch (event.type) {
    case 'TOGGLE_FOLLOW': {
      const target = context.users.find((u) => u._id === event.userId);
      if (target === undefined) return null;
      return { kind: isFollowing(target, me) ? 'unfollow' : 'follow', userId: event.userId };
    }
    case 'TOGGLE_BOOKMARK':
      return context.bookmarks.includes(event.postId)
        ? { kind: 'removeBookmark', postId: event.postId }
        : { kind: 'bookmark', postId: event.postId };
    default:
      return null;
  }
}

/** The optimistic change of a follow / unfollow: both sides, as the server does it. */
export function applyFollow(users: User[], action: UserAction, me: UserSummary): User[] {
  if (!('userId' in action)) return users;
  const target = users.find((u) => u._id === action.userId);
  if (target === undefined) return users;
  const follow = action.kind === 'follow';
  return users.map((user) => {
    if (user._id === target._id)
      return { ...user, followers: optimistic.movedIn(user.followers, me, follow) };
    if (!sameUser(user, me)) return user;
    return { ...user, following: optimistic.movedIn(user.following, summaryOf(target), follow) };
  });
}

export function applyBookmark(bookmarks: readonly string[], action: UserAction): readonly string[] {
  switch (action.kind) {
    case 'bookmark':
      return bookmarks.includes(action.postId) ? bookmarks : [...bookmarks, action.postId];
    case 'removeBookmark':
      return bookmarks.filter((id) => id !== action.postId);
    default:
      return bookmarks;
  }
}

/** The ids of the posts a bookmarks answer lists. */
const bookmarkIdsOf = (answer: BookmarksResponse): string[] =>
  answer.bookmarks.map((post) => post._id);

const USER_QUEUE: optimistic.QueueRules<UserAction, ConfirmedUsers> = {
  // Two actions on the same person, or the same post, never run at once.
  keyOf: (action) => ('userId' in action ? `user:${action.userId}` : `bookmark:${action.postId}`),
  apply: (data, action, me) => ({
    users: applyFollow(data.users, action, me),
    bookmarks: applyBookmark(data.bookmarks, action),
  }),
};

/** The actor (named in setup) that runs each kind of action. */
const ACTOR_OF = {
  follow: 'followUser',
  unfollow: 'unfollowUser',
  bookmark: 'bookmarkPost',
  removeBookmark: 'removeBookmark',
} as const satisfies Record<UserAction['kind'], string>;

/** What screens show for these confirmed lists and this queue. */
function shown(context: UsersContext, confirmed: ConfirmedUsers, queue: UserAction[]) {
  const pending = optimistic.withPending(USER_QUEUE, confirmed, queue, context.session.user);
  // Bookmarks do not depend on who is looking: without a user, still apply them.
  const bookmarks = queue.reduce(applyBookmark, confirmed.bookmarks);
  return { confirmed, queue, users: pending.users, bookmarks };
}

/** The bookmarks call and where its answer goes, for loading and for a quiet refresh. */
const loadBookmarks = {
  src: 'loadBookmarks',
  input: ({ context }: { context: UsersContext }) => ({
    token: optimistic.tokenOf(context.session),
  }),
  onDone: {
    target: 'success',
    actions: [
      {
        type: 'replace',
        params: ({ event }: { event: { output: BookmarksResponse } }) => ({
          bookmarks: bookmarkIdsOf(event.output),
        }),
      },
      {
        type: 'shareBookmarkedPosts',
        params: ({ event }: { event: { output: BookmarksResponse } }) => ({
          posts: event.output.bookmarks,
        }),
      },
    ],
  },
} as const;

export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as UsersInput,
    emitted: {} as UsersEmitted,
  },
  actors: placeholderActors(
    'loadUsers',
    'followUser',
    'unfollowUser',
    'loadBookmarks',
    'bookmarkPost',
    'removeBookmark',
  ),
  guards: {
    isSignedIn: ({ context }) => context.session.token !== null,
    canQueue: optimistic.canQueueGuard(USER_QUEUE, (event: UsersEvent, context: UsersContext, me) =>
      requestedUserAction(event, context, me),
    ),
    hasQueued: optimistic.hasQueued,
  },
  actions: {
    storeSession: enqueueActions((args) => optimistic.storeSession(args)),
    enqueue: assign(({ context, event }) => {
      const action = requestedUserAction(event, context, context.session.user);
      if (action === null) return {};
      return shown(context, context.confirmed, [...context.queue, action]);
    }),
    /** A list loaded: it becomes the confirmed one, and its load error is gone. */
    shareBookmarkedPosts: emit((_, params: { posts: Post[] }): BookmarksReadEvent => ({
      type: 'bookmarksRead',
      posts: params.posts,
    })),
    replace: assign(({ context }, params: Partial<ConfirmedUsers>) => ({
      ...shown(context, { ...context.confirmed, ...params }, context.queue),
      ...(params.users ? { error: null } : { bookmarksError: null }),
    })),
    runNext: enqueueActions(({ context, enqueue }) => {
      const action = context.queue[0];
      if (action === undefined) return;
      // The kind picks the actor; the id it acts on, as its endpoint names it, and the token
      // are the call's input.
      const token = optimistic.tokenOf(context.session);
      const id = optimistic.QUEUE_CALL_ID;
      if ('userId' in action) {
        const input: FollowInput = { followUserId: action.userId, token };
        enqueue.spawnChild(ACTOR_OF[action.kind], { id, input });
      } else {
        const input: PostInput = { postId: action.postId, token };
        enqueue.spawnChild(ACTOR_OF[action.kind], { id, input });
      }
    }),
    stopCall: stopChild(optimistic.QUEUE_CALL_ID),
    /** The call in flight succeeded: take the server's lists; a follow hands the user to auth. */
    settle: enqueueActions(({ context, event, enqueue }) => {
      if (!('output' in event)) return;
      const output = event.output as FollowResponse | BookmarksResponse;
      const { users, bookmarks } =
        'bookmarks' in output
          ? { ...context.confirmed, bookmarks: bookmarkIdsOf(output) }
          : { ...context.confirmed, users: output.users };
      enqueue.assign(shown(context, { users, bookmarks }, context.queue.slice(1)));
      if ('user' in output) enqueue.emit({ type: 'userUpdated', user: output.user });
    }),
    /** The call in flight was refused: drop it (rolling back its optimistic change) and say so. */
    reject: enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign(shown(context, context.confirmed, context.queue.slice(1)));
      if ('error' in event) enqueue.emit(failureEvent(event.error));
    }),
    /** After the session ended: forget the bookmarks and every pending action. */
    forgetSession: assign(({ context }) => ({
      ...shown(context, { ...context.confirmed, bookmarks: [] }, []),
      bookmarksError: null,
    })),
    takeLoaded: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.loadUsers'
        ? {
            ...shown(context, { ...context.confirmed, users: event.output.users }, context.queue),
            error: null,
          }
        : {},
    ),
    keepLoadError: assign(({ event }) =>
      event.type === 'xstate.error.actor.loadUsers' ? { error: errorMessage(event.error) } : {},
    ),
    /** The bookmarks did not load: keep why, and say so (a 401 ends the session). */
    bookmarksFailed: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      enqueue.assign({ bookmarksError: errorMessage(params.error) });
      enqueue.emit(failureEvent(params.error));
    }),
  },
}).createMachine({
  id: 'users',
  type: 'parallel',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    session: { ...input }.session ?? NO_SESSION,
    confirmed: { users: [], bookmarks: [] },
    users: [],
    bookmarks: [],
    queue: [],
    error: null,
    bookmarksError: null,
  }),
  on: {
    SESSION: { actions: 'storeSession' },
    TOGGLE_FOLLOW: optimistic.QUEUEABLE,
    TOGGLE_BOOKMARK: optimistic.QUEUEABLE,
    // Like the posts list: a new session loads everything afresh; leaving `running` stops the call.
    SIGNED_OUT: {
      target: ['.list.idle', '.bookmarks.idle', '.queue.ready'],
      actions: 'forgetSession',
    },
  },
  states: {
    // RELOAD: the current user's own entry changed (a profile edit).
    list: loadRegion('loadUsers', { done: 'takeLoaded', failed: 'keepLoadError' }),
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
          // As the users list (loadRegion.ts): a read that may predate a change or an answered
          // bookmark is asked again, so it never undoes one on screen.
          on: {
            CHANGED_ELSEWHERE: { target: 'loading', reenter: true },
            [ACTION_ANSWERED]: { target: 'loading', reenter: true },
          },
        },
        success: { on: { CHANGED_ELSEWHERE: { guard: 'isSignedIn', target: 'refreshing' } } },
        // As the users list (loadRegion.ts): quietly, keeping the list on a failure.
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

export type UsersSnapshot = SnapshotFrom<typeof usersMachine>;

export const selectUsers = (snapshot: UsersSnapshot): User[] => snapshot.context.users;
export const selectUsersStatus = (snapshot: UsersSnapshot): LoadStatus =>
  loadStatusOf(snapshot.value.list);
export const selectUsersError = (snapshot: UsersSnapshot): string | null => snapshot.context.error;
/** The ids of the bookmarked posts, in bookmark order. */
export const selectBookmarkIds = (snapshot: UsersSnapshot): readonly string[] =>
  snapshot.context.bookmarks;
/** Whether the current user bookmarked this post (as screens show it, pending ones included). */
export const isBookmarked = (snapshot: UsersSnapshot, postId: string): boolean =>
  snapshot.context.bookmarks.includes(postId);
export const selectBookmarksStatus = (snapshot: UsersSnapshot): LoadStatus =>
  loadStatusOf(snapshot.value.bookmarks);
export const selectBookmarksError = (snapshot: UsersSnapshot): string | null =>
  snapshot.context.bookmarksError;
/** True while a follow / unfollow of this user waits for the server. */
export const isFollowPending = (snapshot: UsersSnapshot, userId: string): boolean =>
  optimistic.isKeyPending(USER_QUEUE, snapshot.context.queue, `user:${userId}`);
/** True while a bookmark / removal of this post waits for the server. */
export const isBookmarkPending = (snapshot: UsersSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(USER_QUEUE, snapshot.context.queue, `bookmark:${postId}`);
/** How many follows and bookmarks wait for the server. */
export const selectUsersPendingCount = (snapshot: UsersSnapshot): number =>
  snapshot.context.queue.length;
