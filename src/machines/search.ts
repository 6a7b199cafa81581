/**
 * Search as you type: `TYPE` holds the query and, after a quiet `SEARCH_DEBOUNCE_MS`, asks the
 * server. States: `idle` (nothing to search), `debouncing` (waiting for typing to pause),
 * `loading`, `results`, `failed` (with `RETRY`).
 *
 * Stale answers never show: every `TYPE` re-enters `debouncing`, which leaves `loading` and so
 * stops its call (the effect gets an `AbortSignal` and aborts the request). A blank query goes
 * back to `idle` without a call; one over the rule's length fails at once, in a person's words,
 * without a call (the field's own limit normally prevents it). The last results stay in context
 * while a newer query loads, so the list does not flicker as the person types.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { checkSearchQuery, normalizeSearchQuery, SEARCH_RULE } from '../api/rules';
import type { SearchResponse } from '../api/types';
import { placeholderActors } from './effects';
import { errorMessage } from './notifications';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

/** What a person reads when the query is longer than the rule allows. */
export const SEARCH_TOO_LONG = `Search can be at most ${SEARCH_RULE.maxLength} characters.`;

export interface SearchContext {
  /** What the field holds, as typed. */
  query: string;
  /** The latest answer, for `resultsQuery`; null before the first. */
  results: SearchResponse | null;
  /** The (trimmed) query `results` answer. */
  resultsQuery: string;
  /** Why the last search failed. */
  error: string | null;
}

export type SearchEvent = { type: 'TYPE'; query: string } | { type: 'CLEAR' } | { type: 'RETRY' };

export type SearchStatus = 'idle' | 'debouncing' | 'loading' | 'results' | 'failed';

const INITIAL: SearchContext = { query: '', results: null, resultsQuery: '', error: null };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: placeholderActors('search'),
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isBlank: ({ event }) => event.type === 'TYPE' && checkSearchQuery(event.query) === 'empty',
    isTooLong: ({ event }) => event.type === 'TYPE' && checkSearchQuery(event.query) === 'tooLong',
    queryIsValid: ({ context }) => checkSearchQuery(context.query) === null,
  },
  actions: {
    holdQuery: assign({
      query: ({ event }) => (event.type === 'TYPE' ? event.query : ''),
    }),
  },
}).createMachine({
  id: 'search',
  context: INITIAL,
  initial: 'idle',
  on: {
    TYPE: [
      {
        guard: 'isBlank',
        target: '.idle',
        actions: assign({ ...INITIAL, query: ({ event }) => event.query }),
      },
      {
        guard: 'isTooLong',
        target: '.failed',
        actions: ['holdQuery', assign({ error: SEARCH_TOO_LONG })],
      },
      { target: '.debouncing', reenter: true, actions: 'holdQuery' },
    ],
    CLEAR: { target: '.idle', actions: assign(INITIAL) },
  },
  states: {
    idle: {},
    debouncing: {
      after: { debounce: 'loading' },
    },
    loading: {
      invoke: {
        src: 'search',
        // The search endpoint's query parameter is `q`.
        input: ({ context }) => ({ q: normalizeSearchQuery(context.query) }),
        onDone: {
          target: 'results',
          actions: [
            assign({
              results: ({ event }) => event.output,
              resultsQuery: ({ context }) => normalizeSearchQuery(context.query),
              error: null,
            }),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    results: {},
    failed: {
      on: { RETRY: { guard: 'queryIsValid', target: 'loading', actions: assign({ error: null }) } },
    },
  },
});

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

export const selectSearchStatus = (snapshot: SearchSnapshot): SearchStatus => snapshot.value;
export const selectSearchQuery = (snapshot: SearchSnapshot): string => snapshot.context.query;
export const selectSearchResults = (snapshot: SearchSnapshot): SearchResponse | null =>
  snapshot.context.results;
export const selectSearchResultsQuery = (snapshot: SearchSnapshot): string =>
  snapshot.context.resultsQuery;
export const selectSearchError = (snapshot: SearchSnapshot): string | null =>
  snapshot.context.error;
