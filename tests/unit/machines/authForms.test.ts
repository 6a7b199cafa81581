/** The login and sign-up forms (machines/authForms.ts): checks, calls, refusals. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  LoginRequest,
  LoginResponse,
  SignupRequest,
  SignupResponse,
} from '../../../src/api/types';
import {
  authFormsMachine,
  selectFormIsBusy,
  selectFormRefusal,
  type AuthenticatedEvent,
  type NotifyEvent,
} from '../../../src/machines';
import { PLAIN_REFUSALS } from '../../../src/api/refusals';
import {
  answering,
  controlled,
  failing,
  me,
  recordEmitted,
  refused,
  settle,
  TOKEN,
} from './fixtures';

interface Fakes {
  login?: ReturnType<typeof controlled<LoginResponse, LoginRequest>>['logic'];
  signup?: ReturnType<typeof controlled<SignupResponse, SignupRequest>>['logic'];
}

/** `emitted`: what the forms say (notify, and `authenticated` for the session). */
function start(actors: Fakes = {}) {
  const actor = createActor(authFormsMachine.provide({ actors }));
  const emitted = recordEmitted<NotifyEvent | AuthenticatedEvent>(actor);
  actor.start();
  return { actor, emitted };
}

const credentials = { username: 'me', password: 'secret1' };
const signupFields = {
  firstName: 'Me',
  lastName: 'Test',
  username: 'me_too',
  password: 'secret1',
  confirmPassword: 'secret1',
};
const refusalOf = (snapshot: Parameters<typeof selectFormRefusal>[0], form: 'login' | 'signup') =>
  selectFormRefusal(snapshot, form)?.message ?? null;

describe('authForms: login', () => {
  it.each([
    { username: '', password: 'x' },
    { username: 'me', password: '' },
    { username: '   ', password: 'x' },
  ])('warns "Please fill the fields." and calls nothing for %o', (fields) => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...fields });
    expect(login.calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: 'Please fill the fields.', about: 'login' },
    ]);
  });

  it('sends a password of six spaces as typed: it is filled in, and the server judges it', () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', username: 'guest', password: '      ' });
    expect(login.calls).toEqual([{ username: 'guest', password: '      ' }]);
    expect(emitted).toEqual([]);
  });

  it('sends the username without the spaces around it (the rule trims it), the password as typed', () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', username: ' guest ', password: ' guest1234 ' });
    expect(login.calls).toEqual([{ username: 'guest', password: ' guest1234 ' }]);
  });

  it('logs in: hands the session on, notifies, says to go to /home-page', async () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(selectFormIsBusy(actor.getSnapshot())).toBe(true);
    expect(login.calls).toEqual([credentials]);

    await login.resolve({ foundUser: me, encodedToken: TOKEN });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(selectFormIsBusy(snapshot)).toBe(false);
    expect(selectFormRefusal(snapshot, 'login')).toBeNull();
    expect(emitted).toEqual([
      { type: 'authenticated', session: { user: me, token: TOKEN }, to: '/home-page' },
      { type: 'notify', kind: 'success', message: 'Login successfully' },
    ]);
  });

  it('returns to the remembered location', async () => {
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials, from: '/bookmark-page' });
    await settle();
    expect(emitted).toContainEqual(
      expect.objectContaining({ type: 'authenticated', to: '/bookmark-page' }),
    );
  });

  it('an empty remembered location means the default', async () => {
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials, from: '' });
    await settle();
    expect(emitted).toContainEqual(
      expect.objectContaining({ type: 'authenticated', to: '/home-page' }),
    );
  });

  it('failure: said once, in plain words, in the form; no toast says it again', async () => {
    const message = 'The credentials you entered are invalid. Unauthorized access error.';
    const login = failing<LoginResponse, LoginRequest>(refused(message, 401));
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(refusalOf(actor.getSnapshot(), 'login')).toBe(PLAIN_REFUSALS.invalidCredentials);
    expect(emitted).toEqual([]);
  });

  it('a failure without a message still says something, once', async () => {
    const login = failing<LoginResponse, LoginRequest>(new Error(''));
    const { actor, emitted } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(refusalOf(actor.getSnapshot(), 'login')).toBe('Something went wrong!');
    expect(emitted).toEqual([]);
  });

  it('a second LOGIN while logging in sends no second call; a new attempt clears the error', async () => {
    const login = controlled<LoginResponse, LoginRequest>();
    const { actor } = start({ login: login.logic });
    actor.send({ type: 'LOGIN', ...credentials });
    actor.send({ type: 'LOGIN', ...credentials });
    actor.send({ type: 'SIGNUP', ...signupFields });
    expect(login.calls).toHaveLength(1);
    await login.reject(refused('nope'));
    expect(refusalOf(actor.getSnapshot(), 'login')).toBe('Something went wrong! nope');
    actor.send({ type: 'LOGIN', ...credentials });
    expect(refusalOf(actor.getSnapshot(), 'login')).toBeNull();
    expect(login.calls).toHaveLength(2);
  });

  it('the placeholder effect fails loudly when none was provided', async () => {
    const { actor, emitted } = start();
    actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    expect(refusalOf(actor.getSnapshot(), 'login')).toBe(
      'Something went wrong! The "login" actor was not provided.',
    );
    expect(emitted).toEqual([]);
  });
});

