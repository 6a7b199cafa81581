/**
 * The login and sign-up forms: their checks, their calls, and their refusals.
 *
 * - `LOGIN` / `SIGNUP` that the rule (rules.ts `checkLogin`, `checkSignup`) refuses are not sent:
 *   the spec's warning says why, and the form marks the fields by the same rule.
 * - Success emits `authenticated`: the new session, for the session machine (its one owner), and
 *   where to go: the remembered location (`from`), else Home after login, Explore after sign-up.
 * - Failure: said once, in the form, never again in a toast: `refusal` places it on the field it
 *   concerns, in plain words ('That username is taken. Try another one.'), or on the whole form
 *   as "Something went wrong! <server message>" (api/refusals.ts), until that field changes
 *   (`FORM_FIELD_CHANGED`) or a form opens.
 * - The spec's warnings ('Please fill the fields.', 'Both Passwords do not match') stay toasts,
 *   one per form at a time, and go as soon as the person changes a field to fix them.
 */
import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  setup,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { refusalPlace, refusalWords, type AuthForm, type FormRefusal } from '../api/refusals';
import {
  canSubmitSignup,
  checkLogin,
  checkSignup,
  normalizeUsername,
  type SignupField,
  type SignupVerdict,
} from '../api/rules';
import type {
  LoginRequest,
  LoginResponse,
  SignupRequest,
  SignupResponse,
  User,
} from '../api/types';
import { PATHS } from '../paths';
import { placeholderActors } from './effects';
import {
  errorMessage,
  NOTICES,
  notification,
  resolved,
  type NotifyEvent,
  type ResolvedEvent,
} from './notifications';

export interface AuthFormsContext {
  /** The last failed login or sign-up: its form, the server's words, and where they belong. */
  refusal: FormRefusal | null;
  /** Where to go after a successful login / sign-up (the LOGIN / SIGNUP event's `from`). */
  returnTo: string | null;
}

/** `from`: the remembered location the person tried to open before logging in. */
export type AuthFormsEvent =
  | ({ type: 'LOGIN'; from?: string } & LoginRequest)
  | ({ type: 'SIGNUP'; from?: string } & Required<Omit<SignupRequest, 'bio' | 'link' | 'profile'>>)
  /** A field of the login or sign-up form changed: a refusal that concerns it is now stale. */
  | { type: 'FORM_FIELD_CHANGED'; form: AuthForm; field: SignupField }
  /** The login or sign-up form was opened: what an earlier visit was refused is history. */
  | { type: 'FORM_OPENED' };

/** A login or sign-up went through: the session it started, and where the person goes. */
export interface AuthenticatedEvent {
  type: 'authenticated';
  session: { user: User; token: string };
  to: string;
}

function signupVerdict(event: AuthFormsEvent): SignupVerdict {
  assertEvent(event, 'SIGNUP');
  return checkSignup(event);
}

const authForms = setup({
  types: {
    context: {} as AuthFormsContext,
    events: {} as AuthFormsEvent,
    emitted: {} as NotifyEvent | ResolvedEvent | AuthenticatedEvent,
  },
  actors: placeholderActors('login', 'signup'),
  guards: {
    loginFieldsMissing: ({ event }) => {
      assertEvent(event, 'LOGIN');
      return checkLogin(event).missing;
    },
    signupFieldsMissing: ({ event }) => signupVerdict(event).missing,
    passwordsDiffer: ({ event }) => signupVerdict(event).passwordsDiffer,
    canSubmitSignup: ({ event }) => canSubmitSignup(signupVerdict(event)),
    /** The refusal on screen is about the form and field that just changed. */
    refusalConcernsField: ({ context, event }) => {
      assertEvent(event, 'FORM_FIELD_CHANGED');
      const { refusal } = context;
      return (
        refusal !== null &&
        refusal.form === event.form &&
        (refusal.place === null || refusal.place.concerns.includes(event.field))
      );
    },
  },
  actions: {
    notify: emit((_, params: NotifyEvent) => params),
    rememberReturnTo: assign(({ event }) => {
      assertEvent(event, ['LOGIN', 'SIGNUP']);
      return { returnTo: event.from !== undefined && event.from !== '' ? event.from : null };
    }),
    /** Login and sign-up went through: the same session start, with each one's words. */
    authenticated: enqueueActions(
      ({ context, enqueue }, params: { output: LoginResponse | SignupResponse }) => {
        const { output } = params;
        const login = 'foundUser' in output;
        const user = login ? output.foundUser : output.createdUser;
        enqueue.assign({ refusal: null, returnTo: null });
        enqueue.emit({
          type: 'authenticated',
          session: { user, token: output.encodedToken },
          to: context.returnTo ?? (login ? PATHS.home : PATHS.explore),
        });
        enqueue.emit(
          notification('success', login ? NOTICES.loginSucceeded : NOTICES.signupSucceeded),
        );
      },
    ),
    /** A refused login or sign-up: told once, placed in the form (no toast says it again). */
    refuse: assign((_, params: { form: AuthForm; error: unknown }) => {
      const place = refusalPlace(params.form, params.error);
      const words = refusalWords(params.form, params.error) ?? errorMessage(params.error);
      // A refusal of the whole form keeps the spec's 'Something went wrong!' in front of it.
      const general = place === null && words !== NOTICES.somethingWentWrong;
      const message = general ? `${NOTICES.somethingWentWrong} ${words}` : words;
      return { refusal: { form: params.form, message, place } };
    }),
    /** The person is fixing the form: its warning toast has done its job. */
    resolveWarning: emit(({ event }) => {
      assertEvent(event, 'FORM_FIELD_CHANGED');
      return resolved(event.form);
    }),
    clearRefusal: assign({ refusal: null }),
  },
});

