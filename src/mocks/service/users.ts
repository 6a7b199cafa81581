/** Users, profile edits, bookmarks and follows. */
import type {
  BookmarksResponse,
  FollowResponse,
  UserResponse,
  UsersResponse,
} from '../../api/types';
import type { DatabaseState } from '../db/schema';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest } from './errors';
import { findActor, findPost, findUser, without } from './lookup';
import { MESSAGES } from './messages';
import { parseBody, userDataBody } from './validation';
import { createViews } from './views';

export function listUsers(ctx: ServiceContext): UsersResponse {
  return { users: createViews(ctx.db.state).users() };
}

export function getUser(ctx: ServiceContext, userId: string): UserResponse {
  const { state } = ctx.db;
  return { user: createViews(state).user(findUser(state, userId)) };
}

/**
 * Only the five profile fields; `_id`, username, password and the social graph are ignored.
 * Fields not sent are absent from the result, so they stay as they are.
 */
const readUserData = (body: unknown) => parseBody(userDataBody, body).userData;

export function editUser(ctx: ServiceContext, actorId: string, body: unknown): UserResponse {
  const changes = readUserData(body);
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    Object.assign(user, changes);
    user.updatedAt = formatTimestamp(ctx.now());
  });
  return getUser(ctx, actorId);
}

function bookmarksOf(state: DatabaseState, userId: string): BookmarksResponse {
  return { bookmarks: createViews(state).user(findActor(state, userId)).bookmarks };
}

export function getBookmarks(ctx: ServiceContext, actorId: string): BookmarksResponse {
  return bookmarksOf(ctx.db.state, actorId);
}

/** Adds or removes one bookmark; refused when it is already so. */
function setBookmark(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  bookmarked: boolean,
): BookmarksResponse {
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    findPost(draft, postId);
    if (user.bookmarkIds.includes(postId) === bookmarked) {
      throw badRequest(bookmarked ? MESSAGES.alreadyBookmarked : MESSAGES.notBookmarked);
    }
    const others = without(user.bookmarkIds, postId);
    user.bookmarkIds = bookmarked ? [...others, postId] : others;
    user.updatedAt = formatTimestamp(ctx.now());
  });
  return bookmarksOf(ctx.db.state, actorId);
}

export const bookmarkPost = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, true);

export const removeBookmark = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, false);

function followResponse(state: DatabaseState, actorId: string, targetId: string): FollowResponse {
  const views = createViews(state);
  return {
    user: views.user(findActor(state, actorId)),
    followUser: views.user(findUser(state, targetId)),
    users: views.users(),
  };
}

/**
 * Follows or unfollows, on both sides at once: the actor's `following` and the target's
 * `followers`. Refused when it is already so, and for following oneself.
 */
function setFollowing(
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
  following: boolean,
): FollowResponse {
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    const target = findUser(draft, targetId);
    if (following && target._id === user._id) throw badRequest(MESSAGES.followSelf);
    if (user.followingIds.includes(target._id) === following) {
      throw badRequest(following ? MESSAGES.alreadyFollowing : MESSAGES.notFollowing);
    }
    const followingIds = without(user.followingIds, target._id);
    const followerIds = without(target.followerIds, user._id);
    user.followingIds = following ? [...followingIds, target._id] : followingIds;
    target.followerIds = following ? [...followerIds, user._id] : followerIds;
    user.updatedAt = target.updatedAt = formatTimestamp(ctx.now());
  });
  return followResponse(ctx.db.state, actorId, targetId);
}

export const followUser = (ctx: ServiceContext, actorId: string, targetId: string) =>
  setFollowing(ctx, actorId, targetId, true);

export const unfollowUser = (ctx: ServiceContext, actorId: string, targetId: string) =>
  setFollowing(ctx, actorId, targetId, false);
