/**
 * Request bodies as schemas: part of the contract (the endpoint table names each endpoint's),
 * checked by the service (src/service/validation.ts) and described in the OpenAPI document. The shapes (what is an object, what a string, what is
 * required) are valibot schemas; the rules inside them (lengths in characters, usernames,
 * passwords, websites, images) are the shared ones of src/api/rules.ts, so the server refuses
 * exactly what the UI does not let through. A refusal is a 400 whose message names the field as
 * the client sent it: "postData.content must be at most 500 characters".
 */
import * as v from 'valibot';
import {
  checkImageDataUrl,
  checkPassword,
  checkText,
  checkUsername,
  checkWebsite,
  completeWebsite,
  fieldMessage,
  hasUnstorable,
  normalizeUsername,
  PASSWORD_RULE,
  TEXT_RULES,
  trimText,
  type TextRule,
} from './rules';
import { MEDIA_PURPOSES, mediaIdOf } from './media';

/**
 * Messages are written before the issue knows its place in the body (valibot adds the path on
 * the way out), so they carry this placeholder, filled in by `parseBody` from the issue's path.
 */
export const FIELD = '{field}';

const UNSTORABLE_MESSAGE = 'must not contain a NUL character or half of an emoji';

/**
 * The most a login's username or password may be, in code units: far above any real one, and a
 * bound checked before anything is looked up or hashed.
 */
const LOGIN_MAX_UNITS = 1024;

/** The longest website, in code units: beyond any real address. */
const WEBSITE_MAX_UNITS = 2048;

const shapeMessage = (noun: string) => (issue: v.BaseIssue<unknown>) =>
  issue.input === undefined || issue.input === null
    ? `${FIELD} is required`
    : `${FIELD} must be ${noun}`;

/**
 * A string PostgreSQL can store: no NUL and no half of a surrogate pair. Every string field of
 * every body goes through it, so such a character is a 400 naming the field on the mock and the
 * server alike, never a failed query.
 */
const string = () =>
  v.pipe(
    v.string(shapeMessage('a string')),
    v.check((value) => !hasUnstorable(value), `${FIELD} ${UNSTORABLE_MESSAGE}`),
  );

function object<TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, shapeMessage('an object'));
}

/** A string the shared rule accepts; `problemOf` returns the rule's problem or null. */
function ruled(
  problemOf: (value: string) => Parameters<typeof fieldMessage>[1] | null,
  max?: number,
) {
  return v.pipe(
    string(),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = problemOf(dataset.value);
      if (problem !== null) addIssue({ message: fieldMessage(FIELD, problem, max) });
    }),
  );
}

/** Text within its limit, stored without the spaces and invisible characters around it. */
const text = (rule: TextRule) =>
  v.pipe(
    ruled((value) => checkText(value, rule).problem, rule.max),
    v.description(
      `${rule.required ? 1 : 0} to ${rule.max} characters (what a person sees: an emoji is one), without the spaces around it`,
    ),
    v.transform(trimText),
  );

/**
 * An http(s) URL, stored trimmed, with `https://` in front when it was sent without a scheme
 * ('maya.example.org'); '' means none.
 */
const website = v.pipe(
  ruled(
    (value) => (value.length > WEBSITE_MAX_UNITS ? 'tooLong' : checkWebsite(value)),
    WEBSITE_MAX_UNITS,
  ),
  v.description('An http(s) URL; one without a scheme is kept with https:// in front; "" for none'),
  v.transform(completeWebsite),
);

/** The longest media link, in code units: far beyond any real one. */
const MEDIA_LINK_MAX_UNITS = 2048;

/**
 * An image: an uploaded image's link (`POST /media`), or a data URL within the size limit, made
 * into media on the way in; '' means none (or "remove it" on an edit).
 */
