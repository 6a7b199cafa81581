/**
 * Every rule both sides of the API apply, written once: how long a text may be, how a username is
 * read, what a login and a sign-up need, and who may edit or delete what; with how characters are
 * counted (./characters.ts), what an image may be (./images.ts) and a website (./website.ts),
 * which this module re-exports. The service (src/service), the machines' guards and the
 * components' counters and inline errors all take their verdicts from here, so the browser can
 * never accept what the server refuses, or the other way round.
 *
 * Each rule is data (the limits) plus a pure check that returns a *problem code* or null. A
 * problem becomes words in one of two voices, both defined here: `fieldMessage` for the server's
 * 400 answers (they name the field as the client sent it: "postData.content must be at most 500
 * characters") and `PERSON_MESSAGES` / `textMessage` for the inline errors a person reads.
 */

import { UNREAD_SHOWN_UP_TO } from '../paths';
import { CLUSTER_MAX_UNITS, countCharacters, exceedsUnits, isBlank, trimText } from './characters';
import { checkWebsite, completeWebsite } from './website';
import { IMAGE_RULE, type ImageProblem } from './images';

export * from './characters';
export * from './images';
export * from './website';

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** How long a text may be, in characters after trimming; `required`: blank is refused. */
export interface TextRule {
  readonly required: boolean;
  readonly max: number;
}

export const TEXT_RULES = {
  postContent: { required: true, max: 500 },
  comment: { required: true, max: 300 },
  bio: { required: false, max: 160 },
  name: { required: true, max: 40 },
  /** An image's alt text: optional. */
  imgAlt: { required: false, max: 1000 },
} as const satisfies Record<string, TextRule>;

export const USERNAME_RULE = { min: 3, max: 20, pattern: /^[A-Za-z0-9_]+$/ } as const;
export const PASSWORD_RULE = { min: 6, max: 128 } as const;

/**
 * Search (`GET /api/search?q=`): the query is read trimmed, must not be empty and may be at most
 * `maxLength` characters; the answer holds at most `maxPeople` people and `maxPosts` posts.
 */
export const SEARCH_RULE = { maxLength: 100, maxPeople: 5, maxPosts: 10 } as const;

/** How many items a page of a paged list holds: `limit`, within these, or the default. */
export const PAGE_RULE = { minLimit: 1, maxLimit: 40, defaultLimit: 20 } as const;

/**
 * Unread notifications are counted up to 100: the bell and the tab's title read '99+' past 99, so
 * counting further would read rows no one is shown.
 */
export const UNREAD_RULE = { countedUpTo: UNREAD_SHOWN_UP_TO + 1 } as const;

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

export type TextProblem = 'empty' | 'tooLong';

/** What a text field shows and decides: its length as counted, the limit, and what is wrong. */
export interface TextVerdict {
  /** Characters after trimming, as `countCharacters` counts them. */
  length: number;
  max: number;
  problem: TextProblem | null;
}

/**
 * Surrounding whitespace (invisible characters included) never counts, and text of nothing else
 * is empty. A text too long in code units to be within the limit is refused before it is counted;
 * its length is then the least it could be.
 */
export function checkText(text: string, rule: TextRule): TextVerdict {
  if (exceedsUnits(text, rule.max)) {
    return {
      length: Math.ceil(text.length / CLUSTER_MAX_UNITS),
      max: rule.max,
      problem: 'tooLong',
    };
  }
  const length = countCharacters(trimText(text));
  const problem = rule.required && length === 0 ? 'empty' : length > rule.max ? 'tooLong' : null;
  return { length, max: rule.max, problem };
}

export const checkPostText = (text: string): TextVerdict => checkText(text, TEXT_RULES.postContent);
export const checkCommentText = (text: string): TextVerdict => checkText(text, TEXT_RULES.comment);
export const checkBio = (text: string): TextVerdict => checkText(text, TEXT_RULES.bio);
export const checkName = (text: string): TextVerdict => checkText(text, TEXT_RULES.name);
export const checkImageAlt = (text: string): TextVerdict => checkText(text, TEXT_RULES.imgAlt);

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/** A search query as both sides read it: without the spaces around it. */
export function normalizeSearchQuery(query: string): string {
  return trimText(query);
}

/** What is wrong with a search query, counted as a person sees it after trimming; null when fine. */
export function checkSearchQuery(query: string): TextProblem | null {
  if (exceedsUnits(query, SEARCH_RULE.maxLength)) return 'tooLong';
  const length = countCharacters(normalizeSearchQuery(query));
  if (length === 0) return 'empty';
  return length > SEARCH_RULE.maxLength ? 'tooLong' : null;
}

// ---------------------------------------------------------------------------------------------
// Usernames and passwords
// ---------------------------------------------------------------------------------------------

export type UsernameProblem = 'length' | 'characters';

/**
 * A username as both sides read it: the spaces around it are not part of it, so ' guest ' logs
 * in as `guest` and signs up as the name without them. The machines send it read this way and
 * the server reads what it receives this way too; the check below judges it this way.
 */
export function normalizeUsername(username: string): string {
  return trimText(username);
}

