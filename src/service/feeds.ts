/**
 * The app's paged lists: feeds of posts (newest first, or trending) and lists of people (most
 * recent follow first), a page at a time from an opaque cursor (paging.ts). Each page reads only
 * the posts or people it shows.
 */
import { hashtagKey } from '../api/richText';
import type { PostPage, PersonPage } from '../api/types';
import type { ServiceContext } from './context';
import { requireUser, requireUsername } from './lookup';
import { peopleWithMentions, postsWithMentions } from './mentions';
import { readPage, writeCursor, type KeyKind, type PageRequest } from './paging';
import { cardRead, type PeopleFeed, type PostFeed, type Reads } from './store';
import { postViews } from './views';

/** The key a feed pages by. */
const keyKind = (kind: PostFeed['kind']): KeyKind =>
  kind === 'trending' ? 'trending' : kind === 'bookmarks' ? 'seq' : 'time';

/**
 * One page of a feed of this kind: the page asked for is checked first, then `feed` finds what
 * the feed names (or refuses).
 */
export function postPage<K extends PostFeed['kind']>(
  ctx: ServiceContext,
  viewer: string | null,
  page: PageRequest,
  kind: K,
  feed: (reads: Reads) => Promise<PostFeed & { kind: K }> | (PostFeed & { kind: K }),
): Promise<PostPage> {
  const { after, limit } = readPage(page, keyKind(kind));
  // The feed's check, then the page in one statement: neither needs the other's moment.
  return ctx.store.readEach(async (reads) => {
    const { items, next } = await reads.posts.page(
      await feed(reads),
      after,
      limit,
      cardRead(viewer),
    );
    return {
      posts: await postsWithMentions(reads, postViews(items).posts()),
      next: writeCursor(next),
    };
  });
}

// Each post of a page is shaped for its card (store.ts `OwnReactions`): only the viewer's own like
// or dislike (the signed-in caller's, or no one's), and only its newest comment beside the count.

export const latestFeed = (ctx: ServiceContext, viewer: string | null, page: PageRequest) =>
  postPage(ctx, viewer, page, 'latest', () => ({ kind: 'latest' }));

export const trendingFeed = (ctx: ServiceContext, viewer: string | null, page: PageRequest) =>
  postPage(ctx, viewer, page, 'trending', () => ({ kind: 'trending' }));

// Home and Bookmarks ask nothing more of the signed-in person: authentication has just found
// their session and them. A person gone since (a demo reset) has no posts, follows or bookmarks
// left, so the page is empty; a write, unlike a read, checks the actor in its transaction.

/** The signed-in person's posts and those of everyone they follow. */
export const homeFeed = (ctx: ServiceContext, actorId: string, page: PageRequest) =>
  postPage(ctx, actorId, page, 'home', () => ({ kind: 'home', userId: actorId }));

/** One person's posts, by their exact username. */
export const userFeed = (
  ctx: ServiceContext,
  viewer: string | null,
  username: string,
  page: PageRequest,
) =>
  postPage(ctx, viewer, page, 'author', async (reads) => ({
    kind: 'author',
    authorId: (await requireUsername(reads, username))._id,
  }));

/** The signed-in person's bookmarks, most recently bookmarked first. */
export const bookmarkFeed = (ctx: ServiceContext, actorId: string, page: PageRequest) =>
  postPage(ctx, actorId, page, 'bookmarks', () => ({ kind: 'bookmarks', userId: actorId }));

/** Posts carrying `#tag` (with or without its '#', any case). */
export const hashtagFeed = (
  ctx: ServiceContext,
  viewer: string | null,
  tag: string,
  page: PageRequest,
) =>
  postPage(ctx, viewer, page, 'hashtag', () => ({
    kind: 'hashtag',
    tag: hashtagKey(tag),
  }));

function peoplePage(
  ctx: ServiceContext,
  kind: PeopleFeed['kind'],
  viewer: string | null,
  userId: string,
  page: PageRequest,
): Promise<PersonPage> {
  const { after, limit } = readPage(page, 'seq');
  // The page, then its people as cards (counts, and whether the viewer follows them), each read
  // on its own moment: a person gone between them is left out, as a page read a moment later.
  return ctx.store.readEach(async (reads) => {
    await requireUser(reads, userId);
    const { items, next } = await reads.users.page({ kind, userId }, after, limit);
    const cards = await reads.users.cards(
      items.map((person) => person._id),
      viewer,
    );
    return { users: await peopleWithMentions(reads, cards), next: writeCursor(next) };
  });
}

/** Who follows the person, most recent first. */
export const followersPage = (
  ctx: ServiceContext,
  viewer: string | null,
  userId: string,
  page: PageRequest,
) => peoplePage(ctx, 'followers', viewer, userId, page);

/** Whom the person follows, most recent first. */
export const followingPage = (
  ctx: ServiceContext,
  viewer: string | null,
  userId: string,
  page: PageRequest,
) => peoplePage(ctx, 'following', viewer, userId, page);
