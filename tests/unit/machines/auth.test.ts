import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type {
  DemoResetResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SignupRequest,
  SignupResponse,
  UserResponse,
} from '../../../src/api/types';
import {
  AUTH_STORAGE_KEYS,
  authMachine,
  formErrors,
  LOGOUT_WAIT_MS,
  selectAuthError,
  selectAuthIsBusy,
  selectAuthRefusal,
  selectIsLoggingOut,
  selectIsResettingDemo,
  selectIsSignedIn,
  selectSession,
  selectUser,
  type AuthEmitted,
  type EditUserInput,
  type Session,
  type StorageLike,
  type TokenInput,
} from '../../../src/machines';
import {
  answering,
  controlled,
  failing,
  makeUser,
  me,
  memoryStorage,
  recordEmitted,
  refused,
  settle,
  TOKEN,
  unauthorized,
} from './fixtures';

const storedSession = () =>
  memoryStorage({ [AUTH_STORAGE_KEYS.token]: TOKEN, [AUTH_STORAGE_KEYS.user]: JSON.stringify(me) });

interface Fakes {
  login?: ReturnType<typeof controlled<LoginResponse, LoginRequest>>['logic'];
  signup?: ReturnType<typeof controlled<SignupResponse, SignupRequest>>['logic'];
  editUser?: ReturnType<typeof controlled<UserResponse, EditUserInput>>['logic'];
  resetDemoData?: ReturnType<typeof controlled<DemoResetResponse, TokenInput>>['logic'];
  logout?: ReturnType<typeof controlled<MessageResponse, TokenInput>>['logic'];
}

/**
 * `emitted`: what auth says to the app (notify, navigate, signedIn / signedOut, profileUpdated);
 * `sessions`: the sessions it hands to the other machines, recorded apart.
 */
function start(storage: StorageLike | null, actors: Fakes = {}, clock?: SimulatedClock) {
  const actor = createActor(authMachine.provide({ actors }), {
    input: { storage },
    ...(clock ? { clock } : {}),
  });
  const emitted = recordEmitted<AuthEmitted>(actor, ['session']);
  const sessions: Session[] = [];
  actor.on('session', ({ session }) => sessions.push(session));
  actor.start();
  return { actor, emitted, sessions };
}

