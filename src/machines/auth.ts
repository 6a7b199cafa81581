import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  raise,
  setup,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { refusalPlace, type AuthForm, type RefusalPlace } from '../api/refusals';
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
  UserData,
} from '../api/types';
import { placeholderActors } from './effects';
import { errorMessage, NOTICES, notification, type NotifyEvent } from './notifications';
import { isUnauthorized, type Session } from './session';

/**
 * Auth: who is signed in. The one source of truth for the user and the token.
 *
 * - Starts by restoring user and token from storage (`AUTH_STORAGE_KEYS`), then settles in
 *   `signedIn` or `signedOut`.
 * - `LOGIN` / `SIGNUP` are checked before calling: a login or a sign-up that its rule (rules.ts
 *   `checkLogin`, `checkSignup`) refuses is not sent, and the spec's warning says why (the form
 *   marks the fields by the same rule). The username is sent as the rule reads it (trimmed).
 *   Success stores the session, notifies, and emits `navigate` to the remembered location
 *   (`from`) or the default.
 * - Login / sign-up failure: ONE error notification "Something went wrong! <server message>"
 *   (both texts of the spec, in one toast); `context.error` holds the server message and
 *   `context.refusal` places it in its form (api/refusals.ts): on the field it concerns, or on
 *   the whole form. `FORM_FIELD_CHANGED` for a field it concerns, or `FORM_OPENED`, clears it.
 * - `LOGOUT` first asks the server to end the session (`logout`), so its token is refused from
 *   then on, and then clears state and storage and emits `navigate` to '/', whatever the answer:
 *   a refused call, no network or no answer within `LOGOUT_WAIT_MS` still logs the person out
 *   here. `SESSION_EXPIRED` (a 401 anywhere) clears them at once: the server has ended it already. `EDIT_PROFILE` replaces the user with the server's; `USER_UPDATED`
 *   (forwarded from the users machine after follow / unfollow) does the same without a call.
 * - `STORED_SESSION_CHANGED` (another tab wrote the stored session) follows that tab: logged out
 *   there, out here (to '/'); in, or in as someone else, the same here; the same person with a
 *   changed profile, the new profile here.
 * - `RESET_DEMO` asks the server to restore the demo data; the seed comes back, so any session
 *   may point at a user who is gone: on success the session ends with an info notice.
 * - Every change of user or token emits `session`, which the app forwards to the other machines.
 * - Machines never navigate: the app listens to `navigate` and moves the router.
 */

/** The part of `Storage` the machine uses; `window.localStorage` satisfies it. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the session lives in storage: the raw token, and the user as JSON. */
export const AUTH_STORAGE_KEYS = { token: 'murmur.token', user: 'murmur.user' } as const;

/**
 * How long logging out waits for the server to end the session. A person who asked to log out is
 * logged out here after this even when the server never answers.
 */
export const LOGOUT_WAIT_MS = 3000;

export const DEFAULT_DESTINATIONS = {
  afterLogin: '/home-page',
  afterSignup: '/explore-page',
  afterLogout: '/',
} as const;

export interface AuthInput {
  /** Defaults to `window.localStorage` when there is one; `null` keeps the session in memory. */
  storage?: StorageLike | null;
}

export interface AuthContext {
  user: User | null;
  token: string | null;
  /** The server's message of the last failed login, sign-up or profile edit. */
  error: string | null;
  /** The last failed login or sign-up: its form, the server's words, and where they belong. */
  refusal: AuthRefusal | null;
  /** Where to go after a successful login / sign-up (the LOGIN / SIGNUP event's `from`). */
  returnTo: string | null;
  storage: StorageLike | null;
}

/** A refused login or sign-up, placed in its form. */
export interface AuthRefusal {
  form: AuthForm;
  message: string;
  /** The field it concerns, or null: it concerns the whole form. */
  place: RefusalPlace | null;
}

export interface LoginEvent extends LoginRequest {
  type: 'LOGIN';
  /** The remembered location the person tried to open before logging in. */
  from?: string;
}

