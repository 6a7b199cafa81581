import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { LIMITS, type PostsResponse } from '../../../src/api/types';
import {
  canSubmitPost,
  imageProblem,
  postCharactersLeft,
  postDialogMachine,
  selectDialogCanSubmit,
  selectDialogIsOpen,
  selectDialogIsSubmitting,
  selectDialogMode,
  type CreatePostInput,
  type EditPostInput,
  type PostDialogEmitted,
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
  return { actor, emitted };
}

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const mine = makePost('p1', summary(me), { content: 'Mine', imgContent: IMAGE });
const other = makePost('p2', summary(me), { content: 'Other' });
const serverPosts = [mine, other, makePost('p3', summary(alice))];

describe('postDialog: opening and closing', () => {
  it('starts closed; OPEN_CREATE opens empty in create mode; CLOSE discards', () => {
    const { actor } = start();
    expect(selectDialogMode(actor.getSnapshot())).toBe('closed');
    expect(selectDialogIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'OPEN_CREATE' });
    expect(actor.getSnapshot().value).toEqual({ open: { create: 'editing' } });
    expect(selectDialogMode(actor.getSnapshot())).toBe('create');
    actor.send({ type: 'CHANGE_TEXT', text: 'Draft' });
    actor.send({ type: 'OPEN_CREATE' }); // already creating: keeps the draft
    expect(actor.getSnapshot().context.text).toBe('Draft');
    actor.send({ type: 'CLOSE' });
    expect(selectDialogMode(actor.getSnapshot())).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ text: '', imgContent: null, target: null });
  });

  it('OPEN_EDIT loads the post text and image', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(actor.getSnapshot().value).toEqual({ open: { edit: 'editing' } });
    expect(selectDialogMode(actor.getSnapshot())).toBe('edit');
    expect(actor.getSnapshot().context).toMatchObject({
      target: mine,
      text: 'Mine',
      imgContent: IMAGE,
    });
  });

  it('the text resets when the edit target changes, not when it stays', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: 'Mine, edited' });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(actor.getSnapshot().context.text).toBe('Mine, edited');
    actor.send({ type: 'OPEN_EDIT', post: other });
    expect(actor.getSnapshot().context).toMatchObject({
      target: other,
      text: 'Other',
      imgContent: null,
    });
  });

  it('OPEN_CREATE from edit mode switches to an empty create', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'OPEN_CREATE' });
    expect(selectDialogMode(actor.getSnapshot())).toBe('create');
    expect(actor.getSnapshot().context).toMatchObject({ target: null, text: '', imgContent: null });
  });

  it('typing and images mean nothing while closed', () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE_TEXT', text: 'x' });
    actor.send({ type: 'SET_IMAGE', imgContent: IMAGE });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context).toMatchObject({ text: '', imgContent: null });
    expect(selectDialogMode(actor.getSnapshot())).toBe('closed');
  });
});

describe('postDialog: images (A2)', () => {
  it('SET_IMAGE takes an image data URL; REMOVE_IMAGE drops it', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SET_IMAGE', imgContent: IMAGE });
    expect(actor.getSnapshot().context.imgContent).toBe(IMAGE);
    actor.send({ type: 'REMOVE_IMAGE' });
    expect(actor.getSnapshot().context.imgContent).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('refuses what is not an image, and images over 2 MB, with a warning', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SET_IMAGE', imgContent: 'data:text/plain;base64,aGk=' });
    const huge = `data:image/png;base64,${'A'.repeat(Math.ceil((LIMITS.image.maxBytes * 4) / 3) + 8)}`;
    actor.send({ type: 'SET_IMAGE', imgContent: huge });
    expect(actor.getSnapshot().context.imgContent).toBeNull();
    expect(emitted).toEqual([
      { type: 'notify', kind: 'warning', message: 'Please pick an image file.' },
      { type: 'notify', kind: 'warning', message: 'Images must be 2 MB or smaller.' },
    ]);
  });

  it('imageProblem measures base64 and plain data URLs', () => {
    expect(imageProblem(IMAGE)).toBeNull();
    expect(imageProblem('https://example.com/a.png')).toBe('Please pick an image file.');
    expect(imageProblem(`data:image/svg+xml,${'a'.repeat(LIMITS.image.maxBytes)}`)).toBeNull();
    expect(imageProblem(`data:image/svg+xml,${'a'.repeat(LIMITS.image.maxBytes + 1)}`)).toBe(
      'Images must be 2 MB or smaller.',
    );
  });
});

describe('postDialog: submit rules (F7)', () => {
  it.each([
    ['empty', '', false],
    ['one space', ' ', false],
    ['only whitespace', ' \n\t ', false],
    ['one character', 'a', true],
    ['the limit after trimming', `  ${'a'.repeat(LIMITS.postContent.max)}  `, true],
    ['over the limit', 'a'.repeat(LIMITS.postContent.max + 1), false],
  ])('%s: canSubmitPost is %s', (_, text, expected) => {
    expect(canSubmitPost(text)).toBe(expected);
  });

  it('counts characters left after trimming', () => {
    expect(postCharactersLeft('  ab  ')).toBe(LIMITS.postContent.max - 2);
    expect(postCharactersLeft('a'.repeat(LIMITS.postContent.max + 3))).toBe(-3);
  });

  it.each(['create', 'edit'] as const)('blank text cannot be submitted in %s mode', (mode) => {
    const createPost = controlled<PostsResponse, CreatePostInput>();
    const editPost = controlled<PostsResponse, EditPostInput>();
    const { actor } = start({ createPost: createPost.logic, editPost: editPost.logic });
    actor.send(mode === 'create' ? { type: 'OPEN_CREATE' } : { type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: '   ' });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE_TEXT', text: 'a'.repeat(LIMITS.postContent.max + 1) });
    actor.send({ type: 'SUBMIT' });
    expect(createPost.calls).toEqual([]);
    expect(editPost.calls).toEqual([]);
    expect(selectDialogIsSubmitting(actor.getSnapshot())).toBe(false);
  });
});