const image = v.pipe(
  ruled((value) =>
    value === ''
      ? null
      : value.startsWith('data:')
        ? checkImageDataUrl(value)
        : value.length <= MEDIA_LINK_MAX_UNITS && mediaIdOf(value) !== undefined
          ? null
          : 'notImage',
  ),
  v.description(
    'The link of an uploaded image (`POST /media`), or a base64 data: URL of a PNG, JPEG, GIF or WebP image of at most 2 MiB; "" for none',
  ),
);

/**
 * An upload, as multipart/form-data fields: the image file, what it is for (a post's picture by
 * default, or an avatar) and its description.
 */
export const uploadForm = object({
  file: v.pipe(
    v.blob(shapeMessage('a file')),
    v.description('The image: JPEG, PNG, GIF, WebP or AVIF, at most 10 MiB'),
  ),
  purpose: v.optional(v.picklist(MEDIA_PURPOSES, `${FIELD} must be post or avatar`), 'post'),
  alt: v.optional(text(TEXT_RULES.imgAlt)),
});

/** A new username within the rule, stored as the rule reads it (without surrounding spaces). */
const username = v.pipe(ruled(checkUsername), v.transform(normalizeUsername));

/**
 * Sign-up keeps only the known profile fields: anything else sent (an `_id`, followers,
 * bookmarks, confirmPassword) is dropped by the schema.
 */
export const signupBody = object({
  firstName: text(TEXT_RULES.name),
  lastName: text(TEXT_RULES.name),
  username,
  password: ruled(checkPassword, PASSWORD_RULE.max),
  bio: v.optional(text(TEXT_RULES.bio), ''),
  link: v.optional(website, ''),
  profile: v.optional(image, ''),
});

/** The username as the rule reads it (' guest ' is guest); the password exactly as typed. */
export const loginBody = object({
  username: v.pipe(
    ruled((value) => (value.length > LOGIN_MAX_UNITS ? 'tooLong' : null), LOGIN_MAX_UNITS),
    v.transform(normalizeUsername),
  ),
  password: ruled((value) => (value.length > LOGIN_MAX_UNITS ? 'tooLong' : null), LOGIN_MAX_UNITS),
});

/** A password change: the current password as typed at login, the new one by the sign-up rule. */
export const changePasswordBody = object({
  currentPassword: ruled(
    (value) => (value.length > LOGIN_MAX_UNITS ? 'tooLong' : null),
    LOGIN_MAX_UNITS,
  ),
  newPassword: ruled(checkPassword, PASSWORD_RULE.max),
});

/**
 * `imgContent` absent: not sent (an edit keeps the image); '': remove it. `imgAlt`: the image's
 * alt text, stored trimmed ('' means none); absent: not sent.
 */
export const postBody = object({
  postData: object({
    content: text(TEXT_RULES.postContent),
    imgContent: v.optional(image),
    imgAlt: v.optional(text(TEXT_RULES.imgAlt)),
  }),
});

export const commentBody = object({ commentData: text(TEXT_RULES.comment) });

/**
 * The app's comment: the spec's, and optionally the comment it answers. A reply to a reply is
 * kept under the first comment of its thread, so a thread nests one level.
 */
export const replyBody = object({
  commentData: text(TEXT_RULES.comment),
  parentId: v.optional(string()),
});

/** A profile edit changes only these five fields; the username, password and graph never. */
export const userDataBody = object({
  userData: object({
    firstName: v.optional(text(TEXT_RULES.name)),
    lastName: v.optional(text(TEXT_RULES.name)),
    bio: v.optional(text(TEXT_RULES.bio)),
    link: v.optional(website),
    profile: v.optional(image),
  }),
});

/**
 * Marks the person's notifications read up to `upTo`, the `seq` of the newest one they saw: one
 * that arrives meanwhile stays unread. A mark never goes back.
 */
export const readMarkBody = object({
  upTo: v.pipe(
    v.number(shapeMessage('a number')),
    v.integer(`${FIELD} must be a whole number`),
    v.minValue(0, `${FIELD} must be at least 0`),
    v.maxValue(Number.MAX_SAFE_INTEGER, `${FIELD} is too large`),
    v.description("The `seq` of the newest notification seen (its page's first)"),
  ),
});