describe('authForms: sign-up', () => {
  it.each([
    ['firstName', ' '],
    ['lastName', '\t'],
    ['username', '  '],
    ['password', ''],
    ['confirmPassword', ''],
  ] as const)('warns "Please fill the fields" when %s is %j', (field, value) => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, [field]: value });
    expect(signup.calls).toEqual([]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: 'Please fill the fields', about: 'signup' },
    ]);
  });

  it('errors "Both Passwords do not match" and calls nothing', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, confirmPassword: 'other1' });
    expect(signup.calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Both Passwords do not match', about: 'signup' },
    ]);
  });

  it("the spec's warning goes as soon as a field of its form changes", () => {
    const { actor, emitted } = start();
    actor.send({ type: 'SIGNUP', ...signupFields, firstName: '' });
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'firstName' });
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: 'Please fill the fields', about: 'signup' },
      { type: 'resolved', about: 'signup' },
    ]);
  });

  it('takes six spaces as a password (six characters, never trimmed), and trims the username', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start({ signup: signup.logic });
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

  it('a filled field that breaks its rule: said under the field only (no toast), nothing is sent', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, username: 'me', password: '12345' });
    actor.send({ type: 'SIGNUP', ...signupFields, password: '12345', confirmPassword: '12345' });
    expect(signup.calls).toEqual([]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Both Passwords do not match', about: 'signup' },
    ]);
  });

  it('signs up: hands the session on, congratulates, says to go to /explore-page', async () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields });
    expect(actor.getSnapshot().value).toBe('signingUp');
    expect(selectFormIsBusy(actor.getSnapshot())).toBe(true);
    expect(signup.calls).toEqual([signupFields]);
    await signup.resolve({ createdUser: me, encodedToken: TOKEN });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      { type: 'authenticated', session: { user: me, token: TOKEN }, to: '/explore-page' },
      {
        type: 'notify',
        kind: 'success',
        message: 'Congratulations, your account has been successfully created!',
      },
    ]);
  });

  it('returns to the remembered location', async () => {
    const signup = answering<SignupResponse, SignupRequest>(() => ({
      createdUser: me,
      encodedToken: TOKEN,
    }));
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, from: '/profile-page' });
    await settle();
    expect(emitted).toContainEqual(
      expect.objectContaining({ type: 'authenticated', to: '/profile-page' }),
    );
  });

  it('a taken username is said under Username in plain words, and no toast', async () => {
    const message = 'Unprocessable Entity. Username Already Exists.';
    const signup = failing<SignupResponse, SignupRequest>(refused(message, 422));
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(refusalOf(actor.getSnapshot(), 'signup')).toBe(PLAIN_REFUSALS.usernameTaken);
    expect(emitted).toEqual([]);
  });
});

