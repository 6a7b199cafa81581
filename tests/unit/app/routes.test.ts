import { describe, expect, it } from 'vitest';
import { feedAt } from '../../../src/app/routes';
import { hashtagPathOf, PATHS, postPathOf } from '../../../src/paths';

/** The address's path and query, as the router's location holds them. */
function at(address: string): [string, string] {
  const url = new URL(address, 'https://murmur.example');
  return [url.pathname, url.search];
}

describe('the feed a page shows, opened as soon as its address is known', () => {
  it("Home shows the person's Home feed", () => {
    expect(feedAt(...at(PATHS.home))).toStrictEqual({ kind: 'home' });
  });

  it("Explore shows Latest, Trending with ?sort=trending, and a hashtag's posts with ?tag=", () => {
    expect(feedAt(...at(PATHS.explore))).toStrictEqual({ kind: 'latest' });
    expect(feedAt(...at(`${PATHS.explore}?sort=trending`))).toStrictEqual({ kind: 'trending' });
    expect(feedAt(...at(`${PATHS.explore}?sort=oldest`))).toStrictEqual({ kind: 'latest' });
    // The tag as the page reads it: without its '#', in lower case; it wins over the sort.
    expect(feedAt(...at(`${hashtagPathOf('#Bread')}&sort=trending`))).toStrictEqual({
      kind: 'hashtag',
      tag: 'bread',
    });
    expect(feedAt(...at(`${PATHS.explore}?tag=%23`))).toStrictEqual({ kind: 'latest' });
  });

  it('Bookmarks shows the bookmarks, a page at a time', () => {
    expect(feedAt(...at(PATHS.bookmarks))).toStrictEqual({ kind: 'bookmarks' });
  });

  it('pages that read other things open no feed', () => {
    for (const address of [
      PATHS.login,
      PATHS.signup,
      PATHS.profile,
      `${PATHS.profile}/maya_okafor`,
      postPathOf('post-1'),
      '/no-such-page',
    ]) {
      expect(feedAt(...at(address)), address).toBeUndefined();
    }
  });
});
