/** What a website link may be: the same rule for the sign-up and profile forms and the API. */

/** A scheme written out (`https://`, `ftp://`, `mailto:`…): the person chose one. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * The website as it is kept: trimmed, and with `https://` in front when the person typed an
 * address without a scheme ("maya.example.org", "//maya.example.org"), as people usually do.
 * Empty stays empty; a scheme typed stays as typed (and `parseWebsite` judges it). A host with a
 * port ("localhost:8080") is an address without a scheme, not a scheme named "localhost".
 */
export function completeWebsite(link: string): string {
  const trimmed = link.trim();
  if (trimmed === '') return '';
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * A host as a browser reaches it: letters (any script), digits, dots and hyphens, or an IPv6
 * address in brackets. Words with a space between ('my portfolio') are no host: Node's URL parser
 * refuses them, but Chromium's takes them as the host 'my%20portfolio', so the rule says it.
 */
const HOST = /^(?:[\p{L}\p{N}.-]+|\[[\da-f:.]+\])$/iu;

/**
 * A website is an http(s) URL (in any letter case), or empty for "none"; an address without a
 * scheme is read with `https://` (`completeWebsite`). Returns the parsed URL, null for empty, or
 * 'notHttp' for anything else (other schemes, not a URL, no host).
 */
export function parseWebsite(link: string): URL | null | 'notHttp' {
  const completed = completeWebsite(link);
  if (completed === '') return null;
  let url: URL;
  try {
    url = new URL(completed);
  } catch {
    return 'notHttp';
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  return http && HOST.test(url.hostname) ? url : 'notHttp';
}

export function checkWebsite(link: string): 'notHttp' | null {
  return parseWebsite(link) === 'notHttp' ? 'notHttp' : null;
}

/** The website as a link to render, or null when there is none or it is not http(s). */
export function safeWebsite(link: string): URL | null {
  const parsed = parseWebsite(link);
  return parsed === 'notHttp' ? null : parsed;
}
