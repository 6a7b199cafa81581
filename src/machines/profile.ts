/**
 * Editing one's own profile (the profile page's 'Edit profile' dialog): open or closed, a new
 * avatar on its way, the save.
 *
 * - `closed`; `open.{editing.{ready,uploading},saving}`. `OPEN` starts from the saved profile;
 *   `CLOSE` (Cancel, Escape) lets go of whatever was picked. The dialog's fields are its own.
 * - An avatar is uploaded as it is picked, like a post's image: `PICK_AVATAR` checks the file's
 *   label and size (a refusal is `avatarError`, nothing sent), shows it at once (an object URL)
 *   and uploads it (imageUpload.ts, the child `upload`; the server refusing it is `avatarError`
 *   too). Done, its link is the avatar to save; `CANCEL_UPLOAD` keeps the one picked before (or
 *   the saved one); `RETRY_UPLOAD` sends a failed file again. Saving waits for the upload.
 * - `EDIT_PROFILE` sends the changed fields, with the new avatar's link, and the session's token.
 *   Success emits `profileUpdated` with the server's user (the app gives it to the session and
 *   has posts and people read again: they carry the author's name and avatar), says so and closes.
 * - Refused: back to editing, `error` holds the server's words (the dialog shows them; a toast
 *   would say it twice). A 401, on the save or the upload, emits `sessionExpired` instead.
 * - A session that ends closes the dialog and forgets a save under way: its answer is nobody's.
 */
import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  sendTo,
  setup,
  type SnapshotFrom,
} from 'xstate';
import type { User, UserData } from '../api/types';
import {
  imageUploadMachine,
  pickedFileProblem,
  previewOf,
  refusedUpload,
  releasePreview,
  type ImageUploadActor,
  type ImageUploadOutput,
} from './imageUpload';
import { placeholderActors } from './effects';
import { errorMessage, NOTICES, notification, type NotifyEvent } from './notifications';
import {
  endsSession,
  failureEvent,
  isUnauthorized,
  NO_SESSION,
  type Session,
  type SessionEvent,
  type SessionExpiredEvent,
} from './session';

export interface ProfileContext {
  session: Session;
  /** The server's words for the last refused save; null once a save starts or succeeds. */
  error: string | null;
  /** The new avatar, uploaded and not yet saved; null: the saved one stays. */
  avatar: { preview: string; link: string } | null;
  /** The file on its way (an object URL of it) while it uploads or after it failed. */
  preview: string | null;
  /** Why the picked file was refused before it was sent. */
  avatarError: string | null;
}

export type ProfileEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'PICK_AVATAR'; file: Blob }
  | { type: 'CANCEL_UPLOAD' }
  | { type: 'RETRY_UPLOAD' }
  | { type: 'EDIT_PROFILE'; userData: UserData }
  | SessionEvent;

export type ProfileEmitted =
  | NotifyEvent
  | SessionExpiredEvent
  /** The profile changed: the session takes the user; posts and people are read again. */
  | { type: 'profileUpdated'; user: User };

