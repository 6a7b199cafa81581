import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PERSON_MESSAGES } from '../../../src/api/rules';
import type { MessageResponse } from '../../../src/api/types';
import {
  changePasswordErrors,
  changePasswordMachine,
  placeChangePasswordRefusal,
  selectChangePasswordOpen,
  selectChangePasswordRefusal,
  selectChangingPassword,
  WRONG_CURRENT_PASSWORD,
  type ChangePasswordEmitted,
  type ChangePasswordInput,
} from '../../../src/machines';
import {
  controlled,
  recordEmitted,
  refused,
  signedIn,
  signedOut,
  TOKEN,
  unauthorized,
} from './fixtures';

const DONE = 'Password changed. Every other session was logged out.';
const fields = {
  currentPassword: 'guest1234',
  newPassword: 'new-secret',
  confirmPassword: 'new-secret',
};

function start() {
  const call = controlled<MessageResponse, ChangePasswordInput>();
  const actor = createActor(
    changePasswordMachine.provide({ actors: { changePassword: call.logic } }),
    {
      input: { session: signedIn() },
    },
  );
  const emitted = recordEmitted<ChangePasswordEmitted>(actor);
  actor.start();
  const view = () => {
    const snapshot = actor.getSnapshot();
    return {
      open: selectChangePasswordOpen(snapshot),
      submitting: selectChangingPassword(snapshot),
      refusal: selectChangePasswordRefusal(snapshot),
    };
  };
  return { actor, call, emitted, view };
}

