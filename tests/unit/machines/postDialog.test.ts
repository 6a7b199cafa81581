import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PERSON_MESSAGES, TEXT_RULES } from '../../../src/api/rules';
import type { PostsResponse } from '../../../src/api/types';
import {
  canSubmitPost,
  postDialogMachine,
  selectDialogCanSubmit,
  selectDialogError,
  selectDialogImage,
  selectDialogIsOpen,
  selectDialogIsSubmitting,
  selectDialogStatus,
  selectDialogText,
  selectDialogVerdict,
  type PostDialogEmitted,
  type SavePostInput,
} from '../../../src/machines';
import {
  alice,
  controlled,
  failing,
  makePost,
  me,
  recordEmitted,
  refused,
  settle,
  signedIn,
  signedOut,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

type Actors = Parameters<typeof postDialogMachine.provide>[0]['actors'];

function start(actors: Actors = {}) {
  const actor = createActor(postDialogMachine.provide({ actors }), {
    input: { session: signedIn() },
  });
  const emitted = recordEmitted<PostDialogEmitted>(actor);
  actor.start();
  const view = () => {
    const snapshot = actor.getSnapshot();
    return {
      status: selectDialogStatus(snapshot),
      submitting: selectDialogIsSubmitting(snapshot),
      text: selectDialogText(snapshot),
      image: selectDialogImage(snapshot),
      error: selectDialogError(snapshot),
    };
  };
  return { actor, emitted, view };
}

/** A fake `savePost` whose calls the test answers. */
const saving = () => controlled<PostsResponse, SavePostInput>();

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
/** A PNG data URL whose payload decodes to exactly `bytes` bytes. */
const imageOfBytes = (bytes: number) =>
  `data:image/png;base64,${Buffer.alloc(bytes).toString('base64')}`;
const MAX = TEXT_RULES.postContent.max;
const mine = makePost('p1', summary(me), { content: 'Mine', imgContent: IMAGE });
const other = makePost('p2', summary(me), { content: 'Other' });
const serverPosts = [mine, other, makePost('p3', summary(alice))];

describe('postDialog: opening and closing', () => {
  it('starts closed; OPEN_CREATE opens empty in create mode; CLOSE discards', () => {
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

  it('OPEN_CREATE from edit mode switches to an empty create', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'OPEN_CREATE' });
    expect(view()).toMatchObject({ status: 'create', text: '', image: null });
  });

  it('typing and images mean nothing while closed', () => {
    const { actor, view } = start();
    actor.send({ type: 'CHANGE_TEXT', text: 'x' });
    actor.send({ type: 'SET_IMAGE', imgContent: IMAGE });
    actor.send({ type: 'SUBMIT' });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null });
  });

  it('a session that ends discards the draft; a refreshed session of the same user keeps it', () => {
    const { actor, view } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Draft' });
    actor.send({ type: 'SESSION', session: { ...signedIn(), user: { ...me, bio: 'New bio' } } });
    expect(view()).toMatchObject({ status: 'create', text: 'Draft' });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(view()).toMatchObject({ status: 'closed', text: '' });
  });
});

describe('postDialog: images', () => {
  it('SET_IMAGE takes an image data URL; REMOVE_IMAGE drops it', () => {
    const { actor, emitted, view } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SET_IMAGE', imgContent: IMAGE });
    expect(view().image).toBe(IMAGE);
    actor.send({ type: 'REMOVE_IMAGE' });
    expect(view().image).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('refuses what is not an image with the warning a person reads', () => {
    const { actor, emitted, view } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SET_IMAGE', imgContent: 'data:text/plain;base64,aGk=' });
    actor.send({ type: 'SET_IMAGE', imgContent: 'https://example.com/a.png' });
    expect(view().image).toBeNull();
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: PERSON_MESSAGES.image.notImage },
      { type: 'notify', kind: 'warning', message: PERSON_MESSAGES.image.notImage },
    ]);
  });

  it('an image of exactly 2 MiB decoded is attached; one byte more is refused', () => {
    const exact = imageOfBytes(2 * 1024 * 1024);
    const over = imageOfBytes(2 * 1024 * 1024 + 1);
    const { actor, emitted, view } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SET_IMAGE', imgContent: exact });
    expect(view().image).toBe(exact);
    expect(emitted).toEqual([]);

    actor.send({ type: 'SET_IMAGE', imgContent: over });
    expect(view().image).toBe(exact); // the refused one does not replace the attached one
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: PERSON_MESSAGES.image.tooLarge },
    ]);
  });

  it('the exactly 2 MiB image is sent with the post', async () => {
    const exact = imageOfBytes(2 * 1024 * 1024);
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Big picture' });
    actor.send({ type: 'SET_IMAGE', imgContent: exact });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual({ content: 'Big picture', imgContent: exact });
    await savePost.resolve({ posts: serverPosts });
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
    await savePost.resolve({ posts: serverPosts });
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
  it('sends the trimmed text and image, then publishes the server list, notifies, closes, clears', async () => {
    const savePost = saving();
    const { actor, emitted, view } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: '  Hello world \n' });
    actor.send({ type: 'SET_IMAGE', imgContent: IMAGE });
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

    await savePost.resolve({ posts: serverPosts });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null, error: null });
    expect(emitted).toEqual([
      { type: 'postsChanged', posts: serverPosts },
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
    await savePost.resolve({ posts: serverPosts });
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
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);

    // Trying again clears nothing until it succeeds; success clears the error.
    actor.send({ type: 'SUBMIT' });
    await savePost.resolve({ posts: serverPosts });
    expect(view().error).toBeNull();
  });

  it('a 401 keeps the text and emits sessionExpired', async () => {
    const savePost = failing<PostsResponse, SavePostInput>(unauthorized());
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
  it('sends the post id and trimmed text; publishes, notifies, closes, clears', async () => {
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
    await savePost.resolve({ posts: serverPosts });
    expect(view()).toMatchObject({ status: 'closed', text: '', image: null });
    expect(emitted).toEqual([
      { type: 'postsChanged', posts: serverPosts },
      { type: 'notify', kind: 'success', message: 'Post edited!' },
    ]);
  });

  it.each([
    [
      'a new image is sent',
      { type: 'SET_IMAGE', imgContent: 'data:image/gif;base64,R0lG' },
      'data:image/gif;base64,R0lG',
    ],
    ['a removed image is sent as empty', { type: 'REMOVE_IMAGE' }, ''],
  ] as const)('%s', async (_, change, sent) => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send(change);
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]?.postData).toEqual({ content: 'Mine', imgContent: sent });
    await savePost.resolve({ posts: serverPosts });
  });

  it('a post without an image, still without one, sends no image', async () => {
    const savePost = saving();
    const { actor } = start({ savePost: savePost.logic });
    actor.send({ type: 'OPEN_EDIT', post: other });
    actor.send({ type: 'SUBMIT' });
    expect(savePost.calls[0]).toEqual({
      postId: 'p2',
      postData: { content: 'Other' },
      token: TOKEN,
    });
    await savePost.resolve({ posts: serverPosts });
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
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);
  });

  it('a missing effect fails loudly', async () => {
    const { actor, emitted } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'The "savePost" actor was not provided.' },
    ]);
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
    await savePost.resolve({ posts: [] });
  });
});
