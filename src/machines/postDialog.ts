import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { fitsLimit, LIMITS, type Post, type PostData, type PostsResponse } from '../api/types';
import { notProvided, type CreatePostInput, type EditPostInput } from './effects';
import { MESSAGES, notification, type NotifyEvent } from './notifications';
import { failureEvent, NO_SESSION, type GetSession, type SessionExpiredEvent } from './session';

/**
 * The post dialog ('Add Post'), for creating and editing, opened and closed from outside.
 *
 * - `closed`; `open.create.{editing,submitting}`; `open.edit.{editing,submitting}`.
 * - Opening for create starts empty; opening for edit (or switching to another post) loads that
 *   post's text and image. Opening the same post again keeps what was typed.
 * - `SUBMIT` only when `canSubmitPost(text)`: not blank (whitespace only) and at most
 *   `LIMITS.postContent.max` characters after trimming, in both modes (F7). The trimmed text is
 *   sent; in edit mode the image only when it changed ('' when removed).
 * - While submitting, the dialog ignores typing, closing and re-opening.
 * - Success: emits `postsChanged` with the server's list (the app forwards it to the posts machine
 *   as `REPLACE`), notifies 'Post created!' / 'Post edited!', closes and clears.
 * - Failure: back to editing with the text intact, `error` holds the server's message, and an
 *   error notification says it too (F5); a 401 emits `sessionExpired` instead.
 * - `CLOSE` discards the draft: every opening starts from the rule above.
 */

export interface PostDialogInput {
  getSession?: GetSession;
}

export interface PostDialogContext {
  getSession: GetSession;
  /** The post being edited; null in create mode and when closed. */
  target: Post | null;
  text: string;
  /** Optional image as a data URL (A2). */
  imgContent: string | null;
  /** The server's message when the last submit failed. */
  error: string | null;
}

export type PostDialogEvent =
  | { type: 'OPEN_CREATE' }
  | { type: 'OPEN_EDIT'; post: Post }
  | { type: 'CLOSE' }
  | { type: 'CHANGE_TEXT'; text: string }
  | { type: 'SET_IMAGE'; imgContent: string }
  | { type: 'REMOVE_IMAGE' }
  | { type: 'SUBMIT' };

export interface PostsChangedEvent {
  type: 'postsChanged';
  posts: Post[];
}

export type PostDialogEmitted = NotifyEvent | SessionExpiredEvent | PostsChangedEvent;

/** F7: blank (whitespace only) or too long (after trimming) text cannot be submitted. */
export function canSubmitPost(text: string): boolean {
  return fitsLimit(text, LIMITS.postContent);
}

/** Characters left before the limit (negative when over), for the dialog's counter. */
export function postCharactersLeft(text: string): number {
  return LIMITS.postContent.max - text.trim().length;
}

/** Why an image cannot be attached (an image data URL of at most 2 MB), or null when it can. */
export function imageProblem(dataUrl: string): string | null {
  if (!dataUrl.startsWith(`data:${LIMITS.image.mimePrefix}`)) return MESSAGES.notAnImage;
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = dataUrl.includes(';base64,')
    ? Math.floor((payload.length * 3) / 4)
    : payload.length;
  return bytes > LIMITS.image.maxBytes ? MESSAGES.imageTooLarge : null;
}

/**
 * The body of the call. Create: the image only when there is one. Edit: the image only when it
 * changed ('' removes it), so an untouched image is never re-sent.
 */
function postDataOf(context: PostDialogContext): PostData {
  const content = context.text.trim();
  const { target, imgContent } = context;
  if (target === null) return imgContent === null ? { content } : { content, imgContent };
  if (imgContent === (target.imgContent ?? null)) return { content };
  return { content, imgContent: imgContent ?? '' };
}

