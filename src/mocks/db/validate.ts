/**
 * Structural checks for a database read back from storage. Anything that fails them is treated
 * as corrupt and replaced by the seed (db/database.ts), so a bad stored value can never reach the
 * service as a half-shaped record.
 */
import type {
  CommentRecord,
  DatabaseState,
  InboxRecord,
  PostRecord,
  UserRecord,
  VotesRecord,
} from '../../service/records';
import type { PersistedDatabase } from './schema';

type Shape = Record<string, unknown>;

const isObject = (value: unknown): value is Shape =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);

function hasStrings(value: Shape, keys: readonly string[]): boolean {
  return keys.every((key) => isString(value[key]));
}

function isVotes(value: unknown): value is VotesRecord {
  return (
    isObject(value) && isStringArray(value.upvotedByIds) && isStringArray(value.downvotedByIds)
  );
}

export function isUserRecord(value: unknown): value is UserRecord {
  return (
    isObject(value) &&
    hasStrings(value, [
      '_id',
      'firstName',
      'lastName',
      'username',
      'passwordHash',
      'bio',
      'link',
      'profile',
      'createdAt',
      'updatedAt',
    ]) &&
    isStringArray(value.followerIds) &&
    isStringArray(value.followingIds) &&
    isStringArray(value.bookmarkIds) &&
    (value.sessionIds === undefined || isStringArray(value.sessionIds)) &&
    (value.inbox === undefined || isInbox(value.inbox))
  );
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isInboxEntry(value: unknown): value is InboxRecord {
  return (
    isObject(value) &&
    hasStrings(value, ['kind', 'actorId', 'target', 'at']) &&
    (value.postId === undefined || isString(value.postId)) &&
    (value.commentId === undefined || isString(value.commentId)) &&
    isCount(value.seq)
  );
}

function isInbox(value: unknown): value is UserRecord['inbox'] {
  return (
    isObject(value) &&
    Array.isArray(value.entries) &&
    value.entries.every(isInboxEntry) &&
    isCount(value.seq) &&
    isCount(value.readSeq)
  );
}

function isComment(value: unknown): value is CommentRecord {
  return (
    isObject(value) &&
    hasStrings(value, ['_id', 'commentData', 'authorId', 'createdAt', 'updatedAt']) &&
    (value.editedAt === undefined || isString(value.editedAt)) &&
    (value.votes === undefined || isVotes(value.votes)) &&
    (value.parentId === undefined || typeof value.parentId === 'string')
  );
}

export function isPostRecord(value: unknown): value is PostRecord {
  return (
    isObject(value) &&
    hasStrings(value, ['_id', 'content', 'authorId', 'createdAt', 'updatedAt']) &&
    (value.imgContent === undefined || isString(value.imgContent)) &&
    (value.imgAlt === undefined || isString(value.imgAlt)) &&
    (value.editedAt === undefined || isString(value.editedAt)) &&
    typeof value.likeCount === 'number' &&
    Number.isInteger(value.likeCount) &&
    value.likeCount >= 0 &&
    isStringArray(value.likedByIds) &&
    isStringArray(value.dislikedByIds) &&
    Array.isArray(value.comments) &&
    value.comments.every(isComment)
  );
}

export function isDatabaseState(value: unknown): value is DatabaseState {
  return (
    isObject(value) &&
    Array.isArray(value.users) &&
    value.users.every(isUserRecord) &&
    Array.isArray(value.posts) &&
    value.posts.every(isPostRecord)
  );
}

/** The envelope only: a version number and something in `state`. */
export function isPersistedEnvelope(
  value: unknown,
): value is Omit<PersistedDatabase, 'state'> & { state: unknown } {
  return isObject(value) && typeof value.schemaVersion === 'number' && 'state' in value;
}
