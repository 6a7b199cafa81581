import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectSortMode, sortingMachine } from '../../../src/machines';

describe('sorting machine', () => {
  it('starts on latest and switches between latest and trending', () => {
    const actor = createActor(sortingMachine).start();
    expect(selectSortMode(actor.getSnapshot())).toBe('latest');
    actor.send({ type: 'SHOW_LATEST' });
    expect(selectSortMode(actor.getSnapshot())).toBe('latest');
    actor.send({ type: 'SHOW_TRENDING' });
    expect(selectSortMode(actor.getSnapshot())).toBe('trending');
    actor.send({ type: 'SHOW_TRENDING' });
    expect(selectSortMode(actor.getSnapshot())).toBe('trending');
    actor.send({ type: 'SHOW_LATEST' });
    expect(selectSortMode(actor.getSnapshot())).toBe('latest');
  });
});