const credentials = { username: 'me', password: 'secret1' };
const signupFields = {
  firstName: 'Me',
  lastName: 'Test',
  username: 'me_too',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('auth: restoring the session on start', () => {
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
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
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
    expect(start(throwing).actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(start(null).actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    // No input at all: the default storage (none in Node) is used.
    const bare = createActor(authMachine, { input: {} }).start();
    expect(bare.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });
});

describe('auth: login', () => {
  it.each([
    { username: '', password: 'x' },
    { username: 'me', password: '' },
    { username: '   ', password: 'x' },
  ])('warns "Please fill the fields." and calls nothing for %o', (fields) => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor, emitted } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', ...fields });
    expect(login.calls).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: 'Please fill the fields.' },
    ]);
  });

  it('sends a password of six spaces as typed: it is filled in, and the server judges it', () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor, emitted } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', username: 'guest', password: '      ' });
    expect(login.calls).toEqual([{ username: 'guest', password: '      ' }]);
    expect(emitted).toEqual([]);
  });

  it('sends the username without the spaces around it (the rule trims it), the password as typed', () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', username: ' guest ', password: ' guest1234 ' });
    expect(login.calls).toEqual([{ username: 'guest', password: ' guest1234 ' }]);
  });

  it('logs in: stores user and token, notifies, goes to /home-page', async () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const storage = memoryStorage();
    const { actor, emitted } = start(storage, { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loggingIn' });
    expect(selectAuthIsBusy(actor.getSnapshot())).toBe(true);
    expect(login.calls).toEqual([credentials]);

    await login.resolve({ foundUser: me, encodedToken: TOKEN });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: 'idle' });
    expect(selectAuthIsBusy(snapshot)).toBe(false);
    expect(selectSession(snapshot)).toEqual({ user: me, token: TOKEN });
    expect(selectAuthError(snapshot)).toBeNull();
    expect(storage.data.get(AUTH_STORAGE_KEYS.token)).toBe(TOKEN);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEYS.user) ?? 'null')).toEqual(me);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Login successfully' },
      { type: 'navigate', to: '/home-page' },
      { type: 'signedIn', user: me },
    ]);
  });

  it('returns to the remembered location', async () => {
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, emitted } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials, from: '/bookmark-page' });
    await settle();
    expect(emitted).toContainEqual({ type: 'navigate', to: '/bookmark-page' });
  });

  it('an empty remembered location means the default', async () => {
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, emitted } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials, from: '' });
    await settle();
    expect(emitted).toContainEqual({ type: 'navigate', to: '/home-page' });
  });

  it('failure: one error notification with both texts, error kept, still signed out', async () => {
    const message = 'The credentials you entered are invalid. Unauthorized access error.';
    const login = failing<LoginResponse, LoginRequest>(refused(message, 401));
    const storage = memoryStorage();
    const { actor, emitted } = start(storage, { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(selectAuthError(actor.getSnapshot())).toBe(message);
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: `Something went wrong! ${message}` },
    ]);
  });

  it('a failure without a message still says something', async () => {
    const login = failing<LoginResponse, LoginRequest>(new Error(''));
    const { actor, emitted } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Something went wrong! Something went wrong!' },
    ]);
  });

  it('a second LOGIN while logging in sends no second call; a new attempt clears the error', async () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor } = start(memoryStorage(), { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    actor.send({ type: 'LOGIN', ...credentials });
    actor.send({ type: 'SIGNUP', ...signupFields });
    expect(login.calls).toHaveLength(1);
    await login.reject(refused('nope'));
    expect(selectAuthError(actor.getSnapshot())).toBe('nope');
    actor.send({ type: 'LOGIN', ...credentials });
    expect(selectAuthError(actor.getSnapshot())).toBeNull();
    expect(login.calls).toHaveLength(2);
  });

  it('the placeholder effect fails loudly when none was provided', async () => {
    const { actor, emitted } = start(memoryStorage());
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(emitted).toEqual([
      {
        type: 'notify',
        kind: 'error',
        message: 'Something went wrong! The "login" actor was not provided.',
      },
    ]);
  });
});

