/** Posts, their images and their likes. */
import { PERMISSIONS } from '../api/rules';
import type { PostResponse, PostsResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, notFound } from './errors';
import { createId } from './ids';
import { findPost, requireActor, requirePost } from './lookup';
import { MESSAGES } from './messages';
import type { PostRow, Reaction, Reads } from './store';
import { postBody } from '../api/bodies';
import { parseBody } from './validation';
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
  return ctx.store.read(allPosts);
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
  return ctx.store.read(allPosts);
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
  return ctx.store.read(allPosts);
}

/** Why a reaction that would change nothing is refused. */
const REPEATED: Record<Reaction, string> = {
  like: MESSAGES.alreadyLiked,
  dislike: MESSAGES.alreadyDisliked,
};

/**
 * Like: into likedBy, out of dislikedBy. Dislike (the UI's "unlike"): out of likedBy, into
 * dislikedBy. likeCount is always the number of people in likedBy: a dislike takes back only the
 * disliker's own like, never anyone else's. Refused when it is already so, and a dislike when the
 * count is 0: the spec's messages, checked in the spec's order.
 */
async function react(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  reaction: Reaction,
): Promise<PostsResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (reaction === 'dislike' && post.likeCount === 0) throw badRequest(MESSAGES.likeBelowZero);
    const before = await writes.reactions.get(postId, actorId);
    if (before === reaction) throw badRequest(REPEATED[reaction]);
    await writes.reactions.set(postId, actorId, reaction);
    const likeDelta = reaction === 'like' ? 1 : before === 'like' ? -1 : 0;
    await writes.posts.update(postId, {
      ...(likeDelta === 0 ? {} : { likeDelta }),
      updatedAt: formatTimestamp(ctx.now()),
    });
  });
  return ctx.store.read(allPosts);
}

export const likePost = (ctx: ServiceContext, actorId: string, postId: string) =>
  react(ctx, actorId, postId, 'like');

export const dislikePost = (ctx: ServiceContext, actorId: string, postId: string) =>
  react(ctx, actorId, postId, 'dislike');
