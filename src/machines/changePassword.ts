/**
 * 'Change password', from one's own profile: the dialog, the password rule and the one call.
 *
 * - Two regions. `dialog`: `closed` or `open` (`OPEN`, `CLOSE`). `call`: `idle` or `submitting`.
 *   Apart, because a person may close the dialog while the server is still deciding (a server
 *   that never answers must not hold them in a modal): the call goes on, and its answer is still
 *   told.
 * - `SUBMIT` with the three fields is sent only when the password rule finds nothing wrong
 *   (`changePasswordErrors`: the current password given, the new one 6–128 characters, the
 *   confirmation the same), from the open dialog and while no call is under way.
 * - Success: the dialog closes and the server's own words are a success notification ("Password
 *   changed. Every other session was logged out."). This session's token stays valid.
 * - Refused: the server's words are placed in the form (`refusal`): 'The current password is
 *   not correct.' under the current password, a refusal that names the new password under it,
 *   anything else (no network, a 500) above the fields. Only there: no toast repeats it. Changing
 *   a field the refusal concerns clears it. A refusal that comes after the dialog was closed is a
 *   notification instead, since no form shows it. A 401 emits `sessionExpired` (the session was
 *   ended elsewhere).
 * - `SESSION` keeps the token; a session that ends closes the dialog and forgets the call.
 */
import { and, assertEvent, assign, emit, setup, stateIn, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/client';
import { AUTH_REFUSALS } from '../api/refusals';
import { checkPassword, PERSON_MESSAGES } from '../api/rules';
import { placeholderActors } from './effects';
import { errorMessage, notification, type NotifyEvent } from './notifications';
import {
  endsSession,
  isUnauthorized,
  NO_SESSION,
  type Session,
  type SessionEvent,
  type SessionExpiredEvent,
} from './session';

/** What the dialog sends: the password in use, the new one, and the new one again. */
export interface ChangePasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordField = keyof ChangePasswordFields;

/**
 * The server's words when the current password is wrong (src/api/refusals.ts): they belong under
 * that field. The mock and the Node server both answer them (400).
 */
export const WRONG_CURRENT_PASSWORD = AUTH_REFUSALS.wrongCurrentPassword;

/**
 * What is wrong with each field, in a person's words (rules.ts): the current password must be
 * given (it is never judged by today's length rule: it was chosen under the rule of its day); the
 * new one follows the sign-up's password rule; the confirmation must be the same.
 */
export function changePasswordErrors(
  fields: ChangePasswordFields,
): Partial<Record<ChangePasswordField, string>> {
  const errors: Partial<Record<ChangePasswordField, string>> = {};
  if (fields.currentPassword === '') errors.currentPassword = PERSON_MESSAGES.required.password;
  const problem = checkPassword(fields.newPassword);
  if (problem === 'tooShort') errors.newPassword = PERSON_MESSAGES.passwordTooShort;
  if (problem === 'tooLong') errors.newPassword = PERSON_MESSAGES.passwordTooLong;
  if (fields.confirmPassword === '')
    errors.confirmPassword = PERSON_MESSAGES.required.confirmPassword;
  else if (fields.confirmPassword !== fields.newPassword) {
    errors.confirmPassword = PERSON_MESSAGES.passwordsDiffer;
  }
  return errors;
}

/** A refused change, placed in the form. */
export interface ChangePasswordRefusal {
  message: string;
  /** The field that shows it, or null: it concerns the whole form (shown above the fields). */
  field: ChangePasswordField | null;
}

/** Where a failed call's words belong: see the file's comment. */
export function placeChangePasswordRefusal(error: unknown): ChangePasswordRefusal {
  const message = errorMessage(error);
  if (!(error instanceof ApiError) || error.status !== 400) return { message, field: null };
  if (message === WRONG_CURRENT_PASSWORD || message.startsWith('currentPassword ')) {
    return { message, field: 'currentPassword' };
  }
  if (message.startsWith('newPassword ')) return { message, field: 'newPassword' };
  return { message, field: null };
}

export interface ChangePasswordMachineInput {
  session?: Session;
}

export interface ChangePasswordContext {
  session: Session;
  refusal: ChangePasswordRefusal | null;
}

export type ChangePasswordEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | ({ type: 'SUBMIT' } & ChangePasswordFields)
  /** A field of the form changed: a refusal that concerns it is now stale. */
  | { type: 'FIELD_CHANGED'; field: ChangePasswordField }
  | SessionEvent;

export type ChangePasswordEmitted = NotifyEvent | SessionExpiredEvent;

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as ChangePasswordMachineInput,
    emitted: {} as ChangePasswordEmitted,
  },
  actors: placeholderActors('changePassword'),
  guards: {
    fieldsPass: ({ event }) => {
      assertEvent(event, 'SUBMIT');
      return Object.keys(changePasswordErrors(event)).length === 0;
    },
    hasToken: ({ context }) => context.session.token !== null,
    dialogOpen: stateIn({ dialog: 'open' }),
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    refusalConcernsField: ({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      const { refusal } = context;
      return refusal !== null && (refusal.field === null || refusal.field === event.field);
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
    clearRefusal: assign({ refusal: null }),
    notify: emit((_, params: NotifyEvent) => params),
    expire: emit({ type: 'sessionExpired' } as const),
    placeRefusal: assign((_, params: { error: unknown }) => ({
      refusal: placeChangePasswordRefusal(params.error),
    })),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ session: { ...input }.session ?? NO_SESSION, refusal: null }),
  type: 'parallel',
  on: {
    SESSION: [
      {
        guard: 'endsSession',
        target: ['.dialog.closed', '.call.idle'],
        actions: ['storeSession', 'clearRefusal'],
      },
      { actions: 'storeSession' },
    ],
  },
  states: {
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: { OPEN: { guard: 'hasToken', target: 'open', actions: 'clearRefusal' } },
        },
        open: {
          on: {
            CLOSE: 'closed',
            FIELD_CHANGED: { guard: 'refusalConcernsField', actions: 'clearRefusal' },
          },
        },
      },
    },
    call: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SUBMIT: {
              guard: and(['dialogOpen', 'hasToken', 'fieldsPass']),
              target: 'submitting',
              actions: 'clearRefusal',
            },
          },
        },
        submitting: {
          invoke: {
            src: 'changePassword',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT');
              return {
                currentPassword: event.currentPassword,
                newPassword: event.newPassword,
                token: context.session.token ?? '',
              };
            },
            onDone: {
              target: ['idle', '#changePassword.dialog.closed'],
              actions: {
                type: 'notify',
                params: ({ event }) => notification('success', event.output.message),
              },
            },
            onError: [
              {
                guard: {
                  type: 'isUnauthorized',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: 'idle',
                actions: 'expire',
              },
              {
                guard: 'dialogOpen',
                target: 'idle',
                actions: { type: 'placeRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'idle',
                actions: {
                  type: 'notify',
                  params: ({ event }) => notification('error', errorMessage(event.error)),
                },
              },
            ],
          },
        },
      },
    },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** Whether the dialog is shown. */
export const selectChangePasswordOpen = (snapshot: ChangePasswordSnapshot): boolean =>
  snapshot.matches({ dialog: 'open' });
/** True while the change waits for the server ('Change password' is busy). */
export const selectChangingPassword = (snapshot: ChangePasswordSnapshot): boolean =>
  snapshot.matches({ call: 'submitting' });
/** The server's refusal of the last change, placed in the form; null when there is none. */
export const selectChangePasswordRefusal = (
  snapshot: ChangePasswordSnapshot,
): ChangePasswordRefusal | null => snapshot.context.refusal;
