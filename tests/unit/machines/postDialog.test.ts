import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { MEDIA_MESSAGES, MEDIA_RULE } from '../../../src/api/media';
import { TEXT_RULES } from '../../../src/api/rules';
import type { PostResponse } from '../../../src/api/types';
import type { Session } from '../../../src/machines';
import {
  canSubmitPost,
  NOTICES,
  postDialogMachine,
  selectDialogAltVerdict,
  selectDialogCanDiscard,
  selectDialogCanSubmit,
  selectDialogError,
  selectDialogImage,
  selectDialogImageAlt,
  selectDialogImageError,
  selectDialogUpload,
  imageUploadMachine,
  selectUploadCanRetry,
  selectUploadError,
  selectUploadProgress,
  selectUploadStatus,
  selectDialogIsOpen,
  selectDialogIsSubmitting,
  selectDialogStatus,
  selectDialogText,
  selectDialogVerdict,
  type PostDialogEmitted,
  type SavePostInput,
  type UploadEvent,
  type UploadImageInput,
} from '../../../src/machines';
import {
  alice,
  controlled,
  failing,
  makePost,
  me,
  mediaAt,
  memoryStorage,
  recordEmitted,
  refused,
  settle,
  signedIn,
  signedOut,
  summary,
  TOKEN,
  unauthorized,
  uploads,
} from './fixtures';

type Actors = Parameters<typeof postDialogMachine.provide>[0]['actors'];
type Storage = ReturnType<typeof memoryStorage>;

interface StartOptions {
  storage?: Storage | null;
  session?: Session;
}

/** The media an upload answers: its link is what the post will carry. */
/** A picked image file; `instantUpload` answers it with `link`. */
const uploadedAs = new WeakMap<Blob, string>();
function imageFile(link: string, size = 8, type = 'image/png'): Blob {
  const file = new Blob([new Uint8Array(size)], { type });
  uploadedAs.set(file, link);
  return file;
}

/** An upload that is done as soon as it starts: the machine's path when the network is quick. */
const instantUpload = fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
  const url = uploadedAs.get(input.file) ?? LINK;
  sendBack({ type: 'UPLOAD_DONE', media: mediaAt(url) } satisfies UploadEvent);
});

type UploadLogic = Parameters<typeof imageUploadMachine.provide>[0]['actors'];

/** The dialog with its effects: `uploadImage` goes to its upload child (at once by default). */
function start(
  { uploadImage = instantUpload, ...actors }: NonNullable<Actors> & UploadLogic = {},
  options: StartOptions = {},
) {
  const storage = options.storage === undefined ? memoryStorage() : options.storage;
  const imageUpload = imageUploadMachine.provide({ actors: { uploadImage } });
  const actor = createActor(postDialogMachine.provide({ actors: { ...actors, imageUpload } }), {
    input: { session: options.session ?? signedIn(), storage },
  });
  const emitted = recordEmitted<PostDialogEmitted>(actor);
  actor.start();
  const view = () => {
    const snapshot = actor.getSnapshot();
    return {
      status: selectDialogStatus(snapshot),
      submitting: selectDialogIsSubmitting(snapshot),
      text: selectDialogText(snapshot),
      /** The image the post will carry (the dialog shows a picked one's own preview). */
      image: snapshot.context.imgContent,
      alt: selectDialogImageAlt(snapshot),
      error: selectDialogError(snapshot),
    };
  };
  return { actor, emitted, view, storage };
}

type Started = ReturnType<typeof start>['actor'];

/** The picked image's upload as the dialog's container reads it, from the upload child. */
function uploadOf(actor: Started) {
  const upload = selectDialogUpload(actor.getSnapshot())?.getSnapshot();
  return {
    status: upload === undefined ? 'none' : selectUploadStatus(upload),
    progress: upload === undefined ? null : selectUploadProgress(upload),
    canRetry: upload !== undefined && selectUploadCanRetry(upload),
    error:
      selectDialogImageError(actor.getSnapshot()) ??
      (upload === undefined ? null : selectUploadError(upload)),
  };
}

/** Picks an image that uploads as `link` (at once, unless the test drives `uploadImage`). */
const attach = (actor: Started, link: string) =>
  actor.send({ type: 'PICK_IMAGE', file: imageFile(link) });

/** A fake `savePost` whose calls the test answers. */
const saving = () => controlled<PostResponse, SavePostInput>();

