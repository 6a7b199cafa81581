/** Finding records by id inside a state, with a 404 naming what is missing ('Post not found'). */
import { findRecord } from '../db/records';
import type { CommentRecord, DatabaseState, PostRecord, UserRecord } from '../db/schema';
import { HttpError, notFound } from './errors';
import { MESSAGES } from './messages';

export function findPost(state: DatabaseState, postId: string): PostRecord {
  const post = findRecord(state.posts, (candidate) => candidate._id === postId);
  if (post === undefined) throw notFound(MESSAGES.postNotFound);
  return post;
}

export function findUser(state: DatabaseState, userId: string): UserRecord {
  const user = findRecord(state.users, (candidate) => candidate._id === userId);
  if (user === undefined) throw notFound(MESSAGES.userNotFound);
  return user;
}

export function findComment(post: PostRecord, commentId: string): CommentRecord {
  const comment = findRecord(post.comments, (candidate) => candidate._id === commentId);
  if (comment === undefined) throw notFound(MESSAGES.commentNotFound);
  return comment;
}

/**
 * The acting user inside a write. Authentication already found them; if they vanished since
 * (a reset between the two), the token no longer names anyone: 401 as for any invalid token.
 */
export function findActor(state: DatabaseState, userId: string): UserRecord {
  const user = findRecord(state.users, (candidate) => candidate._id === userId);
  if (user === undefined) throw new HttpError(401, MESSAGES.invalidToken);
  return user;
}

export const without = (ids: readonly string[], id: string) => ids.filter((each) => each !== id);
