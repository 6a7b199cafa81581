/** How a feed's list of ids is put together from the pages it reads (feed.ts): pure, over ids. */

/** `later` appended to `ids`, each id once. */
export function appended(ids: readonly string[], later: readonly string[]): string[] {
  const seen = new Set(ids);
  return [...ids, ...later.filter((id) => !seen.has(id))];
}

/**
 * What was read that the fresh pages do not cover: the ids after the last one they also hold. One
 * that they skip above that point no longer belongs there (an author unfollowed, a bookmark taken
 * back, a post deleted): it goes, rather than being put after them, out of its order.
 */
export function belowFresh(ids: readonly string[], freshIds: readonly string[]): readonly string[] {
  const fresh = new Set(freshIds);
  const last = ids.findLastIndex((id) => fresh.has(id));
  return ids.slice(last + 1);
}
