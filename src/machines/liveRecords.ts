/**
 * What the live stream's news of posts does to the posts store, as pure functions (the posts
 * machine applies them): a post's like count changes on the one record it holds; a post whose
 * comments changed (written, deleted, edited, voted on) or that was edited elsewhere is read
 * again; a post deleted leaves (its page says it is gone); a post someone else published waits at
 * the top of the feeds it belongs to (Home when its author is followed, Latest) until the reader
 * asks for it. One's own bookmark made or taken back elsewhere changes the record, so its card
 * and the Bookmarks page show it; one made is read on top of the bookmarks.
 * Trending, a hashtag and a person's posts are read again when opened.
 */
import type { LiveEvent } from '../api/types';
import { HOME_FEED, type FeedKey } from './feed';
import type { PostsById } from './postRecords';
import type { PostsContext } from './posts';

/** The stream's news of posts. */
export type PostNews = Extract<LiveEvent, { type: 'post' | 'counts' | 'bookmark' }>;

type Counts = Extract<LiveEvent, { type: 'counts' }>;

/** How many comments a held post has: its count beside the newest, or its whole thread. */
const commentsOf = (post: PostsById[string]) => post.commentCount ?? post.comments.length;

/** The held records with the post's like count as the event says; `held` when nothing changes. */
export function withLikeCount(held: PostsById, { postId, likeCount }: Counts): PostsById {
  const post = held[postId];
  if (post === undefined || post.likes.likeCount === likeCount) return held;
  return { ...held, [postId]: { ...post, likes: { ...post.likes, likeCount } } };
}

/** The held records with one's own bookmark as the event says; `held` when nothing changes. */
export function withBookmark(
  held: PostsById,
  { postId, bookmarked }: Extract<LiveEvent, { type: 'bookmark' }>,
): PostsById {
  const post = held[postId];
  if (post === undefined || post.bookmarkedByMe === bookmarked) return held;
  return { ...held, [postId]: { ...post, bookmarkedByMe: bookmarked } };
}

/**
 * Whether the post's comments changed from what is held: its comments themselves are then read
 * again (the event carries only their number).
 */
export function commentsChanged(held: PostsById, { postId, commentCount }: Counts): boolean {
  const post = held[postId];
  return post !== undefined && commentsOf(post) !== commentCount;
}

/** The held records without the post; `held` when it was not held. */
export function withoutPost(held: PostsById, postId: string): PostsById {
  if (held[postId] === undefined) return held;
  const { [postId]: _gone, ...rest } = held;
  return rest;
}

/**
 * What a piece of news changes: the records, the post reads, what to read again, where it waits,
 * which feeds read their first page on top.
 */
export interface LiveChange {
  confirmed: PostsById;
  reads: PostsContext['reads'];
  reread: string[];
  waitIn: FeedKey[];
  onTop: FeedKey[];
}

export function liveChange(context: PostsContext, news: PostNews): LiveChange {
  const { confirmed, reads } = context;
  const unchanged: LiveChange = { confirmed, reads, reread: [], waitIn: [], onTop: [] };
  if (news.type === 'bookmark') {
    // This tab's own bookmark, echoed, is known already: nothing to read.
    const known = confirmed[news.postId]?.bookmarkedByMe === news.bookmarked;
    return {
      ...unchanged,
      confirmed: withBookmark(confirmed, news),
      onTop: news.bookmarked && !known ? [{ kind: 'bookmarks' }] : [],
    };
  }
  const held = confirmed[news.postId] !== undefined;
  if (news.type === 'counts') {
    return {
      ...unchanged,
      confirmed: withLikeCount(confirmed, news),
      reread: commentsChanged(confirmed, news) ? [news.postId] : [],
    };
  }
  switch (news.change) {
    case 'deleted':
      return {
        ...unchanged,
        confirmed: withoutPost(confirmed, news.postId),
        reads:
          held || reads[news.postId] !== undefined ? { ...reads, [news.postId]: 'missing' } : reads,
      };
    case 'edited':
    case 'comments':
      return { ...unchanged, reread: held ? [news.postId] : [] };
    case 'created': {
      const me = context.session.user;
      // One's own posts show where they were published (the store's `published`).
      if (me === null || news.authorId === me._id) return unchanged;
      const followed = me.following.some((person) => person._id === news.authorId);
      return {
        ...unchanged,
        waitIn: followed ? [HOME_FEED, { kind: 'latest' }] : [{ kind: 'latest' }],
      };
    }
  }
}
