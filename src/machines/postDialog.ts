import { assertEvent, assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { checkImageDataUrl, checkPostText, PERSON_MESSAGES, type TextVerdict } from '../api/rules';
import type { Post, PostData } from '../api/types';
import { placeholderActors } from './effects';
import { NOTICES, notification, type NotifyEvent } from './notifications';
import { endsSession, failureEvent, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';

/**
 * The post dialog ('Add Post'), for creating and editing, opened and closed from outside.
 *
 * - `closed`; `open.{editing,submitting}`. The mode is the target: none for create, the post
 *   being edited for edit. Both modes share the states and the one `savePost` call.
 * - Opening for create starts empty; opening for edit (or switching to another post) loads that
 *   post's text and image. Opening the same post again keeps what was typed.
 * - `SUBMIT` only when the post rule (rules.ts `checkPostText`) finds nothing wrong: not blank and
 *   at most 500 characters after trimming, counted as a person sees them. The trimmed text is
 *   sent; in edit mode the image only when it changed ('' when removed).
 * - `SET_IMAGE` refuses what the image rule refuses, with a warning in the person's words.
 * - While submitting, the dialog ignores typing, closing and re-opening.
 * - Success: emits `postsChanged` with the server's list (the app forwards it to the posts machine
 *   as `REPLACE`), notifies 'Post created!' / 'Post edited!', closes and clears.
 * - Failure: back to editing with the text intact, `error` holds the server's message, and an
 *   error notification says it too; a 401 emits `sessionExpired` instead.
 * - `CLOSE`, and a session that ends, discard the draft.
 */

export interface PostDialogInput {
  session?: Session;
}

export interface PostDialogContext {
  session: Session;
  /** The post being edited; null in create mode and when closed. */
  target: Post | null;
  text: string;
  /** Optional image as a data URL. */
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
  | { type: 'SUBMIT' }
  | SessionEvent;

export interface PostsChangedEvent {
  type: 'postsChanged';
  posts: Post[];
}

export type PostDialogEmitted = NotifyEvent | SessionExpiredEvent | PostsChangedEvent;

/** Whether a post text can be submitted: the post rule finds nothing wrong with it. */
export function canSubmitPost(text: string): boolean {
  return checkPostText(text).problem === null;
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

export const postDialogMachine = setup({
  types: {
    context: {} as PostDialogContext,
    events: {} as PostDialogEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as PostDialogInput,
    emitted: {} as PostDialogEmitted,
  },
  actors: placeholderActors('savePost'),
  guards: {
    canSubmit: ({ context }) => canSubmitPost(context.text),
    isEditing: ({ context }) => context.target !== null,
    isCurrentTarget: ({ context, event }) => {
      assertEvent(event, 'OPEN_EDIT');
      return context.target?._id === event.post._id;
    },
    endsSession: ({ context, event }) => {
      assertEvent(event, 'SESSION');
      return endsSession(context.session, event.session);
    },
  },
  actions: {
    storeSession: assign(({ event }) => {
      assertEvent(event, 'SESSION');
      return { session: event.session };
    }),
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
    /** An image the image rule accepts is attached; any other is refused with a warning. */
    setImage: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'SET_IMAGE');
      const problem = checkImageDataUrl(event.imgContent);
      if (problem === null) enqueue.assign({ imgContent: event.imgContent });
      else enqueue.emit(notification('warning', PERSON_MESSAGES.image[problem]));
    }),
    removeImage: assign({ imgContent: null }),
    /** The save went through: hand the list on and say what happened. */
    saved: enqueueActions(({ context, enqueue }, params: { posts: Post[] }) => {
      enqueue.emit({ type: 'postsChanged', posts: params.posts });
      const message = context.target === null ? NOTICES.postCreated : NOTICES.postEdited;
      enqueue.emit(notification('success', message));
    }),
    fail: assign((_, params: { error: unknown }) => {
      const failure = failureEvent(params.error);
      return { error: failure.type === 'notify' ? failure.message : null };
    }),
    reportFailure: emit((_, params: { error: unknown }) => failureEvent(params.error)),
  },
}).createMachine({
  id: 'postDialog',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    session: { ...input }.session ?? NO_SESSION,
    target: null,
    text: '',
    imgContent: null,
    error: null,
  }),
  on: {
    SESSION: [
      { guard: 'endsSession', target: '.closed', actions: 'storeSession' },
      { actions: 'storeSession' },
    ],
  },
  initial: 'closed',
  states: {
    closed: {
      entry: 'clear',
      on: {
        OPEN_CREATE: 'open',
        OPEN_EDIT: { target: 'open', actions: 'loadTarget' },
      },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            CLOSE: '#postDialog.closed',
            CHANGE_TEXT: { actions: 'setText' },
            SET_IMAGE: { actions: 'setImage' },
            REMOVE_IMAGE: { actions: 'removeImage' },
            OPEN_CREATE: { guard: 'isEditing', actions: 'clear' },
            OPEN_EDIT: [{ guard: 'isCurrentTarget' }, { actions: 'loadTarget' }],
            SUBMIT: { guard: 'canSubmit', target: 'submitting' },
          },
        },
        submitting: {
          invoke: {
            src: 'savePost',
            input: ({ context }) => ({
              postId: context.target?._id ?? null,
              postData: postDataOf(context),
              token: context.session.token ?? '',
            }),
            onDone: {
              target: '#postDialog.closed',
              actions: { type: 'saved', params: ({ event }) => ({ posts: event.output.posts }) },
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
});

export type PostDialogSnapshot = SnapshotFrom<typeof postDialogMachine>;
export type PostDialogStatus = 'closed' | 'create' | 'edit';

export function selectDialogStatus(snapshot: PostDialogSnapshot): PostDialogStatus {
  if (!snapshot.matches('open')) return 'closed';
  return snapshot.context.target === null ? 'create' : 'edit';
}
export const selectDialogIsOpen = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches('open');
export const selectDialogIsSubmitting = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches({ open: 'submitting' });
export const selectDialogText = (snapshot: PostDialogSnapshot): string => snapshot.context.text;
export const selectDialogImage = (snapshot: PostDialogSnapshot): string | null =>
  snapshot.context.imgContent;
export const selectDialogError = (snapshot: PostDialogSnapshot): string | null =>
  snapshot.context.error;
/** The post rule's verdict on the current text (the counter and the inline error). */
export const selectDialogVerdict = (snapshot: PostDialogSnapshot): TextVerdict =>
  checkPostText(snapshot.context.text);
/** Whether the Post button is enabled. */
export const selectDialogCanSubmit = (snapshot: PostDialogSnapshot): boolean =>
  selectDialogIsOpen(snapshot) &&
  !selectDialogIsSubmitting(snapshot) &&
  canSubmitPost(snapshot.context.text);
