/** Users, profile edits, bookmarks and follows. */
import type { BookmarksResponse, FollowResponse, UserResponse, UsersResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest } from './errors';
import { findActor, findUser, requireActor, requirePost, requireUser } from './lookup';
import { MESSAGES } from './messages';
import type { Reads } from './store';
import { userDataBody } from '../api/bodies';
import { parseBody } from './validation';
import { createViews } from './views';

export function listUsers(ctx: ServiceContext): Promise<UsersResponse> {
  return ctx.store.read(async (reads) => ({
    users: createViews(await reads.snapshot()).users(),
  }));
}

async function userOf(reads: Reads, userId: string): Promise<UserResponse> {
  const state = await reads.snapshot();
  return { user: createViews(state).user(findUser(state, userId)) };
}

export function getUser(ctx: ServiceContext, userId: string): Promise<UserResponse> {
  return ctx.store.read((reads) => userOf(reads, userId));
}

/**
 * Only the five profile fields; `_id`, username, password and the social graph are ignored.
 * Fields not sent are absent from the result, so they stay as they are.
 */
const readUserData = (body: unknown) => parseBody(userDataBody, body).userData;

export async function editUser(
  ctx: ServiceContext,
  actorId: string,
  body: unknown,
): Promise<UserResponse> {
  await ctx.store.write(async (writes) => {
    const changes = readUserData(body);
    await requireActor(writes, actorId);
    await writes.users.update(actorId, { ...changes, updatedAt: formatTimestamp(ctx.now()) });
  });
  return ctx.store.read((reads) => userOf(reads, actorId));
}

async function bookmarksOf(reads: Reads, userId: string): Promise<BookmarksResponse> {
  const state = await reads.snapshot();
  return { bookmarks: createViews(state).user(findActor(state, userId)).bookmarks };
}

export function getBookmarks(ctx: ServiceContext, actorId: string): Promise<BookmarksResponse> {
  return ctx.store.read((reads) => bookmarksOf(reads, actorId));
}

/** Adds or removes one bookmark (a new one is the last); refused when it is already so. */
async function setBookmark(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  bookmarked: boolean,
): Promise<BookmarksResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requirePost(writes, postId);
    const changed = bookmarked
      ? await writes.bookmarks.add(actorId, postId)
      : await writes.bookmarks.remove(actorId, postId);
    if (!changed) {
      throw badRequest(bookmarked ? MESSAGES.alreadyBookmarked : MESSAGES.notBookmarked);
    }
    await writes.users.touch([actorId], formatTimestamp(ctx.now()));
  });
  return ctx.store.read((reads) => bookmarksOf(reads, actorId));
}

export const bookmarkPost = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, true);

export const removeBookmark = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, false);

/**
 * Follows or unfollows, on both sides at once: the actor's `following` and the target's
 * `followers`. Refused when it is already so, and for following oneself.
 */
async function setFollowing(
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
  following: boolean,
): Promise<FollowResponse> {
  await ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requireUser(writes, targetId);
    if (following && targetId === actorId) throw badRequest(MESSAGES.followSelf);
    const changed = following
      ? await writes.follows.add(actorId, targetId)
      : await writes.follows.remove(actorId, targetId);
    if (!changed) throw badRequest(following ? MESSAGES.alreadyFollowing : MESSAGES.notFollowing);
    await writes.users.touch([actorId, targetId], formatTimestamp(ctx.now()));
  });
  return ctx.store.read(async (reads) => {
    const state = await reads.snapshot();
    const views = createViews(state);
    return {
      user: views.user(findActor(state, actorId)),
      followUser: views.user(findUser(state, targetId)),
      users: views.users(),
    };
  });
}

export const followUser = (ctx: ServiceContext, actorId: string, targetId: string) =>
  setFollowing(ctx, actorId, targetId, true);

export const unfollowUser = (ctx: ServiceContext, actorId: string, targetId: string) =>
  setFollowing(ctx, actorId, targetId, false);