/** An uploaded image's link, as the post carries it. */
const IMAGE = '/api/media/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp';
const LINK = '/api/media/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.webp';
const MAX = TEXT_RULES.postContent.max;
const mine = makePost('p1', summary(me), { content: 'Mine', imgContent: IMAGE });
const other = makePost('p2', summary(me), { content: 'Other' });
/** The server's answer to a save: the one post created or edited, as it now stands. */
const created = makePost('p9', summary(me), { content: 'Hello world', imgContent: IMAGE });
const edited: typeof mine = {
  ...mine,
  content: 'Mine, better',
  editedAt: '2026-01-03T00:00:00+00:00',
};
const saved = { post: created };

describe('postDialog: opening and closing', () => {
  it('starts closed; OPEN_CREATE opens empty in create mode; CLOSE keeps the draft', () => {
    const { actor, view } = start();
    expect(view().status).toBe('closed');
    expect(selectDialogIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ status: 'create', submitting: false, text: '', image: null });
    actor.send({ type: 'CHANGE_TEXT', text: 'Draft' });
    actor.send({ type: 'OPEN_CREATE' }); // already creating: keeps the draft
    expect(view().text).toBe('Draft');
    actor.send({ type: 'CLOSE' });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ status: 'create', text: 'Draft' });
  });

  it('OPEN_EDIT loads the post text and image', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(view()).toMatchObject({ status: 'edit', text: 'Mine', image: IMAGE });
  });

  it('the text resets when the edit target changes, not when it stays', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine, edited' });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(view().text).toBe('Mine, edited');
    actor.send({ type: 'OPEN_EDIT', post: other });
    expect(view()).toMatchObject({ status: 'edit', text: 'Other', image: null });
  });

  it('OPEN_CREATE from edit mode switches to an empty create (no draft of a new post)', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ status: 'create', text: '', image: null });
  });

  it('typing and images mean nothing while closed', () => {
    const { actor, view } = start();
    actor.send({ type: 'CHANGE_TEXT', text: 'x' });
    attach(actor, IMAGE);
    actor.send({ type: 'SUBMIT' });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null });
  });

  it("a session that ends closes the dialog (the draft stays the user's); a refreshed one keeps it open", () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Draft' });
    actor.send({ type: 'SESSION', session: { ...signedIn(), user: { ...me, bio: 'New bio' } } });
    expect(view()).toMatchObject({ status: 'create', text: 'Draft' });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(view()).toMatchObject({ status: 'closed', text: '' });
    actor.send({ type: 'SESSION', session: signedIn() });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('Draft');
  });
});

