import { assertEvent, assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { checkImageAltField, checkPostText, type TextFieldVerdict } from '../api/rules';
import type { TextVerdict } from '../api/rules';
import type { Post } from '../api/types';
import { defaultStorage, type StorageLike } from './storage';
import {
  canSave,
  draftNotKeptWarning,
  draftOf,
  hasChanges,
  keepDraft,
  keepUnsentDraft,
  removeDraft,
  removeSentDraft,
  restoredDraft,
  type DraftHolder,
} from './dialogDraft';
import { createDraftStore, postDataOf } from './drafts';
import { placeholderActors } from './effects';
import {
  imageUploadMachine,
  pickedFileProblem,
  previewOf,
  refusedUpload,
  releasePreview,
  type ImageUploadActor,
  type ImageUploadOutput,
} from './imageUpload';
import { NOTICES, notification, type NotifyEvent } from './notifications';
import { endsSession, failureEvent, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';

/**
 * The post dialog, for creating ('Add Post') and editing ('Edit Post'), opened and closed from
 * outside.
 *
 * - `closed`; `open.{editing,submitting}`. The mode is the target: none for create, the post
 *   being edited for edit. Both modes share the states and the one `savePost` call.
 * - Drafts (dialogDraft.ts): every change is kept at once as the signed-in user's draft of that
 *   slot. Opening restores the slot's draft; opening for edit without one loads the post's text,
 *   image and alt text. Opening the same post again keeps what was typed. `DISCARD` removes the
 *   draft and closes; `STORED_DRAFT_CHANGED` (another tab wrote drafts) only refreshes what this
 *   tab knows of storage.
 * - `SUBMIT` only when the rules find nothing wrong with the text and alt text and, in edit mode,
 *   something changed; what is sent is drafts.ts `postDataOf`.
 * - Images are uploaded as they are picked (`open.editing.{ready,uploading}`): `PICK_IMAGE`
 *   checks the file's label and size (media.ts `checkMediaFile`; a refusal is `imageError`,
 *   nothing is sent), shows it at once (`preview`, an object URL of the file) and invokes an
 *   upload (imageUpload.ts, the child `upload`: its progress, its failure, `RETRY_UPLOAD`; a file
 *   the server refuses is dropped, and `imageError` too). Done, its link is the image. `CANCEL_UPLOAD` stops it
 *   and keeps the image there was before. Saving waits until no upload is under way; closing
 *   stops one (and says the draft was kept without it).
 * - `REMOVE_IMAGE` drops the alt text with the image. While submitting, the dialog ignores typing,
 *   closing and re-opening.
 * - Success: removes the draft, emits `postSaved` with the server's post (the app forwards it to
 *   the posts machine), notifies 'Post created!' / 'Post edited!', closes, clears.
 * - Failure: back to editing with the text intact (and its draft), `error` holds the server's
 *   message, and an error notification says it too; a 401 emits `sessionExpired` instead.
 * - Closing with a draft that storage could not hold in full warns that a reload would lose it.
 */

export interface PostDialogInput {
  session?: Session;
  /** Where drafts are kept; defaults to `window.localStorage`; `null` keeps them in memory. */
  storage?: StorageLike | null;
}

export interface PostDialogContext extends DraftHolder {
  /** A picked file's own picture (an object URL), from the pick until the dialog lets it go. */
  preview: string | null;
  /** Why the last picked file was refused before sending; null once that is over. */
  imageError: string | null;
  /** The server's message when the last submit failed. */
  error: string | null;
}

export type PostDialogEvent =
  | { type: 'OPEN_CREATE' }
  | { type: 'OPEN_EDIT'; post: Post }
  | { type: 'CLOSE' }
  /** 'Discard': forget the draft and close. */
  | { type: 'DISCARD' }
  | { type: 'CHANGE_TEXT'; text: string }
  /** A file picked to attach: checked, shown and uploaded at once. */
  | { type: 'PICK_IMAGE'; file: Blob }
  /** Stops the image's upload, or drops the failed one: the image there was before stays. */
  | { type: 'CANCEL_UPLOAD' }
  /** Sends a failed upload's file again. */
  | { type: 'RETRY_UPLOAD' }
  | { type: 'REMOVE_IMAGE' }
  | { type: 'CHANGE_IMAGE_ALT'; imgAlt: string }
  | { type: 'SUBMIT' }
  /** Another tab changed a stored draft (`key`: the storage key; null: storage was cleared). */
  | { type: 'STORED_DRAFT_CHANGED'; key: string | null }
  /** The current user's post was deleted: a draft of an edit of it has nowhere to go. */
  | { type: 'POST_DELETED'; postId: string }
  | SessionEvent;

export interface PostSavedEvent {
  type: 'postSaved';
  post: Post;
  /** True for a new post, false for an edit. */
  created: boolean;
}

export type PostDialogEmitted = NotifyEvent | SessionExpiredEvent | PostSavedEvent;

/** The dialog with nothing in it: how it starts, and what closing leaves. */
const EMPTY = {
  target: null,
  text: '',
  imgContent: null,
  imgAlt: '',
  error: null,
  preview: null,
  imageError: null,
} satisfies Partial<PostDialogContext>;

export const postDialogMachine = setup({
  types: {
    context: {} as PostDialogContext,
    events: {} as PostDialogEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as PostDialogInput,
    emitted: {} as PostDialogEmitted,
    children: {} as { upload: 'imageUpload' },
  },
  actors: { ...placeholderActors('savePost'), imageUpload: imageUploadMachine },
  guards: {
    canSubmit: ({ context }) => canSave(context),
    isEditing: ({ context }) => context.target !== null,
    fileRefused: ({ event }) => {
      assertEvent(event, 'PICK_IMAGE');
      return pickedFileProblem(event.file) !== null;
    },
    uploadExpired: (_, params: { output: ImageUploadOutput }) => 'expired' in params.output,
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
    clear: assign(({ context }) => {
      releasePreview(context.preview);
      return EMPTY;
    }),
    /** Create mode: the user's draft of a new post, or empty. */
    restoreNew: assign(({ context }) => ({ ...restoredDraft(context, null), error: null })),
    /** Edit mode: the user's draft of that post, or the post as it is. */
    restoreEdit: assign(({ context, event }) => {
      assertEvent(event, 'OPEN_EDIT');
      return { ...restoredDraft(context, event.post), error: null };
    }),
    forgetStoredDraft: ({ context, event }) => {
      assertEvent(event, 'STORED_DRAFT_CHANGED');
      context.drafts.forget(event.key);
    },
    discardDeletedPostDraft: ({ context, event }) => {
      assertEvent(event, 'POST_DELETED');
      const userId = context.session.user?._id;
      if (userId !== undefined) context.drafts.discardEditOf(userId, event.postId);
    },
    setText: assign(({ event }) => {
      assertEvent(event, 'CHANGE_TEXT');
      return { text: event.text };
    }),
    /** A file refused by its label or size: said beside the picker, nothing sent or replaced. */
    refuseFile: assign(({ event }) => {
      assertEvent(event, 'PICK_IMAGE');
      return { imageError: pickedFileProblem(event.file) };
    }),
    /** A file to upload: shown at once from its own bytes. */
    takeFile: assign(({ context, event }) => {
      assertEvent(event, 'PICK_IMAGE');
      releasePreview(context.preview);
      return { preview: previewOf(event.file), imageError: null };
    }),
    /** Uploaded: its link is the image (the preview stays the file's own). Refused: said why. */
    attachUploaded: assign(({ context }, params: { output: ImageUploadOutput }) => {
      const refused = refusedUpload(context.preview, params.output);
      if (refused !== null) return { preview: null, imageError: refused };
      return 'media' in params.output ? { imgContent: params.output.media.url } : {};
    }),
    /** The picked image goes; whatever image there was before it stays. */
    dropPreview: assign(({ context }) => {
      releasePreview(context.preview);
      return { preview: null, imageError: null };
    }),
    expireSession: emit({ type: 'sessionExpired' }),
    /** The alt text describes the image: it goes with it. */
    removeImage: assign({ imgContent: null, imgAlt: '' }),
    setImageAlt: assign(({ event }) => {
      assertEvent(event, 'CHANGE_IMAGE_ALT');
      return { imgAlt: event.imgAlt };
    }),
    keepDraft: ({ context }) => keepDraft(context),
    keepUnsentDraft: ({ context }) => keepUnsentDraft(context),
    removeDraft: ({ context }) => removeDraft(context),
    removeSentDraft: ({ context }) => removeSentDraft(context),
    warnIfNotKept: enqueueActions(({ context, enqueue }) => {
      const warning = draftNotKeptWarning(context);
      if (warning !== null) enqueue.emit(notification('warning', warning));
    }),
    /** Closed before the picked image was uploaded: the draft is kept without it. */
    warnUploadDropped: enqueueActions(({ enqueue }) => {
      enqueue.emit(notification('warning', NOTICES.uploadNotKept));
    }),
    /** The save went through: hand the post on and say what happened. */
    saved: enqueueActions(({ context, enqueue }, params: { post: Post }) => {
      enqueue.emit({ type: 'postSaved', post: params.post, created: context.target === null });
      const message = context.target === null ? NOTICES.postCreated : NOTICES.postEdited;
      enqueue.emit(notification('success', message));
    }),
    fail: assign((_, params: { error: unknown }) => {
      const failure = failureEvent(params.error);
      return { error: failure.type === 'notify' ? failure.message : null };
    }),
    /**
     * The dialog shows a refused save (`fail`); a toast would say it twice. Only a 401 goes out:
     * it ends the session.
     */
    reportFailure: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const failure = failureEvent(params.error);
      if (failure.type === 'sessionExpired') enqueue.emit(failure);
    }),
  },
}).createMachine({
  id: 'postDialog',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => {
    const { session, storage } = { ...input };
    return {
      ...EMPTY,
      session: session ?? NO_SESSION,
      drafts: createDraftStore(storage === undefined ? defaultStorage() : storage),
    };
  },
  on: {
    SESSION: [
      // The draft is already kept, under the user it belongs to.
      { guard: 'endsSession', target: '.closed', actions: 'storeSession' },
      { actions: 'storeSession' },
    ],
    STORED_DRAFT_CHANGED: { actions: 'forgetStoredDraft' },
    POST_DELETED: { actions: 'discardDeletedPostDraft' },
  },
  initial: 'closed',
  states: {
    closed: {
      entry: 'clear',
      on: {
        OPEN_CREATE: { target: 'open', actions: 'restoreNew' },
        OPEN_EDIT: { target: 'open', actions: 'restoreEdit' },
      },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'ready',
          on: {
            CLOSE: { target: '#postDialog.closed', actions: ['keepUnsentDraft', 'warnIfNotKept'] },
            DISCARD: { target: '#postDialog.closed', actions: 'removeDraft' },
            CHANGE_TEXT: { actions: ['setText', 'keepDraft'] },
            PICK_IMAGE: [
              { guard: 'fileRefused', actions: 'refuseFile' },
              // Re-entered: a file picked while another uploads replaces it.
              { target: '.uploading', reenter: true, actions: 'takeFile' },
            ],
            REMOVE_IMAGE: {
              target: '.ready',
              actions: ['dropPreview', 'removeImage', 'keepDraft'],
            },
            CHANGE_IMAGE_ALT: { actions: ['setImageAlt', 'keepDraft'] },
            OPEN_CREATE: {
              guard: 'isEditing',
              target: '.ready',
              actions: ['dropPreview', 'restoreNew'],
            },
            OPEN_EDIT: [
              { guard: 'isCurrentTarget' },
              { target: '.ready', actions: ['dropPreview', 'restoreEdit'] },
            ],
          },
          states: {
            ready: {
              on: { SUBMIT: { guard: 'canSubmit', target: '#postDialog.open.submitting' } },
            },
            uploading: {
              invoke: {
                id: 'upload',
                src: 'imageUpload',
                input: ({ context, event }) => {
                  assertEvent(event, 'PICK_IMAGE');
                  return { file: event.file, purpose: 'post', token: context.session.token ?? '' };
                },
                onDone: [
                  {
                    guard: {
                      type: 'uploadExpired',
                      params: ({ event }) => ({ output: event.output }),
                    },
                    target: 'ready',
                    actions: ['dropPreview', 'expireSession'],
                  },
                  {
                    target: 'ready',
                    actions: [
                      { type: 'attachUploaded', params: ({ event }) => ({ output: event.output }) },
                      'keepDraft',
                    ],
                  },
                ],
              },
              on: {
                RETRY_UPLOAD: { actions: sendTo('upload', { type: 'RETRY' }) },
                CANCEL_UPLOAD: { target: 'ready', actions: 'dropPreview' },
                CLOSE: {
                  target: '#postDialog.closed',
                  actions: ['keepUnsentDraft', 'warnIfNotKept', 'warnUploadDropped'],
                },
              },
            },
          },
        },
        submitting: {
          invoke: {
            src: 'savePost',
            input: ({ context }) => ({
              postId: context.target?._id ?? null,
              postData: postDataOf(draftOf(context), context.target),
              token: context.session.token ?? '',
            }),
            onDone: {
              target: '#postDialog.closed',
              actions: [
                'removeSentDraft',
                { type: 'saved', params: ({ event }) => ({ post: event.output.post }) },
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
/** The image shown: a picked file's own preview while it is on its way, else the image's link. */
export const selectDialogImage = (snapshot: PostDialogSnapshot): string | null =>
  snapshot.context.preview ?? snapshot.context.imgContent;
/** The picked image's upload while it goes or after it failed (imageUpload.ts reads it). */
export const selectDialogUpload = (snapshot: PostDialogSnapshot): ImageUploadActor | undefined =>
  snapshot.children.upload;
/** Why the last picked file was refused before it was sent. */
export const selectDialogImageError = (snapshot: PostDialogSnapshot): string | null =>
  snapshot.context.imageError;
export const selectDialogImageAlt = (snapshot: PostDialogSnapshot): string =>
  snapshot.context.imgAlt;
export const selectDialogError = (snapshot: PostDialogSnapshot): string | null =>
  snapshot.context.error;
/** The post rule's verdict on the current text (the counter and the inline error). */
export const selectDialogVerdict = (snapshot: PostDialogSnapshot): TextVerdict =>
  checkPostText(snapshot.context.text);
/** The alt text rule's verdict on the current alt text, with its message when over. */
export const selectDialogAltVerdict = (snapshot: PostDialogSnapshot): TextFieldVerdict =>
  checkImageAltField(snapshot.context.imgAlt);
/** Whether the Post / Save button is enabled. */
export const selectDialogCanSubmit = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches({ open: { editing: 'ready' } }) && canSave(snapshot.context);
/** Whether 'Discard' is offered: the open dialog holds something unsent (a draft). */
export const selectDialogCanDiscard = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches({ open: 'editing' }) && hasChanges(snapshot.context);
