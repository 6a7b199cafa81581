/** The session (machines/session.ts): storage, logout, expiry, other tabs. */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { MessageResponse } from '../../../src/api/types';
import {
  AUTH_STORAGE_KEYS,
  LOGOUT_WAIT_MS,
  selectIsLoggingOut,
  selectIsSignedIn,
  selectSession,
  selectUser,
  sessionMachine,
  type SessionEmitted,
  type Session,
  type StorageLike,
  type TokenInput,
} from '../../../src/machines';
import {
  controlled,
  makeUser,
  me,
  memoryStorage,
  recordEmitted,
  refused,
  TOKEN,
  unauthorized,
} from './fixtures';

const storedSession = () =>
  memoryStorage({ [AUTH_STORAGE_KEYS.token]: TOKEN, [AUTH_STORAGE_KEYS.user]: JSON.stringify(me) });

interface Fakes {
  logout?: ReturnType<typeof controlled<MessageResponse, TokenInput>>['logic'];
}

/**
 * `emitted`: what the session says to the app (notify, navigate); `sessions`: the sessions it
 * hands to the other machines, recorded apart.
 */
function start(storage: StorageLike | null, actors: Fakes = {}, clock?: SimulatedClock) {
  const actor = createActor(sessionMachine.provide({ actors }), {
    input: { storage },
    ...(clock ? { clock } : {}),
  });
  const emitted = recordEmitted<SessionEmitted>(actor, ['session']);
  const sessions: Session[] = [];
  actor.on('session', ({ session }) => sessions.push(session));
  actor.start();
  return { actor, emitted, sessions };
}

/** What the forms machine's login hands the session (through the app system). */
const signedIn = {
  type: 'SIGNED_IN',
  session: { user: me, token: TOKEN },
  to: '/home-page',
} as const;

describe('session: restoring the session on start', () => {
  it('restores user and token from storage and is signed in', () => {
    const { actor } = start(storedSession());
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: 'idle' });
    expect(selectSession(snapshot)).toEqual({ user: me, token: TOKEN });
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(selectUser(snapshot)).toEqual(me);
  });

  it.each([
    ['empty storage', memoryStorage()],
    ['a token without a user', memoryStorage({ [AUTH_STORAGE_KEYS.token]: TOKEN })],
    ['a user without a token', memoryStorage({ [AUTH_STORAGE_KEYS.user]: JSON.stringify(me) })],
    [
      'a corrupt user',
      memoryStorage({ [AUTH_STORAGE_KEYS.token]: TOKEN, [AUTH_STORAGE_KEYS.user]: '{oops' }),
    ],
    [
      'a user that is not an object',
      memoryStorage({ [AUTH_STORAGE_KEYS.token]: TOKEN, [AUTH_STORAGE_KEYS.user]: '42' }),
    ],
  ])('starts signed out with %s', (_, storage) => {
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(selectSession(actor.getSnapshot())).toEqual({ user: null, token: null });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });

  it('starts signed out when storage throws, and without storage at all', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(start(throwing).actor.getSnapshot().value).toBe('signedOut');
    expect(start(null).actor.getSnapshot().value).toBe('signedOut');
    // No input at all: the default storage (none in Node) is used.
    const bare = createActor(sessionMachine, { input: {} }).start();
    expect(bare.getSnapshot().value).toBe('signedOut');
  });
});

