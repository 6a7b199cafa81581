/**
 * Posts, their images and their likes. Each write answers in one of two ways from the same rules:
 * every post (the spec's endpoints) or the one post it changed (the app's).
 */
import { PERMISSIONS } from '../api/rules';
import type { PostIdResponse, PostResponse, PostsResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, notFound } from './errors';
import { createId } from './ids';
import * as inbox from './inbox';
import * as live from './live';
import { requireActor, requirePost, requireUsername } from './lookup';
import { postsWithMentions } from './mentions';
import { MESSAGES } from './messages';
import {
  cardRead,
  type OwnReactions,
  type PostRow,
  type Reaction,
  type Reads,
  type Writes,
} from './store';
import { postBody } from '../api/bodies';
import { prepareImage, takeImage } from './media';
import { parseBody } from './validation';
import { postViews } from './views';

/** `{ postData: { content, imgContent?, imgAlt? } }`; other postData fields are ignored. */
const readPostData = (body: unknown) => parseBody(postBody, body).postData;

/** What a write answers, built in its own transaction from the post it changed. */
export type Answer<T> = (writes: Writes, postId: string) => Promise<T>;

/** Every post, oldest first: what the spec's post calls answer with. */
export const everyPost = async (reads: Reads): Promise<PostsResponse> => ({
  posts: postViews(await reads.posts.list({ kind: 'all' })).posts(),
});

/** The one post, or a 404; with every like and dislike unless `own` asks for the viewer's only. */
export async function onePost(
  reads: Reads,
  postId: string,
  own?: OwnReactions,
): Promise<PostResponse> {
  const set = await reads.posts.list({ kind: 'ids', ids: [postId] }, own);
  const [record] = set.posts;
  if (record === undefined) throw notFound(MESSAGES.postNotFound);
  return { post: postViews(set).post(record) };
}

/** The one post as the app answers it: `onePost`, with the mentions that link (mentions.ts). */
async function appPost(reads: Reads, postId: string, own: OwnReactions): Promise<PostResponse> {
  const { post } = await onePost(reads, postId, own);
  const [withMentions = post] = await postsWithMentions(reads, [post]);
  return { post: withMentions };
}

/**
 * The one post as the app's post page and comment answers show it: the caller's own like or
 * dislike only, and every comment of its thread with its vote counts and the caller's own vote,
 * so a post thousands like, or a comment thousands vote on, costs the page no more than a few.
 */
export const ownPost =
  (viewer: string): Answer<PostResponse> =>
  (writes, postId) =>
    appPost(writes, postId, { viewer });

/**
 * The one post as the app's publish, edit, like and dislike answer it: shaped for its card (the
 * caller's own like or dislike, the newest comment and the count), so a like of a post thousands
 * like and comment on answers a few hundred bytes. The client keeps a thread it holds.
 */
export const cardPost =
  (viewer: string): Answer<PostResponse> =>
  (writes, postId) =>
    appPost(writes, postId, cardRead(viewer));

export function listPosts(ctx: ServiceContext): Promise<PostsResponse> {
  return ctx.store.read(everyPost);
}

export function getPost(ctx: ServiceContext, postId: string): Promise<PostResponse> {
  // One statement (the post and its lists): a moment of its own.
  return ctx.store.readEach((reads) => onePost(reads, postId));
}

/** One post for its page (the app's), as `ownPost` shapes it; `viewer` null: no one's own. */
export function postPage(
  ctx: ServiceContext,
  viewer: string | null,
  postId: string,
): Promise<PostResponse> {
  return ctx.store.readEach((reads) => appPost(reads, postId, { viewer }));
}

export function listUserPosts(ctx: ServiceContext, username: string): Promise<PostsResponse> {
  return ctx.store.read(async (reads) => {
    const user = await requireUsername(reads, username);
    return {
      posts: postViews(await reads.posts.list({ kind: 'author', authorId: user._id })).posts(),
    };
  });
}

const IMAGE_FIELD = 'postData.imgContent';

/** A post's image fields, as a write sets them (none: no image). */
type ImageFields = Pick<
  PostRow,
  'imgContent' | 'imgWidth' | 'imgHeight' | 'imgPlaceholder' | 'imgMedia' | 'imgAlt'
>;

/** The post fields of an image taken up in this write (`takeImage`), with its alt text. */
export async function imageFields(
  ctx: ServiceContext,
  writes: Writes,
  sent: string,
  imgAlt: string | undefined,
): Promise<ImageFields> {
  const { link, media } = await takeImage(ctx, writes, sent, 'post', IMAGE_FIELD);
  const alt = imgAlt || media.alt;
  return {
    imgContent: link,
    imgWidth: media.width,
    imgHeight: media.height,
    imgPlaceholder: media.placeholder,
    imgMedia: media._id,
    ...(alt ? { imgAlt: alt } : {}),
  };
}

/** The image sent, made into media when it is a data URL (before the write: the slow part). */
const sentImage = (ctx: ServiceContext, actorId: string, imgContent: string | undefined) =>
  imgContent ? prepareImage(ctx, actorId, imgContent, 'post') : Promise.resolve(undefined);

async function publish<T>(ctx: ServiceContext, actorId: string, body: unknown, answer: Answer<T>) {
  const input = readPostData(body);
  const image = await sentImage(ctx, actorId, input.imgContent);
  return ctx.store.write(async (writes) => {
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
    if (image !== undefined)
      Object.assign(post, await imageFields(ctx, writes, image, input.imgAlt));
    await writes.posts.insert(post);
    await inbox.mentionsChanged(writes, { postId: post._id }, actorId, '', post.content, stamp);
    await live.postChanged(writes, post, 'created');
    return answer(writes, post._id);
  });
}