describe('postDialog: create', () => {
  it('sends the trimmed text and image, then publishes the server list, notifies, closes, clears', async () => {
    const createPost = controlled<PostsResponse, CreatePostInput>();
    const { actor, emitted } = start({ createPost: createPost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: '  Hello world \n' });
    actor.send({ type: 'SET_IMAGE', imgContent: IMAGE });
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toEqual({ open: { create: 'submitting' } });
    expect(selectDialogIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(selectDialogCanSubmit(actor.getSnapshot())).toBe(false);
    expect(createPost.calls).toEqual([
      { postData: { content: 'Hello world', imgContent: IMAGE }, token: TOKEN },
    ]);

    // While submitting: no second submit, no typing, no closing.
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE_TEXT', text: 'changed' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    expect(createPost.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ open: { create: 'submitting' } });
    expect(actor.getSnapshot().context.text).toBe('  Hello world \n');

    await createPost.resolve({ posts: serverPosts });
    expect(selectDialogMode(actor.getSnapshot())).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ text: '', imgContent: null, error: null });
    expect(emitted).toEqual([
      { type: 'postsChanged', posts: serverPosts },
      { type: 'notify', kind: 'success', message: 'Post created!' },
    ]);
  });

  it('sends no imgContent when there is no image', async () => {
    const createPost = controlled<PostsResponse, CreatePostInput>();
    const { actor } = start({ createPost: createPost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Text only' });
    actor.send({ type: 'SUBMIT' });
    expect(createPost.calls).toEqual([{ postData: { content: 'Text only' }, token: TOKEN }]);
    await createPost.resolve({ posts: serverPosts });
  });

  it('failure keeps it open with the text intact and the error shown', async () => {
    const message = 'Field "content" must be at most 500 characters.';
    const createPost = controlled<PostsResponse, CreatePostInput>();
    const { actor, emitted } = start({ createPost: createPost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Keep me' });
    actor.send({ type: 'SUBMIT' });
    await createPost.reject(refused(message));
    expect(actor.getSnapshot().value).toEqual({ open: { create: 'editing' } });
    expect(actor.getSnapshot().context).toMatchObject({ text: 'Keep me', error: message });
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);

    // Trying again clears nothing until it succeeds; success clears the error.
    actor.send({ type: 'SUBMIT' });
    await createPost.resolve({ posts: serverPosts });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a 401 keeps the text and emits sessionExpired', async () => {
    const createPost = failing<PostsResponse, CreatePostInput>(unauthorized());
    const { actor, emitted } = start({ createPost: createPost.logic });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'Keep me' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ open: { create: 'editing' } });
    expect(actor.getSnapshot().context).toMatchObject({ text: 'Keep me', error: null });
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });
});

describe('postDialog: edit', () => {
  it('sends the post id and trimmed text; publishes, notifies, closes, clears', async () => {
    const editPost = controlled<PostsResponse, EditPostInput>();
    const { actor, emitted } = start({ editPost: editPost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: ' Mine, better ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toEqual({ open: { edit: 'submitting' } });
    expect(editPost.calls).toEqual([
      // The image did not change: it is not re-sent (the server leaves it alone).
      { postId: 'p1', postData: { content: 'Mine, better' }, token: TOKEN },
    ]);
    await editPost.resolve({ posts: serverPosts });
    expect(selectDialogMode(actor.getSnapshot())).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ target: null, text: '', imgContent: null });
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
    const editPost = controlled<PostsResponse, EditPostInput>();
    const { actor } = start({ editPost: editPost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send(change);
    actor.send({ type: 'SUBMIT' });
    expect(editPost.calls[0]?.postData).toEqual({ content: 'Mine', imgContent: sent });
    await editPost.resolve({ posts: serverPosts });
  });

  it('a post without an image, still without one, sends no image', async () => {
    const editPost = controlled<PostsResponse, EditPostInput>();
    const { actor } = start({ editPost: editPost.logic });
    actor.send({ type: 'OPEN_EDIT', post: other });
    actor.send({ type: 'SUBMIT' });
    expect(editPost.calls[0]?.postData).toEqual({ content: 'Other' });
    await editPost.resolve({ posts: serverPosts });
  });

  it('failure keeps the dialog open in edit mode with the text and the error', async () => {
    const message = "Cannot edit a Post doesn't belong to the logged in User.";
    const editPost = controlled<PostsResponse, EditPostInput>();
    const { actor, emitted } = start({ editPost: editPost.logic });
    actor.send({ type: 'OPEN_EDIT', post: mine });
    actor.send({ type: 'CHANGE_TEXT', text: 'Edited' });
    actor.send({ type: 'SUBMIT' });
    await editPost.reject(refused(message));
    expect(actor.getSnapshot().value).toEqual({ open: { edit: 'editing' } });
    expect(actor.getSnapshot().context).toMatchObject({
      target: mine,
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
      { type: 'notify', kind: 'error', message: 'The "editPost" actor was not provided.' },
    ]);
  });

  it('without input the dialog sends an empty token (the server answers 401)', async () => {
    const createPost = controlled<PostsResponse, CreatePostInput>();
    const actor = createActor(
      postDialogMachine.provide({ actors: { createPost: createPost.logic } }),
      {
        input: {},
      },
    ).start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE_TEXT', text: 'x' });
    actor.send({ type: 'SUBMIT' });
    expect(createPost.calls[0]?.token).toBe('');
    await createPost.resolve({ posts: [] });
  });
});