describe('postDialog: images', () => {
  it('a picked image shows at once, uploads with its progress, and its link is the image', () => {
    const upload = uploads();
    const { actor, emitted, view, storage } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Sunrise' });
    const file = imageFile(LINK);
    actor.send({ type: 'PICK_IMAGE', file });
    const snapshot = () => actor.getSnapshot();
    expect(selectDialogImage(snapshot())).toMatch(/^blob:/); // the file's own preview
    expect(uploadOf(actor).status).toBe('uploading');
    expect(uploadOf(actor).progress).toBeNull();
    expect(upload.last().input).toEqual({ file, purpose: 'post', token: TOKEN });
    // Nothing is sent while the image is on its way.
    expect(selectDialogCanSubmit(snapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(view().submitting).toBe(false);

    upload.last().report({ type: 'UPLOAD_PROGRESS', sent: 300, total: 1200 });
    expect(uploadOf(actor).progress).toBe(0.25);
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(LINK) });
    expect(uploadOf(actor).status).toBe('none');
    expect(view().image).toBe(LINK);
    expect(selectDialogImage(snapshot())).toMatch(/^blob:/); // still the file's, no flash
    expect(selectDialogCanSubmit(snapshot())).toBe(true);
    // The draft keeps the link, not the bytes.
    expect([...(storage?.data.values() ?? [])].join()).toContain(LINK);
    actor.send({ type: 'REMOVE_IMAGE' });
    expect(view().image).toBeNull();
    expect(selectDialogImage(snapshot())).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('refuses by its type and size before sending anything, in the words the server uses', () => {
    const upload = uploads();
    const { actor, view } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK, 8, 'application/pdf') });
    expect(uploadOf(actor).error).toBe(MEDIA_MESSAGES.notImage);
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK, 8, 'image/svg+xml') });
    expect(uploadOf(actor).error).toBe(MEDIA_MESSAGES.notImage);
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK, MEDIA_RULE.maxBytes + 1) });
    expect(uploadOf(actor).error).toBe(MEDIA_MESSAGES.tooLarge);
    expect(upload.started).toEqual([]);
    expect(view().image).toBeNull();
    // Exactly at the limit is sent; the next pick clears the message.
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK, MEDIA_RULE.maxBytes) });
    expect(upload.started).toHaveLength(1);
    expect(uploadOf(actor).error).toBeNull();
  });

  it('a failed upload says why; a retry sends the same file when that can help', () => {
    const upload = uploads();
    const { actor, view } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_CREATE' });
    const file = imageFile(LINK);
    actor.send({ type: 'PICK_IMAGE', file });
    upload.last().report({ type: 'UPLOAD_FAILED', error: refused('Network error.', 0) });
    const snapshot = () => actor.getSnapshot();
    expect(uploadOf(actor).status).toBe('failed');
    expect(uploadOf(actor).error).toBe('Network error.');
    expect(uploadOf(actor).canRetry).toBe(true);
    expect(selectDialogCanSubmit(snapshot())).toBe(false);

    actor.send({ type: 'RETRY_UPLOAD' });
    expect(uploadOf(actor).status).toBe('uploading');
    expect(uploadOf(actor).error).toBeNull();
    expect(upload.started).toHaveLength(2);
    expect(upload.last().input.file).toBe(file);

    // The server read the bytes and refused them: the same file would be refused again, so it
    // goes (no preview of a file that is not a picture), and the server's words are said beside
    // the picker, as for a file refused before sending.
    upload.last().report({ type: 'UPLOAD_FAILED', error: refused(MEDIA_MESSAGES.unreadable) });
    expect(uploadOf(actor).status).toBe('none');
    expect(selectDialogImageError(snapshot())).toBe(MEDIA_MESSAGES.unreadable);
    expect(view().image).toBeNull();
    actor.send({ type: 'RETRY_UPLOAD' });
    expect(upload.started).toHaveLength(2);
    // A new pick clears it.
    actor.send({ type: 'PICK_IMAGE', file });
    expect(selectDialogImageError(snapshot())).toBeNull();
  });

  it('a file the server refuses leaves the image there was before', () => {
    const upload = uploads();
    const { actor, view } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK) });
    upload.last().report({ type: 'UPLOAD_FAILED', error: refused(MEDIA_MESSAGES.notImage) });
    expect(view().image).toBe(IMAGE);
    expect(selectDialogImageError(actor.getSnapshot())).toBe(MEDIA_MESSAGES.notImage);
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false); // nothing changed yet
  });

  it('cancelling stops the upload and keeps the image there was before', () => {
    const upload = uploads();
    const { actor, view } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK) });
    const first = upload.last();
    // A second pick replaces the first upload.
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK) });
    expect(first.stopped).toBe(true);
    expect(upload.started).toHaveLength(2);
    actor.send({ type: 'CANCEL_UPLOAD' });
    expect(upload.last().stopped).toBe(true);
    expect(view().image).toBe(IMAGE);
    expect(selectDialogImage(actor.getSnapshot())).toBe(IMAGE);
    // A report from a stopped upload changes nothing.
    upload.last().report({ type: 'UPLOAD_DONE', media: mediaAt(LINK) });
    expect(view().image).toBe(IMAGE);
  });

  it('closing while it uploads stops it and says the draft is kept without it', () => {
    const upload = uploads();
    const { actor, emitted, view } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Look at this' });
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK) });
    actor.send({ type: 'CLOSE' });
    expect(upload.last().stopped).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', kind: 'warning', message: NOTICES.uploadNotKept }]);
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ text: 'Look at this', image: null });
    expect(uploadOf(actor).status).toBe('none');
  });

  it('an upload refused for the session ends it (sessionExpired)', () => {
    const upload = uploads();
    const { actor, emitted } = start({ uploadImage: upload.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'PICK_IMAGE', file: imageFile(LINK) });
    upload.last().report({ type: 'UPLOAD_FAILED', error: unauthorized() });
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
    expect(uploadOf(actor).status).toBe('none');
    expect(selectDialogImage(actor.getSnapshot())).toBeNull();
  });

  it("the uploaded image's link is sent with the post", async () => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Big picture' });
    attach(actor, LINK);
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual({ content: 'Big picture', imgContent: LINK });
    await savePost.resolve(saved);
  });
});