/** 3–20 of letters, digits and `_`, after trimming. */
export function checkUsername(username: string): UsernameProblem | null {
  if (exceedsUnits(username, USERNAME_RULE.max)) return 'length';
  const trimmed = normalizeUsername(username);
  const length = countCharacters(trimmed);
  if (length < USERNAME_RULE.min || length > USERNAME_RULE.max) return 'length';
  return USERNAME_RULE.pattern.test(trimmed) ? null : 'characters';
}

export type PasswordProblem = 'tooShort' | 'tooLong';

/**
 * 6 to 128 characters; a password is taken as typed, never trimmed. The upper bound keeps a
 * megabyte "password" from costing the server a hash of a megabyte.
 */
export function checkPassword(password: string): PasswordProblem | null {
  if (exceedsUnits(password, PASSWORD_RULE.max)) return 'tooLong';
  const length = countCharacters(password);
  return length < PASSWORD_RULE.min ? 'tooShort' : length > PASSWORD_RULE.max ? 'tooLong' : null;
}

// ---------------------------------------------------------------------------------------------
// Login and sign-up forms
// ---------------------------------------------------------------------------------------------

export interface LoginFields {
  username: string;
  password: string;
}

export type LoginField = keyof LoginFields;

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

export interface SignupFields {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  confirmPassword: string;
}

export type SignupField = keyof SignupFields;

export const SIGNUP_FIELDS: readonly SignupField[] = [
  'firstName',
  'lastName',
  'username',
  'password',
  'confirmPassword',
];

const NAME_SUBJECTS = { firstName: 'First name', lastName: 'Last name' } as const;

/**
 * Whether a form field is left empty. Text is empty when blank (whitespace only), but a
 * password is taken as typed, never trimmed: only '' is empty, and six spaces are a password of
 * six characters (which the server then judges like any other).
 */
export function isFieldEmpty(field: SignupField, value: string): boolean {
  return field === 'password' || field === 'confirmPassword' ? value === '' : isBlank(value);
}

/** What is wrong with a login before it is sent. */
export interface LoginVerdict {
  /** A field is empty (the spec's 'Please fill the fields.'). */
  missing: boolean;
  /** Each empty field with the words a person reads under it. */
  fieldErrors: Partial<Record<LoginField, string>>;
}

export function checkLogin(fields: LoginFields): LoginVerdict {
  const fieldErrors: Partial<Record<LoginField, string>> = {};
  for (const field of LOGIN_FIELDS) {
    if (isFieldEmpty(field, fields[field])) fieldErrors[field] = PERSON_MESSAGES.required[field];
  }
  return { missing: Object.keys(fieldErrors).length > 0, fieldErrors };
}

/** What is wrong with a sign-up before it is sent, in the order a person reads the form. */
export interface SignupVerdict {
  /** A field is empty (the spec's 'Please fill the fields'). */
  missing: boolean;
  /** Password and confirmation differ (the spec's 'Both Passwords do not match'). */
  passwordsDiffer: boolean;
  /**
   * Every field that is wrong, in form order, with the words a person reads under it: an empty
   * field, a length or format rule broken, a confirmation that differs from the password.
   */
  fieldErrors: Partial<Record<SignupField, string>>;
}

/** A filled sign-up field's problem in a person's words, or null. */
function signupFieldProblem(field: SignupField, fields: SignupFields): string | null {
  switch (field) {
    case 'firstName':
    case 'lastName': {
      const verdict = checkName(fields[field]);
      return verdict.problem === 'tooLong' ? tooLongMessage(NAME_SUBJECTS[field], verdict) : null;
    }
    case 'username': {
      const problem = checkUsername(fields.username);
      return problem === null ? null : PERSON_MESSAGES.username[problem];
    }
    case 'password': {
      const problem = checkPassword(fields.password);
      if (problem === null) return null;
      return problem === 'tooShort'
        ? PERSON_MESSAGES.passwordTooShort
        : PERSON_MESSAGES.passwordTooLong;
    }
    case 'confirmPassword':
      return fields.confirmPassword === fields.password ? null : PERSON_MESSAGES.passwordsDiffer;
  }
}

export function checkSignup(fields: SignupFields): SignupVerdict {
  const fieldErrors: Partial<Record<SignupField, string>> = {};
  let missing = false;
  for (const field of SIGNUP_FIELDS) {
    const empty = isFieldEmpty(field, fields[field]);
    missing ||= empty;
    const problem = empty ? PERSON_MESSAGES.required[field] : signupFieldProblem(field, fields);
    if (problem !== null) fieldErrors[field] = problem;
  }
  return { missing, passwordsDiffer: fields.password !== fields.confirmPassword, fieldErrors };
}

/** Whether a sign-up may be sent: nothing missing, passwords equal, every field within its rules. */
export function canSubmitSignup(verdict: SignupVerdict): boolean {
  return (
    !verdict.missing && !verdict.passwordsDiffer && Object.keys(verdict.fieldErrors).length === 0
  );
}

// ---------------------------------------------------------------------------------------------
// Who may do what
// ---------------------------------------------------------------------------------------------

