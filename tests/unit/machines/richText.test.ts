import { describe, expect, it } from 'vitest';
import { richTextOf, usernamesOf } from '../../../src/machines';
import { alice, bob, summary } from './fixtures';

describe('richTextOf: text as shown', () => {
  const known = usernamesOf([summary(alice), summary(bob)]);

  it('links mentions of people who exist and turns the others back into text', () => {
    expect(richTextOf('Thanks @alice and @nobody_here, see #Bread', known)).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@alice', username: 'alice' },
      { kind: 'text', text: ' and @nobody_here, see ' },
      { kind: 'hashtag', text: '#Bread', tag: 'bread' },
    ]);
  });

  it('keeps the text exactly, whoever is mentioned', () => {
    const text = '@bob @ghost https://x.org/@alice #tag\n@alice.';
    expect(
      richTextOf(text, known)
        .map((token) => token.text)
        .join(''),
    ).toBe(text);
    expect(richTextOf(text, new Set()).filter((token) => token.kind === 'mention')).toEqual([]);
  });
});