describe('postDialog: submit rules', () => {
  it.each([
    ['empty', '', false],
    ['one space', ' ', false],
    ['only whitespace', ' \n\t ', false],
    ['one character', 'a', true],
    ['the limit after trimming', `  ${'a'.repeat(MAX)}  `, true],
    ['over the limit', 'a'.repeat(MAX + 1), false],
    ['500 emoji', '👍'.repeat(500), true],
    ['501 emoji', '👍'.repeat(501), false],
  ])('%s: canSubmitPost is %s', (_, text, expected) => {
    expect(canSubmitPost(text)).toBe(expected);
  });

  it('the verdict counts characters as a person sees them, after trimming', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: '  ab  ' });
    expect(selectDialogVerdict(actor.getSnapshot())).toEqual({
      length: 2,
      max: MAX,
      problem: null,
    });
    actor.send({ type: 'CHANGE_TEXT', text: '👍'.repeat(MAX + 3) });
    expect(selectDialogVerdict(actor.getSnapshot())).toEqual({
      length: MAX + 3,
      max: MAX,
      problem: 'tooLong',
    });
    actor.send({ type: 'CHANGE_TEXT', text: '   ' });
    expect(selectDialogVerdict(actor.getSnapshot()).problem).toBe('empty');
  });

  it('a post of 500 emoji can be submitted', async () => {
    const savePost = saving();
    const { actor, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: '👍'.repeat(500) });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(view().submitting).toBe(true);
    expect(savePost.calls).toEqual([
      { postId: null, postData: { content: '👍'.repeat(500) }, token: TOKEN },
    ]);
    await savePost.resolve(saved);
  });

  it('a post of 501 emoji cannot: canSubmit is false and SUBMIT is ignored', () => {
    const savePost = saving();
    const { actor, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: '👍'.repeat(501) });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(view().submitting).toBe(false);
    expect(savePost.calls).toEqual([]);
  });

  it.each(['create', 'edit'] as const)('blank or too long text is not sent in %s mode', (mode) => {
    const savePost = saving();
    const { actor, view } = start({ savePost: savePost.logic });
    actor.send(mode === 'create' ? { type: 'OPEN_CREATE' } : { type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: '   ' });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE_TEXT', text: 'a'.repeat(MAX + 1) });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls).toEqual([]);
    expect(view().submitting).toBe(false);
  });

  it('canSubmit is false while closed', () => {
    const { actor } = start();
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
  });
});

describe('postDialog: create', () => {
  it('sends the trimmed text and image, then hands on the created post (postSaved), notifies, closes, clears', async () => {
    const savePost = saving();
    const { actor, emitted, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: '  Hello world \n' });
    attach(actor, IMAGE);
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(view()).toMatchObject({ status: 'create', submitting: true });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
    expect(savePost.calls).toEqual([
      { postId: null, postData: { content: 'Hello world', imgContent: IMAGE }, token: TOKEN },
    ]);

    // While submitting: no second submit, no typing, no closing.
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE_TEXT', text: 'changed' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(savePost.calls).toHaveLength(1);
    expect(view()).toMatchObject({ status: 'create', submitting: true, text: '  Hello world \n' });

    await savePost.resolve({ post: created });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null, error: null });
    expect(emitted).toEqual([
      { type: 'postSaved', post: created, created: true },
      { type: 'notify', kind: 'success', message: 'Post created!' },
    ]);
  });

  it('sends no imgContent when there is no image', async () => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Text only' });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls).toEqual([
      { postId: null, postData: { content: 'Text only' }, token: TOKEN },
    ]);
    await savePost.resolve(saved);
  });

  it('failure keeps it open with the text intact and the error shown', async () => {
    const message = 'Field "content" must be at most 500 characters.';
    const savePost = saving();
    const { actor, emitted, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Keep me' });
    actor.send({ type: 'SUBMIT' });
    await savePost.reject(refused(message));
    expect(view()).toMatchObject({
      status: 'create',
      submitting: false,
      text: 'Keep me',
      error: message,
    });
    // Said in the dialog, once: no toast repeats it.
    expect(emitted).toEqual([]);

    // Trying again clears nothing until it succeeds; success clears the error.
    actor.send({ type: 'SUBMIT' });
    await savePost.resolve(saved);
    expect(view().error).toBeNull();
  });

  it('a 401 keeps the text and emits sessionExpired', async () => {
    const savePost = failing<PostResponse, SavePostInput>(unauthorized());
    const { actor, emitted, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Keep me' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(view()).toMatchObject({
      status: 'create',
      submitting: false,
      text: 'Keep me',
      error: null,
    });
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });
});