export interface SignupEvent extends Required<
  Pick<SignupRequest, 'firstName' | 'lastName' | 'username' | 'password' | 'confirmPassword'>
> {
  type: 'SIGNUP';
  from?: string;
}

export type AuthEvent =
  | LoginEvent
  | SignupEvent
  | { type: 'LOGOUT' }
  | { type: 'EDIT_PROFILE'; userData: UserData }
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'RESET_DEMO' }
  /** A field of the login or sign-up form changed: a refusal that concerns it is now stale. */
  | { type: 'FORM_FIELD_CHANGED'; form: AuthForm; field: SignupField }
  /** The login or sign-up form was opened: what an earlier visit was refused is history. */
  | { type: 'FORM_OPENED' }
  /**
   * The stored session changed in another tab (the app forwards the browser's `storage` event):
   * this tab follows it, so every tab has one session.
   */
  | { type: 'STORED_SESSION_CHANGED' };

export interface NavigateEvent {
  type: 'navigate';
  to: string;
}

export type AuthEmitted =
  | NotifyEvent
  | NavigateEvent
  | { type: 'signedIn'; user: User }
  | { type: 'signedOut' }
  /** The user or the token changed (sign-in, sign-out, a new version of the user). */
  | { type: 'session'; session: Session }
  /** The profile changed: posts and users carry the author's name and avatar, so reload them. */
  | { type: 'profileUpdated'; user: User };

/** `window.localStorage`, or null where there is none or the browser disabled it. */
export function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function readSession(storage: StorageLike | null): Session {
  if (storage === null) return { user: null, token: null };
  try {
    const token = storage.getItem(AUTH_STORAGE_KEYS.token);
    const userJson = storage.getItem(AUTH_STORAGE_KEYS.user);
    if (token === null || token === '' || userJson === null) return { user: null, token: null };
    const user = JSON.parse(userJson) as User | null;
    if (typeof user !== 'object' || user === null || typeof user._id !== 'string') {
      return { user: null, token: null };
    }
    return { user, token };
  } catch {
    return { user: null, token: null }; // unreadable or corrupt: start signed out
  }
}

function writeSession(storage: StorageLike | null, session: Session): void {
  if (storage === null) return;
  try {
    if (session.user === null || session.token === null) {
      storage.removeItem(AUTH_STORAGE_KEYS.token);
      storage.removeItem(AUTH_STORAGE_KEYS.user);
    } else {
      storage.setItem(AUTH_STORAGE_KEYS.token, session.token);
      storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(session.user));
    }
  } catch {
    // full or disabled storage: the session still works for this visit
  }
}

/** Keeps storage equal to the context's user and token (empty when signed out). */
const persist = ({ context }: { context: AuthContext }) => writeSession(context.storage, context);

/** The sign-up rule's verdict on a SIGNUP event's fields. */
function signupVerdict(event: AuthEvent): SignupVerdict {
  assertEvent(event, 'SIGNUP');
  return checkSignup(event);
}

