/** Comments and their votes. */
import { PERMISSIONS } from '../api/rules';
import type { CommentsAndPostsResponse, CommentsResponse, PostResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, notFound } from './errors';
import { createId } from './ids';
import * as inbox from './inbox';
import * as live from './live';
import { requireActor, requireComment, requirePost } from './lookup';
import { MESSAGES } from './messages';
import { ownPost, type Answer } from './posts';
import type { Reads, Vote, Writes } from './store';
import { commentBody, replyBody } from '../api/bodies';
import { parseBody } from './validation';
import { postViews } from './views';

const readCommentData = (body: unknown): string => parseBody(commentBody, body).commentData;

/** A comment's text, and the comment it answers when it is a reply (the app's comments). */
interface NewComment {
  commentData: string;
  parentId?: string;
}

const readSpecComment = (body: unknown): NewComment => ({ commentData: readCommentData(body) });

const readReply = (body: unknown): NewComment => parseBody(replyBody, body);

/**
 * The comment a reply answers, and the one it hangs under: the same, or, when that one is itself
 * a reply, the first comment of its thread, so a thread nests one level. A 404 when the post has
 * no such comment.
 */
async function answeredOf(writes: Writes, postId: string, parentId: string) {
  const answered = await requireComment(writes, postId, parentId);
  return { answered, threadId: answered.parentId ?? answered._id };
}

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
  read: (body: unknown) => NewComment,
  answer: Answer<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    const asked = read(body);
    const { commentData } = asked;
    const reply =
      asked.parentId === undefined ? undefined : await answeredOf(writes, postId, asked.parentId);
    const now = ctx.now();
    const stamp = formatTimestamp(now);
    const comment = { _id: createId('comment', now), commentData, authorId: actorId };
    await writes.comments.insert(postId, {
      ...comment,
      ...(reply === undefined ? {} : { parentId: reply.threadId }),
      createdAt: stamp,
      updatedAt: stamp,
    });
    const counts = await writes.posts.update(postId, { updatedAt: stamp });
    await inbox.commentWritten(writes, post, comment, reply?.answered, stamp);
    await live.countsChanged(writes, postId, counts);
    return answer(writes, postId);
  });
}

/** Comments on a post; answers its comments and every post (the spec's). */
export const addComment = (ctx: ServiceContext, actorId: string, postId: string, body: unknown) =>
  comment(ctx, actorId, postId, body, readSpecComment, commentsAndPosts);

/** Comments on a post or replies to a comment; answers the post with its comments (the app's). */
export const commentOn = (ctx: ServiceContext, actorId: string, postId: string, body: unknown) =>
  comment(ctx, actorId, postId, body, readReply, ownPost(actorId));

/** Comment author only. */
function edit<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  body: unknown,
  answer: Answer<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    const comment = await requireComment(writes, postId, commentId);
    if (!PERMISSIONS.editComment(comment.authorId, actorId)) {
      throw badRequest(MESSAGES.editCommentNotOwner);
    }
    const commentData = readCommentData(body);
    // Saved unchanged, it is not marked edited (as a post is not).
    if (commentData !== comment.commentData) {
      const now = ctx.now();
      await touch(writes, post, commentId, now, commentData);
      const about = { postId, commentId };
      const at = formatTimestamp(now);
      // Whom the comment answers: the post's author, or its thread's (a reply keeps its thread,
      // not the reply it answered: a reply to a reply names the thread's author here).
      const answers =
        comment.parentId === undefined
          ? post.authorId
          : (await requireComment(writes, postId, comment.parentId)).authorId;
      const { commentData: before } = comment;
      await inbox.mentionsChanged(writes, about, actorId, before, commentData, at, answers);
    }
    return answer(writes, postId);
  });
}

/** Edits a comment; answers the post's comments (the spec's). */
export const editComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  body: unknown,
): Promise<CommentsResponse> => edit(ctx, actorId, postId, commentId, body, commentsOf);

/** Edits a comment; answers the post with its comments (the app's). */
export const updateComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  body: unknown,
): Promise<PostResponse> => edit(ctx, actorId, postId, commentId, body, ownPost(actorId));

/** The comment's author or the post's author. */
function remove<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  answer: Answer<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    const comment = await requireComment(writes, postId, commentId);
    if (!PERMISSIONS.deleteComment(post.authorId, comment.authorId, actorId)) {
      throw badRequest(MESSAGES.deleteCommentNotOwner);
    }
    const told = await writes.comments.remove(postId, commentId);
    const counts = await writes.posts.update(postId, { updatedAt: formatTimestamp(ctx.now()) });
    await live.countsChanged(writes, postId, counts);
    await live.inboxesChanged(writes, told);
    return answer(writes, postId);
  });
}

/** Deletes a comment; answers the post's comments and every post (the spec's). */
export const deleteComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
): Promise<CommentsAndPostsResponse> => remove(ctx, actorId, postId, commentId, commentsAndPosts);

/** Deletes a comment; answers the post with its comments (the app's). */
export const removeComment = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
): Promise<PostResponse> => remove(ctx, actorId, postId, commentId, ownPost(actorId));

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
function vote<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  commentId: string,
  direction: Vote | undefined,
  answer: Answer<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    const comment = await requireComment(writes, postId, commentId);
    const current = await writes.votes.get(postId, commentId, actorId);
    if (current === direction) throw badRequest(REPEATED[direction ?? 'none']);
    await writes.votes.set(postId, commentId, actorId, direction);
    const now = ctx.now();
    await touch(writes, post, commentId, now);
    await inbox.voteChanged(writes, comment, actorId, current, direction, formatTimestamp(now));
    return answer(writes, postId);
  });
}

/** A vote's service function: `direction`, answered as `answerFor` the voter says. */
const voting =
  <T>(direction: Vote | undefined, answerFor: (actorId: string) => Answer<T>) =>
  (ctx: ServiceContext, actorId: string, postId: string, commentId: string): Promise<T> =>
    vote(ctx, actorId, postId, commentId, direction, answerFor(actorId));

const theirComments = (): Answer<CommentsResponse> => commentsOf;

// The spec's answer the post's comments; the app's the post with its comments.
export const upvoteComment = voting('up', theirComments);
export const downvoteComment = voting('down', theirComments);
export const unvoteComment = voting(undefined, theirComments);
export const upvoteOne = voting('up', ownPost);
export const downvoteOne = voting('down', ownPost);
export const unvoteOne = voting(undefined, ownPost);

/**
 * A comment changed (its text, or a vote): it and its post are updated now; a new text also marks
 * it edited. The stream tells the pages that show the post to read it again.
 */
async function touch(
  writes: Writes,
  post: { _id: string; authorId: string },
  commentId: string,
  now: Date,
  commentData?: string,
): Promise<void> {
  const updatedAt = formatTimestamp(now);
  await writes.comments.update(post._id, commentId, {
    ...(commentData === undefined ? {} : { commentData, editedAt: updatedAt }),
    updatedAt,
  });
  await writes.posts.update(post._id, { updatedAt });
  await live.postChanged(writes, post, 'comments');
}