describe('session: signed in', () => {
  it('LOGOUT asks the server to end the session, then clears state and storage, notifies, goes to /', async () => {
    const logout = controlled<MessageResponse, TokenInput>();
    const storage = storedSession();
    const { actor, emitted } = start(storage, { logout: logout.logic });
    actor.send({ type: 'LOGOUT' });
    // Still signed in while the server ends the session: nothing changed here yet.
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(logout.calls).toEqual([{ token: TOKEN }]);
    expect(storage.data.size).toBe(2);
    expect(emitted).toEqual([]);

    await logout.resolve({ message: 'Logged out.' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(false);
    expect(selectSession(actor.getSnapshot())).toEqual({ user: null, token: null });
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Loggedout Successfully.' },
      { type: 'navigate', to: '/' },
    ]);
  });

  it.each([
    ['no network', new TypeError('Failed to fetch')],
    ['a server error', refused('Something went wrong on our side. Please try again.', 500)],
    ['a token the server had already ended', unauthorized()],
  ])('a logout that fails (%s) still logs out here, the same way', async (_, error) => {
    const logout = controlled<MessageResponse, TokenInput>();
    const storage = storedSession();
    const { actor, emitted } = start(storage, { logout: logout.logic });
    actor.send({ type: 'LOGOUT' });
    await logout.reject(error);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Loggedout Successfully.' },
      { type: 'navigate', to: '/' },
    ]);
  });

  it('a server that never answers the logout: logged out here after LOGOUT_WAIT_MS', () => {
    const logout = controlled<MessageResponse, TokenInput>();
    const clock = new SimulatedClock();
    const storage = storedSession();
    const { actor, emitted } = start(storage, { logout: logout.logic }, clock);
    actor.send({ type: 'LOGOUT' });
    clock.increment(LOGOUT_WAIT_MS - 1);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(storage.data.size).toBe(0);
    expect(emitted.map((event) => event.type)).toEqual(['notify', 'navigate']);
  });

  it('while logging out: a second LOGOUT sends nothing more; a 401 elsewhere ends it as a logout', async () => {
    const logout = controlled<MessageResponse, TokenInput>();
    const { actor, emitted } = start(storedSession(), { logout: logout.logic });
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'LOGOUT' });
    expect(logout.calls).toHaveLength(1);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(emitted[0]).toEqual({
      type: 'notify',
      kind: 'success',
      message: 'Loggedout Successfully.',
    });
    // The late answer changes nothing.
    await logout.resolve({ message: 'Logged out.' });
    expect(emitted).toHaveLength(2);
  });

  it('SESSION_EXPIRED signs out cleanly with a warning, once', () => {
    const storage = storedSession();
    const { actor, emitted } = start(storage);
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'SESSION_EXPIRED' }); // a second 401 arriving late changes nothing
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      {
        type: 'notify',
        kind: 'warning',
        message: 'Your session has expired. Please log in again.',
      },
      { type: 'navigate', to: '/' },
    ]);
  });

  it('USER_UPDATED replaces the same user, ignores another', () => {
    const storage = storedSession();
    const { actor, emitted } = start(storage);
    const updated = { ...me, following: [makeUser('alice')] };
    actor.send({ type: 'USER_UPDATED', user: makeUser('alice') });
    expect(selectUser(actor.getSnapshot())).toEqual(me);
    actor.send({ type: 'USER_UPDATED', user: updated });
    expect(selectUser(actor.getSnapshot())).toEqual(updated);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEYS.user) ?? 'null')).toEqual(updated);
    expect(emitted).toEqual([]);
  });

  it('USER_UPDATED while signed out is ignored', () => {
    const { actor } = start(memoryStorage());
    actor.send({ type: 'USER_UPDATED', user: me });
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });

  it('a full or disabled storage does not break logging in', () => {
    const storage: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const { actor } = start(storage);
    actor.send(signedIn);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  });
});

