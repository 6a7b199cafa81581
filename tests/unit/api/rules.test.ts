/**
 * The login and sign-up rules as a person meets them: how a username is read, when a field is
 * empty (a password never trimmed), and the words under each field. The server reads usernames
 * with the same function (tests/unit/mocks/auth.test.ts shows it answering for ' guest ').
 */
import { describe, expect, it } from 'vitest';
import {
  checkLogin,
  checkSignup,
  checkUsername,
  isFieldEmpty,
  normalizeUsername,
  PERSON_MESSAGES,
  type SignupFields,
} from '../../../src/api/rules';

describe('normalizeUsername: the one trim rule for usernames', () => {
  it.each([
    [' guest ', 'guest'],
    ['guest', 'guest'],
    ['\tguest\n', 'guest'],
    ['   ', ''],
    ['', ''],
  ])('%j is read as %j', (typed, read) => {
    expect(normalizeUsername(typed)).toBe(read);
  });

  it('keeps what is inside: a space inside a username stays (and the rule refuses it)', () => {
    expect(normalizeUsername(' ada l ')).toBe('ada l');
    expect(checkUsername(' ada l ')).toBe('characters');
  });

  it('the username rule judges the name as read: spaces around it do not count', () => {
    expect(checkUsername('  ada  ')).toBeNull();
    expect(checkUsername(' ab ')).toBe('length');
    expect(checkUsername(` ${'a'.repeat(20)} `)).toBeNull();
  });
});

describe('isFieldEmpty: whitespace-only text is empty, a password is taken as typed', () => {
  it.each([
    ['username', '   ', true],
    ['username', ' guest ', false],
    ['firstName', '\t\n', true],
    ['password', '', true],
    ['password', '      ', false],
    ['password', ' ', false],
    ['confirmPassword', '', true],
    ['confirmPassword', '  ', false],
  ] as const)('%s = %j: empty %s', (field, value, empty) => {
    expect(isFieldEmpty(field, value)).toBe(empty);
  });
});

describe('checkLogin', () => {
  it('marks each empty field with its message', () => {
    expect(checkLogin({ username: '', password: '' })).toEqual({
      missing: true,
      fieldErrors: { username: 'Enter your username.', password: 'Enter your password.' },
    });
    expect(checkLogin({ username: '  ', password: 'x' })).toEqual({
      missing: true,
      fieldErrors: { username: 'Enter your username.' },
    });
  });

  it('six spaces are a password, not a missing one', () => {
    expect(checkLogin({ username: 'guest', password: '      ' })).toEqual({
      missing: false,
      fieldErrors: {},
    });
  });

  it('a username with spaces around it is filled in', () => {
    expect(checkLogin({ username: ' guest ', password: 'guest1234' }).missing).toBe(false);
  });
});

describe('checkSignup', () => {
  const filled: SignupFields = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada_l',
    password: 'engine42',
    confirmPassword: 'engine42',
  };

  it('a good sign-up has nothing to say', () => {
    expect(checkSignup(filled)).toEqual({
      missing: false,
      passwordsDiffer: false,
      fieldErrors: {},
    });
    expect(checkSignup({ ...filled, username: '  ada_l ' }).fieldErrors).toEqual({});
  });

  it('an empty form: every field says what it needs, in form order', () => {
    const verdict = checkSignup({
      firstName: '',
      lastName: ' ',
      username: '',
      password: '',
      confirmPassword: '',
    });
    expect(verdict.missing).toBe(true);
    expect(Object.entries(verdict.fieldErrors)).toEqual([
      ['firstName', 'Enter your first name.'],
      ['lastName', 'Enter your last name.'],
      ['username', 'Enter your username.'],
      ['password', 'Enter your password.'],
      ['confirmPassword', 'Enter your password again.'],
    ]);
  });

  it('limits, formats and a differing confirmation, each on its field', () => {
    const verdict = checkSignup({
      firstName: 'x'.repeat(41),
      lastName: 'Lovelace',
      username: 'ada l!',
      password: '12345',
      confirmPassword: '123456',
    });
    expect(verdict).toEqual({
      missing: false,
      passwordsDiffer: true,
      fieldErrors: {
        firstName: 'First name can be at most 40 characters.',
        username: PERSON_MESSAGES.username.characters,
        password: PERSON_MESSAGES.passwordTooShort,
        confirmPassword: PERSON_MESSAGES.passwordsDiffer,
      },
    });
  });

  it('six spaces twice are a six-character password: accepted, as the server accepts it', () => {
    expect(checkSignup({ ...filled, password: '      ', confirmPassword: '      ' })).toEqual({
      missing: false,
      passwordsDiffer: false,
      fieldErrors: {},
    });
  });

  it('passwords are compared as typed: a trailing space makes them differ', () => {
    const verdict = checkSignup({ ...filled, confirmPassword: 'engine42 ' });
    expect(verdict.passwordsDiffer).toBe(true);
    expect(verdict.fieldErrors).toEqual({ confirmPassword: 'Enter the same password twice.' });
  });
});
