import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/client';
import { SEARCH_RULE } from '../../../src/api/rules';
import type { SearchResponse } from '../../../src/api/types';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_TOO_LONG,
  searchMachine,
  selectSearchError,
  selectSearchQuery,
  selectSearchResults,
  selectSearchResultsQuery,
  selectSearchStatus,
  type SearchInput,
} from '../../../src/machines';

interface Call {
  query: string;
  signal: AbortSignal;
  resolve: (answer: SearchResponse) => void;
  reject: (error: unknown) => void;
}

/** A search effect whose calls the test answers by hand, in any order. */
function controlledSearch() {
  const calls: Call[] = [];
  const logic = fromPromise<SearchResponse, SearchInput>(
    ({ input, signal }) =>
      new Promise<SearchResponse>((resolve, reject) => {
        calls.push({ query: input.q, signal, resolve, reject });
      }),
  );
  return { calls, logic };
}

const answer = (name: string): SearchResponse => ({
  users: [{ _id: name, username: name, firstName: name, lastName: 'X', profile: '' }],
  posts: [],
});

function start() {
  const search = controlledSearch();
  const actor = createActor(searchMachine.provide({ actors: { search: search.logic } }));
  actor.start();
  const status = () => selectSearchStatus(actor.getSnapshot());
  return { actor, calls: search.calls, status };
}

/** Lets the effect's promise settle and the machine take its answer. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('searchMachine', () => {
  it('waits for typing to pause before it searches, with the trimmed query', async () => {
    const { actor, calls, status } = start();
    expect(status()).toBe('idle');
    actor.send({ type: 'TYPE', query: ' ma' });
    expect(status()).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    actor.send({ type: 'TYPE', query: ' maya ' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(status()).toBe('debouncing');
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe('loading');
    expect(calls.map((call) => call.query)).toEqual(['maya']);
    calls[0]?.resolve(answer('maya'));
    await settle();
    expect(status()).toBe('results');
    expect(selectSearchResults(actor.getSnapshot())).toEqual(answer('maya'));
    expect(selectSearchResultsQuery(actor.getSnapshot())).toBe('maya');
    expect(selectSearchQuery(actor.getSnapshot())).toBe(' maya ');
  });

  it('cancels a stale search: its request is aborted and its late answer never shows', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'TYPE', query: 'li' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'TYPE', query: 'liam' });
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(status()).toBe('debouncing');
    calls[0]?.resolve(answer('stale'));
    await settle();
    expect(status()).toBe('debouncing');
    expect(selectSearchResults(actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    calls[1]?.resolve(answer('liam'));
    await settle();
    expect(status()).toBe('results');
    expect(selectSearchResults(actor.getSnapshot())).toEqual(answer('liam'));
  });

  it('keeps the last results while a newer query loads', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'TYPE', query: 'so' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    calls[0]?.resolve(answer('so'));
    await settle();
    actor.send({ type: 'TYPE', query: 'sofia' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(status()).toBe('loading');
    expect(selectSearchResults(actor.getSnapshot())).toEqual(answer('so'));
    expect(selectSearchResultsQuery(actor.getSnapshot())).toBe('so');
  });

  it('goes back to idle, without a call, for a blank query; CLEAR forgets everything', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'TYPE', query: 'noah' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    calls[0]?.resolve(answer('noah'));
    await settle();
    actor.send({ type: 'TYPE', query: '   ' });
    expect(status()).toBe('idle');
    expect(selectSearchResults(actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 4);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'TYPE', query: 'no' });
    actor.send({ type: 'CLEAR' });
    expect(status()).toBe('idle');
    expect(selectSearchQuery(actor.getSnapshot())).toBe('');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 4);
    expect(calls).toHaveLength(1);
  });

  it("fails with the server's message, and RETRY searches again", async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'TYPE', query: 'bread' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    calls[0]?.reject(new ApiError(500, 'The search broke'));
    await settle();
    expect(status()).toBe('failed');
    expect(selectSearchError(actor.getSnapshot())).toBe('The search broke');
    actor.send({ type: 'RETRY' });
    expect(status()).toBe('loading');
    expect(selectSearchError(actor.getSnapshot())).toBeNull();
    expect(calls.map((call) => call.query)).toEqual(['bread', 'bread']);
    calls[1]?.resolve(answer('bread'));
    await settle();
    expect(status()).toBe('results');
  });

  it('refuses an over-long query at once, in words, without a call; RETRY does not send it', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'TYPE', query: 'x'.repeat(SEARCH_RULE.maxLength + 1) });
    expect(status()).toBe('failed');
    expect(selectSearchError(actor.getSnapshot())).toBe(SEARCH_TOO_LONG);
    actor.send({ type: 'RETRY' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(status()).toBe('failed');
    expect(calls).toHaveLength(0);
  });
});
