/** Saving one's own profile (machines/profile.ts). */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { UserResponse } from '../../../src/api/types';
import {
  profileMachine,
  selectProfileError,
  selectProfileIsSaving,
  type EditUserInput,
  type ProfileEmitted,
} from '../../../src/machines';
import {
  controlled,
  me,
  recordEmitted,
  refused,
  signedIn,
  signedOut,
  TOKEN,
  unauthorized,
} from './fixtures';

function start() {
  const editUser = controlled<UserResponse, EditUserInput>();
  const actor = createActor(profileMachine.provide({ actors: { editUser: editUser.logic } }));
  const emitted = recordEmitted<ProfileEmitted>(actor);
  actor.start();
  actor.send({ type: 'SESSION', session: signedIn() });
  return { actor, emitted, editUser };
}

describe('profile: saving', () => {
  it("sends the changes with the session's token; success hands the user on and says so", async () => {
    const { actor, emitted, editUser } = start();
    const edited = { ...me, bio: 'Edited' };
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'Edited' } });
    expect(selectProfileIsSaving(actor.getSnapshot())).toBe(true);
    expect(editUser.calls).toEqual([{ userData: { bio: 'Edited' }, token: TOKEN }]);
    await editUser.resolve({ user: edited });
    expect(selectProfileIsSaving(actor.getSnapshot())).toBe(false);
    expect(emitted).toEqual([
      { type: 'profileUpdated', user: edited },
      { type: 'notify', kind: 'success', message: 'Profile updated!' },
    ]);
  });

  it('refused: the words are kept for the dialog, said there only; a new save clears them', async () => {
    const { actor, emitted, editUser } = start();
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    await editUser.reject(refused('bio is too long'));
    expect(selectProfileError(actor.getSnapshot())).toBe('bio is too long');
    expect(emitted).toEqual([]);
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'y' } });
    expect(selectProfileError(actor.getSnapshot())).toBeNull();
  });

  it('a 401 says the session has expired; an ended session forgets a save under way', async () => {
    const { actor, emitted, editUser } = start();
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    await editUser.reject(unauthorized());
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
    expect(selectProfileError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(selectProfileIsSaving(actor.getSnapshot())).toBe(false);
  });
});