describe('auth: sign-up', () => {
  it.each([
    ['firstName', ' '],
    ['lastName', '\t'],
    ['username', '  '],
    ['password', ''],
    ['confirmPassword', ''],
  ] as const)('warns "Please fill the fields" when %s is %j', (field, value) => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start(memoryStorage(), { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, [field]: value });
    expect(signup.calls).toEqual([]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: 'Please fill the fields' },
    ]);
  });

  it('errors "Both Passwords do not match" and calls nothing', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start(memoryStorage(), { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, confirmPassword: 'other1' });
    expect(signup.calls).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Both Passwords do not match' },
    ]);
  });

  it('takes six spaces as a password (six characters, never trimmed), and trims the username', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start(memoryStorage(), { signup: signup.logic });
    const fields = {
      ...signupFields,
      username: '  me_too ',
      password: '      ',
      confirmPassword: '      ',
    };
    actor.send({ type: 'SIGNUP', ...fields });
    expect(emitted).toEqual([]);
    expect(signup.calls).toEqual([{ ...fields, username: 'me_too' }]);
  });

  it('a filled field that breaks its rule: the first one is said, nothing is sent', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start(memoryStorage(), { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, username: 'me', password: '12345' });
    actor.send({ type: 'SIGNUP', ...signupFields, password: '12345', confirmPassword: '12345' });
    expect(signup.calls).toEqual([]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Both Passwords do not match' },
      {
        type: 'notify',
        kind: 'warning',
        message: 'Password must be at least 6 characters long.',
      },
    ]);
  });

  it('signs up: stores the session, congratulates, goes to /explore-page', async () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const storage = memoryStorage();
    const { actor, emitted } = start(storage, { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'signingUp' });
    expect(selectAuthIsBusy(actor.getSnapshot())).toBe(true);
    expect(signup.calls).toEqual([signupFields]);
    await signup.resolve({ createdUser: me, encodedToken: TOKEN });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(storage.data.get(AUTH_STORAGE_KEYS.token)).toBe(TOKEN);
    expect(emitted).toEqual([
      {
        type: 'notify',
        kind: 'success',
        message: 'Congratulations, your account has been successfully created!',
      },
      { type: 'navigate', to: '/explore-page' },
      { type: 'signedIn', user: me },
    ]);
  });

  it('returns to the remembered location', async () => {
    const signup = answering<SignupResponse, SignupRequest>(() => ({
      createdUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, emitted } = start(memoryStorage(), { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, from: '/profile-page' });
    await settle();
    expect(emitted).toContainEqual({ type: 'navigate', to: '/profile-page' });
  });

  it('failure notifies with the server message and stays signed out', async () => {
    const message = 'Unprocessable Entity. Username Already Exists.';
    const signup = failing<SignupResponse, SignupRequest>(refused(message, 422));
    const { actor, emitted } = start(memoryStorage(), { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(selectAuthError(actor.getSnapshot())).toBe(message);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: `Something went wrong! ${message}` },
    ]);
  });
});

describe('auth: signed in', () => {
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
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(false);
    expect(selectSession(actor.getSnapshot())).toEqual({ user: null, token: null });
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Loggedout Successfully.' },
      { type: 'navigate', to: '/' },
      { type: 'signedOut' },
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
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Loggedout Successfully.' },
      { type: 'navigate', to: '/' },
      { type: 'signedOut' },
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
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(storage.data.size).toBe(0);
    expect(emitted.map((event) => event.type)).toEqual(['notify', 'navigate', 'signedOut']);
  });

  it('while logging out: a second LOGOUT sends nothing more; a 401 elsewhere ends it as a logout', async () => {
    const logout = controlled<MessageResponse, TokenInput>();
    const { actor, emitted } = start(storedSession(), { logout: logout.logic });
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    actor.send({ type: 'RESET_DEMO' });
    expect(logout.calls).toHaveLength(1);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(emitted[0]).toEqual({
      type: 'notify',
      kind: 'success',
      message: 'Loggedout Successfully.',
    });
    // The late answer changes nothing.
    await logout.resolve({ message: 'Logged out.' });
    expect(emitted).toHaveLength(3);
  });

  it('SESSION_EXPIRED signs out cleanly with a warning, once', () => {
    const storage = storedSession();
    const { actor, emitted } = start(storage);
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'SESSION_EXPIRED' }); // a second 401 arriving late changes nothing
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([
      {
        type: 'notify',
        kind: 'warning',
        message: 'Your session has expired. Please log in again.',
      },
      { type: 'navigate', to: '/' },
      { type: 'signedOut' },
    ]);
  });

  it('LOGIN, SIGNUP and LOGOUT mean nothing in the wrong state', () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor, emitted } = start(storedSession(), { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    actor.send({ type: 'SIGNUP', ...signupFields });
    expect(login.calls).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    const out = start(memoryStorage());
    out.actor.send({ type: 'LOGOUT' });
    out.actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    expect(out.actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect([...emitted, ...out.emitted]).toEqual([]);
  });

  it('EDIT_PROFILE replaces the user with the server one and stores it', async () => {
    const editUser = controlled<UserResponse, EditUserInput>();
    const storage = storedSession();
    const { actor, emitted } = start(storage, { editUser: editUser.logic });
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'Hello' } });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'savingProfile' });
    expect(selectAuthIsBusy(actor.getSnapshot())).toBe(true);
    expect(editUser.calls).toEqual([{ userData: { bio: 'Hello' }, token: TOKEN }]);
    const updated = { ...me, bio: 'Hello', updatedAt: '2026-02-01T00:00:00+00:00' };
    await editUser.resolve({ user: updated });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(selectUser(actor.getSnapshot())).toEqual(updated);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEYS.user) ?? 'null')).toEqual(updated);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Profile updated!' },
      { type: 'profileUpdated', user: updated },
    ]);
  });

  it('EDIT_PROFILE refused: keeps the user, notifies the server message', async () => {
    const message = 'Field "link" must be an http(s) URL.';
    const editUser = failing<UserResponse, EditUserInput>(refused(message));
    const { actor, emitted } = start(storedSession(), { editUser: editUser.logic });
    actor.send({ type: 'EDIT_PROFILE', userData: { link: 'ftp://x' } });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(selectUser(actor.getSnapshot())).toEqual(me);
    expect(selectAuthError(actor.getSnapshot())).toBe(message);
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);
  });

  it('EDIT_PROFILE answered 401 signs out', async () => {
    const editUser = failing<UserResponse, EditUserInput>(unauthorized());
    const storage = storedSession();
    const { actor, emitted } = start(storage, { editUser: editUser.logic });
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(storage.data.size).toBe(0);
    expect(emitted.map((e) => e.type)).toEqual(['notify', 'navigate', 'signedOut']);
    expect(emitted[0]).toEqual({
      type: 'notify',
      kind: 'warning',
      message: 'Your session has expired. Please log in again.',
    });
  });

  it('LOGOUT while saving the profile stops the save', async () => {
    const editUser = controlled<UserResponse, EditUserInput>();
    const { actor } = start(storedSession(), { editUser: editUser.logic });
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    actor.send({ type: 'LOGOUT' });
    await editUser.resolve({ user: { ...me, bio: 'x' } });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(selectUser(actor.getSnapshot())).toBeNull();
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

  it('a full or disabled storage does not break logging in', async () => {
    const storage: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: TOKEN,
    }));
    const { actor } = start(storage, { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  });
});

