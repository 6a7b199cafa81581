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

export function bookmarkPost(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
): BookmarksResponse {
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    findPost(draft, postId);
    if (user.bookmarkIds.includes(postId)) throw badRequest(MESSAGES.alreadyBookmarked);
    user.bookmarkIds.push(postId);
    user.updatedAt = formatTimestamp(ctx.now());
  });
  return bookmarksOf(ctx.db.state, actorId);
}

export function removeBookmark(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
): BookmarksResponse {
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    findPost(draft, postId);
    if (!user.bookmarkIds.includes(postId)) throw badRequest(MESSAGES.notBookmarked);
    user.bookmarkIds = without(user.bookmarkIds, postId);
    user.updatedAt = formatTimestamp(ctx.now());
  });
  return bookmarksOf(ctx.db.state, actorId);
}

function followResponse(state: DatabaseState, actorId: string, targetId: string): FollowResponse {
  const views = createViews(state);
  return {
    user: views.user(findActor(state, actorId)),
    followUser: views.user(findUser(state, targetId)),
    users: views.users(),
  };
}

/** Both sides at once — the actor's `following` and the target's `followers`. */
export function followUser(ctx: ServiceContext, actorId: string, targetId: string): FollowResponse {
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    const target = findUser(draft, targetId);
    if (target._id === user._id) throw badRequest(MESSAGES.followSelf);
    if (user.followingIds.includes(target._id)) throw badRequest(MESSAGES.alreadyFollowing);
    user.followingIds.push(target._id);
    target.followerIds = [...without(target.followerIds, user._id), user._id];
    user.updatedAt = target.updatedAt = formatTimestamp(ctx.now());
  });
  return followResponse(ctx.db.state, actorId, targetId);
}

export function unfollowUser(
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
): FollowResponse {
  ctx.db.write((draft) => {
    const user = findActor(draft, actorId);
    const target = findUser(draft, targetId);
    if (!user.followingIds.includes(target._id)) throw badRequest(MESSAGES.notFollowing);
    user.followingIds = without(user.followingIds, target._id);
    target.followerIds = without(target.followerIds, user._id);
    user.updatedAt = target.updatedAt = formatTimestamp(ctx.now());
  });
  return followResponse(ctx.db.state, actorId, targetId);
}
