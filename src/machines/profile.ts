/**
 * Saving one's own profile (the profile page's 'Edit profile').
 *
 * - `EDIT_PROFILE` sends the changes with the session's token (kept from `SESSION`, like every
 *   machine that calls the API on the person's behalf).
 * - Success emits `profileUpdated` with the server's user: the app system gives it to the session
 *   (the one owner of the user) and has posts and people read again, since they carry the
 *   author's name and avatar. A success notification says so.
 * - Refused: `error` holds the server's words (the edit dialog shows them and stays open), and an
 *   error notification repeats them. A 401 emits `sessionExpired` instead.
 * - A session that ends forgets a save under way: its answer belongs to nobody.
 */
import { assertEvent, assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { User, UserData } from '../api/types';
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
}

export type ProfileEvent = { type: 'EDIT_PROFILE'; userData: UserData } | SessionEvent;

export type ProfileEmitted =
  | NotifyEvent
  | SessionExpiredEvent
  /** The profile changed: the session takes the user; posts and people are read again. */
  | { type: 'profileUpdated'; user: User };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
  },
  actors: placeholderActors('editUser'),
  guards: {
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
  },
}).createMachine({
  id: 'profile',
  context: { session: NO_SESSION, error: null },
  initial: 'idle',
  on: {
    SESSION: [
      { guard: 'endsSession', target: '.idle', actions: ['storeSession', assign({ error: null })] },
      { actions: 'storeSession' },
    ],
  },
  states: {
    idle: {
      on: { EDIT_PROFILE: { target: 'saving', actions: assign({ error: null }) } },
    },
    saving: {
      invoke: {
        src: 'editUser',
        input: ({ context, event }) => {
          assertEvent(event, 'EDIT_PROFILE');
          return { userData: event.userData, token: context.session.token ?? '' };
        },
        onDone: {
          target: 'idle',
          actions: [
            emit(({ event }) => ({ type: 'profileUpdated' as const, user: event.output.user })),
            emit(notification('success', NOTICES.profileUpdated)),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ event }) =>
              isUnauthorized(event.error) ? {} : { error: errorMessage(event.error) },
            ),
            // The dialog shows the refusal; a toast would say it twice. A 401 ends the session.
            enqueueActions(({ event, enqueue }) => {
              if (isUnauthorized(event.error)) enqueue.emit(failureEvent(event.error));
            }),
          ],
        },
      },
    },
  },
});

export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** True while a profile save waits for the server (the dialog's Save is busy). */
export const selectProfileIsSaving = (snapshot: ProfileSnapshot): boolean =>
  snapshot.matches('saving');
/** The server's words for the last refused save. */
export const selectProfileError = (snapshot: ProfileSnapshot): string | null =>
  snapshot.context.error;