export const createPost = (ctx: ServiceContext, actorId: string, body: unknown) =>
  publish(ctx, actorId, body, everyPost);

export const publishPost = (ctx: ServiceContext, actorId: string, body: unknown) =>
  publish(ctx, actorId, body, cardPost(actorId));

/**
 * Author only. Leaves the image alone unless imgContent is sent ('' removes it); a new image, or
 * none, takes the alt text sent with it (none when absent), and imgAlt alone replaces the alt
 * text of the image kept. A change of text, image or alt text marks the post edited (`editedAt`);
 * saving it unchanged does not.
 */
async function edit<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  body: unknown,
  answer: Answer<T>,
) {
  const input = readPostData(body);
  const sent = await sentImage(ctx, actorId, input.imgContent);
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (!PERMISSIONS.editPost(post.authorId, actorId)) throw badRequest(MESSAGES.editPostNotOwner);
    let image: ImageFields = {};
    if (input.imgContent === undefined || sent === post.imgContent) {
      // The image kept: its alt text replaced when sent (or with the image), else kept.
      const { imgContent, imgWidth, imgHeight, imgPlaceholder, imgMedia } = post;
      image = { imgContent, imgWidth, imgHeight, imgPlaceholder, imgMedia };
      const alt =
        input.imgContent === undefined && input.imgAlt === undefined ? post.imgAlt : input.imgAlt;
      if (imgContent !== undefined && alt) image.imgAlt = alt;
    } else if (sent !== undefined) {
      image = await imageFields(ctx, writes, sent, input.imgAlt);
    }
    const stamp = formatTimestamp(ctx.now());
    const changed =
      post.content !== input.content ||
      post.imgContent !== image.imgContent ||
      post.imgAlt !== image.imgAlt;
    await writes.posts.update(postId, {
      content: input.content,
      imgContent: image.imgContent ?? null,
      imgAlt: image.imgAlt ?? null,
      imgWidth: image.imgWidth ?? null,
      imgHeight: image.imgHeight ?? null,
      imgPlaceholder: image.imgPlaceholder ?? null,
      imgMedia: image.imgMedia ?? null,
      updatedAt: stamp,
      ...(changed ? { editedAt: stamp } : {}),
    });
    if (post.imgMedia !== undefined && post.imgMedia !== image.imgMedia) {
      await writes.media.release(post.imgMedia);
    }
    await inbox.mentionsChanged(writes, { postId }, actorId, post.content, input.content, stamp);
    await live.postChanged(writes, post, 'edited');
    return answer(writes, postId);
  });
}

export const editPost = (ctx: ServiceContext, actorId: string, postId: string, body: unknown) =>
  edit(ctx, actorId, postId, body, everyPost);

export const updatePost = (ctx: ServiceContext, actorId: string, postId: string, body: unknown) =>
  edit(ctx, actorId, postId, body, cardPost(actorId));

/** Author only; the post also leaves every bookmark list (and those lists count as changed). */
function remove<T>(ctx: ServiceContext, actorId: string, postId: string, answer: Answer<T>) {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (!PERMISSIONS.deletePost(post.authorId, actorId)) {
      throw badRequest(MESSAGES.deletePostNotOwner);
    }
    const holders = await writes.bookmarks.holders(postId);
    const told = await writes.posts.remove(postId);
    if (post.imgMedia !== undefined) await writes.media.release(post.imgMedia);
    await writes.users.touch(holders, formatTimestamp(ctx.now()));
    await live.postChanged(writes, post, 'deleted');
    await live.inboxesChanged(writes, told);
    return answer(writes, postId);
  });
}

export const deletePost = (ctx: ServiceContext, actorId: string, postId: string) =>
  remove(ctx, actorId, postId, everyPost);

export const removePost = (
  ctx: ServiceContext,
  actorId: string,
  postId: string,
): Promise<PostIdResponse> =>
  remove(ctx, actorId, postId, (_writes, id) => Promise.resolve({ postId: id }));

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
function react<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  reaction: Reaction,
  answer: Answer<T>,
) {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const post = await requirePost(writes, postId);
    if (reaction === 'dislike' && post.likeCount === 0) throw badRequest(MESSAGES.likeBelowZero);
    // Set, then refused when it was already so: the refusal rolls the write back, and the usual
    // case costs one statement instead of a read and a write.
    const before = await writes.reactions.set(postId, actorId, reaction);
    if (before === reaction) throw badRequest(REPEATED[reaction]);
    const likeDelta = reaction === 'like' ? 1 : before === 'like' ? -1 : 0;
    const stamp = formatTimestamp(ctx.now());
    const counts = await writes.posts.update(postId, {
      ...(likeDelta === 0 ? {} : { likeDelta }),
      updatedAt: stamp,
    });
    await inbox.reactionChanged(writes, post, actorId, before, reaction, stamp);
    await live.countsChanged(writes, postId, counts);
    return answer(writes, postId);
  });
}

export const likePost = (ctx: ServiceContext, actorId: string, postId: string) =>
  react(ctx, actorId, postId, 'like', everyPost);

export const dislikePost = (ctx: ServiceContext, actorId: string, postId: string) =>
  react(ctx, actorId, postId, 'dislike', everyPost);

export const likeOne = (ctx: ServiceContext, actorId: string, postId: string) =>
  react(ctx, actorId, postId, 'like', cardPost(actorId));

export const dislikeOne = (ctx: ServiceContext, actorId: string, postId: string) =>
  react(ctx, actorId, postId, 'dislike', cardPost(actorId));
