/** Users, profile edits, bookmarks and follows. */
import type {
  BookmarksResponse,
  FollowResponse,
  PersonPage,
  PersonResponse,
  UserResponse,
  UsersResponse,
} from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, HttpError, notFound } from './errors';
import * as inbox from './inbox';
import * as live from './live';
import { requireActor, requirePost, requireUser, requireUsername } from './lookup';
import { readPage, writeCursor, type PageRequest } from './paging';
import { MESSAGES } from './messages';
import { peopleWithMentions } from './mentions';
import { mediaIdOf } from '../api/media';
import { prepareImage, takeImage } from './media';
import type { Reads, Writes } from './store';
import { userDataBody } from '../api/bodies';
import { parseBody } from './validation';
import { cardPost } from './posts';
import { postViews, summary, userViews } from './views';

export function listUsers(ctx: ServiceContext): Promise<UsersResponse> {
  return ctx.store.read(async (reads) => ({ users: userViews(await reads.users.list()).users() }));
}

/** One person, or a 404 (`missing`: the refusal when they are not there). */
export async function userOf(
  reads: Reads,
  userId: string,
  missing: HttpError = notFound(MESSAGES.userNotFound),
): Promise<UserResponse> {
  const set = await reads.users.list([userId]);
  const [record] = set.users;
  if (record === undefined) throw missing;
  return { user: userViews(set).user(record) };
}

export function getUser(ctx: ServiceContext, userId: string): Promise<UserResponse> {
  return ctx.store.read((reads) => userOf(reads, userId));
}

/**
 * Only the five profile fields; `_id`, username, password and the social graph are ignored.
 * Fields not sent are absent from the result, so they stay as they are.
 */
const readUserData = (body: unknown) => parseBody(userDataBody, body).userData;

/**
 * A new avatar's fields, taken up in this write: a media link, or a data URL made into media
 * before the write; '' as it is.
 */
export async function avatarFields(
  ctx: ServiceContext,
  writes: Writes,
  avatar: string,
): Promise<{ profile: string; profileMedia?: string }> {
  if (avatar === '') return { profile: '' };
  const { link, media } = await takeImage(ctx, writes, avatar, 'avatar', AVATAR_FIELD);
  return { profile: link, profileMedia: media._id };
}

const AVATAR_FIELD = 'userData.profile';

/** An avatar sent: a data URL is made into media now, before the write (the slow part). */
export const sentAvatar = (ctx: ServiceContext, ownerId: string | undefined, profile: string) =>
  profile === '' ? Promise.resolve('') : prepareImage(ctx, ownerId, profile, 'avatar');

export async function editUser(
  ctx: ServiceContext,
  actorId: string,
  body: unknown,
): Promise<UserResponse> {
  const { profile, ...changes } = readUserData(body);
  const avatar = profile === undefined ? undefined : await sentAvatar(ctx, actorId, profile);
  return ctx.store.write(async (writes) => {
    const before = await writes.users.get(actorId);
    if (before === undefined) throw new HttpError(401, MESSAGES.invalidToken);
    const avatarChanged = avatar !== undefined && avatar !== before.profile;
    const taken = avatarChanged ? await avatarFields(ctx, writes, avatar) : undefined;
    await writes.users.update(actorId, {
      ...changes,
      ...(taken === undefined
        ? {}
        : { profile: taken.profile, profileMedia: taken.profileMedia ?? null }),
      updatedAt: formatTimestamp(ctx.now()),
    });
    const old = mediaIdOf(before.profile);
    if (taken !== undefined && old !== undefined && old !== taken.profileMedia) {
      await writes.media.release(old);
    }
    return userOf(writes, actorId);
  });
}

/** The person's bookmarks, oldest bookmark first; 401 when the acting person is gone. */
async function bookmarksOf(reads: Reads, userId: string): Promise<BookmarksResponse> {
  await requireActor(reads, userId);
  return { bookmarks: postViews(await reads.posts.list({ kind: 'bookmarks', userId })).posts() };
}

export function getBookmarks(ctx: ServiceContext, actorId: string): Promise<BookmarksResponse> {
  return ctx.store.read((reads) => bookmarksOf(reads, actorId));
}

/** The person's bookmarks after a bookmark's change (the spec's answer). */
const everyBookmark = (writes: Writes, actorId: string) => bookmarksOf(writes, actorId);

/** The post bookmarked (or not), as its card shows it to the one who did it (the app's answer). */
const bookmarkedPost = (writes: Writes, actorId: string, postId: string) =>
  cardPost(actorId)(writes, postId);

