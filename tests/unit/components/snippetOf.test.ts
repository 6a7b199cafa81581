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

describe('snippetOf never starts in the middle of a word', () => {
  it('starts after a long first word, at the next word before the match', () => {
    const text = `${'Supercalifragilisticexpialidocious'.repeat(2)} and then the fog rolled in.`;
    expect(snippetOf(text, 'fog')).toBe('…and then the fog rolled in.');
  });

  it('keeps the whole text when no word starts between the cut and the match', () => {
    const text = `${'x'.repeat(40)}fog after`;
    expect(snippetOf(text, 'fog')).toBe(text);
  });

  it('starts every snippet of a long text at a word, after an ellipsis', () => {
    const words = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    for (const query of ['seven', 'nine', 'twelve', 'thirteen']) {
      const snippet = snippetOf(words, query);
      expect(snippet.startsWith('…')).toBe(true);
      const first = snippet.slice(1).split(' ')[0] ?? '';
      expect(words.split(' ')).toContain(first);
      expect(snippet).toContain(query);
    }
  });
});
