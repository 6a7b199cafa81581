/**
 * Images as media, on every target: an upload is decoded, turned upright, stripped of its
 * metadata and resized, stored once under a hash of what was uploaded, and served as immutable
 * files; a data URL sent to the spec's endpoints becomes media on the way in; a post that lets go
 * of its image frees it; files that are not images (or are too large, cut short, or declare a
 * bomb of pixels) are refused with their message and leave nothing stored.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, MEDIA_RULE } from '../../src/api/media';
import type { Media } from '../../src/api/types';
import { mediaId } from '../../src/service/media';
import { expectRefused as refuse, failure, storedPost, useApi } from './harness';

const api = useApi();

const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

/** A 3000 × 2000 photo as a phone takes it: turned (EXIF orientation 6) and with its GPS position. */
async function phonePhoto(): Promise<Uint8Array> {
  const photo = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: '#4a8' },
  })
    .jpeg({ quality: 80 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Copyright: 'owner-secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return new Uint8Array(photo);
}

const smallPng = async (width = 300, height = 200) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: '#c53a' } })
      .png()
      .toBuffer(),
  );

const upload = (bytes: Uint8Array, fields: { purpose?: 'post' | 'avatar'; alt?: string } = {}) =>
  api.client.uploadMedia(
    { file: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), ...fields },
    api.tokens.guest,
  );

/** A media link as a URL this target serves. */
const served = (link: string) => fetch(new URL(link, api.baseUrl));

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

const contains = (haystack: Uint8Array, text: string) =>
  Buffer.from(haystack).includes(Buffer.from(text));

/**
 * A 3000 × 2000 photo is decoded, turned and encoded twice: 0.6 s on an idle machine, several
 * seconds on two cores that also run the other targets' suites. Vitest's 5 s would fail on load,
 * not on behaviour.
 */
const PHOTO_TIMEOUT = { timeout: 30_000 };

