import type { User } from '../api/types';
import type { Session } from './session';

/** The part of `Storage` the machines use; `window.localStorage` satisfies it. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `window.localStorage`, or null where there is none or the browser disabled it. */
export function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** Where the session lives in storage: the raw token, and the user as JSON. */
export const AUTH_STORAGE_KEYS = { token: 'murmur.token', user: 'murmur.user' } as const;

const SIGNED_OUT: Session = { user: null, token: null };

/** The stored session; signed out when there is none, or when what is stored cannot be read. */
export function readSession(storage: StorageLike | null): Session {
  if (storage === null) return SIGNED_OUT;
  try {
    const token = storage.getItem(AUTH_STORAGE_KEYS.token);
    const userJson = storage.getItem(AUTH_STORAGE_KEYS.user);
    if (token === null || token === '' || userJson === null) return SIGNED_OUT;
    const user = JSON.parse(userJson) as User | null;
    if (typeof user !== 'object' || user === null || typeof user._id !== 'string') {
      return SIGNED_OUT;
    }
    return { user, token };
  } catch {
    return SIGNED_OUT; // unreadable or corrupt: start signed out
  }
}

/** Stores the session, or removes it when signed out. */
export function writeSession(storage: StorageLike | null, session: Session): void {
  if (storage === null) return;
  try {
    if (session.user === null || session.token === null) {
      storage.removeItem(AUTH_STORAGE_KEYS.token);
      storage.removeItem(AUTH_STORAGE_KEYS.user);
    } else {
      storage.setItem(AUTH_STORAGE_KEYS.token, session.token);
      storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(session.user));
    }
  } catch {
    // full or disabled storage: the session still works for this visit
  }
}

/**
 * How the session another tab stored differs from the one this tab holds: `ended` (logged out
 * there), `started` (logged in there, or in as someone else), `userChanged` (the same session,
 * its user edited or following someone new), or null (nothing to follow).
 */
export function storedChange(
  held: Session,
  stored: Session,
): 'ended' | 'started' | 'userChanged' | null {
  if (held.token !== null && stored.token === null) return 'ended';
  if (stored.token !== null && stored.token !== held.token) return 'started';
  if (
    stored.token !== null &&
    stored.user !== null &&
    JSON.stringify(stored.user) !== JSON.stringify(held.user)
  ) {
    return 'userChanged';
  }
  return null;
}