describe('auth: the sign-up rule and the session it hands on', () => {
  it('a sign-up whose fields break a length or format rule is not sent', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start(null, { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, username: 'no spaces' });
    actor.send({ type: 'SIGNUP', ...signupFields, password: 'short', confirmPassword: 'short' });
    expect(signup.calls).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(emitted.map((event) => event.type)).toEqual(['notify', 'notify']);
  });

  it('emits the session on sign-in, on a new version of the user and on sign-out', async () => {
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, sessions } = start(null, { login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    const renamed = { ...me, firstName: 'Renamed' };
    actor.send({ type: 'USER_UPDATED', user: renamed });
    actor.send({ type: 'LOGOUT' });
    await settle(); // the logout effect is not provided here: it fails, and logs out all the same
    expect(sessions).toEqual([
      { user: me, token: TOKEN },
      { user: renamed, token: TOKEN },
      { user: null, token: null },
    ]);
  });

  it('RESET_DEMO: resetting while waiting, then the session ends with an info notice', async () => {
    const resetDemoData = controlled<DemoResetResponse, TokenInput>();
    const { actor, emitted, sessions } = start(storedSession(), {
      resetDemoData: resetDemoData.logic,
    });
    actor.send({ type: 'RESET_DEMO' });
    expect(selectIsResettingDemo(actor.getSnapshot())).toBe(true);
    expect(resetDemoData.calls).toEqual([{ token: TOKEN }]);
    await resetDemoData.resolve({ message: 'ok' });
    expect(selectIsResettingDemo(actor.getSnapshot())).toBe(false);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(emitted).toContainEqual({
      type: 'notify',
      kind: 'info',
      message: 'Demo data restored. Log in again to continue.',
    });
    expect(sessions.at(-1)).toEqual({ user: null, token: null });
  });

  it('RESET_DEMO refused: still signed in, the server message as an error', async () => {
    const resetDemoData = controlled<DemoResetResponse, TokenInput>();
    const { actor, emitted } = start(storedSession(), { resetDemoData: resetDemoData.logic });
    actor.send({ type: 'RESET_DEMO' });
    await resetDemoData.reject(refused('The demo data could not be restored'));
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'The demo data could not be restored' },
    ]);
  });
});

