/**
 * Finding what a call names, with the refusal it gets when it is not there: 404 naming what is
 * missing ('Post not found'), or 401 for an acting person who no longer exists.
 */
import { HttpError, notFound } from './errors';
import { MESSAGES } from './messages';
import type { CommentRow, Lookups, PostRow, UserRow, Writes } from './store';

export async function requirePost(lookups: Lookups, postId: string): Promise<PostRow> {
  const post = await lookups.posts.get(postId);
  if (post === undefined) throw notFound(MESSAGES.postNotFound);
  return post;
}

export async function requireUser(lookups: Lookups, userId: string): Promise<UserRow> {
  const user = await lookups.users.get(userId);
  if (user === undefined) throw notFound(MESSAGES.userNotFound);
  return user;
}

/** The person with exactly this username (letter case included), or a 404. */
export async function requireUsername(lookups: Lookups, username: string): Promise<UserRow> {
  const user = await lookups.users.byUsername(username);
  if (user?.username !== username) throw notFound(MESSAGES.userNotFound);
  return user;
}

/**
 * The acting person. Authentication already found them; if they vanished since (a reset between
 * the two), the token no longer names anyone: 401 as for any invalid token.
 */
export async function requireActor(lookups: Lookups, userId: string): Promise<void> {
  if (!(await lookups.users.exists(userId))) throw new HttpError(401, MESSAGES.invalidToken);
}

export async function requireComment(
  writes: Writes,
  postId: string,
  commentId: string,
): Promise<CommentRow> {
  const comment = await writes.comments.get(postId, commentId);
  if (comment === undefined) throw notFound(MESSAGES.commentNotFound);
  return comment;
}