const dialog = setup({
  types: {
    context: {} as PostDialogContext,
    events: {} as PostDialogEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as PostDialogInput,
    emitted: {} as PostDialogEmitted,
  },
  actors: {
    createPost: notProvided<PostsResponse, CreatePostInput>('createPost'),
    editPost: notProvided<PostsResponse, EditPostInput>('editPost'),
  },
  guards: {
    canSubmit: ({ context }) => canSubmitPost(context.text),
    isEditing: ({ context }) => context.target !== null,
    isCurrentTarget: ({ context, event }) => {
      assertEvent(event, 'OPEN_EDIT');
      return context.target?._id === event.post._id;
    },
    hasImageProblem: ({ event }) => {
      assertEvent(event, 'SET_IMAGE');
      return imageProblem(event.imgContent) !== null;
    },
  },
  actions: {
    clear: assign({ target: null, text: '', imgContent: null, error: null }),
    loadTarget: assign(({ event }) => {
      assertEvent(event, 'OPEN_EDIT');
      const { post } = event;
      return { target: post, text: post.content, imgContent: post.imgContent ?? null, error: null };
    }),
    setText: assign(({ event }) => {
      assertEvent(event, 'CHANGE_TEXT');
      return { text: event.text };
    }),
    setImage: assign(({ event }) => {
      assertEvent(event, 'SET_IMAGE');
      return { imgContent: event.imgContent };
    }),
    removeImage: assign({ imgContent: null }),
    rejectImage: emit(({ event }) => {
      assertEvent(event, 'SET_IMAGE');
      return notification('warning', imageProblem(event.imgContent) ?? MESSAGES.notAnImage);
    }),
    notify: emit((_, params: NotifyEvent) => params),
    publish: emit((_, params: { posts: Post[] }) => ({ type: 'postsChanged' as const, ...params })),
    fail: assign((_, params: { error: unknown }) => {
      const failure = failureEvent(params.error);
      return { error: failure.type === 'notify' ? failure.message : null };
    }),
    reportFailure: emit((_, params: { error: unknown }) => failureEvent(params.error)),
  },
});

/** Typing, the image and (re)opening: the same in both modes, and only while not submitting. */
const editing = dialog.createStateConfig({
  on: {
    CLOSE: '#postDialog.closed',
    CHANGE_TEXT: { actions: 'setText' },
    SET_IMAGE: [{ guard: 'hasImageProblem', actions: 'rejectImage' }, { actions: 'setImage' }],
    REMOVE_IMAGE: { actions: 'removeImage' },
    OPEN_CREATE: { guard: 'isEditing', target: '#postDialog.open.create', actions: 'clear' },
    OPEN_EDIT: [
      { guard: 'isCurrentTarget' },
      { target: '#postDialog.open.edit', actions: 'loadTarget' },
    ],
  },
});

const tokenOf = (context: PostDialogContext) => context.getSession().token ?? '';

export const postDialogMachine = dialog.createMachine({
  id: 'postDialog',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    getSession: { ...input }.getSession ?? NO_SESSION,
    target: null,
    text: '',
    imgContent: null,
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      entry: 'clear',
      on: {
        OPEN_CREATE: 'open.create',
        OPEN_EDIT: { target: 'open.edit', actions: 'loadTarget' },
      },
    },
    open: {
      initial: 'create',
      states: {
        create: {
          initial: 'editing',
          states: {
            editing: {
              ...editing,
              on: { ...editing.on, SUBMIT: { guard: 'canSubmit', target: 'submitting' } },
            },
            submitting: {
              invoke: {
                src: 'createPost',
                input: ({ context }) => ({
                  postData: postDataOf(context),
                  token: tokenOf(context),
                }),
                onDone: {
                  target: '#postDialog.closed',
                  actions: [
                    { type: 'publish', params: ({ event }) => ({ posts: event.output.posts }) },
                    { type: 'notify', params: notification('success', MESSAGES.postCreated) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                    { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
        edit: {
          initial: 'editing',
          states: {
            editing: {
              ...editing,
              on: { ...editing.on, SUBMIT: { guard: 'canSubmit', target: 'submitting' } },
            },
            submitting: {
              invoke: {
                src: 'editPost',
                input: ({ context }) => ({
                  postId: context.target?._id ?? '',
                  postData: postDataOf(context),
                  token: tokenOf(context),
                }),
                onDone: {
                  target: '#postDialog.closed',
                  actions: [
                    { type: 'publish', params: ({ event }) => ({ posts: event.output.posts }) },
                    { type: 'notify', params: notification('success', MESSAGES.postEdited) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                    { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type PostDialogSnapshot = SnapshotFrom<typeof postDialogMachine>;
export type PostDialogMode = 'closed' | 'create' | 'edit';

export function selectDialogMode(snapshot: PostDialogSnapshot): PostDialogMode {
  if (snapshot.matches({ open: 'create' })) return 'create';
  if (snapshot.matches({ open: 'edit' })) return 'edit';
  return 'closed';
}
export const selectDialogIsOpen = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches('open');
export const selectDialogIsSubmitting = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches({ open: { create: 'submitting' } }) ||
  snapshot.matches({ open: { edit: 'submitting' } });
/** Whether the Post button is enabled. */
export const selectDialogCanSubmit = (snapshot: PostDialogSnapshot): boolean =>
  selectDialogIsOpen(snapshot) &&
  !selectDialogIsSubmitting(snapshot) &&
  canSubmitPost(snapshot.context.text);