const auth = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: placeholderActors('login', 'signup', 'logout', 'editUser', 'resetDemoData'),
  delays: { logoutWait: LOGOUT_WAIT_MS },
  guards: {
    hasSession: ({ context }) => context.user !== null && context.token !== null,
    loginFieldsMissing: ({ event }) => {
      assertEvent(event, 'LOGIN');
      return checkLogin(event).missing;
    },
    signupFieldsMissing: ({ event }) => signupVerdict(event).missing,
    passwordsDiffer: ({ event }) => signupVerdict(event).passwordsDiffer,
    canSubmitSignup: ({ event }) => canSubmitSignup(signupVerdict(event)),
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
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
    /** Another tab logged out: the stored session is gone while this tab holds one. */
    storedSessionEnded: ({ context }) =>
      context.token !== null && readSession(context.storage).token === null,
    /** Another tab logged in, or in as someone else: a stored token this tab does not hold. */
    storedSessionStarted: ({ context }) => {
      const { token } = readSession(context.storage);
      return token !== null && token !== context.token;
    },
    /** Another tab changed this session's user (a profile edit, a follow): same token, new user. */
    storedUserChanged: ({ context }) => {
      const { user, token } = readSession(context.storage);
      return (
        token !== null &&
        token === context.token &&
        user !== null &&
        JSON.stringify(user) !== JSON.stringify(context.user)
      );
    },
    isSameUser: ({ context, event }) => {
      assertEvent(event, 'USER_UPDATED');
      return context.user?._id === event.user._id;
    },
  },
  actions: {
    notify: emit((_, params: NotifyEvent) => params),
    rememberReturnTo: assign(({ event }) => {
      assertEvent(event, ['LOGIN', 'SIGNUP']);
      return { returnTo: event.from !== undefined && event.from !== '' ? event.from : null };
    }),
    /** Login and sign-up answered: the same session start, with each one's words and place. */
    startSession: enqueueActions(
      ({ context, enqueue }, params: { output: LoginResponse | SignupResponse }) => {
        const { output } = params;
        const login = 'foundUser' in output;
        const user = login ? output.foundUser : output.createdUser;
        const token = output.encodedToken;
        const fallback = login ? DEFAULT_DESTINATIONS.afterLogin : DEFAULT_DESTINATIONS.afterSignup;
        enqueue.assign({ user, token, error: null, refusal: null, returnTo: null });
        enqueue(persist);
        enqueue.emit(
          notification('success', login ? NOTICES.loginSucceeded : NOTICES.signupSucceeded),
        );
        enqueue.emit({ type: 'navigate', to: context.returnTo ?? fallback });
        enqueue.emit({ type: 'signedIn', user });
        enqueue.emit({ type: 'session', session: { user, token } });
      },
    ),
    endSession: enqueueActions(({ enqueue }, params: NotifyEvent) => {
      enqueue.assign({ user: null, token: null, error: null, refusal: null, returnTo: null });
      enqueue(persist);
      enqueue.emit(params);
      enqueue.emit({ type: 'navigate', to: DEFAULT_DESTINATIONS.afterLogout });
      enqueue.emit({ type: 'signedOut' });
      enqueue.emit({ type: 'session', session: { user: null, token: null } });
    }),
    /** The session another tab started: taken over as it is stored (nothing to write back). */
    adoptStoredSession: enqueueActions(({ context, enqueue }) => {
      const { user, token } = readSession(context.storage);
      if (user === null || token === null) return;
      if (context.token === null) {
        enqueue.emit({ type: 'navigate', to: DEFAULT_DESTINATIONS.afterLogin });
      }
      enqueue.assign({ user, token, error: null, refusal: null, returnTo: null });
      enqueue.emit({ type: 'signedIn', user });
      enqueue.emit({ type: 'session', session: { user, token } });
    }),
    replaceUser: enqueueActions(({ context, enqueue }, params: { user: User }) => {
      enqueue.assign({ user: params.user, error: null });
      enqueue(persist);
      enqueue.emit({ type: 'session', session: { user: params.user, token: context.token } });
    }),
    /** This session's user as another tab stored it (stored as it is: nothing to write back). */
    adoptStoredUser: enqueueActions(({ context, enqueue }) => {
      const { user } = readSession(context.storage);
      if (user === null) return;
      enqueue.assign({ user });
      enqueue.emit({ type: 'session', session: { user, token: context.token } });
    }),
    /** The first field the sign-up rule refuses, in the person's words. */
    notifyFieldError: emit(({ event }) => {
      const [message = NOTICES.fillSignupFields] = Object.values(signupVerdict(event).fieldErrors);
      return notification('warning', message);
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    /** A refused login or sign-up: its words, placed in the form by api/refusals.ts. */
    setRefusal: assign((_, params: { form: AuthForm; error: unknown }) => {
      const message = errorMessage(params.error);
      return {
        error: message,
        refusal: { form: params.form, message, place: refusalPlace(params.form, params.error) },
      };
    }),
    clearError: assign({ error: null, refusal: null }),
    expireSession: raise({ type: 'SESSION_EXPIRED' }),
  },
});

