import { describe, expect, it } from 'vitest';
import { snippetOf } from '../../../src/components/search/SearchResults';

describe('snippetOf (a search result post, on one line)', () => {
  it('keeps a text whose match is near its start as it is, spaces folded', () => {
    expect(snippetOf('Fog  this\nmorning', 'fog')).toBe('Fog this morning');
  });

  it('starts a few words before a match further in, marked with an ellipsis', () => {
    const text = 'Twenty miles this morning in the fog. Legs are done, heart is full.';
    expect(snippetOf(text, ' FOG ')).toBe(
      '…miles this morning in the fog. Legs are done, heart is full.',
    );
  });

  it('keeps the whole text when the query is not in it', () => {
    expect(snippetOf('Scones are in the oven.', 'bread')).toBe('Scones are in the oven.');
  });
});
