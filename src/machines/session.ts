import { ApiError } from '../api/client';
import type { User, UserSummary } from '../api/types';
import { errorMessage, notification, type NotifyEvent } from './notifications';

/**
 * What the posts, users and post-dialog machines need to know about who is signed in. Auth owns
 * it and emits `session` whenever it changes (sign-in, sign-out, a new version of the user);
 * the app forwards it to the other machines as a `SESSION` event, and they keep it in context,
 * so their guards read their own context only.
 */
export interface Session {
  user: User | null;
  token: string | null;
}

export const NO_SESSION: Session = { user: null, token: null };

/** Auth's current session, forwarded to the machines that call the API on the user's behalf. */
export interface SessionEvent {
  type: 'SESSION';
  session: Session;
}

/**
 * Whether a new session ends the one a machine holds: signed out, or signed in with another
 * token. Its pending actions and per-user data then belong to nobody.
 */
export function endsSession(held: Session, next: Session): boolean {
  return held.token !== null && next.token !== held.token;
}

/**
 * Emitted by any machine whose call was answered 401: the token is no longer valid. The app
 * forwards it to the auth machine as `{ type: 'SESSION_EXPIRED' }`, which signs the user out.
 */
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

/**
 * What a machine emits when a call fails: `sessionExpired` for a 401, otherwise an error
 * notification with the server's message.
 */
export function failureEvent(error: unknown): NotifyEvent | SessionExpiredEvent {
  return isUnauthorized(error)
    ? { type: 'sessionExpired' }
    : notification('error', errorMessage(error));
}
