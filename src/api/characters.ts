/**
 * How a text is measured and cleaned, the same way in the browser and on the server: characters
 * as a person sees them, the cheap bound checked before counting, trimming of invisible
 * characters, and the characters no database can store. The rules in ./rules.ts build on these.
 */
import { graphemeSegments } from 'unicode-segmenter/grapheme';

/**
 * The most code units one character may span. A family emoji is 11, a subdivision flag 14; a
 * letter under a thousand stacked combining marks is a single grapheme cluster too, so a cluster
 * longer than this counts as one character per this many code units. A name of "a" and a million
 * marks is then a million characters, not one.
 */
export const CLUSTER_MAX_UNITS = 16;

/**
 * The number of characters a person sees: grapheme clusters (UAX #29), so an emoji, a flag or a
 * family emoji of several code points counts one; a cluster longer than `CLUSTER_MAX_UNITS` counts
 * one per that many code units. Linear in the text's length (unicode-segmenter: V8's own
 * `Intl.Segmenter` costs time that grows with the square of the text).
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const { segment } of graphemeSegments(text)) {
    count +=
      segment.length <= CLUSTER_MAX_UNITS ? 1 : Math.ceil(segment.length / CLUSTER_MAX_UNITS);
  }
  return count;
}

/**
 * Whether a text of `max` characters could be this long: each character spans at most
 * `CLUSTER_MAX_UNITS` code units, so a longer text is over its limit whatever it holds. Checked
 * before counting, so an oversized field costs no more than reading its length.
 */
export function exceedsUnits(text: string, max: number): boolean {
  return text.length > max * CLUSTER_MAX_UNITS;
}

/**
 * Characters that show nothing: every space JavaScript's `trim` removes, and the invisible ones it
 * leaves (next line, zero-width space and joiners, word joiner, Mongolian vowel separator, Hangul
 * fillers, Braille blank). Around a text they never count, and a text of nothing else is blank.
 */
const INVISIBLE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x115f, 0x1160, 0x1680, 0x180e, 0x2000, 0x2001,
  0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x200b, 0x200c, 0x200d,
  0x2028, 0x2029, 0x202f, 0x205f, 0x2060, 0x2800, 0x3000, 0x3164, 0xfeff, 0xffa0,
]);

/**
 * The text without the spaces and invisible characters around it. A loop from both ends, not a
 * regular expression: `/\s+$/` backtracks over every run of spaces inside a long text.
 */
export function trimText(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && INVISIBLE.has(text.charCodeAt(start))) start += 1;
  while (end > start && INVISIBLE.has(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/** Whether a text shows nothing: empty, or only spaces and invisible characters. */
export function isBlank(text: string): boolean {
  return trimText(text) === '';
}

/**
 * NUL, which PostgreSQL cannot store in text, and lone surrogates (half an emoji), which are not
 * text at all. A field holding one is refused by name, on the mock and the server alike. (In
 * Unicode mode a pair of surrogates is one code point, so only a lone half matches.)
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export function hasUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}
