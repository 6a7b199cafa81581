import { assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type {
  BookmarksResponse,
  FollowResponse,
  Post,
  User,
  UserSummary,
  UsersResponse,
} from '../api/types';
import {
  notProvided,
  type FollowInput,
  type LoadStatus,
  type PostInput,
  type TokenInput,
} from './effects';
import { errorMessage, type NotifyEvent } from './notifications';
import {
  failureEvent,
  NO_SESSION,
  summaryOf,
  type GetSession,
  type SessionExpiredEvent,
} from './session';

/**
 * Users: the users list (Who to follow, follower / following counts), follow / unfollow, and the
 * current user's bookmarks.
 *
 * Three parallel regions:
 * - `list`: `idle → loading → success | failed`, `RETRY` from `failed`.
 * - `bookmarks`: the same for the bookmarks (needs a token); `SIGNED_OUT` (forwarded from auth)
 *   forgets them and every pending action, and goes back to `idle`.
 * - `queue`: follow / unfollow / bookmark / remove-bookmark run one at a time, like the posts
 *   machine's queue, with the same optimistic model (A4): `users` and `bookmarks` are the server's
 *   latest (`confirmedUsers`, `confirmedBookmarks`) with the queued actions applied on top, so a
 *   refused call rolls back by leaving the queue, with an error notification (F5).
 *
 * Replacement rules: follow / unfollow answers replace the users list (`users`) and emit
 * `userUpdated` with the server's `user` (the app forwards it to auth as `USER_UPDATED`: auth stays
 * the one owner of the current user); bookmark answers replace the bookmarks (`bookmarks`).
 * A 401 emits `sessionExpired`.
 */

export type UserAction =
  | { kind: 'follow'; userId: string }
  | { kind: 'unfollow'; userId: string }
  | { kind: 'bookmark'; post: Post }
  | { kind: 'removeBookmark'; postId: string };

export type UserActionKind = UserAction['kind'];

export interface UsersInput {
  getSession?: GetSession;
}

export interface UsersContext {
  getSession: GetSession;
  confirmedUsers: User[];
  /** What screens show: `confirmedUsers` with queued follows / unfollows applied. */
  users: User[];
  confirmedBookmarks: Post[];
  /** What screens show: `confirmedBookmarks` with queued bookmarks / removals applied. */
  bookmarks: Post[];
  /** Actions not answered yet; `queue[0]` is in flight. */
  queue: UserAction[];
  /** Why the last users load failed. */
  error: string | null;
  /** Why the last bookmarks load failed. */
  bookmarksError: string | null;
}

export type UsersEvent =
  | { type: 'LOAD' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'FOLLOW'; userId: string }
  | { type: 'UNFOLLOW'; userId: string }
  /** Follow, or unfollow when the current user already follows them. */
  | { type: 'TOGGLE_FOLLOW'; userId: string }
  | { type: 'BOOKMARKS.LOAD' }
  | { type: 'BOOKMARKS.RETRY' }
  /** The session ended (forwarded from auth's `signedOut`): forget bookmarks and pending calls. */
  | { type: 'SIGNED_OUT' }
  | { type: 'BOOKMARK'; post: Post }
  | { type: 'REMOVE_BOOKMARK'; postId: string }
  /** Bookmark, or remove the bookmark when the post is already bookmarked. */
  | { type: 'TOGGLE_BOOKMARK'; post: Post };

export interface UserUpdatedEvent {
  type: 'userUpdated';
  user: User;
}

export type UsersEmitted = NotifyEvent | SessionExpiredEvent | UserUpdatedEvent;

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

const sameUser = (a: UserSummary, b: UserSummary) => a.username === b.username;

/** Follow / Unfollow toggles by whether the current user is among the target's followers. */
export function isFollowing(target: User, me: UserSummary | null): boolean {
  return me !== null && target.followers.some((f) => sameUser(f, me));
}

export function isBookmarked(bookmarks: readonly Post[], postId: string): boolean {
  return bookmarks.some((post) => post._id === postId);
}

/** The current user as the users list knows them (it follows optimistic follows), else `me`. */
function myEntry(users: readonly User[], me: User): User {
  return users.find((u) => sameUser(u, me)) ?? me;
}

/** Whom the current user follows. */
export function selectFollowing(users: readonly User[], me: User | null): UserSummary[] {
  return me === null ? [] : myEntry(users, me).following;
}

/** F2: the real number of followers, from the users list. */
export function followerCount(users: readonly User[], me: User | null): number {
  return me === null ? 0 : myEntry(users, me).followers.length;
}

export function followingCount(users: readonly User[], me: User | null): number {
  return selectFollowing(users, me).length;
}

/** Who to follow: every user except the current one. */
export function selectSuggestedUsers(users: readonly User[], me: UserSummary | null): User[] {
  return users.filter((u) => me === null || !sameUser(u, me));
}

/** The bookmarked posts as the posts list shows them now (likes, comments), in bookmark order. */
export function selectBookmarkedPosts(bookmarks: readonly Post[], posts: readonly Post[]): Post[] {
  return bookmarks.map((b) => posts.find((p) => p._id === b._id) ?? b);
}

export function requestedUserAction(
  event: UsersEvent,
  context: Pick<UsersContext, 'users' | 'bookmarks'>,
  me: User | null,
): UserAction | null {
  switch (event.type) {
    case 'FOLLOW':
      return { kind: 'follow', userId: event.userId };
    case 'UNFOLLOW':
      return { kind: 'unfollow', userId: event.userId };
    case 'TOGGLE_FOLLOW': {
      const target = context.users.find((u) => u._id === event.userId);
      if (target === undefined) return null;
      return { kind: isFollowing(target, me) ? 'unfollow' : 'follow', userId: event.userId };
    }
    case 'BOOKMARK':
      return { kind: 'bookmark', post: event.post };
    case 'REMOVE_BOOKMARK':
      return { kind: 'removeBookmark', postId: event.postId };
    case 'TOGGLE_BOOKMARK':
      return isBookmarked(context.bookmarks, event.post._id)
        ? { kind: 'removeBookmark', postId: event.post._id }
        : { kind: 'bookmark', post: event.post };
    default:
      return null;
  }
}

/** Two actions with the same key never run at once. */
export function userActionKey(action: UserAction): string {
  switch (action.kind) {
    case 'follow':
    case 'unfollow':
      return `user:${action.userId}`;
    case 'bookmark':
      return `bookmark:${action.post._id}`;
    case 'removeBookmark':
      return `bookmark:${action.postId}`;
  }
}

/** The optimistic change of a follow / unfollow: both sides, as the server does it (F2). */
export function applyFollow(users: User[], action: UserAction, me: UserSummary): User[] {
  if (action.kind !== 'follow' && action.kind !== 'unfollow') return users;
  const target = users.find((u) => u._id === action.userId);
  if (target === undefined) return users;
  const without = (list: UserSummary[], who: UserSummary) => list.filter((u) => !sameUser(u, who));
  const targetSummary = summaryOf(target);
  return users.map((user) => {
    if (user._id === target._id) {
      const followers = without(user.followers, me);
      return { ...user, followers: action.kind === 'follow' ? [...followers, me] : followers };
    }
    if (sameUser(user, me)) {
      const following = without(user.following, targetSummary);
      return {
        ...user,
        following: action.kind === 'follow' ? [...following, targetSummary] : following,
      };
    }
    return user;
  });
}

export function applyBookmark(bookmarks: Post[], action: UserAction): Post[] {
  switch (action.kind) {
    case 'bookmark':
      return isBookmarked(bookmarks, action.post._id) ? bookmarks : [...bookmarks, action.post];
    case 'removeBookmark':
      return bookmarks.filter((post) => post._id !== action.postId);
    default:
      return bookmarks;
  }
}

/** Recomputes what screens show from the server's latest lists and the pending queue. */
function withPending(
  context: Pick<UsersContext, 'confirmedUsers' | 'confirmedBookmarks' | 'getSession'>,
  queue: UserAction[],
): Pick<UsersContext, 'users' | 'bookmarks'> {
  const me = context.getSession().user;
  const summary = me === null ? null : summaryOf(me);
  return {
    users:
      summary === null
        ? context.confirmedUsers
        : queue.reduce((users, a) => applyFollow(users, a, summary), context.confirmedUsers),
    bookmarks: queue.reduce(applyBookmark, context.confirmedBookmarks),
  };
}

function inFlight<K extends UserActionKind>(
  context: UsersContext,
  kind: K,
): Extract<UserAction, { kind: K }> {
  const action = context.queue[0];
  if (action?.kind !== kind) throw new Error(`Expected a queued "${kind}" action.`);
  return action as Extract<UserAction, { kind: K }>;
}

const tokenOf = (context: UsersContext) => context.getSession().token ?? '';

// ---------------------------------------------------------------------------------------------
// Machine
// ---------------------------------------------------------------------------------------------

export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as UsersInput,
    emitted: {} as UsersEmitted,
  },
  actors: {
    loadUsers: notProvided<UsersResponse>('loadUsers'),
    followUser: notProvided<FollowResponse, FollowInput>('followUser'),
    unfollowUser: notProvided<FollowResponse, FollowInput>('unfollowUser'),
    loadBookmarks: notProvided<BookmarksResponse, TokenInput>('loadBookmarks'),
    bookmarkPost: notProvided<BookmarksResponse, PostInput>('bookmarkPost'),
    removeBookmark: notProvided<BookmarksResponse, PostInput>('removeBookmark'),
  },
  guards: {
    isSignedIn: ({ context }) => context.getSession().token !== null,
    /** Who may queue an action: a signed-in user, asking for something sendable, not twice. */
    canQueue: ({ context, event }) => {
      const { user, token } = context.getSession();
      if (user === null || token === null) return false;
      const action = requestedUserAction(event, context, user);
      if (action === null) return false;
      const key = userActionKey(action);
      return !context.queue.some((queued) => userActionKey(queued) === key);
    },
    nextIs: ({ context }, params: { kind: UserActionKind }) =>
      context.queue[0]?.kind === params.kind,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      const action = requestedUserAction(event, context, context.getSession().user);
      if (action === null) return {};
      const queue = [...context.queue, action];
      return { queue, ...withPending(context, queue) };
    }),
    replaceUsers: assign(({ context }, params: { users: User[] }) => ({
      confirmedUsers: params.users,
      error: null,
      ...withPending({ ...context, confirmedUsers: params.users }, context.queue),
    })),
    replaceBookmarks: assign(({ context }, params: { bookmarks: Post[] }) => ({
      confirmedBookmarks: params.bookmarks,
      bookmarksError: null,
      ...withPending({ ...context, confirmedBookmarks: params.bookmarks }, context.queue),
    })),
    /** After sign-out: forget the bookmarks and every pending action (their calls stop). */
    forgetSession: assign(({ context }) => ({
      confirmedBookmarks: [],
      bookmarksError: null,
      queue: [],
      ...withPending({ ...context, confirmedBookmarks: [] }, []),
    })),
    /** A follow / unfollow succeeded: take the server's users, hand the server's user to auth. */
    settleFollow: enqueueActions(({ context, enqueue }, params: FollowResponse) => {
      const queue = context.queue.slice(1);
      enqueue.assign({
        confirmedUsers: params.users,
        queue,
        ...withPending({ ...context, confirmedUsers: params.users }, queue),
      });
      enqueue.emit({ type: 'userUpdated', user: params.user });
    }),
    settleBookmarks: assign(({ context }, params: { bookmarks: Post[] }) => {
      const queue = context.queue.slice(1);
      return {
        confirmedBookmarks: params.bookmarks,
        queue,
        ...withPending({ ...context, confirmedBookmarks: params.bookmarks }, queue),
      };
    }),
    /** The call in flight was refused: drop it (rolling back its optimistic change) and say so. */
    reject: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const queue = context.queue.slice(1);
      enqueue.assign({ queue, ...withPending(context, queue) });
      enqueue.emit(failureEvent(params.error));
    }),
    reportFailure: emit((_, params: { error: unknown }) => failureEvent(params.error)),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    setBookmarksError: assign((_, params: { error: unknown }) => ({
      bookmarksError: errorMessage(params.error),
    })),
  },
}).createMachine({
  id: 'users',
  type: 'parallel',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    getSession: { ...input }.getSession ?? NO_SESSION,
    confirmedUsers: [],
    users: [],
    confirmedBookmarks: [],
    bookmarks: [],
    queue: [],
    error: null,
    bookmarksError: null,
  }),
  on: {
    FOLLOW: { guard: 'canQueue', actions: 'enqueue' },
    UNFOLLOW: { guard: 'canQueue', actions: 'enqueue' },
    TOGGLE_FOLLOW: { guard: 'canQueue', actions: 'enqueue' },
    BOOKMARK: { guard: 'canQueue', actions: 'enqueue' },
    REMOVE_BOOKMARK: { guard: 'canQueue', actions: 'enqueue' },
    TOGGLE_BOOKMARK: { guard: 'canQueue', actions: 'enqueue' },
  },
  states: {
    list: {
      initial: 'idle',
      // Like the posts list: a new session loads the users afresh.
      on: { SIGNED_OUT: '.idle' },
      states: {
        idle: { on: { LOAD: 'loading' } },
        loading: {
          invoke: {
            src: 'loadUsers',
            onDone: {
              target: 'success',
              actions: {
                type: 'replaceUsers',
                params: ({ event }) => ({ users: event.output.users }),
              },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // RELOAD: the current user's own entry changed (a profile edit).
        success: { on: { RELOAD: 'loading' } },
        failed: { on: { RETRY: 'loading' } },
      },
    },
    bookmarks: {
      initial: 'idle',
      on: { SIGNED_OUT: { target: '.idle', actions: 'forgetSession' } },
      states: {
        idle: { on: { 'BOOKMARKS.LOAD': { guard: 'isSignedIn', target: 'loading' } } },
        loading: {
          invoke: {
            src: 'loadBookmarks',
            input: ({ context }) => ({ token: tokenOf(context) }),
            onDone: {
              target: 'success',
              actions: {
                type: 'replaceBookmarks',
                params: ({ event }) => ({ bookmarks: event.output.bookmarks }),
              },
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'setBookmarksError', params: ({ event }) => ({ error: event.error }) },
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ error: event.error }),
                },
              ],
            },
          },
        },
        success: {},
        failed: { on: { 'BOOKMARKS.RETRY': { guard: 'isSignedIn', target: 'loading' } } },
      },
    },
    queue: {
      initial: 'ready',
      // Together with the bookmarks region's SIGNED_OUT (which empties the queue): stops the call.
      on: { SIGNED_OUT: '.ready' },
      states: {
        ready: {
          always: [
            { guard: { type: 'nextIs', params: { kind: 'follow' } }, target: 'follow' },
            { guard: { type: 'nextIs', params: { kind: 'unfollow' } }, target: 'unfollow' },
            { guard: { type: 'nextIs', params: { kind: 'bookmark' } }, target: 'bookmark' },
            {
              guard: { type: 'nextIs', params: { kind: 'removeBookmark' } },
              target: 'removeBookmark',
            },
          ],
        },
        follow: {
          invoke: {
            src: 'followUser',
            input: ({ context }) => ({
              userId: inFlight(context, 'follow').userId,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settleFollow', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        unfollow: {
          invoke: {
            src: 'unfollowUser',
            input: ({ context }) => ({
              userId: inFlight(context, 'unfollow').userId,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settleFollow', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        bookmark: {
          invoke: {
            src: 'bookmarkPost',
            input: ({ context }) => ({
              postId: inFlight(context, 'bookmark').post._id,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settleBookmarks', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        removeBookmark: {
          invoke: {
            src: 'removeBookmark',
            input: ({ context }) => ({
              postId: inFlight(context, 'removeBookmark').postId,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settleBookmarks', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Snapshot selectors
// ---------------------------------------------------------------------------------------------

export type UsersSnapshot = SnapshotFrom<typeof usersMachine>;

export const selectUsers = (snapshot: UsersSnapshot): User[] => snapshot.context.users;
export const selectUsersStatus = (snapshot: UsersSnapshot): LoadStatus => snapshot.value.list;
export const selectBookmarks = (snapshot: UsersSnapshot): Post[] => snapshot.context.bookmarks;
export const selectBookmarksStatus = (snapshot: UsersSnapshot): LoadStatus =>
  snapshot.value.bookmarks;
/** True while a follow / unfollow of this user waits for the server. */
export const isFollowPending = (snapshot: UsersSnapshot, userId: string): boolean =>
  snapshot.context.queue.some((a) => userActionKey(a) === `user:${userId}`);
/** True while a bookmark / removal of this post waits for the server. */
export const isBookmarkPending = (snapshot: UsersSnapshot, postId: string): boolean =>
  snapshot.context.queue.some((a) => userActionKey(a) === `bookmark:${postId}`);
