/** Posts, their images and their likes. */
import { PERMISSIONS } from '../../api/rules';
import type { PostResponse, PostsResponse } from '../../api/types';
import type { DatabaseState, PostRecord } from '../db/schema';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, notFound } from './errors';
import { createId } from './ids';
import { findActor, findPost, without } from './lookup';
import { MESSAGES } from './messages';
import { parseBody, postBody } from './validation';
import { createViews } from './views';

/** `{ postData: { content, imgContent?, imgAlt? } }`; other postData fields are ignored. */
const readPostData = (body: unknown) => parseBody(postBody, body).postData;

const allPosts = (state: DatabaseState): PostsResponse => ({
  posts: createViews(state).posts(),
});

export function listPosts(ctx: ServiceContext): PostsResponse {
  return allPosts(ctx.db.state);
}

export function getPost(ctx: ServiceContext, postId: string): PostResponse {
  const { state } = ctx.db;
  return { post: createViews(state).post(findPost(state, postId)) };
}

export function listUserPosts(ctx: ServiceContext, username: string): PostsResponse {
  const { state } = ctx.db;
  const user = state.users.find((candidate) => candidate.username === username);
  if (user === undefined) throw notFound(MESSAGES.userNotFound);
  return {
    posts: createViews(state).posts(state.posts.filter((post) => post.authorId === user._id)),
  };
}

export function createPost(ctx: ServiceContext, actorId: string, body: unknown): PostsResponse {
  const input = readPostData(body);
  const now = ctx.now();
  const stamp = formatTimestamp(now);
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post: PostRecord = {
      _id: createId('post', now),
      content: input.content,
      authorId: actorId,
      createdAt: stamp,
      updatedAt: stamp,
      likeCount: 0,
      likedByIds: [],
      dislikedByIds: [],
      comments: [],
    };
    if (input.imgContent) {
      post.imgContent = input.imgContent;
      if (input.imgAlt) post.imgAlt = input.imgAlt;
    }
    draft.posts.push(post);
  });
  return allPosts(ctx.db.state);
}

/**
 * Author only. Leaves the image alone unless imgContent is sent ('' removes it); a new image, or
 * none, takes the alt text sent with it (none when absent), and imgAlt alone replaces the alt
 * text of the image kept. A change of text, image or alt text marks the post edited (`editedAt`);
 * saving it unchanged does not.
 */
export function editPost(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  body: unknown,
): PostsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    if (!PERMISSIONS.editPost(post.authorId, actorId)) throw badRequest(MESSAGES.editPostNotOwner);
    const input = readPostData(body);
    const before = { content: post.content, imgContent: post.imgContent, imgAlt: post.imgAlt };
    post.content = input.content;
    if (input.imgContent !== undefined) {
      if (input.imgContent === '') delete post.imgContent;
      else post.imgContent = input.imgContent;
      delete post.imgAlt;
    }
    if (input.imgAlt !== undefined) delete post.imgAlt;
    if (post.imgContent !== undefined && input.imgAlt) post.imgAlt = input.imgAlt;
    const stamp = formatTimestamp(ctx.now());
    post.updatedAt = stamp;
    const changed =
      before.content !== post.content ||
      before.imgContent !== post.imgContent ||
      before.imgAlt !== post.imgAlt;
    if (changed) post.editedAt = stamp;
  });
  return allPosts(ctx.db.state);
}

/** Author only; the post also leaves every bookmark list. */
export function deletePost(ctx: ServiceContext, actorId: string, postId: string): PostsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    if (!PERMISSIONS.deletePost(post.authorId, actorId)) {
      throw badRequest(MESSAGES.deletePostNotOwner);
    }
    draft.posts = draft.posts.filter((candidate) => candidate._id !== postId);
    const stamp = formatTimestamp(ctx.now());
    for (const user of draft.users) {
      if (!user.bookmarkIds.includes(postId)) continue;
      user.bookmarkIds = without(user.bookmarkIds, postId);
      user.updatedAt = stamp;
    }
  });
  return allPosts(ctx.db.state);
}

/** Like: into likedBy, out of dislikedBy, likeCount + 1. Refused when already liked. */
export function likePost(ctx: ServiceContext, actorId: string, postId: string): PostsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    if (post.likedByIds.includes(actorId)) throw badRequest(MESSAGES.alreadyLiked);
    post.likedByIds.push(actorId);
    post.dislikedByIds = without(post.dislikedByIds, actorId);
    post.likeCount += 1;
    post.updatedAt = formatTimestamp(ctx.now());
  });
  return allPosts(ctx.db.state);
}

/**
 * Dislike (the UI's "unlike"): likeCount − 1, out of likedBy, into dislikedBy. Refused when the
 * count is 0 or the user already disliked — the spec's rules, checked in the spec's order.
 */
export function dislikePost(ctx: ServiceContext, actorId: string, postId: string): PostsResponse {
  ctx.db.write((draft) => {
    findActor(draft, actorId);
    const post = findPost(draft, postId);
    if (post.likeCount === 0) throw badRequest(MESSAGES.likeBelowZero);
    if (post.dislikedByIds.includes(actorId)) throw badRequest(MESSAGES.alreadyDisliked);
    post.likeCount -= 1;
    post.likedByIds = without(post.likedByIds, actorId);
    post.dislikedByIds.push(actorId);
    post.updatedAt = formatTimestamp(ctx.now());
  });
  return allPosts(ctx.db.state);
}
