/**
 * Which posts a feed shows (`FeedKey`), the actor id each runs under, what Explore's address
 * asks for, and where a post one has just published belongs: the feeds' keys, apart from the
 * machine that reads them (feed.ts).
 */
import { hashtagKey, hasHashtag } from '../api/richText';
import type { Post, UserSummary } from '../api/types';
import type { SortMode } from './sorting';

/** Which posts a feed shows. */
export type FeedKey =
  | { kind: 'home' }
  | { kind: 'latest' }
  | { kind: 'trending' }
  /** The signed-in person's bookmarks, most recently bookmarked first. */
  | { kind: 'bookmarks' }
  | { kind: 'hashtag'; tag: string }
  | { kind: 'user'; username: string };

/** Home's feed: the signed-in person's posts and those of everyone they follow. */
export const HOME_FEED: FeedKey = { kind: 'home' };

/** What Explore's address asks for: `?tag=bread` (one hashtag), `?sort=trending`. */
export function exploreQueryOf(query: URLSearchParams): { tag: string | null; sort: SortMode } {
  const raw = query.get('tag');
  return {
    tag: raw === null ? null : hashtagKey(raw) || null,
    sort: query.get('sort') === 'trending' ? 'trending' : 'latest',
  };
}

/** Explore's feed: a hashtag's posts (newest first) when it names one, else Trending or Latest. */
export function exploreFeed(tag: string | null, sort: SortMode): FeedKey {
  return tag !== null ? { kind: 'hashtag', tag } : { kind: sort };
}

/** The child id a feed runs under in the posts machine: one actor per feed, kept while signed in. */
export function feedId(feed: FeedKey): string {
  switch (feed.kind) {
    case 'hashtag':
      return `feed:hashtag:${feed.tag}`;
    case 'user':
      return `feed:user:${feed.username}`;
    default:
      return `feed:${feed.kind}`;
  }
}

/**
 * Whether a post the current user has just published belongs at the top of this feed before the
 * server's next read says so: Home, Latest, their own posts, a hashtag it carries. Trending
 * orders by likes, where a new post is not at the top.
 */
export function showsOwnNewPost(feed: FeedKey, post: Post, me: UserSummary | null): boolean {
  switch (feed.kind) {
    case 'home':
    case 'latest':
      return true;
    case 'trending':
    case 'bookmarks':
      return false;
    case 'hashtag':
      return hasHashtag(post.content, feed.tag);
    case 'user':
      return me !== null && feed.username === me.username && post.username === me.username;
  }
}