describe('postDialog: edit', () => {
  it('sends the post id and trimmed text; hands on the edited post (postSaved, not created), notifies, closes, clears', async () => {
    const savePost = saving();
    const { actor, emitted, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: ' Mine, better ' });
    actor.send({ type: 'SUBMIT' });
    expect(view()).toMatchObject({ status: 'edit', submitting: true });
    expect(savePost.calls).toEqual([
      // The image did not change: it is not re-sent (the server leaves it alone).
      { postId: 'p1', postData: { content: 'Mine, better' }, token: TOKEN },
    ]);
    await savePost.resolve({ post: edited });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null });
    expect(emitted).toEqual([
      { type: 'postSaved', post: edited, created: false },
      { type: 'notify', kind: 'success', message: 'Post edited!' },
    ]);
  });

  it.each([
    ['a new image is sent', { type: 'PICK_IMAGE', file: imageFile(LINK) }, LINK],
    ['a removed image is sent as empty', { type: 'REMOVE_IMAGE' }, ''],
  ] as const)('%s', async (_, change, sent) => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send(change);
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual({ content: 'Mine', imgContent: sent });
    await savePost.resolve(saved);
  });

  it('a post without an image, still without one, sends no image', async () => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post: other });
    actor.send({ type: 'CHANGE_TEXT', text: 'Other, again' });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]).toEqual({
      postId: 'p2',
      postData: { content: 'Other, again' },
      token: TOKEN,
    });
    await savePost.resolve(saved);
  });

  it('Save stays disabled until the text, the image or the alt text changed', () => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    const canSubmit = () => selectDialogCanSubmit(actor.getSnapshot());
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls).toEqual([]);
    actor.send({ type: 'CHANGE_TEXT', text: ' Mine  ' }); // the same text once trimmed
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine!' });
    expect(canSubmit()).toBe(true);
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine' });
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: 'A tiny picture' });
    expect(canSubmit()).toBe(true);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: '' });
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'REMOVE_IMAGE' });
    expect(canSubmit()).toBe(true);
    attach(actor, IMAGE); // the same image again
    expect(canSubmit()).toBe(false);
  });

  it('failure keeps the dialog open in edit mode with the text and the error', async () => {
    const message = "Cannot edit a Post doesn't belong to the logged in User.";
    const savePost = saving();
    const { actor, emitted, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: 'Edited' });
    actor.send({ type: 'SUBMIT' });
    await savePost.reject(refused(message));
    expect(view()).toMatchObject({
      status: 'edit',
      submitting: false,
      text: 'Edited',
      error: message,
    });
    // Said in the dialog, once: no toast repeats it.
    expect(emitted).toEqual([]);
  });

  it('a missing effect fails loudly, in the dialog', async () => {
    const { actor, emitted, view } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine, changed' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(emitted).toEqual([]);
    expect(view().error).toBe('The "savePost" actor was not provided.');
  });

  it('without input the dialog sends an empty token (the server answers 401)', async () => {
    const savePost = saving();
    const actor = createActor(postDialogMachine.provide({ actors: { savePost: savePost.logic } }), {
      input: {},
    }).start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'x' });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.token).toBe('');
    await savePost.resolve(saved);
  });
});

describe('postDialog: alt text', () => {
  const ALT = 'A tiny test picture';

  it('CHANGE_IMAGE_ALT sets it; removing the image clears it; its verdict has a message when over', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_CREATE' });
    attach(actor, IMAGE);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: ALT });
    expect(view()).toMatchObject({ image: IMAGE, alt: ALT });
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: '👨‍👩‍👧‍👦'.repeat(1001) });
    expect(selectDialogAltVerdict(actor.getSnapshot())).toEqual({
      length: 1001,
      max: 1000,
      problem: 'tooLong',
      message: 'Image description can be at most 1000 characters.',
    });
    actor.send({ type: 'CHANGE_TEXT', text: 'With a picture' });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: '👨‍👩‍👧‍👦'.repeat(1000) });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'REMOVE_IMAGE' });
    expect(view()).toMatchObject({ image: null, alt: '' });
  });

  it('create: sends the trimmed alt text with the image, none when blank', async () => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Look' });
    attach(actor, IMAGE);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: `  ${ALT} ` });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual({
      content: 'Look',
      imgContent: IMAGE,
      imgAlt: ALT,
    });
    await savePost.resolve(saved);

    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Look again' });
    attach(actor, IMAGE);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[1]?.postData).toEqual({ content: 'Look again', imgContent: IMAGE });
    await savePost.resolve(saved);
  });

  it.each([
    ['only the alt text changed: it alone', { alt: ALT }, { content: 'Mine', imgAlt: ALT }],
    [
      'the alt text removed: as empty',
      { alt: '', from: 'Old alt' },
      { content: 'Mine', imgAlt: '' },
    ],
    [
      'a new image with alt text: both',
      { image: LINK, alt: ALT },
      { content: 'Mine', imgContent: LINK, imgAlt: ALT },
    ],
    [
      'a new image without: the image alone (the old alt text goes)',
      { image: LINK, alt: '', from: 'Old alt' },
      { content: 'Mine', imgContent: LINK },
    ],
  ] as const)('edit: %s', async (_, change, sent) => {
    const post = 'from' in change ? { ...mine, imgAlt: change.from } : mine;
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post });
    if ('image' in change) attach(actor, change.image);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: change.alt });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual(sent);
    await savePost.resolve(saved);
  });

  it('edit: opens with the post’s alt text', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_EDIT', post: { ...mine, imgAlt: ALT } });
    expect(view()).toMatchObject({ text: 'Mine', image: IMAGE, alt: ALT });
  });
});

