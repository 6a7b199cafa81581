import { setup, type SnapshotFrom } from 'xstate';

/**
 * Explore's Trending / Latest buttons: which of the two feeds Explore reads (feed.ts). The server
 * orders each feed (Trending: most liked first; Latest: newest first); this machine only holds the
 * choice.
 *
 * Initial state: `latest`. Explore without a choice shows the newest posts first, so "Latest" is
 * what the page already shows; Trending is the opt-in.
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
