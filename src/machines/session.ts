import { ApiError } from '../api/client';
import type { User, UserSummary } from '../api/types';
import { errorMessage, notification, type NotifyEvent } from './notifications';

/**
 * What the posts, users and post-dialog machines need to know about who is signed in. They read
 * it through a getter passed as `input.getSession`, so the auth machine stays the one source of
 * truth (the app passes `() => selectSession(authActor.getSnapshot())`).
 */
export interface Session {
  user: User | null;
  token: string | null;
}

export type GetSession = () => Session;

export const NO_SESSION: GetSession = () => ({ user: null, token: null });

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
 * notification with the server's message (F5).
 */
export function failureEvent(error: unknown): NotifyEvent | SessionExpiredEvent {
  return isUnauthorized(error)
    ? { type: 'sessionExpired' }
    : notification('error', errorMessage(error));
}