/**
 * Login and sign-up answer alike: a session starts, or the server's refusal is said once (a
 * toast) and placed in the form.
 */
const authenticated = (form: AuthForm) =>
  ({
    onDone: {
      target: '#auth.signedIn',
      actions: {
        type: 'startSession',
        params: ({ event }: { event: DoneActorEvent<LoginResponse | SignupResponse> }) => ({
          output: event.output,
        }),
      },
    },
    onError: {
      target: 'idle',
      actions: [
        {
          type: 'setRefusal',
          params: ({ event }: { event: ErrorActorEvent }) => ({ form, error: event.error }),
        },
        {
          type: 'notify',
          params: ({ event }: { event: ErrorActorEvent }) =>
            notification('error', `${NOTICES.somethingWentWrong} ${errorMessage(event.error)}`),
        },
      ],
    },
  }) as const;

/** Logging out ends here the same way whatever the server said, or if it said nothing. */
const loggedOut = {
  target: '#auth.signedOut',
  actions: { type: 'endSession', params: notification('success', NOTICES.loggedOut) },
} as const;

/** A call refused with 401: the session has expired. */
const expiresOn401 = [
  {
    guard: {
      type: 'isUnauthorized',
      params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }),
    },
    target: 'idle',
    actions: 'expireSession',
  },
] as const;

