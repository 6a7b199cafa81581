/**
 * The one tokenizer of rich text: examples of each kind of link, then properties over
 * thousands of random strings, HTML- and script-looking ones among them: the tokens join back to
 * the exact text, links carry only what their kind allows, and nothing is ever markup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashtagsOf, hasHashtag, tokenize, type TextToken } from '../../../src/api/richText';

const kinds = (text: string) => tokenize(text).map((token) => [token.kind, token.text]);

describe('tokenize: examples', () => {
  it('finds addresses, mentions and hashtags among plain text', () => {
    expect(kinds('Hi @maya_okafor, see https://murmur.example/a?b=1 #Bread')).toEqual([
      ['text', 'Hi '],
      ['mention', '@maya_okafor'],
      ['text', ', see '],
      ['url', 'https://murmur.example/a?b=1'],
      ['text', ' '],
      ['hashtag', '#Bread'],
    ]);
  });

  it('leaves sentence punctuation and unopened brackets out of an address', () => {
    expect(kinds('(see https://x.org/a).')).toEqual([
      ['text', '(see '],
      ['url', 'https://x.org/a'],
      ['text', ').'],
    ]);
    expect(kinds('https://en.wikipedia.org/wiki/Bread_(food)!')[0]).toEqual([
      'url',
      'https://en.wikipedia.org/wiki/Bread_(food)',
    ]);
  });

  it('keeps what only looks like a link as text', () => {
    for (const text of [
      'mail me at maya@example.com',
      'issue #1 and #42',
      'javascript:alert(1)',
      'ftp://files.example',
      'https:// nothing',
      'http://',
      '@ab',
      '@a_name_much_too_long_for_anyone',
      'word#tag',
      '<a href="https://x.org">x</a>',
    ]) {
      const tokens = tokenize(text);
      expect(tokens.filter((token) => token.kind !== 'text' && token.kind !== 'url')).toEqual([]);
    }
    expect(kinds('<a href="https://x.org">x</a>')).toEqual([
      ['text', '<a href="'],
      ['url', 'https://x.org'],
      ['text', '">x</a>'],
    ]);
  });

  it('reads hashtags in any script, lower-cased, each once', () => {
    expect(hashtagsOf('#Brot #brot #חלה #café_2 #2026')).toEqual(['brot', 'חלה', 'café_2']);
    expect(hasHashtag('Fresh #SourDough today', '#sourdough')).toBe(true);
    expect(hasHashtag('Fresh #SourDoughs today', 'sourdough')).toBe(false);
  });
});

/** Text built from the pieces links are made of, plus HTML, scripts and any Unicode. */
const piece = fc.oneof(
  fc.constantFrom(
    'https://',
    'http://',
    'x.org',
    '/path',
    '?q=1&r=<b>',
    '@',
    '#',
    'maya_okafor',
    'Bread',
    'חלה',
    '👨‍👩‍👧‍👦',
    ' ',
    '\n',
    '.',
    ',',
    '(',
    ')',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"',
    "'",
    '&amp;',
    '**bold**',
    '[x](javascript:alert(1))',
    'javascript:',
  ),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const richText = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

const allowed: Record<TextToken['kind'], RegExp> = {
  text: /^[\s\S]+$/u,
  url: /^https?:\/\/[^\s<>"]+$/u,
  mention: /^@[A-Za-z0-9_]{3,20}$/u,
  hashtag: /^#[\p{L}\p{N}_]+$/u,
};

describe('tokenize: properties', () => {
  it('joins back to the exact text, with no empty or adjacent text tokens', () => {
    fc.assert(
      fc.property(richText, (text) => {
        const tokens = tokenize(text);
        expect(tokens.map((token) => token.text).join('')).toBe(text);
        tokens.forEach((token, index) => {
          expect(token.text).not.toBe('');
          if (token.kind === 'text') expect(tokens[index + 1]?.kind).not.toBe('text');
        });
      }),
      { numRuns: 5000 },
    );
  });

  it('gives links only their own characters: never markup, never another scheme', () => {
    fc.assert(
      fc.property(richText, (text) => {
        for (const token of tokenize(text)) {
          expect(token.text).toMatch(allowed[token.kind]);
          if (token.kind === 'url') expect(token.href).toBe(token.text);
          if (token.kind === 'mention') expect(`@${token.username}`).toBe(token.text);
          if (token.kind === 'hashtag') expect(token.tag).toBe(token.text.slice(1).toLowerCase());
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('finds the same links in a text wherever it stands after a space', () => {
    fc.assert(
      fc.property(richText, richText, (before, text) => {
        const links = (of: string) => tokenize(of).filter((token) => token.kind !== 'text');
        const own = links(text);
        const combined = links(`${before} ${text}`);
        expect(combined.slice(combined.length - own.length)).toEqual(own);
      }),
      { numRuns: 500 },
    );
  });
});