/** Adds or removes one bookmark (a new one is the last); refused when it is already so. */
function setBookmark<T>(
  ctx: ServiceContext,
  actorId: string,
  postId: string,
  bookmarked: boolean,
  answer: (writes: Writes, actorId: string, postId: string) => Promise<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    await requirePost(writes, postId);
    const changed = bookmarked
      ? await writes.bookmarks.add(actorId, postId)
      : await writes.bookmarks.remove(actorId, postId);
    if (!changed) {
      throw badRequest(bookmarked ? MESSAGES.alreadyBookmarked : MESSAGES.notBookmarked);
    }
    await writes.users.touch([actorId], formatTimestamp(ctx.now()));
    await live.bookmarkChanged(writes, actorId, postId, bookmarked);
    return answer(writes, actorId, postId);
  });
}

export const bookmarkPost = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, true, everyBookmark);

export const removeBookmark = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, false, everyBookmark);

export const bookmarkOne = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, true, bookmarkedPost);

export const unbookmarkOne = (ctx: ServiceContext, actorId: string, postId: string) =>
  setBookmark(ctx, actorId, postId, false, bookmarkedPost);

/** One person as their profile card shows them to `viewer` (null: no one), or a 404. */
export function getPerson(
  ctx: ServiceContext,
  viewer: string | null,
  username: string,
): Promise<PersonResponse> {
  // Two lookups by key, each its own moment: a person gone between them is a 404 as well.
  return ctx.store.readEach(async (reads) => {
    const user = await requireUsername(reads, username);
    return personOf(reads, user._id, viewer);
  });
}

async function personOf(reads: Reads, userId: string, viewer: string | null) {
  const [person] = await peopleWithMentions(reads, await reads.users.cards([userId], viewer));
  if (person === undefined) throw notFound(MESSAGES.userNotFound);
  return { person };
}

/** 'Who to follow': a page of the people the caller does not follow, oldest account first. */
export function suggestedPeople(
  ctx: ServiceContext,
  actorId: string,
  page: PageRequest,
): Promise<PersonPage> {
  const { after, limit } = readPage(page, 'seq');
  return ctx.store.readEach(async (reads) => {
    const { items, next } = await reads.users.suggested(actorId, after, limit);
    return { users: await peopleWithMentions(reads, items), next: writeCursor(next) };
  });
}

/** A follow's answer: both people and everyone (the spec's). */
async function everyoneAnswer(writes: Writes, actorId: string, targetId: string) {
  const set = await writes.users.list();
  const views = userViews(set);
  const users = set.users.map((record) => views.user(record));
  const find = (id: string) => {
    const found = users.find((user) => user._id === id);
    if (found === undefined) throw new Error(`The list of every person lacks ${id}`);
    return found;
  };
  return { user: find(actorId), followUser: find(targetId), users };
}

/**
 * Follows or unfollows, on both sides at once: the actor's `following` and the target's
 * `followers`. Refused when it is already so, and for following oneself. Answers as `answer`
 * says: both people and everyone (the spec's), or the one followed as the actor now sees them.
 */
function setFollowing<T>(
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
  following: boolean,
  answer: (writes: Writes, actorId: string, targetId: string) => Promise<T>,
): Promise<T> {
  return ctx.store.write(async (writes) => {
    await requireActor(writes, actorId);
    const target = await requireUser(writes, targetId);
    if (following && targetId === actorId) throw badRequest(MESSAGES.followSelf);
    const changed = following
      ? await writes.follows.add(actorId, targetId)
      : await writes.follows.remove(actorId, targetId);
    if (!changed) throw badRequest(following ? MESSAGES.alreadyFollowing : MESSAGES.notFollowing);
    const stamp = formatTimestamp(ctx.now());
    await writes.users.touch([actorId, targetId], stamp);
    await inbox.followChanged(writes, actorId, targetId, following, stamp);
    await live.followChanged(writes, actorId, summary(target), following);
    return answer(writes, actorId, targetId);
  });
}

export const followUser = (
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
): Promise<FollowResponse> => setFollowing(ctx, actorId, targetId, true, everyoneAnswer);

export const unfollowUser = (
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
): Promise<FollowResponse> => setFollowing(ctx, actorId, targetId, false, everyoneAnswer);

/** The person followed, as the follower now sees them: one card, not everyone. */
const followedAnswer = (writes: Writes, actorId: string, targetId: string) =>
  personOf(writes, targetId, actorId);

export const followOne = (
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
): Promise<PersonResponse> => setFollowing(ctx, actorId, targetId, true, followedAnswer);

export const unfollowOne = (
  ctx: ServiceContext,
  actorId: string,
  targetId: string,
): Promise<PersonResponse> => setFollowing(ctx, actorId, targetId, false, followedAnswer);
