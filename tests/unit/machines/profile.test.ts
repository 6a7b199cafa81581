/** Editing one's own profile (machines/profile.ts): the dialog, a new avatar's upload, the save. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MEDIA_MESSAGES, MEDIA_RULE } from '../../../src/api/media';
import type { UserResponse } from '../../../src/api/types';
import {
  imageUploadMachine,
  profileMachine,
  selectAvatarError,
  selectAvatarUpload,
  selectNewAvatar,
  selectProfileEditing,
  selectProfileError,
  selectProfileIsSaving,
  selectUploadCanRetry,
  selectUploadStatus,
  type EditUserInput,
  type ProfileEmitted,
} from '../../../src/machines';
import {
  controlled,
  me,
  mediaAt,
  recordEmitted,
  refused,
  signedIn,
  signedOut,
  TOKEN,
  unauthorized,
  uploads,
} from './fixtures';

const AVATAR = '/api/media/CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC-400.webp';
const OTHER = '/api/media/DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD-400.webp';

const picture = (size = 8, type = 'image/jpeg') => new Blob([new Uint8Array(size)], { type });

function start() {
  const editUser = controlled<UserResponse, EditUserInput>();
  const upload = uploads();
  const imageUpload = imageUploadMachine.provide({ actors: { uploadImage: upload.logic } });
  const actor = createActor(
    profileMachine.provide({ actors: { editUser: editUser.logic, imageUpload } }),
  );
  const emitted = recordEmitted<ProfileEmitted>(actor);
  actor.start();
  actor.send({ type: 'SESSION', session: signedIn() });
  actor.send({ type: 'OPEN' });
  const view = () => {
    const snapshot = actor.getSnapshot();
    const child = selectAvatarUpload(snapshot)?.getSnapshot();
    return {
      editing: selectProfileEditing(snapshot),
      saving: selectProfileIsSaving(snapshot),
      error: selectProfileError(snapshot),
      newAvatar: selectNewAvatar(snapshot),
      avatarError: selectAvatarError(snapshot),
      upload: child === undefined ? 'none' : selectUploadStatus(child),
      canRetry: child !== undefined && selectUploadCanRetry(child),
    };
  };
  return { actor, emitted, editUser, upload, view };
}

describe('profile: the dialog and its save', () => {
  it("sends the changes with the session's token; success hands the user on, says so, closes", async () => {
    const { actor, emitted, editUser, view } = start();
    expect(view().editing).toBe(true);
    const edited = { ...me, bio: 'Edited' };
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'Edited' } });
    expect(view().saving).toBe(true);
    expect(editUser.calls).toEqual([{ userData: { bio: 'Edited' }, token: TOKEN }]);
    await editUser.resolve({ user: edited });
    expect(view()).toMatchObject({ saving: false, editing: false });
    expect(emitted).toEqual([
      { type: 'profileUpdated', user: edited },
      { type: 'notify', kind: 'success', message: 'Profile updated!' },
    ]);
  });

  it('refused: the words stay for the dialog, said there only; a new save or closing clears them', async () => {
    const { actor, emitted, editUser, view } = start();
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    await editUser.reject(refused('bio is too long'));
    expect(view()).toMatchObject({ editing: true, saving: false, error: 'bio is too long' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'y' } });
    expect(view().error).toBeNull();
    await editUser.reject(refused('bio is too long'));
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN' });
    expect(view().error).toBeNull();
  });

  it('a 401 says the session has expired; an ended session closes and forgets a save', async () => {
    const { actor, emitted, editUser, view } = start();
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    await editUser.reject(unauthorized());
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
    expect(view().error).toBeNull();
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'x' } });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(view()).toMatchObject({ saving: false, editing: false });
  });
});

describe('profile: a new avatar', () => {
  it('shows at once, uploads as an avatar, and its link is saved with the fields', async () => {
    const { actor, editUser, upload, view } = start();
    const file = picture();
    actor.send({ type: 'PICK_AVATAR', file });
    expect(view().newAvatar).toMatch(/^blob:/);
    expect(view().upload).toBe('uploading');
    expect(upload.last().input).toEqual({ file, purpose: 'avatar', token: TOKEN });
    // Save waits for the upload.
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'New me' } });
    expect(editUser.calls).toEqual([]);
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(AVATAR, 'avatar') });
    expect(view().upload).toBe('none');
    expect(view().newAvatar).toMatch(/^blob:/); // still the file's own: no flash
    actor.send({ type: 'EDIT_PROFILE', userData: { bio: 'New me' } });
    expect(editUser.calls).toEqual([
      { userData: { bio: 'New me', profile: AVATAR }, token: TOKEN },
    ]);
    await editUser.resolve({ user: { ...me, bio: 'New me', profile: AVATAR } });
    actor.send({ type: 'OPEN' });
    expect(view().newAvatar).toBeNull();
  });

  it('refuses by type and size before sending anything, in the words the server uses', () => {
    const { actor, upload, view } = start();
    actor.send({ type: 'PICK_AVATAR', file: picture(8, 'image/svg+xml') });
    expect(view().avatarError).toBe(MEDIA_MESSAGES.notImage);
    actor.send({ type: 'PICK_AVATAR', file: picture(MEDIA_RULE.maxBytes + 1) });
    expect(view().avatarError).toBe(MEDIA_MESSAGES.tooLarge);
    expect(upload.started).toEqual([]);
    expect(view().newAvatar).toBeNull();
    // A 12-megapixel photo of 9 MB is taken (the server makes it small).
    actor.send({ type: 'PICK_AVATAR', file: picture(9 * 1024 * 1024) });
    expect(view()).toMatchObject({ avatarError: null, upload: 'uploading' });
  });

  it('a file the server refuses is dropped and said why; the avatar picked before stays', () => {
    const { actor, upload, view } = start();
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(AVATAR, 'avatar') });
    const first = view().newAvatar;
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    upload.last().report({ type: 'UPLOAD_FAILED', error: refused(MEDIA_MESSAGES.notImage) });
    expect(view()).toMatchObject({
      upload: 'none',
      newAvatar: first,
      avatarError: MEDIA_MESSAGES.notImage,
    });
  });

  it('a failed upload may be retried; cancelling keeps the avatar picked before', () => {
    const { actor, upload, view } = start();
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(AVATAR, 'avatar') });
    const first = view().newAvatar;
    const file = picture();
    actor.send({ type: 'PICK_AVATAR', file });
    upload.last().report({ type: 'UPLOAD_FAILED', error: refused('Network error.', 0) });
    expect(view()).toMatchObject({ upload: 'failed', canRetry: true });
    actor.send({ type: 'RETRY_UPLOAD' });
    expect(upload.started).toHaveLength(3);
    expect(upload.last().input.file).toBe(file);
    actor.send({ type: 'CANCEL_UPLOAD' });
    expect(upload.last().stopped).toBe(true);
    expect(view()).toMatchObject({ upload: 'none', newAvatar: first });
  });

  it('a second upload done replaces the first: its link is saved', () => {
    const { actor, editUser, upload } = start();
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(AVATAR, 'avatar') });
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(OTHER, 'avatar') });
    actor.send({ type: 'EDIT_PROFILE', userData: {} });
    expect(editUser.calls[0]?.userData).toEqual({ profile: OTHER });
    void editUser.reject(refused('nope'));
  });

  it('closing stops an upload under way; an upload refused for the session ends it', () => {
    const { actor, emitted, upload, view } = start();
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    actor.send({ type: 'CLOSE' });
    expect(upload.last().stopped).toBe(true);
    expect(view()).toMatchObject({ editing: false, newAvatar: null, upload: 'none' });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'PICK_AVATAR', file: picture() });
    upload.last().report({ type: 'UPLOAD_FAILED', error: unauthorized() });
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
    expect(view()).toMatchObject({ upload: 'none', newAvatar: null });
  });
});
