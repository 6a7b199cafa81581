import { setup, type SnapshotFrom } from 'xstate';
import { hasHashtag } from '../api/richText';
import type { Post } from '../api/types';

/**
 * Sorting for Explore's Trending / Latest buttons.
 *
 * Initial state: `latest`. Explore without a choice shows the newest posts first (the product
 * shows the list reversed, i.e. newest first), so "Latest" is what the page already shows; Trending is
 * the opt-in.
 */
export type SortMode = 'trending' | 'latest';

export type SortingEvent = { type: 'SHOW_TRENDING' } | { type: 'SHOW_LATEST' };

export const sortingMachine = setup({
  types: { events: {} as SortingEvent },
}).createMachine({
  id: 'sorting',
  initial: 'latest',
  states: {
    latest: { on: { SHOW_TRENDING: 'trending' } },
    trending: { on: { SHOW_LATEST: 'latest' } },
  },
});

export function selectSortMode(snapshot: SnapshotFrom<typeof sortingMachine>): SortMode {
  return snapshot.value;
}

function createdTime(post: Post): number {
  const time = Date.parse(post.createdAt);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time; // unreadable dates count as oldest
}

const sortKeys: Record<SortMode, (post: Post) => number> = {
  trending: (post) => post.likes.likeCount,
  latest: createdTime,
};

/**
 * Trending: most likes first. Latest: newest `createdAt` first (compared as instants, so
 * different UTC offsets order correctly).
 *
 * Exactly the product's "stable sort ascending, then reverse", without touching the input: a new
 * array, ordered by the key descending, and posts with EQUAL keys in REVERSE input order (the
 * later one in the list first, as the unsorted Explore shows them).
 */
export function sortPosts(posts: readonly Post[], mode: SortMode): Post[] {
  const key = sortKeys[mode];
  return posts
    .map((post, index) => ({ post, index, key: key(post) }))
    .sort((a, b) => b.key - a.key || b.index - a.index)
    .map(({ post }) => post);
}

/** Explore: every post, or those carrying `tag` (`?tag=`), in the chosen order. */
export function selectExplorePosts(
  posts: readonly Post[],
  mode: SortMode,
  tag: string | null = null,
): Post[] {
  const shown = tag === null ? posts : posts.filter((post) => hasHashtag(post.content, tag));
  return sortPosts(shown, mode);
}