/** What storage holds under the draft keys, parsed (image keys as they are). */
function storedDrafts(storage: Storage | null): Record<string, unknown> {
  if (storage === null) throw new Error('This test needs a storage');
  return Object.fromEntries(
    [...storage.data.entries()]
      .filter(([key]) => key.startsWith('murmur.draft.'))
      .map(([key, value]) => [
        key,
        key.endsWith('.image') ? value : (JSON.parse(value) as unknown),
      ]),
  );
}

const NEW_KEY = `murmur.draft.${me._id}.new`;
const editKey = (postId: string) => `murmur.draft.${me._id}.edit.${postId}`;

describe('postDialog: drafts', () => {
  it('every change is kept at once under the user; a blank draft is no draft', () => {
    const { actor, storage } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Half a thought' });
    expect(storedDrafts(storage)).toEqual({
      [NEW_KEY]: { text: 'Half a thought', imgAlt: '', image: 'none' },
    });
    attach(actor, IMAGE);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: 'A dot' });
    expect(storedDrafts(storage)).toEqual({
      [NEW_KEY]: { text: 'Half a thought', imgAlt: 'A dot', image: 'attached' },
      [`${NEW_KEY}.image`]: IMAGE,
    });
    actor.send({ type: 'REMOVE_IMAGE' });
    actor.send({ type: 'CHANGE_TEXT', text: '   ' });
    expect(storedDrafts(storage)).toEqual({});
    expect(selectDialogCanDiscard(actor.getSnapshot())).toBe(false);
  });

  it('every way of closing keeps it: CLOSE, and a session that ends; reopening restores it all', () => {
    const { actor, view, emitted } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Keep me' });
    attach(actor, IMAGE);
    actor.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: 'A dot' });
    expect(selectDialogCanDiscard(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ text: 'Keep me', image: IMAGE, alt: 'A dot' });
    actor.send({ type: 'SESSION', session: signedOut() });
    actor.send({ type: 'SESSION', session: signedIn() });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ text: 'Keep me', image: IMAGE, alt: 'A dot' });
    expect(emitted).toEqual([]); // stored in full: nothing to warn about
  });

  it('survives a reload: a new dialog on the same storage restores it', () => {
    const first = start();
    first.actor.send({ type: 'OPEN_CREATE' });
    first.actor.send({ type: 'CHANGE_TEXT', text: 'Before the reload' });
    attach(first.actor, IMAGE);
    first.actor.stop();
    const second = start({}, { storage: first.storage });
    second.actor.send({ type: 'OPEN_CREATE' });
    expect(second.view()).toMatchObject({ text: 'Before the reload', image: IMAGE });
  });

  it('is per user: another person on the same browser sees none of it', () => {
    const storage = memoryStorage();
    const mine = start({}, { storage });
    mine.actor.send({ type: 'OPEN_CREATE' });
    mine.actor.send({ type: 'CHANGE_TEXT', text: 'My secret draft' });
    mine.actor.send({ type: 'SESSION', session: signedOut() });
    mine.actor.send({ type: 'SESSION', session: { user: alice, token: 'token-of-alice' } });
    mine.actor.send({ type: 'OPEN_CREATE' });
    expect(mine.view().text).toBe('');
    mine.actor.send({ type: 'CLOSE' });
    // After a reload, too.
    const hers = start({}, { storage, session: { user: alice, token: 'token-of-alice' } });
    hers.actor.send({ type: 'OPEN_CREATE' });
    expect(hers.view().text).toBe('');
  });

  it('DISCARD throws it away and closes', () => {
    const { actor, view, storage } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Never mind' });
    attach(actor, IMAGE);
    actor.send({ type: 'DISCARD' });
    expect(view().status).toBe('closed');
    expect(storedDrafts(storage)).toEqual({});
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ text: '', image: null });
  });

  it('a failed submit keeps the draft; a successful one removes it', async () => {
    const savePost = saving();
    const { actor, view, storage } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Try me' });
    actor.send({ type: 'SUBMIT' });
    await savePost.reject(refused('Something broke', 500));
    expect(view()).toMatchObject({ status: 'create', text: 'Try me' });
    expect(storedDrafts(storage)).toHaveProperty([NEW_KEY]);
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT' });
    await savePost.resolve(saved);
    expect(storedDrafts(storage)).toEqual({});
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('');
  });

  it('a 401 on submit keeps the draft for when the person logs in again', async () => {
    const savePost = failing<PostResponse, SavePostInput>(unauthorized());
    const { actor, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Worth keeping' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'SESSION', session: signedOut() }); // auth ends the expired session
    actor.send({ type: 'SESSION', session: { ...signedIn(), token: 'a-new-token' } });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('Worth keeping');
  });

  it('edit: one draft per post, apart from the new post’s; the unchanged image is not copied', () => {
    const { actor, view, storage } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'A new one' });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(view()).toMatchObject({ status: 'edit', text: 'Mine', image: IMAGE });
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine, reworded' });
    actor.send({ type: 'CLOSE' });
    expect(storedDrafts(storage)).toEqual({
      [NEW_KEY]: { text: 'A new one', imgAlt: '', image: 'none' },
      [editKey('p1')]: { text: 'Mine, reworded', imgAlt: '', image: 'post' },
    });
    actor.send({ type: 'OPEN_EDIT', post: other });
    expect(view().text).toBe('Other');
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(view()).toMatchObject({ text: 'Mine, reworded', image: IMAGE });
    // A restored edit is a change: Save and Discard are offered.
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(true);
    expect(selectDialogCanDiscard(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine' }); // back to the post: no draft
    expect(storedDrafts(storage)).not.toHaveProperty([editKey('p1')]);
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('A new one');
  });

  it('edit: a removed image is kept as removed; a saved edit removes its draft', async () => {
    const savePost = saving();
    const first = start({ savePost: savePost.logic });
    first.actor.send({ type: 'OPEN_EDIT', post: mine });
    first.actor.send({ type: 'REMOVE_IMAGE' });
    first.actor.send({ type: 'CLOSE' });
    first.actor.stop();
    const { actor, view, storage } = start(
      { savePost: savePost.logic },
      { storage: first.storage },
    );
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(view()).toMatchObject({ text: 'Mine', image: null });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual({ content: 'Mine', imgContent: '' });
    await savePost.resolve(saved);
    expect(storedDrafts(storage)).toEqual({});
  });

  it('a corrupt stored draft is ignored', () => {
    const { actor, view } = start({}, { storage: memoryStorage({ [NEW_KEY]: '{"text": 5' }) });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('');
  });
});

