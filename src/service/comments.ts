/** Comments and their votes. */
import { PERMISSIONS } from '../api/rules';
import type { CommentsAndPostsResponse, CommentsResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, notFound } from './errors';
import { createId } from './ids';
import { requireActor, requireComment, requirePost } from './lookup';
import { MESSAGES } from './messages';
import { onePost } from './posts';
import type { Reads, Vote, Writes } from './store';
import { commentBody } from '../api/bodies';
import { parseBody } from './validation';
import { postViews } from './views';

const readCommentData = (body: unknown): string => parseBody(commentBody, body).commentData;

/** One post's comments, oldest first, or a 404. */
async function commentsOf(reads: Reads, postId: string): Promise<CommentsResponse> {
  const set = await reads.posts.comments(postId);
  const [record] = set?.posts ?? [];
  if (set === undefined || record === undefined) throw notFound(MESSAGES.postNotFound);
  return { comments: postViews(set).comments(record) };
}

/** The post's comments and every post (the post among them): one read of every post. */
async function commentsAndPosts(reads: Reads, postId: string): Promise<CommentsAndPostsResponse> {
  const set = await reads.posts.list({ kind: 'all' });
  const views = postViews(set);
  const record = set.posts.find((post) => post._id === postId);
  if (record === undefined) throw notFound(MESSAGES.postNotFound);
  return { comments: views.comments(record), posts: views.posts() };
}

export function listComments(ctx: ServiceContext, postId: string): Promise<CommentsResponse> {
  return ctx.store.read((reads) => commentsOf(reads, postId));
}

function comment<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  body: unknown,
  answer: (writes: Writes, postId: string) => Promise<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requirePost(writes, postId);
    const commentData = readCommentData(body);
    const now = ctx.now();
    const stamp = formatTimestamp(now);
    await writes.comments.insert(postId, {
      _id: createId('comment', now),
      commentData,
      authorId: actorId,
      createdAt: stamp,
      updatedAt: stamp,
    });
    await writes.posts.update(postId, { updatedAt: stamp });
    return answer(writes, postId);
  });
}

/** Comments on a post; answers its comments and every post (the spec's). */
export const addComment = (ctx: ServiceContext, actorId: string, postId: string, body: unknown) =>
  comment(ctx, actorId, postId, body, commentsAndPosts);

/** Comments on a post; answers the post with its comments (the app's). */
export const commentOn = (ctx: ServiceContext, actorId: string, postId: string, body: unknown) =>
  comment(ctx, actorId, postId, body, onePost);

/** Comment author only. */
export function editComment(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  body: unknown,
): Promise<CommentsResponse> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requirePost(writes, postId);
    const comment = await requireComment(writes, postId, commentId);
    if (!PERMISSIONS.editComment(comment.authorId, actorId)) {
      throw badRequest(MESSAGES.editCommentNotOwner);
    }
    const commentData = readCommentData(body);
    // Saved unchanged, it is not marked edited (as a post is not).
    if (commentData !== comment.commentData) {
      await touch(writes, postId, commentId, ctx.now(), commentData);
    }
    return commentsOf(writes, postId);
  });
}

/** The comment's author or the post's author. */
export function deleteComment(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
): Promise<CommentsAndPostsResponse> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    const comment = await requireComment(writes, postId, commentId);
    if (!PERMISSIONS.deleteComment(post.authorId, comment.authorId, actorId)) {
      throw badRequest(MESSAGES.deleteCommentNotOwner);
    }
    await writes.comments.remove(postId, commentId);
    await writes.posts.update(postId, { updatedAt: formatTimestamp(ctx.now()) });
    return commentsAndPosts(writes, postId);
  });
}

/** Why a vote that would change nothing is refused. */
const REPEATED: Record<Vote | 'none', string> = {
  up: MESSAGES.alreadyUpvoted,
  down: MESSAGES.alreadyDownvoted,
  none: MESSAGES.noVoteToWithdraw,
};

/**
 * Upvote: into upvotedBy, out of downvotedBy; downvote the reverse; `undefined` withdraws the
 * person's vote (votes are toggles; an addition to the contract). Refused when repeated, or
 * when there is no vote to withdraw.
 */
function vote(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  direction: Vote | undefined,
): Promise<CommentsResponse> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requirePost(writes, postId);
    await requireComment(writes, postId, commentId);
    const current = await writes.votes.get(postId, commentId, actorId);
    if (current === direction) throw badRequest(REPEATED[direction ?? 'none']);
    await writes.votes.set(postId, commentId, actorId, direction);
    await touch(writes, postId, commentId, ctx.now());
    return commentsOf(writes, postId);
  });
}

export const upvoteComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
) => vote(ctx, actorId, postId, commentId, 'up');

export const downvoteComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
) => vote(ctx, actorId, postId, commentId, 'down');

export const unvoteComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
) => vote(ctx, actorId, postId, commentId, undefined);

/**
 * A comment changed (its text, or a vote): it and its post are updated now; a new text also marks
 * it edited.
 */
async function touch(
  writes: Writes,
  postId: string,
  commentId: string,
  now: Date,
  commentData?: string,
): Promise<void> {
  const updatedAt = formatTimestamp(now);
  await writes.comments.update(postId, commentId, {
    ...(commentData === undefined ? {} : { commentData, editedAt: updatedAt }),
    updatedAt,
  });
  await writes.posts.update(postId, { updatedAt });
}