/** Login and sign-up answer alike: a session starts, or the refusal is told and placed. */
const answered = (form: AuthForm) =>
  ({
    onDone: {
      target: 'idle',
      actions: {
        type: 'authenticated',
        params: ({ event }: { event: DoneActorEvent<LoginResponse | SignupResponse> }) => ({
          output: event.output,
        }),
      },
    },
    onError: {
      target: 'idle',
      actions: {
        type: 'refuse',
        params: ({ event }: { event: ErrorActorEvent }) => ({ form, error: event.error }),
      },
    },
  }) as const;

export const authFormsMachine = authForms.createMachine({
  id: 'authForms',
  context: { refusal: null, returnTo: null },
  initial: 'idle',
  on: {
    FORM_FIELD_CHANGED: [
      { guard: 'refusalConcernsField', actions: ['clearRefusal', 'resolveWarning'] },
      { actions: 'resolveWarning' },
    ],
    FORM_OPENED: { actions: 'clearRefusal' },
  },
  states: {
    idle: {
      on: {
        LOGIN: [
          {
            guard: 'loginFieldsMissing',
            actions: {
              type: 'notify',
              params: notification('warning', NOTICES.fillLoginFields, 'login'),
            },
          },
          { target: 'loggingIn', actions: ['clearRefusal', 'rememberReturnTo'] },
        ],
        SIGNUP: [
          {
            guard: 'signupFieldsMissing',
            actions: {
              type: 'notify',
              params: notification('warning', NOTICES.fillSignupFields, 'signup'),
            },
          },
          {
            guard: 'passwordsDiffer',
            actions: {
              type: 'notify',
              params: notification('error', NOTICES.passwordsDiffer, 'signup'),
            },
          },
          {
            guard: 'canSubmitSignup',
            target: 'signingUp',
            actions: ['clearRefusal', 'rememberReturnTo'],
          },
          // A field breaks a length or format rule: the form shows it under the field (and only
          // there); nothing is sent.
        ],
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'LOGIN');
          return { username: normalizeUsername(event.username), password: event.password };
        },
        ...answered('login'),
      },
    },
    signingUp: {
      invoke: {
        src: 'signup',
        input: ({ event }) => {
          assertEvent(event, 'SIGNUP');
          const { firstName, lastName, password, confirmPassword } = event;
          const username = normalizeUsername(event.username);
          return { firstName, lastName, username, password, confirmPassword };
        },
        ...answered('signup'),
      },
    },
  },
});

export type AuthFormsSnapshot = SnapshotFrom<typeof authFormsMachine>;

/** True while a login or sign-up waits for the server (the button is busy). */
export const selectFormIsBusy = (snapshot: AuthFormsSnapshot): boolean => !snapshot.matches('idle');
/** The refusal of the last login or sign-up, when it was a refusal of `form`. */
export function selectFormRefusal(snapshot: AuthFormsSnapshot, form: AuthForm): FormRefusal | null {
  return snapshot.context.refusal?.form === form ? snapshot.context.refusal : null;
}