/** A storage that refuses values longer than `limit` characters, as a full one does. */
function quotaStorage(limit: number): Storage {
  const storage = memoryStorage();
  const setItem = storage.setItem;
  storage.setItem = (key, value) => {
    if (value.length > limit)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    setItem(key, value);
  };
  return storage;
}

describe('postDialog: drafts when storage refuses', () => {
  const bigImage = `data:image/png;base64,iVBORw0KGgoA${'A'.repeat(3988)}`;

  it('an image too large for storage: the text is stored, the image kept until a reload, and the person told', () => {
    const storage = quotaStorage(1000);
    const { actor, view, emitted } = start({}, { storage });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Text survives' });
    attach(actor, bigImage);
    actor.send({ type: 'CHANGE_TEXT', text: 'Text survives, typed on' });
    expect(view()).toMatchObject({ text: 'Text survives, typed on', image: bigImage });
    actor.send({ type: 'CLOSE' });
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: NOTICES.draftImageNotKept },
    ]);
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ text: 'Text survives, typed on', image: bigImage });
    actor.stop();

    const reloaded = start({}, { storage });
    reloaded.actor.send({ type: 'OPEN_CREATE' });
    expect(reloaded.view()).toMatchObject({ text: 'Text survives, typed on', image: null });
  });

  it.each([
    ['storage that refuses everything', () => quotaStorage(-1)],
    ['no storage at all', () => null],
  ])('%s: the dialog works on, the draft is kept in memory, the person told', (_, make) => {
    const { actor, view, emitted } = start({}, { storage: make() });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Only in memory' });
    actor.send({ type: 'CLOSE' });
    expect(emitted).toEqual([{ type: 'notify', kind: 'warning', message: NOTICES.draftNotKept }]);
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('Only in memory');
    actor.send({ type: 'DISCARD' });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view().text).toBe('');
  });
});