/**
 * Permissions over authors. `actor`, `postAuthor` and `commentAuthor` are the same kind of key on
 * both sides: the server compares user ids, the client usernames (both unique).
 */
export const PERMISSIONS = {
  /** A post's author edits and deletes it. */
  editPost: (postAuthor: string, actor: string): boolean => postAuthor === actor,
  deletePost: (postAuthor: string, actor: string): boolean => postAuthor === actor,
  /** A comment's author edits it. */
  editComment: (commentAuthor: string, actor: string): boolean => commentAuthor === actor,
  /** A comment's author deletes it, and so does the author of the post it is under. */
  deleteComment: (postAuthor: string, commentAuthor: string, actor: string): boolean =>
    commentAuthor === actor || postAuthor === actor,
} as const;

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/** What a person reads in an inline error or a warning toast. */
export const PERSON_MESSAGES = {
  website: 'Enter a web address that starts with http:// or https://.',
  username: {
    length: `Username must be ${USERNAME_RULE.min}–${USERNAME_RULE.max} characters long.`,
    characters: 'Username can only use letters, digits and _.',
  } satisfies Record<UsernameProblem, string>,
  passwordTooShort: `Password must be at least ${PASSWORD_RULE.min} characters long.`,
  passwordTooLong: `Password can be at most ${PASSWORD_RULE.max} characters long.`,
  /** Under the confirmation, when it differs from the password. */
  passwordsDiffer: 'Enter the same password twice.',
  /** Under a login or sign-up field left empty. */
  required: {
    firstName: 'Enter your first name.',
    lastName: 'Enter your last name.',
    username: 'Enter your username.',
    password: 'Enter your password.',
    confirmPassword: 'Enter your password again.',
  } satisfies Record<SignupField, string>,
} as const;

/** The limits as the sign-up form states them beside its fields. */
export const SIGNUP_HINTS: Partial<Record<SignupField, string>> = {
  username: `${USERNAME_RULE.min}–${USERNAME_RULE.max} letters, digits or _`,
  password: `At least ${PASSWORD_RULE.min} characters`,
};

/** A website problem in a person's words, or null. */
export function websiteMessage(link: string): string | null {
  return checkWebsite(link) === null ? null : PERSON_MESSAGES.website;
}

/** A website field as a form checks it: the link as the server will keep it, and its error. */
export interface WebsiteFieldVerdict {
  link: string;
  message: string | null;
}

export function checkWebsiteField(link: string): WebsiteFieldVerdict {
  return { link: completeWebsite(link), message: websiteMessage(link) };
}

const tooLongMessage = (subject: string, verdict: TextVerdict) =>
  `${subject} can be at most ${verdict.max} characters.`;

/** A text verdict's problem as a person reads it, e.g. "Bio can be at most 160 characters." */
export function textMessage(subject: string, verdict: TextVerdict): string | null {
  if (verdict.problem === 'empty') return `${subject} cannot be empty.`;
  if (verdict.problem === 'tooLong') return tooLongMessage(subject, verdict);
  return null;
}

/** A text field's verdict with its problem in a person's words: what a form shows. */
export interface TextFieldVerdict extends TextVerdict {
  message: string | null;
}

/** The bio as the profile form checks it: the counter and the words of its error. */
export function checkBioField(text: string): TextFieldVerdict {
  const verdict = checkBio(text);
  return { ...verdict, message: textMessage('Bio', verdict) };
}

/** A first or last name as the profile form checks it, by the sign-up limits, with words. */
export function checkNameField(field: 'firstName' | 'lastName', text: string): TextFieldVerdict {
  const verdict = checkName(text);
  if (verdict.problem === 'empty') return { ...verdict, message: PERSON_MESSAGES.required[field] };
  return { ...verdict, message: textMessage(NAME_SUBJECTS[field], verdict) };
}

/** An image's alt text as the post dialog checks it: the counter and the words of its error. */
export function checkImageAltField(text: string): TextFieldVerdict {
  const verdict = checkImageAlt(text);
  return { ...verdict, message: textMessage('Image description', verdict) };
}

type FieldProblem = TextProblem | UsernameProblem | ImageProblem | 'tooShort' | 'notHttp';

/**
 * A problem as the server says it in a 400 answer, naming the field as the client sent it.
 * `max` is the text limit for 'tooLong'.
 */
export function fieldMessage(field: string, problem: FieldProblem, max = 0): string {
  switch (problem) {
    case 'empty':
      return `${field} must not be empty`;
    case 'tooLong':
      return `${field} must be at most ${max} characters`;
    case 'length':
    case 'characters':
      return `${field} must be ${USERNAME_RULE.min} to ${USERNAME_RULE.max} characters: letters, digits or _`;
    case 'tooShort':
      return `${field} must be at least ${PASSWORD_RULE.min} characters`;
    case 'notHttp':
      return `${field} must be an http(s) URL`;
    case 'notImage':
      return `${field} must be an image data URL or an uploaded image's link`;
    case 'tooLarge':
      return `${field} must be at most ${IMAGE_RULE.maxBytes / 1024 / 1024} MB`;
  }
}
