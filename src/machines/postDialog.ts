import { assertEvent, assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import {
  checkImageAltField,
  checkImageDataUrl,
  checkPostText,
  PERSON_MESSAGES,
  type TextFieldVerdict,
  type TextVerdict,
} from '../api/rules';
import type { Post, PostData } from '../api/types';
import { defaultStorage, type StorageLike } from './storage';
import {
  baseDraft,
  createDraftStore,
  hasUnsent,
  sameDraft,
  type Draft,
  type DraftSlot,
  type DraftStore,
} from './drafts';
import { placeholderActors } from './effects';
import { NOTICES, notification, type NotifyEvent } from './notifications';
import { endsSession, failureEvent, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';

/**
 * The post dialog, for creating ('Add Post') and editing ('Edit Post'), opened and closed from
 * outside.
 *
 * - `closed`; `open.{editing,submitting}`. The mode is the target: none for create, the post
 *   being edited for edit. Both modes share the states and the one `savePost` call.
 * - Drafts (drafts.ts): every change is kept at once as the signed-in user's draft of that
 *   slot (the new post, or the post being edited), in storage, so no way of closing loses it:
 *   Escape, the close button, the backdrop, Back, a reload, a session that ends. Opening restores
 *   the slot's draft; opening for edit without one loads the post's text, image and alt text.
 *   Opening the same post again keeps what was typed. `DISCARD` removes the draft and closes.
 *   One slot per user and post, so with dialogs open in two tabs the last change is the stored
 *   draft; but an open dialog never changes under the person: `STORED_DRAFT_CHANGED` (another
 *   tab wrote drafts) only refreshes what this tab knows of storage, and closing with unsent
 *   work stores it again, so the text a person closes is the text reopening shows. (Following
 *   the other tab's text lost this tab's, e.g. two posts composed at once.)
 * - `SUBMIT` only when the post rule (rules.ts `checkPostText`) finds nothing wrong with the text
 *   (not blank, at most 500 characters after trimming, counted as a person sees them), the alt
 *   text passes its rule (at most 1000), and, in edit mode, something changed. The trimmed
 *   text is sent; in edit mode the image only when it changed ('' when removed), the alt text
 *   when it or the image changed.
 * - `SET_IMAGE` refuses what the image rule refuses, with a warning in the person's words;
 *   `REMOVE_IMAGE` drops the alt text with the image.
 * - While submitting, the dialog ignores typing, closing and re-opening.
 * - Success: removes the draft, emits `postSaved` with the server's post (the app forwards it to
 *   the posts machine, where it goes to the top of the feeds that show it), notifies 'Post created!' / 'Post edited!', closes, clears.
 * - Failure: back to editing with the text intact (and its draft), `error` holds the server's
 *   message, and an error notification says it too; a 401 emits `sessionExpired` instead.
 * - Closing with a draft that storage could not hold in full warns that a reload would lose it.
 */

export interface PostDialogInput {
  session?: Session;
  /** Where drafts are kept; defaults to `window.localStorage`; `null` keeps them in memory. */
  storage?: StorageLike | null;
}

export interface PostDialogContext {
  session: Session;
  /** The post being edited; null in create mode and when closed. */
  target: Post | null;
  text: string;
  /** Optional image as a data URL. */
  imgContent: string | null;
  /** The image's alt text; empty without an image. */
  imgAlt: string;
  /** The server's message when the last submit failed. */
  error: string | null;
  /** The signed-in user's drafts. */
  drafts: DraftStore;
}

export type PostDialogEvent =
  | { type: 'OPEN_CREATE' }
  | { type: 'OPEN_EDIT'; post: Post }
  | { type: 'CLOSE' }
  /** 'Discard': forget the draft and close. */
  | { type: 'DISCARD' }
  | { type: 'CHANGE_TEXT'; text: string }
  | { type: 'SET_IMAGE'; imgContent: string }
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

/** Whether a post text can be submitted: the post rule finds nothing wrong with it. */
export function canSubmitPost(text: string): boolean {
  return checkPostText(text).problem === null;
}

const draftOf = ({ text, imgContent, imgAlt }: PostDialogContext): Draft => ({
  text,
  imgContent,
  imgAlt,
});

/** The open dialog's draft slot; null without a signed-in user (nothing is kept then). */
function slotOf(context: PostDialogContext): DraftSlot | null {
  const userId = context.session.user?._id;
  return userId === undefined ? null : { userId, post: context.target };
}

/** Whether the dialog holds something its slot does not start with: a new text, a change. */
const hasChanges = (context: PostDialogContext): boolean =>
  hasUnsent(draftOf(context), context.target);

/** Everything the rules ask before a save: text and alt text valid, an edit changed. */
function canSave(context: PostDialogContext): boolean {
  return (
    canSubmitPost(context.text) &&
    checkImageAltField(context.imgAlt).problem === null &&
    (context.target === null || hasChanges(context))
  );
}

/**
 * The body of the call. Create: the image only when there is one, its alt text when not blank.
 * Edit: the image only when it changed ('' removes it), so an untouched image is never re-sent;
 * the alt text with a changed image, or alone when only it changed ('' removes it).
 */
function postDataOf(context: PostDialogContext): PostData {
  const content = context.text.trim();
  const imgAlt = context.imgAlt.trim();
  const { target, imgContent } = context;
  if (target === null) {
    if (imgContent === null) return { content };
    return imgAlt === '' ? { content, imgContent } : { content, imgContent, imgAlt };
  }
  if (imgContent === (target.imgContent ?? null)) {
    return imgContent === null || imgAlt === (target.imgAlt ?? '')
      ? { content }
      : { content, imgAlt };
  }
  if (imgContent === null) return { content, imgContent: '' };
  return imgAlt === '' ? { content, imgContent } : { content, imgContent, imgAlt };
}

/** The slot's draft, or what it starts from, as context. */
function restored(context: PostDialogContext, target: Post | null) {
  const userId = context.session.user?._id;
  const draft =
    (userId === undefined ? null : context.drafts.read({ userId, post: target })) ??
    baseDraft(target);
  return { target, text: draft.text, imgContent: draft.imgContent, imgAlt: draft.imgAlt };
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
    canSubmit: ({ context }) => canSave(context),
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
    clear: assign({ target: null, text: '', imgContent: null, imgAlt: '', error: null }),
    /** Create mode: the user's draft of a new post, or empty. */
    restoreNew: assign(({ context }) => ({ ...restored(context, null), error: null })),
    /** Edit mode: the user's draft of that post, or the post as it is. */
    restoreEdit: assign(({ context, event }) => {
      assertEvent(event, 'OPEN_EDIT');
      return { ...restored(context, event.post), error: null };
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
    /** An image the image rule accepts is attached; any other is refused with a warning. */
    setImage: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'SET_IMAGE');
      const problem = checkImageDataUrl(event.imgContent);
      if (problem === null) enqueue.assign({ imgContent: event.imgContent });
      else enqueue.emit(notification('warning', PERSON_MESSAGES.image[problem]));
    }),
    /** The alt text describes the image: it goes with it. */
    removeImage: assign({ imgContent: null, imgAlt: '' }),
    setImageAlt: assign(({ event }) => {
      assertEvent(event, 'CHANGE_IMAGE_ALT');
      return { imgAlt: event.imgAlt };
    }),
    /** Every change is kept at once: no way of closing can lose it. */
    keepDraft: ({ context }) => {
      const slot = slotOf(context);
      if (slot !== null) context.drafts.keep(slot, draftOf(context));
    },
    /** Closing with unsent work: it is the draft now, even if another tab wrote since. */
    keepUnsentDraft: ({ context }) => {
      const slot = slotOf(context);
      if (slot !== null && hasChanges(context)) context.drafts.keep(slot, draftOf(context));
    },
    removeDraft: ({ context }) => {
      const slot = slotOf(context);
      if (slot !== null) context.drafts.remove(slot);
    },
    /** Sent: its draft goes, unless another tab changed it meanwhile (theirs is newer). */
    removeSentDraft: ({ context }) => {
      const slot = slotOf(context);
      if (slot === null) return;
      const stored = context.drafts.read(slot);
      if (stored === null || sameDraft(stored, draftOf(context))) context.drafts.remove(slot);
    },
    /** Closing with a draft that storage could not hold in full: say what a reload would lose. */
    warnIfNotKept: enqueueActions(({ context, enqueue }) => {
      const slot = slotOf(context);
      if (slot === null || !hasChanges(context)) return;
      const kept = context.drafts.kept(slot);
      if (kept === 'withoutImage') enqueue.emit(notification('warning', NOTICES.draftImageNotKept));
      if (kept === 'notStored') enqueue.emit(notification('warning', NOTICES.draftNotKept));
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
      session: session ?? NO_SESSION,
      target: null,
      text: '',
      imgContent: null,
      imgAlt: '',
      error: null,
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
          on: {
            CLOSE: { target: '#postDialog.closed', actions: ['keepUnsentDraft', 'warnIfNotKept'] },
            DISCARD: { target: '#postDialog.closed', actions: 'removeDraft' },
            CHANGE_TEXT: { actions: ['setText', 'keepDraft'] },
            SET_IMAGE: { actions: ['setImage', 'keepDraft'] },
            REMOVE_IMAGE: { actions: ['removeImage', 'keepDraft'] },
            CHANGE_IMAGE_ALT: { actions: ['setImageAlt', 'keepDraft'] },
            OPEN_CREATE: { guard: 'isEditing', actions: 'restoreNew' },
            OPEN_EDIT: [{ guard: 'isCurrentTarget' }, { actions: 'restoreEdit' }],
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
export const selectDialogImage = (snapshot: PostDialogSnapshot): string | null =>
  snapshot.context.imgContent;
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
  selectDialogIsOpen(snapshot) && !selectDialogIsSubmitting(snapshot) && canSave(snapshot.context);
/** Whether 'Discard' is offered: the open dialog holds something unsent (a draft). */
export const selectDialogCanDiscard = (snapshot: PostDialogSnapshot): boolean =>
  snapshot.matches({ open: 'editing' }) && hasChanges(snapshot.context);