describe('auth: one session for every tab', () => {
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
        { type: 'signedOut' },
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

describe('auth: a refused login or sign-up, placed in its form', () => {
  const invalid = 'The credentials you entered are invalid. Unauthorized access error.';
  const notRegistered = 'The username you entered is not Registered. Not Found error';
  const taken = 'Unprocessable Entity. Username Already Exists.';

  async function refusedLogin(error: Error) {
    const login = failing<LoginResponse, LoginRequest>(error);
    const started = start(memoryStorage(), { login: login.logic });
    started.actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    return started;
  }

  it('a wrong password is placed on Password, and concerns both fields', async () => {
    const { actor } = await refusedLogin(refused(invalid, 401));
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toEqual({
      form: 'login',
      message: invalid,
      place: { field: 'password', concerns: ['username', 'password'] },
    });
    // Not the sign-up form's business.
    expect(selectAuthRefusal(actor.getSnapshot(), 'signup')).toBeNull();
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'password' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).not.toBeNull();
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'username' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toBeNull();
    expect(selectAuthError(actor.getSnapshot())).toBeNull();
  });

  it('an unknown username is placed on Username: editing the password leaves it, editing the username clears it', async () => {
    const { actor } = await refusedLogin(refused(notRegistered, 404));
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')?.place?.field).toBe('username');
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'password' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')?.message).toBe(notRegistered);
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'username' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toBeNull();
  });

  it('a failure no field is to blame for concerns the whole form: any change clears it', async () => {
    const { actor } = await refusedLogin(new Error('Failed to fetch'));
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toEqual({
      form: 'login',
      message: 'Failed to fetch',
      place: null,
    });
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'password' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toBeNull();
  });

  it('opening a form again forgets what an earlier visit was refused', async () => {
    const { actor } = await refusedLogin(refused(invalid, 401));
    actor.send({ type: 'FORM_OPENED' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toBeNull();
    expect(selectAuthError(actor.getSnapshot())).toBeNull();
  });

  it("a taken username is placed on the sign-up form's Username", async () => {
    const signup = failing<SignupResponse, SignupRequest>(refused(taken, 422));
    const { actor } = start(memoryStorage(), { signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields });
    await settle();
    expect(selectAuthRefusal(actor.getSnapshot(), 'login')).toBeNull();
    expect(selectAuthRefusal(actor.getSnapshot(), 'signup')).toEqual({
      form: 'signup',
      message: taken,
      place: { field: 'username', concerns: ['username'] },
    });
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'firstName' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'signup')).not.toBeNull();
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'username' });
    expect(selectAuthRefusal(actor.getSnapshot(), 'signup')).toBeNull();
  });

  it('formErrors: the verdict on each field, the refusal on its field or as the form message', () => {
    const place = { field: 'password', concerns: ['username', 'password'] } as const;
    expect(formErrors({ username: 'Enter your username.' }, null)).toEqual({
      fieldErrors: { username: 'Enter your username.' },
      message: null,
    });
    expect(formErrors({}, { form: 'login', message: invalid, place })).toEqual({
      fieldErrors: { password: invalid },
      message: null,
    });
    // What is typed now is judged first.
    expect(
      formErrors({ password: 'Enter your password.' }, { form: 'login', message: invalid, place }),
    ).toEqual({ fieldErrors: { password: 'Enter your password.' }, message: null });
    expect(formErrors({}, { form: 'login', message: 'Server down', place: null })).toEqual({
      fieldErrors: {},
      message: 'Server down',
    });
  });
});