describe('uploading an image', PHOTO_TIMEOUT, () => {
  it('answers its link, sides and placeholder, upright and at most 2048 on its long side', async () => {
    const { media } = await upload(await phonePhoto(), { alt: 'A green field' });
    // Turned upright: the 3000 × 2000 picture stands 2000 wide, then fits 2048 tall.
    expect(media).toMatchObject({
      purpose: 'post',
      width: 1365,
      height: 2048,
      alt: 'A green field',
    });
    expect(media.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(media.sources.map((source) => source.width)).toEqual([427, 1365]);
  });

  it('serves its files without any metadata: no EXIF, no GPS position', async () => {
    const original = await phonePhoto();
    expect(contains(original, 'owner-secret')).toBe(true);
    const { media } = await upload(original);
    for (const source of media.sources) {
      const response = await served(source.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const file = await bytesOf(response);
      const read = await sharp(file).metadata();
      expect({ exif: read.exif, width: read.width }).toEqual({
        exif: undefined,
        width: source.width,
      });
      for (const leak of ['Exif', 'owner-secret', 'PhoneMaker', 'GPS']) {
        expect(contains(file, leak), leak).toBe(false);
      }
    }
  });

  it('stores the same picture once: a second upload answers the same media', async () => {
    const photo = await smallPng();
    const first = (await upload(photo)).media;
    const second = (await upload(photo)).media;
    expect(second).toEqual(first);
    expect(first.id).toBe(await mediaId('post', photo));
  });

  it('crops an avatar square, 400 and 96', async () => {
    const { media } = await upload(await smallPng(900, 500), { purpose: 'avatar' });
    expect(media).toMatchObject({ purpose: 'avatar', width: 400, height: 400 });
    const small = await bytesOf(await served(media.url.replace('-400.', '-96.')));
    expect(await sharp(small).metadata()).toMatchObject({ width: 96, height: 96 });
  });

  it('needs a signed-in person', async () => {
    const error = await failure(
      api.client.uploadMedia({ file: new Blob([await smallPng()]) }, 'not-a-token'),
    );
    expect(error.status).toBe(401);
  });
});

describe('refused files', PHOTO_TIMEOUT, () => {
  const refusedUpload = async (bytes: Uint8Array, status: number, message: string) => {
    await expectRefused(() => upload(bytes), status, message);
    // Nothing stored under the name the upload would have had.
    const id = await mediaId('post', bytes);
    expect((await served(`${api.baseUrl}/media/${id}.webp`)).status).toBe(404);
  };

  it('a text file named like a picture', async () => {
    await refusedUpload(
      new TextEncoder().encode('just some words, no picture'),
      400,
      MEDIA_MESSAGES.notImage,
    );
  });

  it('an SVG, which can carry script', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await refusedUpload(new TextEncoder().encode(svg), 400, MEDIA_MESSAGES.notImage);
  });

  it('a JPEG cut short', async () => {
    const photo = await phonePhoto();
    await refusedUpload(
      photo.slice(0, Math.floor(photo.length * 0.6)),
      400,
      MEDIA_MESSAGES.unreadable,
    );
  });

  it('a small file declaring 50 000 × 50 000 pixels', async () => {
    const bomb = await smallPng(30, 20);
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    view.setUint32(16, 50_000); // IHDR width
    view.setUint32(20, 50_000); // IHDR height
    await refusedUpload(bomb, 400, MEDIA_MESSAGES.tooManyPixels);
  });

  it('a small file declaring a side longer than 16 384 pixels, however few its pixels', async () => {
    const strip = await smallPng(30, 20);
    const view = new DataView(strip.buffer, strip.byteOffset, strip.byteLength);
    view.setUint32(16, MEDIA_RULE.maxSide + 1); // IHDR width
    view.setUint32(20, 1); // IHDR height
    await refusedUpload(strip, 400, MEDIA_MESSAGES.tooManyPixels);
  });

  it('over 10 MB: 413', async () => {
    const big = new Uint8Array(MEDIA_RULE.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await refusedUpload(big, 413, MEDIA_MESSAGES.tooLarge);
  });

  it('a media link that names no uploaded image', async () => {
    await expectRefused(
      () =>
        api.client.createPost(
          { content: 'Look', imgContent: `${api.baseUrl}/media/${'A'.repeat(32)}.webp` },
          api.tokens.guest,
        ),
      400,
      'postData.imgContent names no uploaded image: upload it again',
    );
  });
});

describe('posts with media', () => {
  const publishWith = async (imgContent: string) =>
    (
      await api.client.call('publishPost', {
        token: api.tokens.guest,
        body: { postData: { content: 'With a picture', imgContent } },
      })
    ).post;

  it('a post carries its image link, sides and placeholder; deleting it frees the image', async () => {
    const media: Media = (await upload(await smallPng(800, 600))).media;
    const post = await publishWith(media.url);
    expect(post).toMatchObject({
      imgContent: media.url,
      imgWidth: 800,
      imgHeight: 600,
      imgPlaceholder: media.placeholder,
    });
    expect(storedPost(await api.state(), post._id).imgMedia).toBe(media.id);
    await api.client.call('removePost', { params: { postId: post._id }, token: api.tokens.guest });
    expect((await served(media.url)).status).toBe(404);
  });

  it('an image two posts use is freed only with the last', async () => {
    const { media } = await upload(await smallPng());
    const first = await publishWith(media.url);
    const second = await publishWith(media.url);
    await api.client.call('removePost', { params: { postId: first._id }, token: api.tokens.guest });
    expect((await served(media.url)).status).toBe(200);
    await api.client.call('removePost', {
      params: { postId: second._id },
      token: api.tokens.guest,
    });
    expect((await served(media.url)).status).toBe(404);
  });

  it("a data URL sent to the spec's endpoint becomes media", async () => {
    const png = await smallPng(320, 180);
    const dataUrl = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    const { posts } = await api.client.createPost(
      { content: 'Spec style', imgContent: dataUrl },
      api.tokens.guest,
    );
    const post = posts.at(-1);
    expect(post?.imgContent).toMatch(/\/media\/[A-Za-z0-9_-]{32}\.webp$/);
    expect(post).toMatchObject({ imgWidth: 320, imgHeight: 180 });
    expect((await served(post?.imgContent ?? '')).status).toBe(200);
  });

  it('a new avatar is media, and the one it replaces is freed', async () => {
    const first = `data:image/png;base64,${Buffer.from(await smallPng(200, 200)).toString('base64')}`;
    const { user } = await api.client.editUser({ profile: first }, api.tokens.guest);
    expect(user.profile).toMatch(/\/media\/[A-Za-z0-9_-]{32}-400\.webp$/);
    const { media } = await upload(await smallPng(500, 300), { purpose: 'avatar' });
    const { user: after } = await api.client.editUser({ profile: media.url }, api.tokens.guest);
    expect(after.profile).toBe(media.url);
    expect((await served(user.profile)).status).toBe(404);
  });
});