describe('postDialog: drafts in other tabs', () => {
  it('an open dialog never changes under the person when another tab writes the same draft', () => {
    const storage = memoryStorage();
    const here = start({}, { storage });
    const there = start({}, { storage });
    here.actor.send({ type: 'OPEN_CREATE' });
    here.actor.send({ type: 'CHANGE_TEXT', text: 'Started here' });
    there.actor.send({ type: 'OPEN_CREATE' });
    expect(there.view().text).toBe('Started here');
    // Two posts composed at once: each tab keeps its own text; the last change is stored.
    there.actor.send({ type: 'CHANGE_TEXT', text: 'Another post, from there' });
    here.actor.send({ type: 'STORED_DRAFT_CHANGED', key: NEW_KEY });
    expect(here.view().text).toBe('Started here');
    attach(there.actor, IMAGE);
    here.actor.send({ type: 'STORED_DRAFT_CHANGED', key: `${NEW_KEY}.image` });
    expect(here.view()).toMatchObject({ text: 'Started here', image: null });
    expect(storedDrafts(storage)[NEW_KEY]).toMatchObject({ text: 'Another post, from there' });
    // Closing here keeps what the person closed: reopening shows it.
    here.actor.send({ type: 'CHANGE_TEXT', text: 'Started here. Done.' });
    here.actor.send({ type: 'CLOSE' });
    here.actor.send({ type: 'OPEN_CREATE' });
    expect(here.view().text).toBe('Started here. Done.');
    // There still has its own text and can send it.
    expect(there.view()).toMatchObject({ text: 'Another post, from there', image: IMAGE });
  });

  it('closing an untouched dialog leaves the draft another tab wrote', () => {
    const storage = memoryStorage();
    const here = start({}, { storage });
    const there = start({}, { storage });
    here.actor.send({ type: 'OPEN_CREATE' });
    there.actor.send({ type: 'OPEN_CREATE' });
    there.actor.send({ type: 'CHANGE_TEXT', text: 'Theirs' });
    here.actor.send({ type: 'STORED_DRAFT_CHANGED', key: NEW_KEY });
    here.actor.send({ type: 'CLOSE' });
    expect(storedDrafts(storage)[NEW_KEY]).toMatchObject({ text: 'Theirs' });
  });

  it('a closed dialog reads the newest draft when it opens; an open one keeps it when removed elsewhere', () => {
    const storage = memoryStorage();
    const here = start({}, { storage });
    const there = start({}, { storage });
    here.actor.send({ type: 'OPEN_CREATE' });
    here.actor.send({ type: 'CHANGE_TEXT', text: 'Mine' });
    here.actor.send({ type: 'CLOSE' });
    there.actor.send({ type: 'OPEN_CREATE' });
    there.actor.send({ type: 'CHANGE_TEXT', text: 'Theirs' });
    here.actor.send({ type: 'STORED_DRAFT_CHANGED', key: NEW_KEY });
    here.actor.send({ type: 'OPEN_CREATE' });
    expect(here.view().text).toBe('Theirs');
    there.actor.send({ type: 'DISCARD' });
    here.actor.send({ type: 'STORED_DRAFT_CHANGED', key: NEW_KEY });
    expect(here.view()).toMatchObject({ status: 'create', text: 'Theirs' });
    there.actor.send({ type: 'OPEN_CREATE' });
    expect(there.view().text).toBe('');
  });

  it('a post sent here leaves a draft another tab changed meanwhile', async () => {
    const storage = memoryStorage();
    const savePost = saving();
    const here = start({ savePost: savePost.logic }, { storage });
    const there = start({}, { storage });
    here.actor.send({ type: 'OPEN_CREATE' });
    here.actor.send({ type: 'CHANGE_TEXT', text: 'Sent from here' });
    here.actor.send({ type: 'SUBMIT' });
    there.actor.send({ type: 'OPEN_CREATE' });
    there.actor.send({ type: 'CHANGE_TEXT', text: 'Sent from here, and more from there' });
    here.actor.send({ type: 'STORED_DRAFT_CHANGED', key: NEW_KEY }); // ignored while sending
    expect(here.view().text).toBe('Sent from here');
    await savePost.resolve(saved);
    expect(storedDrafts(storage)[NEW_KEY]).toMatchObject({
      text: 'Sent from here, and more from there',
    });
  });
});