/** The dialog with nothing picked: how it opens, and what closing leaves. */
const UNTOUCHED = { error: null, avatar: null, preview: null, avatarError: null };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
    children: {} as { upload: 'imageUpload' },
  },
  actors: { ...placeholderActors('editUser'), imageUpload: imageUploadMachine },
  guards: {
    endsSession: ({ context, event }) => {
      assertEvent(event, 'SESSION');
      return endsSession(context.session, event.session);
    },
    fileRefused: ({ event }) => {
      assertEvent(event, 'PICK_AVATAR');
      return pickedFileProblem(event.file) !== null;
    },
    uploadExpired: (_, params: { output: ImageUploadOutput }) => 'expired' in params.output,
  },
  actions: {
    storeSession: assign(({ event }) =>
      event.type === 'SESSION' ? { session: event.session } : {},
    ),
    clear: assign(({ context }) => {
      releasePreview(context.preview);
      releasePreview(context.avatar?.preview ?? null);
      return UNTOUCHED;
    }),
    refuseFile: assign(({ event }) => {
      assertEvent(event, 'PICK_AVATAR');
      return { avatarError: pickedFileProblem(event.file) };
    }),
    takeFile: assign(({ context, event }) => {
      assertEvent(event, 'PICK_AVATAR');
      releasePreview(context.preview);
      return { preview: previewOf(event.file), avatarError: null };
    }),
    /** The upload's media is the new avatar; the one picked before it is let go. */
    keepUploaded: assign(({ context }, params: { output: ImageUploadOutput }) => {
      const refused = refusedUpload(context.preview, params.output);
      if (refused !== null) return { preview: null, avatarError: refused };
      if (!('media' in params.output) || context.preview === null) return {};
      releasePreview(context.avatar?.preview ?? null);
      return { avatar: { preview: context.preview, link: params.output.media.url }, preview: null };
    }),
    dropPreview: assign(({ context }) => {
      releasePreview(context.preview);
      return { preview: null, avatarError: null };
    }),
    expireSession: emit({ type: 'sessionExpired' }),
  },
}).createMachine({
  id: 'profile',
  context: { session: NO_SESSION, ...UNTOUCHED },
  initial: 'closed',
  on: {
    SESSION: [
      { guard: 'endsSession', target: '.closed', actions: 'storeSession' },
      { actions: 'storeSession' },
    ],
  },
  states: {
    closed: { entry: 'clear', on: { OPEN: 'open' } },
    open: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'ready',
          on: {
            CLOSE: '#profile.closed',
            PICK_AVATAR: [
              { guard: 'fileRefused', actions: 'refuseFile' },
              // Re-entered: a file picked while another uploads replaces it.
              { target: '.uploading', reenter: true, actions: 'takeFile' },
            ],
          },
          states: {
            ready: { on: { EDIT_PROFILE: '#profile.open.saving' } },
            uploading: {
              invoke: {
                id: 'upload',
                src: 'imageUpload',
                input: ({ context, event }) => {
                  assertEvent(event, 'PICK_AVATAR');
                  return {
                    file: event.file,
                    purpose: 'avatar',
                    token: context.session.token ?? '',
                  };
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
                    actions: {
                      type: 'keepUploaded',
                      params: ({ event }) => ({ output: event.output }),
                    },
                  },
                ],
              },
              on: {
                RETRY_UPLOAD: { actions: sendTo('upload', { type: 'RETRY' }) },
                CANCEL_UPLOAD: { target: 'ready', actions: 'dropPreview' },
              },
            },
          },
        },
        saving: {
          entry: assign({ error: null }),
          invoke: {
            src: 'editUser',
            input: ({ context, event }) => {
              assertEvent(event, 'EDIT_PROFILE');
              const { avatar } = context;
              const userData =
                avatar === null ? event.userData : { ...event.userData, profile: avatar.link };
              return { userData, token: context.session.token ?? '' };
            },
            onDone: {
              target: '#profile.closed',
              actions: [
                emit(({ event }) => ({ type: 'profileUpdated' as const, user: event.output.user })),
                emit(notification('success', NOTICES.profileUpdated)),
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                assign(({ event }) =>
                  isUnauthorized(event.error) ? {} : { error: errorMessage(event.error) },
                ),
                enqueueActions(({ event, enqueue }) => {
                  if (isUnauthorized(event.error)) enqueue.emit(failureEvent(event.error));
                }),
              ],
            },
          },
        },
      },
    },
  },
});

export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** Whether the edit dialog is open. */
export const selectProfileEditing = (snapshot: ProfileSnapshot): boolean =>
  snapshot.matches('open');
/** True while a profile save waits for the server (the dialog's Save is busy). */
export const selectProfileIsSaving = (snapshot: ProfileSnapshot): boolean =>
  snapshot.matches({ open: 'saving' });
/** The server's words for the last refused save. */
export const selectProfileError = (snapshot: ProfileSnapshot): string | null =>
  snapshot.context.error;
/** The avatar picked to replace the saved one (the file's own preview); null: none. */
export const selectNewAvatar = ({ context }: ProfileSnapshot): string | null =>
  context.preview ?? context.avatar?.preview ?? null;
/** Why the picked avatar was refused before it was sent. */
export const selectAvatarError = (snapshot: ProfileSnapshot): string | null =>
  snapshot.context.avatarError;
/** The picked avatar's upload while it goes or after it failed (imageUpload.ts reads it). */
export const selectAvatarUpload = (snapshot: ProfileSnapshot): ImageUploadActor | undefined =>
  snapshot.children.upload;
