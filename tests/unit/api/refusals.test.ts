/**
 * Which field a refused login or sign-up concerns, decided once (src/api/refusals.ts): checked
 * against made-up errors and against the mock server's real answers, so a change to the server's
 * words cannot silently move a message off its field.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { AUTH_REFUSALS, formErrors, PLAIN_REFUSALS, refusalPlace } from '../../../src/api/refusals';
import { GUEST_CREDENTIALS, type SignupRequest } from '../../../src/api/types';
import { useMockApi } from '../mocks/harness';

const api = useMockApi();

/** The error the client throws for a call. */
async function thrownBy(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('The call was not refused');
}

describe('refusalPlace', () => {
  it('login: an unknown username is about Username; a wrong password about Password (and the pair)', () => {
    expect(refusalPlace('login', new ApiError(404, AUTH_REFUSALS.usernameNotRegistered))).toEqual({
      field: 'username',
      concerns: ['username'],
    });
    expect(refusalPlace('login', new ApiError(401, AUTH_REFUSALS.invalidCredentials))).toEqual({
      field: 'password',
      concerns: ['username', 'password'],
    });
  });

  it('sign-up: a taken username is about Username', () => {
    expect(refusalPlace('signup', new ApiError(422, AUTH_REFUSALS.usernameTaken))).toEqual({
      field: 'username',
      concerns: ['username'],
    });
  });

  it('a 400 is about the field it names, when the form has that field', () => {
    expect(
      refusalPlace('signup', new ApiError(400, 'password must be at least 6 characters')),
    ).toEqual({ field: 'password', concerns: ['password'] });
    expect(refusalPlace('login', new ApiError(400, 'username is required'))).toEqual({
      field: 'username',
      concerns: ['username'],
    });
    expect(refusalPlace('signup', new ApiError(400, 'bio must be at most 160 characters'))).toBe(
      null,
    );
    expect(refusalPlace('login', new ApiError(400, 'firstName must not be empty'))).toBeNull();
  });

  it('anything else concerns the whole form', () => {
    // The right words with another status, or in the other form, are not that refusal.
    expect(refusalPlace('login', new ApiError(422, AUTH_REFUSALS.usernameTaken))).toBeNull();
    expect(refusalPlace('signup', new ApiError(401, AUTH_REFUSALS.invalidCredentials))).toBeNull();
    expect(refusalPlace('login', new ApiError(500, 'password exploded'))).toBeNull();
    expect(refusalPlace('login', new Error('Failed to fetch'))).toBeNull();
    expect(refusalPlace('login', 'nope')).toBeNull();
  });
});

describe('refusalPlace on the mock server’s own answers', () => {
  const newcomer: SignupRequest = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada_l',
    password: 'engine42',
  };

  it('places every refusal of a login', async () => {
    const place = async (username: string, password: string) =>
      refusalPlace('login', await thrownBy(() => api.client.login({ username, password })));
    expect((await place('nobody', 'whatever'))?.field).toBe('username');
    expect((await place('guest', 'guest12345'))?.field).toBe('password');
    // Six spaces are a password like any other: wrong, so the password is what is wrong.
    expect((await place(' guest ', '      '))?.field).toBe('password');
  });

  it('places every refusal of a sign-up', async () => {
    const place = async (change: Partial<SignupRequest>) =>
      refusalPlace('signup', await thrownBy(() => api.client.signup({ ...newcomer, ...change })));
    expect(await place({ username: GUEST_CREDENTIALS.username })).toEqual({
      field: 'username',
      concerns: ['username'],
    });
    expect((await place({ username: '  GUEST ' }))?.field).toBe('username');
    expect((await place({ username: 'ab' }))?.field).toBe('username');
    expect((await place({ password: '12345' }))?.field).toBe('password');
    expect((await place({ lastName: 'x'.repeat(41) }))?.field).toBe('lastName');
  });

  it('formErrors: the verdict on each field, the refusal on its field or as the form message', () => {
    const invalid = PLAIN_REFUSALS.invalidCredentials;
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
