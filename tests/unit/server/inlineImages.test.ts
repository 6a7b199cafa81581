/**
 * Images stored inline before images were media (src/service/inlineImages.ts): made into media on
 * the SQL store and the browser's alike, once, leaving what cannot be read as it was.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../../src/mocks/db/database';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import { createSeedState } from '../../../src/seed/seed';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { SEED_USER_IDS } from '../../../src/seed/users';
import { openSqlDatabase, type OpenSqlDatabase } from '../../../src/server/db/connect';
import { createSharpImageCodec } from '../../../src/server/imageCodec';
import { createServiceContext, inlineImages, posts, users } from '../../../src/service';
import type { Store } from '../../../src/service/store';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const { sofiaLoaf, noahMarathon, liamRidge } = SEED_POST_IDS;
const { maya, liam } = SEED_USER_IDS;

/** A 300 × 200 JPEG with a camera's EXIF, as round two kept it: a base64 data URL. */
async function inlineJpeg(): Promise<string> {
  const bytes = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Someone' } })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

const UNREADABLE = `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`;

const stores: { name: string; open: () => Promise<{ store: Store; close(): Promise<void> }> }[] = [
  {
    name: 'the SQL store (PGlite)',
    open: async () => {
      const db: OpenSqlDatabase = await openSqlDatabase({ seed: createSeedState });
      return { store: db.store, close: () => db.close() };
    },
  },
  {
    name: 'the browser store',
    open: () =>
      Promise.resolve({
        store: createMemoryStore(createDatabase()),
        close: () => Promise.resolve(),
      }),
  },
];

describe.each(stores)('inline images on $name', ({ open }) => {
  let opened: Awaited<ReturnType<(typeof stores)[number]['open']>>;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(() => opened.close());

  it('makes each into media once; what cannot be read stays as it was', async () => {
    const { store } = opened;
    const ctx = createServiceContext({ store, images: createSharpImageCodec() });
    const photo = await inlineJpeg();
    const seedSvg = (await posts.getPost(ctx, sofiaLoaf)).post.imgContent;
    // Stored as round two stored them: inline, with no media.
    await store.write(async (writes) => {
      await writes.posts.update(noahMarathon, { imgContent: photo, imgAlt: 'The finish line' });
      await writes.posts.update(liamRidge, { imgContent: UNREADABLE });
      await writes.users.update(maya, { profile: photo });
      await writes.users.update(liam, { profile: photo });
    });

    expect(await inlineImages.convertInlineImages(ctx)).toEqual({ converted: 3, unreadable: 1 });

    const converted = (await posts.getPost(ctx, noahMarathon)).post;
    expect(converted.imgContent).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{32}\.webp$/);
    expect(converted).toMatchObject({ imgWidth: 300, imgHeight: 200, imgAlt: 'The finish line' });
    expect(converted.imgPlaceholder).toEqual(expect.any(String));
    // Its file is what an upload makes: no EXIF left.
    const name = converted.imgContent?.split('/').at(-1) ?? '';
    const file = await store.read((reads) => reads.media.file(name));
    expect(file?.type).toBe('image/webp');
    expect(Buffer.from(file?.bytes ?? []).includes('PhoneMaker')).toBe(false);
    // The same picture as two avatars: one media, cropped square.
    const avatars = [
      (await users.getUser(ctx, maya)).user.profile,
      (await users.getUser(ctx, liam)).user.profile,
    ];
    expect(avatars[0]).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp$/);
    expect(avatars[1]).toBe(avatars[0]);
    // Left as they were: the unreadable one, and the seed's SVG (not base64: never inline media).
    expect((await posts.getPost(ctx, liamRidge)).post.imgContent).toBe(UNREADABLE);
    expect((await posts.getPost(ctx, sofiaLoaf)).post.imgContent).toBe(seedSvg);

    // Again: nothing left to do but the one it cannot read.
    expect(await inlineImages.convertInlineImages(ctx)).toEqual({ converted: 0, unreadable: 1 });
  });
});
