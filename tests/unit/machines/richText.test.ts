import { describe, expect, it } from 'vitest';
import { richTextOf, selectExplorePosts, usernamesOf } from '../../../src/machines';
import { alice, bob, makePost, summary } from './fixtures';

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

describe('selectExplorePosts with a hashtag (?tag=)', () => {
  const posts = [
    makePost('p1', summary(alice), {
      content: 'Fresh #SourDough',
      createdAt: '2026-01-01T10:00:00Z',
    }),
    makePost('p2', summary(bob), { content: 'No tags here', createdAt: '2026-01-02T10:00:00Z' }),
    makePost('p3', summary(bob), {
      content: '#sourdough again',
      createdAt: '2026-01-03T10:00:00Z',
    }),
    makePost('p4', summary(bob), {
      content: '#sourdoughs differ',
      createdAt: '2026-01-04T10:00:00Z',
    }),
  ];

  it('keeps only the posts carrying the tag, in any case, still in the chosen order', () => {
    expect(selectExplorePosts(posts, 'latest', 'sourdough').map((post) => post._id)).toEqual([
      'p3',
      'p1',
    ]);
    expect(selectExplorePosts(posts, 'latest', null)).toHaveLength(4);
    expect(selectExplorePosts(posts, 'latest', 'rye')).toEqual([]);
  });
});
