/** The sizes a media link offers for `srcset` (src/api/media.ts), as the app's views use them, and a refusal's words. */
import { describe, expect, it } from 'vitest';
import { avatarSources, imageSources, MEDIA_MESSAGES } from '../../../src/api/media';
import { avatarSrcSet, postImageOf } from '../../../src/machines';
import { makePost, me, summary } from '../machines/fixtures';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('avatar sources', () => {
  it("offers a media avatar's small square and its large one, whatever the base", () => {
    expect(avatarSources(`/murmur/api/media/${ID}-400.webp`)).toEqual([
      { url: `/murmur/api/media/${ID}-96.webp`, width: 96 },
      { url: `/murmur/api/media/${ID}-400.webp`, width: 400 },
    ]);
    expect(avatarSrcSet(`/api/media/${ID}-400.png`)).toBe(
      `/api/media/${ID}-96.png 96w, /api/media/${ID}-400.png 400w`,
    );
  });

  it('offers nothing for a picture that is not a media avatar', () => {
    for (const link of [
      '',
      '/avatar-default.svg',
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      `/api/media/${ID}.webp`, // a post's picture
      `/api/media/${ID}-96.webp`, // the small square itself
      `/api/media/${ID.slice(1)}-400.webp`,
    ]) {
      expect(avatarSources(link)).toEqual([]);
      expect(avatarSrcSet(link)).toBeUndefined();
    }
  });
});

describe('post image sources', () => {
  it("offers the card's copy beside a large picture, and its sides", () => {
    const link = `/api/media/${ID}.webp`;
    expect(imageSources(link, 2048, 1365)).toEqual([
      { url: `/api/media/${ID}-640.webp`, width: 640 },
      { url: link, width: 2048 },
    ]);
    // A picture no larger than the card's copy is its own only source.
    expect(imageSources(link, 600, 400)).toEqual([{ url: link, width: 600 }]);
    const post = makePost('p', summary(me), {
      imgContent: link,
      imgWidth: 2048,
      imgHeight: 1365,
      imgPlaceholder: 'AAAA',
    });
    expect(postImageOf(post)).toEqual({
      src: link,
      srcSet: `/api/media/${ID}-640.webp 640w, ${link} 2048w`,
      width: 2048,
      height: 1365,
      placeholder: 'AAAA',
    });
  });
});

describe('the refusal of an image too large to read', () => {
  it('names both limits, the side with its thousands marked', () => {
    expect(MEDIA_MESSAGES.tooManyPixels).toBe(
      'That image has too many pixels to be read (at most 50 megapixels, 16,384 on a side). Choose a smaller one.',
    );
  });
});
