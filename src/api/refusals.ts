/**
 * The server's refusals of a login or a sign-up, and which field of the form each one concerns:
 * decided here, once. The mock service answers with these words (the spec's, to the letter);
 * the auth machine places a refusal with `refusalPlace`, and the screens only show it where it
 * was placed.
 */
import { ApiError } from './client';
import { LOGIN_FIELDS, SIGNUP_FIELDS, type SignupField } from './rules';

/**
 * The server's words for a refused sign-up, login or password change (the first three the spec's,
 * §8), used by the server as they are.
 */
export const AUTH_REFUSALS = {
  usernameTaken: 'Unprocessable Entity. Username Already Exists.',
  usernameNotRegistered: 'The username you entered is not Registered. Not Found error',
  invalidCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
  /** A password change whose current password is wrong: shown under that field. */
  wrongCurrentPassword: 'The current password is not correct.',
} as const;

/** The two forms that can be refused. */
export type AuthForm = 'login' | 'signup';

/** Where a refusal belongs in its form. */
export interface RefusalPlace {
  /** The field that shows the refusal, is marked invalid and takes focus. */
  readonly field: SignupField;
  /** Every field whose change makes the refusal stale (it then goes away). */
  readonly concerns: readonly SignupField[];
}

interface KnownRefusal {
  readonly status: number;
  readonly message: string;
  readonly place: RefusalPlace;
}

const KNOWN: Record<AuthForm, readonly KnownRefusal[]> = {
  login: [
    {
      status: 404,
      message: AUTH_REFUSALS.usernameNotRegistered,
      place: { field: 'username', concerns: ['username'] },
    },
    // The username exists, so the password is what is wrong; the pair is what was refused, so a
    // change to either makes the message stale.
    {
      status: 401,
      message: AUTH_REFUSALS.invalidCredentials,
      place: { field: 'password', concerns: ['username', 'password'] },
    },
  ],
  signup: [
    {
      status: 422,
      message: AUTH_REFUSALS.usernameTaken,
      place: { field: 'username', concerns: ['username'] },
    },
  ],
};

/** The fields each form sends (a sign-up's confirmation is never named by the server). */
const FORM_FIELDS: Record<AuthForm, readonly SignupField[]> = {
  login: LOGIN_FIELDS,
  signup: SIGNUP_FIELDS,
};

/**
 * The field of `form` a failed call's error concerns, or null when it concerns the whole form (a
 * network failure, a 500, anything unknown). Known refusals are matched by status and words; a
 * 400 names the field as it was sent ("password must be at least 6 characters", "username is
 * required").
 */
export function refusalPlace(form: AuthForm, error: unknown): RefusalPlace | null {
  if (!(error instanceof ApiError)) return null;
  const known = KNOWN[form].find(
    (refusal) => refusal.status === error.status && refusal.message === error.message,
  );
  if (known) return known.place;
  if (error.status !== 400) return null;
  const named = FORM_FIELDS[form].find((field) => error.message.startsWith(`${field} `));
  return named === undefined ? null : { field: named, concerns: [named] };
}