describe('authForms: the sign-up rule and the session it hands on', () => {
  it('a sign-up whose fields break a length or format rule is not sent', () => {
    const signup = controlled<SignupResponse, SignupRequest>();
    const { actor, emitted } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields, username: 'no spaces' });
    actor.send({ type: 'SIGNUP', ...signupFields, password: 'short', confirmPassword: 'short' });
    expect(signup.calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    // The form says what is wrong under each field; a toast would say it twice.
    expect(emitted).toEqual([]);
  });
});

describe('authForms: a refused login or sign-up, placed in its form', () => {
  const invalid = 'The credentials you entered are invalid. Unauthorized access error.';
  const notRegistered = 'The username you entered is not Registered. Not Found error';
  const taken = 'Unprocessable Entity. Username Already Exists.';

  async function refusedLogin(error: Error) {
    const login = failing<LoginResponse, LoginRequest>(error);
    const started = start({ login: login.logic });
    started.actor.send({ type: 'LOGIN', ...credentials });
    await settle();
    return started;
  }

  it('a wrong password is placed on Password, and concerns both fields', async () => {
    const { actor } = await refusedLogin(refused(invalid, 401));
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toEqual({
      form: 'login',
      message: PLAIN_REFUSALS.invalidCredentials,
      place: { field: 'password', concerns: ['username', 'password'] },
    });
    // Not the sign-up form's business.
    expect(selectFormRefusal(actor.getSnapshot(), 'signup')).toBeNull();
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'password' });
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).not.toBeNull();
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'username' });
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toBeNull();
    expect(refusalOf(actor.getSnapshot(), 'login')).toBeNull();
  });

  it('an unknown username is placed on Username: editing the password leaves it, editing the username clears it', async () => {
    const { actor } = await refusedLogin(refused(notRegistered, 404));
    expect(selectFormRefusal(actor.getSnapshot(), 'login')?.place?.field).toBe('username');
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'password' });
    expect(selectFormRefusal(actor.getSnapshot(), 'login')?.message).toBe(
      PLAIN_REFUSALS.usernameNotRegistered,
    );
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'username' });
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toBeNull();
  });

  it('a failure no field is to blame for concerns the whole form: any change clears it', async () => {
    const { actor } = await refusedLogin(new Error('Failed to fetch'));
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toEqual({
      form: 'login',
      message: 'Something went wrong! Failed to fetch',
      place: null,
    });
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field: 'password' });
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toBeNull();
  });

  it('opening a form again forgets what an earlier visit was refused', async () => {
    const { actor } = await refusedLogin(refused(invalid, 401));
    actor.send({ type: 'FORM_OPENED' });
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toBeNull();
    expect(refusalOf(actor.getSnapshot(), 'login')).toBeNull();
  });

  it("a taken username is placed on the sign-up form's Username", async () => {
    const signup = failing<SignupResponse, SignupRequest>(refused(taken, 422));
    const { actor } = start({ signup: signup.logic });
    actor.send({ type: 'SIGNUP', ...signupFields });
    await settle();
    expect(selectFormRefusal(actor.getSnapshot(), 'login')).toBeNull();
    expect(selectFormRefusal(actor.getSnapshot(), 'signup')).toEqual({
      form: 'signup',
      message: PLAIN_REFUSALS.usernameTaken,
      place: { field: 'username', concerns: ['username'] },
    });
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'firstName' });
    expect(selectFormRefusal(actor.getSnapshot(), 'signup')).not.toBeNull();
    actor.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field: 'username' });
    expect(selectFormRefusal(actor.getSnapshot(), 'signup')).toBeNull();
  });
});
