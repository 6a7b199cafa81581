/**
 * How characters are counted, and what that costs: a person's characters (grapheme clusters) in
 * time linear in the text, whatever it holds, so no field can make the server count for seconds.
 */
import { describe, expect, it } from 'vitest';
import {
  checkPostText,
  CLUSTER_MAX_UNITS,
  countCharacters,
  isBlank,
  trimText,
} from '../../../src/api/rules';

const MB = 1_000_000;

describe('countCharacters', () => {
  it.each([
    ['👨‍👩‍👧‍👦', 1],
    ['🇫🇷🇩🇪', 2],
    ['🏴󠁧󠁢󠁥󠁮󠁧󠁿', 1],
    ['e\u0301', 1],
    ['\r\n', 1],
    ['👍🏽', 1],
    ['한국어', 3],
    ['', 0],
  ])('counts %j as %i', (text, count) => {
    expect(countCharacters(text)).toBe(count);
  });

  it('counts a cluster longer than CLUSTER_MAX_UNITS once per that many code units', () => {
    const stacked = `a${'\u0301'.repeat(CLUSTER_MAX_UNITS - 1)}`;
    expect(countCharacters(stacked)).toBe(1);
    expect(countCharacters(`${stacked}\u0301`)).toBe(2);
    expect(countCharacters(`a${'\u0301'.repeat(MB)}`)).toBe(
      Math.ceil((MB + 1) / CLUSTER_MAX_UNITS),
    );
  });

  it.each([
    ['plain letters', 'a'.repeat(MB)],
    ['emoji', '😀'.repeat(MB / 2)],
    ['letters with a mark each', 'e\u0301'.repeat(MB / 2)],
    ['one letter under a million marks', `a${'\u0301'.repeat(MB)}`],
    ['family emoji', '👨‍👩‍👧‍👦'.repeat(MB / 11)],
    ['spaces between words', 'word '.repeat(MB / 5)],
  ])('counts a megabyte of %s in well under a second', (_what, text) => {
    const started = performance.now();
    countCharacters(text);
    checkPostText(text);
    trimText(` ${text} `);
    expect(performance.now() - started).toBeLessThan(400);
  });
});

describe('blank text', () => {
  it('is only spaces and invisible characters, of every kind', () => {
    expect(isBlank('\u200b\u200c\u200d\u2060\ufeff\u180e\u3164\u115f\u1160\uffa0\u2800 \t\n')).toBe(
      true,
    );
    expect(isBlank('\u200bx\u200b')).toBe(false);
    expect(trimText('\u200b\u00a0 Hello\u200d world \ufeff')).toBe('Hello\u200d world');
    expect(checkPostText('\u200b\u200b').problem).toBe('empty');
  });
});