describe('session: starting and handing on', () => {
  it('SIGNED_IN stores the session, says where to go, and hands it on', () => {
    const storage = memoryStorage();
    const { actor, emitted, sessions } = start(storage);
    actor.send(signedIn);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(storage.data.get(AUTH_STORAGE_KEYS.token)).toBe(TOKEN);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEYS.user) ?? 'null')).toEqual(me);
    expect(emitted).toEqual([{ type: 'navigate', to: '/home-page' }]);
    expect(sessions).toEqual([{ user: me, token: TOKEN }]);
  });

  it('LOGOUT signed out, and SIGNED_IN signed in, mean nothing', () => {
    const { actor, emitted } = start(storedSession());
    actor.send({ ...signedIn, session: { user: makeUser('other'), token: 'other' } });
    expect(selectUser(actor.getSnapshot())).toEqual(me);
    const out = start(memoryStorage());
    out.actor.send({ type: 'LOGOUT' });
    expect(out.actor.getSnapshot().value).toBe('signedOut');
    expect([...emitted, ...out.emitted]).toEqual([]);
  });

  it('emits the session on sign-in, on a new version of the user and on sign-out', async () => {
    const { actor, sessions } = start(null);
    actor.send(signedIn);
    const renamed = { ...me, firstName: 'Renamed' };
    actor.send({ type: 'USER_UPDATED', user: renamed });
    actor.send({ type: 'LOGOUT' });
    await Promise.resolve(); // the logout effect is not provided here: it fails, and logs out all the same
    expect(sessions).toEqual([
      { user: me, token: TOKEN },
      { user: renamed, token: TOKEN },
      { user: null, token: null },
    ]);
  });
});

describe('session: one session for every tab', () => {
  const other = makeUser('other_one');

  it('follows a logout in another tab: signed out, told so, sent to the login page', () => {
    const storage = storedSession();
    const { actor, emitted, sessions } = start(storage);
    storage.removeItem(AUTH_STORAGE_KEYS.token);
    storage.removeItem(AUTH_STORAGE_KEYS.user);
    actor.send({ type: 'STORED_SESSION_CHANGED' });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual(
      expect.arrayContaining([
        { type: 'notify', kind: 'info', message: 'You logged out in another tab.' },
        { type: 'navigate', to: '/' },
      ]),
    );
    expect(sessions.at(-1)).toEqual({ user: null, token: null });
  });

  it('follows a login in another tab: signed in as that user, sent home', () => {
    const storage = memoryStorage();
    const { actor, emitted, sessions } = start(storage);
    storage.setItem(AUTH_STORAGE_KEYS.token, 'token-from-the-other-tab');
    storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(me));
    actor.send({ type: 'STORED_SESSION_CHANGED' });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(selectUser(actor.getSnapshot())?.username).toBe(me.username);
    expect(emitted).toContainEqual({ type: 'navigate', to: '/home-page' });
    expect(sessions.at(-1)).toEqual({ user: me, token: 'token-from-the-other-tab' });
  });

  it('follows a login as someone else in another tab, without moving this tab', () => {
    const storage = storedSession();
    const { actor, emitted, sessions } = start(storage);
    storage.setItem(AUTH_STORAGE_KEYS.token, 'token-of-the-other-one');
    storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(other));
    actor.send({ type: 'STORED_SESSION_CHANGED' });
    expect(selectUser(actor.getSnapshot())?.username).toBe('other_one');
    expect(sessions.at(-1)).toEqual({ user: other, token: 'token-of-the-other-one' });
    expect(emitted.filter((event) => event.type === 'navigate')).toEqual([]);
  });

  it('takes the profile another tab saved for the same session, without moving or toasting', () => {
    const storage = storedSession();
    const { actor, emitted, sessions } = start(storage);
    const edited = { ...me, bio: 'Edited in the other tab' };
    storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(edited));
    actor.send({ type: 'STORED_SESSION_CHANGED' });
    expect(selectUser(actor.getSnapshot())?.bio).toBe('Edited in the other tab');
    expect(sessions).toEqual([{ user: edited, token: TOKEN }]);
    expect(emitted).toEqual([]);
  });

  it('ignores a storage change that leaves the session as it is', () => {
    const storage = storedSession();
    const { actor, emitted, sessions } = start(storage);
    actor.send({ type: 'STORED_SESSION_CHANGED' });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(emitted).toEqual([]);
    expect(sessions).toEqual([]);
  });
});