export const authMachine = auth.createMachine({
  id: 'auth',
  context: ({ input }) => {
    const given = { ...input }.storage; // `{ ...input }`: created without input, use the default
    const storage = given === undefined ? defaultStorage() : given;
    return { ...readSession(storage), error: null, refusal: null, returnTo: null, storage };
  },
  initial: 'restoring',
  on: {
    STORED_SESSION_CHANGED: [
      {
        guard: 'storedSessionEnded',
        target: '.signedOut',
        actions: {
          type: 'endSession',
          params: notification('info', NOTICES.loggedOutElsewhere),
        },
      },
      { guard: 'storedSessionStarted', target: '.signedIn', actions: 'adoptStoredSession' },
      { guard: 'storedUserChanged', actions: 'adoptStoredUser' },
    ],
  },
  states: {
    /** Transient: the context factory has read storage; pick the state that matches. */
    restoring: {
      always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
    },

    signedOut: {
      initial: 'idle',
      on: {
        // A 401 can arrive from calls still in flight after logout: nothing left to end.
        SESSION_EXPIRED: {},
        FORM_FIELD_CHANGED: { guard: 'refusalConcernsField', actions: 'clearError' },
        FORM_OPENED: { actions: 'clearError' },
      },
      states: {
        idle: {
          on: {
            LOGIN: [
              {
                guard: 'loginFieldsMissing',
                actions: {
                  type: 'notify',
                  params: notification('warning', NOTICES.fillLoginFields),
                },
              },
              { target: 'loggingIn', actions: ['clearError', 'rememberReturnTo'] },
            ],
            SIGNUP: [
              {
                guard: 'signupFieldsMissing',
                actions: {
                  type: 'notify',
                  params: notification('warning', NOTICES.fillSignupFields),
                },
              },
              {
                guard: 'passwordsDiffer',
                actions: { type: 'notify', params: notification('error', NOTICES.passwordsDiffer) },
              },
              {
                guard: 'canSubmitSignup',
                target: 'signingUp',
                actions: ['clearError', 'rememberReturnTo'],
              },
              // A field breaks a length or format rule: the form shows it; nothing is sent.
              { actions: 'notifyFieldError' },
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
            ...authenticated('login'),
          },
        },
        signingUp: {
          invoke: {
            src: 'signup',
            input: ({ event }) => {
              assertEvent(event, 'SIGNUP');
              const { firstName, lastName, username, password, confirmPassword } = event;
              return {
                firstName,
                lastName,
                username: normalizeUsername(username),
                password,
                confirmPassword,
              };
            },
            ...authenticated('signup'),
          },
        },
      },
    },

    signedIn: {
      initial: 'idle',
      on: {
        // From any signed-in state: a profile save or a reset under way is given up.
        LOGOUT: '.loggingOut',
        SESSION_EXPIRED: {
          target: 'signedOut',
          actions: {
            type: 'endSession',
            params: notification('warning', NOTICES.sessionExpired),
          },
        },
        USER_UPDATED: {
          guard: 'isSameUser',
          actions: { type: 'replaceUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
      states: {
        idle: {
          on: {
            EDIT_PROFILE: { target: 'savingProfile', actions: 'clearError' },
            RESET_DEMO: 'resettingDemo',
          },
        },
        savingProfile: {
          invoke: {
            src: 'editUser',
            input: ({ context, event }) => {
              assertEvent(event, 'EDIT_PROFILE');
              return { userData: event.userData, token: context.token ?? '' };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'replaceUser', params: ({ event }) => ({ user: event.output.user }) },
                { type: 'notify', params: notification('success', NOTICES.profileUpdated) },
                emit(({ event }) => ({ type: 'profileUpdated' as const, user: event.output.user })),
              ],
            },
            onError: [
              ...expiresOn401,
              {
                target: 'idle',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  {
                    type: 'notify',
                    params: ({ event }) => notification('error', errorMessage(event.error)),
                  },
                ],
              },
            ],
          },
        },
        /**
         * The server ends the session first, so that its token is refused from then on (a copy
         * of it elsewhere cannot be used any more); then it ends here, whatever the answer.
         */
        loggingOut: {
          invoke: {
            src: 'logout',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: loggedOut,
            onError: loggedOut,
          },
          after: { logoutWait: loggedOut },
          on: {
            LOGOUT: {},
            // A 401 meanwhile: the server has ended the session already, as asked.
            SESSION_EXPIRED: loggedOut,
          },
        },
        resettingDemo: {
          invoke: {
            src: 'resetDemoData',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: '#auth.signedOut',
              actions: {
                type: 'endSession',
                params: notification('info', NOTICES.demoDataRestored),
              },
            },
            onError: [
              ...expiresOn401,
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

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The session the app forwards to the other machines. */
export const selectSession = (snapshot: AuthSnapshot): Session => ({
  user: snapshot.context.user,
  token: snapshot.context.token,
});
export const selectUser = (snapshot: AuthSnapshot): User | null => snapshot.context.user;
export const selectIsSignedIn = (snapshot: AuthSnapshot): boolean => snapshot.matches('signedIn');
/** True while a login, sign-up or profile save waits for the server (disable the button). */
export const selectAuthIsBusy = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ signedOut: 'loggingIn' }) ||
  snapshot.matches({ signedOut: 'signingUp' }) ||
  snapshot.matches({ signedIn: 'savingProfile' });
/** True while logging out waits for the server (the 'Log out' button is busy). */
export const selectIsLoggingOut = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ signedIn: 'loggingOut' });
/** True while 'Reset demo data' waits for the server. */
export const selectIsResettingDemo = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ signedIn: 'resettingDemo' });
export const selectAuthError = (snapshot: AuthSnapshot): string | null => snapshot.context.error;
/** The refusal of the last login or sign-up, when it was a refusal of `form`. */
export const selectAuthRefusal = (snapshot: AuthSnapshot, form: AuthForm): AuthRefusal | null =>
  snapshot.context.refusal?.form === form ? snapshot.context.refusal : null;

/**
 * What a form shows: the rule's verdict on each field, with a refusal on the field it concerns
 * (the verdict wins: it judges what is typed now), and a refusal that concerns no one field as
 * the form's message.
 */
export function formErrors<F extends SignupField>(
  verdict: Partial<Record<F, string>>,
  refusal: AuthRefusal | null,
): { fieldErrors: Partial<Record<F, string>>; message: string | null } {
  if (refusal === null) return { fieldErrors: verdict, message: null };
  if (refusal.place === null) return { fieldErrors: verdict, message: refusal.message };
  return {
    fieldErrors: { [refusal.place.field]: refusal.message, ...verdict },
    message: null,
  };
}
