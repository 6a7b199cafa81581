/** Posts, their images and their likes. */
import { PERMISSIONS } from '../api/rules';
import type { PostResponse, PostsResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, notFound } from './errors';
import { createId } from './ids';
import { findPost, requireActor, requirePost } from './lookup';
import { MESSAGES } from './messages';
import type { PostRow, Reads } from './store';
import { parseBody, postBody } from './validation';
import { createViews } from './views';

/** `{ postData: { content, imgContent?, imgAlt? } }`; other postData fields are ignored. */
const readPostData = (body: unknown) => parseBody(postBody, body).postData;

/** Every post, oldest first: what most post calls answer with. */
export const allPosts = async (reads: Reads): Promise<PostsResponse> => ({
  posts: createViews(await reads.snapshot()).posts(),
});

export function listPosts(ctx: ServiceContext): Promise<PostsResponse> {
  return ctx.store.read(allPosts);
}

export function getPost(ctx: ServiceContext, postId: string): Promise<PostResponse> {
  return ctx.store.read(async (reads) => {
    const state = await reads.snapshot();
    return { post: createViews(state).post(findPost(state, postId)) };
  });
}

export function listUserPosts(ctx: ServiceContext, username: string): Promise<PostsResponse> {
  return ctx.store.read(async (reads) => {
    const state = await reads.snapshot();
    const user = state.users.find((candidate) => candidate.username === username);
    if (user === undefined) throw notFound(MESSAGES.userNotFound);
    const own = state.posts.filter((post) => post.authorId === user._id);
    return { posts: createViews(state).posts(own) };
  });
}

export async function createPost(
  ctx: ServiceContext,
  actorId: string,
  body: unknown,
): Promise<PostsResponse> {
  await ctx.store.write(async (writes) => {
    const input = readPostData(body);
    await requireActor(writes, actorId);
    const now = ctx.now();
    const stamp = formatTimestamp(now);
    const post: PostRow = {
      _id: createId('post', now),
      content: input.content,
      authorId: actorId,
      createdAt: stamp,
      updatedAt: stamp,
      likeCount: 0,
    };
    if (input.imgContent) {
      post.imgContent = input.imgContent;
      if (input.imgAlt) post.imgAlt = input.imgAlt;
    }
    await writes.posts.insert(post);
  });
  return ctx.store.read((reads) => allPosts(reads));
}

/**
 * Author only. Leaves the image alone unless imgContent is sent ('' removes it); a new image, or
 * none, takes the alt text sent with it (none when absent), and imgAlt alone replaces the alt
 * text of the image kept. A change of text, image or alt text marks the post edited (`editedAt`);
 * saving it unchanged does not.
 */
export async function editPost(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  body: unknown,
): Promise<PostsResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (!PERMISSIONS.editPost(post.authorId, actorId)) throw badRequest(MESSAGES.editPostNotOwner);
    const input = readPostData(body);
    let { imgContent, imgAlt } = post;
    if (input.imgContent !== undefined) {
      imgContent = input.imgContent === '' ? undefined : input.imgContent;
      imgAlt = undefined;
    }
    if (input.imgAlt !== undefined) imgAlt = undefined;
    if (imgContent !== undefined && input.imgAlt) imgAlt = input.imgAlt;
    const stamp = formatTimestamp(ctx.now());
    const changed =
      post.content !== input.content || post.imgContent !== imgContent || post.imgAlt !== imgAlt;
    await writes.posts.update(postId, {
      content: input.content,
      imgContent: imgContent ?? null,
      imgAlt: imgAlt ?? null,
      updatedAt: stamp,
      ...(changed ? { editedAt: stamp } : {}),
    });
  });
  return ctx.store.read((reads) => allPosts(reads));
}

/** Author only; the post also leaves every bookmark list (and those lists count as changed). */
export async function deletePost(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
): Promise<PostsResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (!PERMISSIONS.deletePost(post.authorId, actorId)) {
      throw badRequest(MESSAGES.deletePostNotOwner);
    }
    const holders = await writes.bookmarks.holders(postId);
    await writes.posts.remove(postId);
    await writes.users.touch(holders, formatTimestamp(ctx.now()));
  });
  return ctx.store.read((reads) => allPosts(reads));
}

/** Like: into likedBy, out of dislikedBy, likeCount + 1. Refused when already liked. */
export async function likePost(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
): Promise<PostsResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requirePost(writes, postId);
    if ((await writes.reactions.get(postId, actorId)) === 'like') {
      throw badRequest(MESSAGES.alreadyLiked);
    }
    await writes.reactions.set(postId, actorId, 'like');
    await writes.posts.update(postId, { likeDelta: 1, updatedAt: formatTimestamp(ctx.now()) });
  });
  return ctx.store.read((reads) => allPosts(reads));
}

/**
 * Dislike (the UI's "unlike"): likeCount − 1, out of likedBy, into dislikedBy. Refused when the
 * count is 0 or the user already disliked — the spec's rules, checked in the spec's order.
 */
export async function dislikePost(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
): Promise<PostsResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (post.likeCount === 0) throw badRequest(MESSAGES.likeBelowZero);
    if ((await writes.reactions.get(postId, actorId)) === 'dislike') {
      throw badRequest(MESSAGES.alreadyDisliked);
    }
    await writes.reactions.set(postId, actorId, 'dislike');
    await writes.posts.update(postId, { likeDelta: -1, updatedAt: formatTimestamp(ctx.now()) });
  });
  return ctx.store.read((reads) => allPosts(reads));
}
