/**
 * The session: who is signed in, and their token. The one owner of both, kept equal to storage.
 *
 * - `SIGNED_IN` (a login or sign-up of the forms machine) starts it and goes where the form said.
 * - `LOGOUT` asks the server to end it first, so its token is refused from then on, then ends it
 *   here whatever the answer (refused, no network, or none within `LOGOUT_WAIT_MS`).
 * - `SESSION_EXPIRED` (a 401 anywhere) and `DEMO_RESET` (the seed is back; the user may be gone)
 *   end it at once. `USER_UPDATED` (a follow, a profile save) takes the server's newer user.
 * - `STORED_SESSION_CHANGED` (another tab wrote the stored session) follows that tab, so every
 *   tab has one session: logged out there, out here; in (as anyone), in here; a new profile, too.
 * - Every change emits `session`, which the app system hands to the machines that call the API
 *   (`SESSION`). Machines never navigate: `navigate` goes to the router. */
import { assertEvent, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/client';
import type { User, UserSummary } from '../api/types';
import { PATHS } from '../paths';
import { placeholderActors } from './effects';
import {
  errorMessage,
  NOTICES,
  notification,
  type NavigateEvent,
  type NotifyEvent,
} from './notifications';
import {
  defaultStorage,
  readSession,
  storedChange,
  writeSession,
  type StorageLike,
} from './storage';

export interface Session {
  user: User | null;
  token: string | null;
}

export const NO_SESSION: Session = { user: null, token: null };

/** The session, handed to the machines that call the API on the person's behalf. */
export interface SessionEvent {
  type: 'SESSION';
  session: Session;
}

/** Signed out, or in with another token: pending actions and per-user data belong to nobody. */
export function endsSession(held: Session, next: Session): boolean {
  return held.token !== null && next.token !== held.token;
}

/** A call was answered 401: the app system tells the session (`SESSION_EXPIRED`). */
export interface SessionExpiredEvent {
  type: 'sessionExpired';
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The summary the server puts into likedBy / followers lists, used for optimistic updates. */
export function summaryOf(user: User | UserSummary): UserSummary {
  const { _id, firstName, lastName, username, profile } = user;
  return { _id, firstName, lastName, username, profile };
}

/** What a failed call emits: `sessionExpired` for a 401, else the server's words as an error. */
export function failureEvent(error: unknown): NotifyEvent | SessionExpiredEvent {
  return isUnauthorized(error)
    ? { type: 'sessionExpired' }
    : notification('error', errorMessage(error));
}

/** How long logging out waits for the server: a person who asked is logged out here anyway. */
export const LOGOUT_WAIT_MS = 3000;

export interface SessionInput {
  /** Defaults to `window.localStorage` when there is one; `null` keeps the session in memory. */
  storage?: StorageLike | null;
}

export type SessionMachineEvent =
  /** A login or sign-up went through: this session starts, and the person goes to `to`. */
  | { type: 'SIGNED_IN'; session: { user: User; token: string }; to: string }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'DEMO_RESET' }
  | { type: 'STORED_SESSION_CHANGED' };

export type SessionEmitted =
  | NotifyEvent
  | NavigateEvent
  /** The user or the token changed (sign-in, sign-out, a new version of the user). */
  | { type: 'session'; session: Session };

const stored = (context: { storage: StorageLike | null }) => readSession(context.storage);

const session = setup({
  types: {
    context: {} as Session & { storage: StorageLike | null },
    events: {} as SessionMachineEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: placeholderActors('logout'),
  delays: { logoutWait: LOGOUT_WAIT_MS },
  guards: {
    hasSession: ({ context }) => context.user !== null && context.token !== null,
    storedSessionEnded: ({ context }) => storedChange(context, stored(context)) === 'ended',
    storedSessionStarted: ({ context }) => storedChange(context, stored(context)) === 'started',
    storedUserChanged: ({ context }) => storedChange(context, stored(context)) === 'userChanged',
    isSameUser: ({ context, event }) => {
      assertEvent(event, 'USER_UPDATED');
      return context.user?._id === event.user._id;
    },
  },
  actions: {
    /** The session becomes `session`: kept, stored, announced; the person goes to `to`. */
    become: enqueueActions(
      (
        { context, enqueue },
        params: { session: Session; store: boolean; to?: string; notice?: NotifyEvent },
      ) => {
        const { session } = params;
        enqueue.assign(session);
        if (params.store) enqueue(() => writeSession(context.storage, session));
        if (params.notice) enqueue.emit(params.notice);
        if (params.to !== undefined) enqueue.emit({ type: 'navigate', to: params.to });
        enqueue.emit({ type: 'session', session });
      },
    ),
  },
});

/** The session ends here with `notice`, and the person goes to login. */
const ended = (notice: NotifyEvent) =>
  ({
    target: '#session.signedOut',
    actions: {
      type: 'become',
      params: { session: NO_SESSION, store: true, to: PATHS.login, notice },
    },
  }) as const;

/** Logging out ends here the same way whatever the server said, or if it said nothing. */
const loggedOut = ended(notification('success', NOTICES.loggedOut));

export const sessionMachine = session.createMachine({
  id: 'session',
  context: ({ input }) => {
    const given = { ...input }.storage; // `{ ...input }`: created without input, use the default
    const storage = given === undefined ? defaultStorage() : given;
    return { ...readSession(storage), storage };
  },
  initial: 'restoring',
  on: {
    STORED_SESSION_CHANGED: [
      {
        guard: 'storedSessionEnded',
        ...ended(notification('info', NOTICES.loggedOutElsewhere)),
      },
      {
        guard: 'storedSessionStarted',
        target: '.signedIn',
        actions: {
          type: 'become',
          // Stored already, by the other tab. One who was signed out here goes on to Home.
          params: ({ context }) => ({
            session: stored(context),
            store: false,
            ...(context.token === null ? { to: PATHS.home } : {}),
          }),
        },
      },
      {
        guard: 'storedUserChanged',
        actions: {
          type: 'become',
          params: ({ context }) => ({ session: stored(context), store: false }),
        },
      },
    ],
  },
  states: {
    /** Transient: the context factory has read storage; pick the state that matches. */
    restoring: {
      always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        SIGNED_IN: {
          target: 'signedIn',
          actions: {
            type: 'become',
            params: ({ event }) => ({ session: event.session, store: true, to: event.to }),
          },
        },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        SESSION_EXPIRED: ended(notification('warning', NOTICES.sessionExpired)),
        DEMO_RESET: ended(notification('info', NOTICES.demoDataRestored)),
        USER_UPDATED: {
          guard: 'isSameUser',
          actions: {
            type: 'become',
            params: ({ context, event }) => ({
              session: { user: event.user, token: context.token },
              store: true,
            }),
          },
        },
      },
      states: {
        idle: { on: { LOGOUT: 'loggingOut' } },
        /** The server ends it first, so a copy of its token is refused from then on. */
        loggingOut: {
          invoke: {
            src: 'logout',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: loggedOut,
            onError: loggedOut,
          },
          after: { logoutWait: loggedOut },
          // A 401 meanwhile: the server has ended the session already, as asked.
          on: { SESSION_EXPIRED: loggedOut },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The session handed to the other machines. */
export const selectSession = (snapshot: SessionSnapshot): Session => ({
  user: snapshot.context.user,
  token: snapshot.context.token,
});
export const selectUser = (snapshot: SessionSnapshot): User | null => snapshot.context.user;
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches('signedIn');
/** True while logging out waits for the server (the 'Log out' button is busy). */
export const selectIsLoggingOut = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: 'loggingOut' });
