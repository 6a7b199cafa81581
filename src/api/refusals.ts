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

/**
 * The same refusals as the forms say them, under the field they concern: plain words, said once
 * (the server's own words stay the API's, to the letter).
 */
export const PLAIN_REFUSALS = {
  usernameTaken: 'That username is taken. Try another one.',
  usernameNotRegistered: 'No account has this username. Check it, or create an account.',
  invalidCredentials: 'That password is not right for this username.',
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
  /** What the form says under the field: the refusal in plain words, not the server's. */
  readonly words: string;
}

const KNOWN: Record<AuthForm, readonly KnownRefusal[]> = {
  login: [
    {
      status: 404,
      message: AUTH_REFUSALS.usernameNotRegistered,
      place: { field: 'username', concerns: ['username'] },
      words: PLAIN_REFUSALS.usernameNotRegistered,
    },
    // The username exists, so the password is what is wrong; the pair is what was refused, so a
    // change to either makes the message stale.
    {
      status: 401,
      message: AUTH_REFUSALS.invalidCredentials,
      place: { field: 'password', concerns: ['username', 'password'] },
      words: PLAIN_REFUSALS.invalidCredentials,
    },
  ],
  signup: [
    {
      status: 422,
      message: AUTH_REFUSALS.usernameTaken,
      place: { field: 'username', concerns: ['username'] },
      words: PLAIN_REFUSALS.usernameTaken,
    },
  ],
};

function knownRefusal(form: AuthForm, error: unknown): KnownRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return KNOWN[form].find(
    (refusal) => refusal.status === error.status && refusal.message === error.message,
  );
}

/**
 * A known refusal in plain words ('That username is taken. Try another one.' for the spec's
 * 'Unprocessable Entity. Username Already Exists.'), or null when the server's own words are all
 * there is to say.
 */
export function refusalWords(form: AuthForm, error: unknown): string | null {
  return knownRefusal(form, error)?.words ?? null;
}

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
  const known = knownRefusal(form, error);
  if (known) return known.place;
  if (error.status !== 400) return null;
  const named = FORM_FIELDS[form].find((field) => error.message.startsWith(`${field} `));
  return named === undefined ? null : { field: named, concerns: [named] };
}

/** A refused login or sign-up, placed in its form: on a field, or (`place` null) the whole form. */
export interface FormRefusal {
  form: AuthForm;
  message: string;
  place: RefusalPlace | null;
}

/**
 * What a form shows: the rule's verdict on each field, with a refusal on the field it concerns
 * (the verdict wins: it judges what is typed now), and a refusal that concerns no one field as
 * the form's message.
 */
export function formErrors<F extends SignupField>(
  verdict: Partial<Record<F, string>>,
  refusal: FormRefusal | null,
): { fieldErrors: Partial<Record<F, string>>; message: string | null } {
  if (refusal === null) return { fieldErrors: verdict, message: null };
  if (refusal.place === null) return { fieldErrors: verdict, message: refusal.message };
  return { fieldErrors: { [refusal.place.field]: refusal.message, ...verdict }, message: null };
}
