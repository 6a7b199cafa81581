import { countCharacters, USERNAME_RULE } from './rules';

/**
 * What in a post, a comment or a bio becomes a link, decided here once: the
 * renderer, the hashtag filter and the tests read text through `tokenize`. Tokens only ever
 * carry slices of the text; nothing is interpreted as HTML or markdown.
 */
export type TextToken =
  | { kind: 'text'; text: string }
  /** An http(s) address; `href` is the text itself. */
  | { kind: 'url'; text: string; href: string }
  /** '@name': `username` without the '@' (whether that person exists is the renderer's call). */
  | { kind: 'mention'; text: string; username: string }
  /** '#name': `tag` lower-cased, so '#Bread' and '#bread' are one tag. */
  | { kind: 'hashtag'; text: string; tag: string };

/** A hashtag's longest name, in characters after the '#'. */
export const HASHTAG_MAX = 50;

// A link starts where a word cannot continue into it: at the start, after a space or an opening
// bracket or quote. Then, for each kind:
// - url: http:// or https://, up to the next space or angle bracket / quote that ends it;
// - mention: '@' and a username's characters, not followed by more of them (too long is text);
// - hashtag: '#' and letters, digits, '_' (at least one letter, so '#1' stays text).
const LINK = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}_@#/.])`,
    '(?:',
    String.raw`(?<url>https?:\/\/[^\s<>"]+)`,
    '|',
    String.raw`@(?<mention>[A-Za-z0-9_]{${USERNAME_RULE.min},${USERNAME_RULE.max}})(?![\p{L}\p{N}_])`,
    '|',
    String.raw`#(?<hashtag>[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)`,
    ')',
  ].join(''),
  'gu',
);

/** Punctuation that ends a sentence rather than the address ('see https://x.org.'). */
const TRAILING = /[.,;:!?'*]+$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** The address without what follows it in the sentence: closing brackets it did not open too. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    const last = url.at(-1);
    const opener = last === undefined ? undefined : CLOSERS[last];
    if (opener !== undefined) {
      const opened = url.split(opener).length - 1;
      const closed = url.split(last as string).length - 1;
      if (closed > opened) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** A url is more than its scheme. */
const hasHost = (url: string) => /^https?:\/\/[^/?#\s]/u.test(url);

/** Splits `text` into plain text and links. The tokens' texts joined are exactly `text`. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let plain = '';
  let at = 0;
  const flush = () => {
    if (plain !== '') tokens.push({ kind: 'text', text: plain });
    plain = '';
  };
  for (const match of text.matchAll(LINK)) {
    const groups = match.groups ?? {};
    let token: TextToken | null = null;
    if (groups.url !== undefined) {
      const url = trimUrl(groups.url);
      if (hasHost(url)) token = { kind: 'url', text: url, href: url };
    } else if (groups.mention !== undefined) {
      token = { kind: 'mention', text: match[0], username: groups.mention };
    } else if (groups.hashtag !== undefined && countCharacters(groups.hashtag) <= HASHTAG_MAX) {
      token = { kind: 'hashtag', text: match[0], tag: groups.hashtag.toLowerCase() };
    }
    if (token === null || match.index < at) continue;
    plain += text.slice(at, match.index);
    flush();
    tokens.push(token);
    at = match.index + token.text.length;
  }
  plain += text.slice(at);
  flush();
  return tokens;
}

/** The hashtags of a text, lower-cased, each once. */
export function hashtagsOf(text: string): string[] {
  const tags = tokenize(text).flatMap((token) => (token.kind === 'hashtag' ? [token.tag] : []));
  return [...new Set(tags)];
}

/**
 * The usernames `text` mentions ('@maya_okafor'), lower-cased, each once, in the order they first
 * appear, at most `limit` (a post names a handful; the rest are not notified).
 */
export function mentionsOf(text: string, limit = 10): string[] {
  const names = tokenize(text).flatMap((token) =>
    token.kind === 'mention' ? [token.username.toLowerCase()] : [],
  );
  return [...new Set(names)].slice(0, limit);
}

/** Whether `text` carries the hashtag `tag` (any case, with or without its '#'). */
/** A hashtag as a link or a feed names it: without its '#', in lower case (as `tokenize` keeps it). */
export const hashtagKey = (tag: string): string => tag.replace(/^#/u, '').toLowerCase();

export function hasHashtag(text: string, tag: string): boolean {
  return hashtagsOf(text).includes(hashtagKey(tag));
}
