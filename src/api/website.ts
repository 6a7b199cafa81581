/** What a website link may be: the same rule for the sign-up and profile forms and the API. */

/**
 * A website is an http(s) URL (in any letter case), or empty for "none". Returns the parsed URL,
 * null for empty, or 'notHttp' for anything else (other schemes, no scheme, not a URL).
 */
export function parseWebsite(link: string): URL | null | 'notHttp' {
  const trimmed = link.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'notHttp';
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : 'notHttp';
}

export function checkWebsite(link: string): 'notHttp' | null {
  return parseWebsite(link) === 'notHttp' ? 'notHttp' : null;
}

/** The website as a link to render, or null when there is none or it is not http(s). */
export function safeWebsite(link: string): URL | null {
  const parsed = parseWebsite(link);
  return parsed === 'notHttp' ? null : parsed;
}
