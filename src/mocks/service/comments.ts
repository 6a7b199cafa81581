/** Comments and their votes. */
import { PERMISSIONS } from '../../api/rules';
import type { CommentsAndPostsResponse, CommentsResponse } from '../../api/types';
import type { CommentRecord, DatabaseState, PostRecord, VotesRecord } from '../db/schema';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest } from './errors';
import { createId } from './ids';
import { findActor, findComment, findPost, without } from './lookup';
import { MESSAGES } from './messages';
import { commentBody, parseBody } from './validation';
import { createViews } from './views';

const readCommentData = (body: unknown): string => parseBody(commentBody, body).commentData;

function commentsOf(state: DatabaseState, postId: string): CommentsResponse {
  return { comments: createViews(state).comments(findPost(state, postId)) };
}

function commentsAndPosts(state: DatabaseState, postId: string): CommentsAndPostsResponse {
  const views = createViews(state);
  return { comments: views.comments(findPost(state, postId)), posts: views.posts() };
}

export function listComments(ctx: ServiceContext, postId: string): CommentsResponse {
  return commentsOf(ctx.db.state, postId);
}

export function addComment(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  body: unknown,
): CommentsAndPostsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    const commentData = readCommentData(body);
    const now = ctx.now();
    const comment: CommentRecord = {
      _id: createId('comment', now),
      commentData,
      authorId: actorId,
      votes: { upvotedByIds: [], downvotedByIds: [] },
      createdAt: formatTimestamp(now),
      updatedAt: formatTimestamp(now),
    };
    post.comments.push(comment);
    post.updatedAt = comment.updatedAt;
  });
  return commentsAndPosts(ctx.db.state, postId);
}

/** Comment author only. */
export function editComment(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  body: unknown,
): CommentsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    const comment = findComment(post, commentId);
    if (!PERMISSIONS.editComment(comment.authorId, actorId)) {
      throw badRequest(MESSAGES.editCommentNotOwner);
    }
    comment.commentData = readCommentData(body);
    touch(post, comment, ctx.now());
  });
  return commentsOf(ctx.db.state, postId);
}

/** The comment's author or the post's author. */
export function deleteComment(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
): CommentsAndPostsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    const comment = findComment(post, commentId);
    if (!PERMISSIONS.deleteComment(post.authorId, comment.authorId, actorId)) {
      throw badRequest(MESSAGES.deleteCommentNotOwner);
    }
    post.comments = post.comments.filter((candidate) => candidate._id !== commentId);
    post.updatedAt = formatTimestamp(ctx.now());
  });
  return commentsAndPosts(ctx.db.state, postId);
}

type Vote = 'up' | 'down';

/** Upvote: into upvotedBy, out of downvotedBy; downvote the reverse. Refused when repeated. */
function vote(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  direction: Vote,
): CommentsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    const comment = findComment(post, commentId);
    const votes: VotesRecord = comment.votes ?? { upvotedByIds: [], downvotedByIds: [] };
    const [cast, other] =
      direction === 'up'
        ? (['upvotedByIds', 'downvotedByIds'] as const)
        : (['downvotedByIds', 'upvotedByIds'] as const);
    if (votes[cast].includes(actorId)) {
      throw badRequest(direction === 'up' ? MESSAGES.alreadyUpvoted : MESSAGES.alreadyDownvoted);
    }
    votes[cast] = [...votes[cast], actorId];
    votes[other] = without(votes[other], actorId);
    comment.votes = votes;
    touch(post, comment, ctx.now());
  });
  return commentsOf(ctx.db.state, postId);
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

/**
 * Withdraws the person's vote, up or down (A13: votes are toggles; an addition to the contract).
 * Refused when they have none.
 */
export function unvoteComment(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
): CommentsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    const comment = findComment(post, commentId);
    const votes = comment.votes;
    if (
      votes === undefined ||
      (!votes.upvotedByIds.includes(actorId) && !votes.downvotedByIds.includes(actorId))
    ) {
      throw badRequest(MESSAGES.noVoteToWithdraw);
    }
    votes.upvotedByIds = without(votes.upvotedByIds, actorId);
    votes.downvotedByIds = without(votes.downvotedByIds, actorId);
    touch(post, comment, ctx.now());
  });
  return commentsOf(ctx.db.state, postId);
}

function touch(post: PostRecord, comment: CommentRecord, now: Date): void {
  comment.updatedAt = formatTimestamp(now);
  post.updatedAt = comment.updatedAt;
}