describe('changePasswordErrors: the password rule, in a person’s words', () => {
  it('finds nothing wrong with a current password and a new one typed twice', () => {
    expect(changePasswordErrors(fields)).toEqual({});
  });

  it('asks for every field left empty', () => {
    expect(
      changePasswordErrors({ currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({
      currentPassword: PERSON_MESSAGES.required.password,
      newPassword: PERSON_MESSAGES.passwordTooShort,
      confirmPassword: PERSON_MESSAGES.required.confirmPassword,
    });
  });

  it('judges the new password by the sign-up rule: 6 to 128 characters, taken as typed', () => {
    const judge = (newPassword: string) =>
      changePasswordErrors({ ...fields, newPassword, confirmPassword: newPassword }).newPassword;
    expect(judge('12345')).toBe(PERSON_MESSAGES.passwordTooShort);
    expect(judge('123456')).toBeUndefined();
    expect(judge('      ')).toBeUndefined(); // six spaces are six characters
    expect(judge('x'.repeat(128))).toBeUndefined();
    expect(judge('x'.repeat(129))).toBe(PERSON_MESSAGES.passwordTooLong);
    expect(judge('👍'.repeat(128))).toBeUndefined(); // an emoji is one character
  });

  it('never judges the current password by today’s length rule', () => {
    expect(changePasswordErrors({ ...fields, currentPassword: 'abc' })).toEqual({});
  });

  it('wants the confirmation to be the new password exactly', () => {
    expect(changePasswordErrors({ ...fields, confirmPassword: 'new-secret ' })).toEqual({
      confirmPassword: PERSON_MESSAGES.passwordsDiffer,
    });
  });
});

describe('placeChangePasswordRefusal: where the server’s words belong', () => {
  it.each([
    [refused(WRONG_CURRENT_PASSWORD), 'currentPassword'],
    [refused('currentPassword is required'), 'currentPassword'],
    [refused('newPassword must be at least 6 characters'), 'newPassword'],
    [refused('newPassword must be at most 128 characters'), 'newPassword'],
    [refused('The request body is not valid JSON'), null],
    [refused(WRONG_CURRENT_PASSWORD, 500), null],
    [new TypeError('Failed to fetch'), null],
  ])('%s → %s', (error, field) => {
    expect(placeChangePasswordRefusal(error)).toEqual({ message: error.message, field });
  });
});

describe('changePasswordMachine', () => {
  it('opens, sends the current and new password with the token, closes and tells the server’s words', async () => {
    const { actor, call, emitted, view } = start();
    expect(view()).toEqual({ open: false, submitting: false, refusal: null });
    actor.send({ type: 'OPEN' });
    expect(view().open).toBe(true);
    actor.send({ type: 'SUBMIT', ...fields });
    expect(view()).toEqual({ open: true, submitting: true, refusal: null });
    expect(call.calls).toEqual([
      { currentPassword: 'guest1234', newPassword: 'new-secret', token: TOKEN },
    ]);
    await call.resolve({ message: DONE });
    expect(view()).toEqual({ open: false, submitting: false, refusal: null });
    expect(emitted).toEqual([{ type: 'notify', kind: 'success', message: DONE }]);
  });

  it('sends nothing that the rule refuses, nothing while closed, nothing twice', () => {
    const { actor, call } = start();
    actor.send({ type: 'SUBMIT', ...fields }); // closed
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields, confirmPassword: 'something else' });
    actor.send({ type: 'SUBMIT', ...fields, newPassword: '123', confirmPassword: '123' });
    actor.send({ type: 'SUBMIT', ...fields, currentPassword: '' });
    expect(call.calls).toEqual([]);
    actor.send({ type: 'SUBMIT', ...fields });
    actor.send({ type: 'SUBMIT', ...fields });
    expect(call.calls).toHaveLength(1);
  });

  it('a wrong current password is placed under that field, with no toast, until the field changes', async () => {
    const { actor, call, emitted, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    await call.reject(refused(WRONG_CURRENT_PASSWORD));
    expect(view()).toEqual({
      open: true,
      submitting: false,
      refusal: { message: WRONG_CURRENT_PASSWORD, field: 'currentPassword' },
    });
    expect(emitted).toEqual([]);
    // Another field changing leaves it: it is still what the server said of that password.
    actor.send({ type: 'FIELD_CHANGED', field: 'newPassword' });
    expect(view().refusal?.field).toBe('currentPassword');
    actor.send({ type: 'FIELD_CHANGED', field: 'currentPassword' });
    expect(view().refusal).toBeNull();
  });

  it('a failure that concerns no field shows above the fields and goes with any change', async () => {
    const { actor, call, emitted, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    await call.reject(new TypeError('Failed to fetch'));
    expect(view().refusal).toEqual({ message: 'Failed to fetch', field: null });
    expect(emitted).toEqual([]);
    actor.send({ type: 'FIELD_CHANGED', field: 'confirmPassword' });
    expect(view().refusal).toBeNull();
  });

  it('each opening starts without the last refusal', async () => {
    const { actor, call, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    await call.reject(refused(WRONG_CURRENT_PASSWORD));
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN' });
    expect(view()).toEqual({ open: true, submitting: false, refusal: null });
  });

  it('closing while the server decides lets the call go on; its answer is still told', async () => {
    const { actor, call, emitted, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    actor.send({ type: 'CLOSE' });
    expect(view()).toEqual({ open: false, submitting: true, refusal: null });
    await call.resolve({ message: DONE });
    expect(view()).toEqual({ open: false, submitting: false, refusal: null });
    expect(emitted).toEqual([{ type: 'notify', kind: 'success', message: DONE }]);
  });

  it('a refusal after the dialog was closed is a toast, since no form shows it', async () => {
    const { actor, call, emitted, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    actor.send({ type: 'CLOSE' });
    await call.reject(refused(WRONG_CURRENT_PASSWORD));
    expect(view().refusal).toBeNull();
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message: WRONG_CURRENT_PASSWORD }]);
  });

  it('a 401 says the session has expired (auth logs out); nothing is placed', async () => {
    const { actor, call, emitted, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    await call.reject(unauthorized());
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
    expect(view().refusal).toBeNull();
  });

  it('a session that ends closes the dialog and forgets the call; signed out, it does not open', async () => {
    const { actor, call, emitted, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', ...fields });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(view()).toEqual({ open: false, submitting: false, refusal: null });
    await call.resolve({ message: DONE });
    expect(emitted).toEqual([]);
    actor.send({ type: 'OPEN' });
    expect(view().open).toBe(false);
  });

  it('a new version of the same session keeps the dialog as it is', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SESSION', session: signedIn() });
    expect(view().open).toBe(true);
  });
});
