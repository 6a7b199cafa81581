/**
 * The client and the server give the same verdict. The checks the browser runs (the counters,
 * the machines' guards, the dialogs' inline errors all call these functions of src/api/rules.ts)
 * are compared with what the mock server's service does with the same input, at and around every
 * boundary: the limit, the limit + 1, surrounding whitespace, characters of several code points,
 * images of exactly 2 MiB and one byte more, websites with odd schemes and letter cases.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkCommentText,
  checkImageDataUrl,
  checkImageAlt,
  checkPostText,
  countCharacters,
  IMAGE_RULE,
  TEXT_RULES,
  websiteMessage,
} from '../../../src/api/rules';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { SEED_USER_IDS } from '../../../src/seed/users';
import { createDatabase } from '../../../src/mocks/db/database';
import { mockServiceContext } from '../../../src/mocks/handlers';
import { createSharpImageCodec } from '../../../src/server/imageCodec';
import { comments, posts, users } from '../../../src/service';
import type { ServiceContext } from '../../../src/service/context';
import { HttpError } from '../../../src/service/errors';

const actor = SEED_USER_IDS.guest;
let ctx: ServiceContext;
beforeEach(() => {
  ctx = mockServiceContext(createDatabase(), { images: createSharpImageCodec() });
});

/** A real 4 × 3 picture of each type: the images below start with one (the server decodes them). */
const TINY: Record<string, Buffer> = {};
beforeAll(async () => {
  const picture = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#396' } });
  TINY['image/png'] = await picture().png().toBuffer();
  TINY['image/jpeg'] = await picture().jpeg().toBuffer();
  TINY['image/gif'] = await picture().gif().toBuffer();
});

/** True when the service takes the call, false on a 400; anything else fails the test. */
async function serverAccepts(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return false;
    throw error;
  }
}

/** Characters a person sees as one, made of one to eleven code points; none merge with others. */
const character = fc.constantFrom(
  'a',
  'Z',
  '7',
  'é', // one code point
  'e\u0301', // e + combining acute accent
  'ß',
  '中',
  '👍',
  '👍🏽', // with a skin tone
  '🇫🇷', // two regional indicators
  '👨‍👩‍👧‍👦', // family: seven code points
  '🏳️‍🌈',
  'की', // consonant + vowel sign
);
const space = fc.constantFrom(' ', '\n', '\t', '  \n ');

/** Text of n characters (n around the limit), with or without whitespace around it. */
function textAround(max: number) {
  return fc
    .record({
      n: fc.oneof(fc.integer({ min: max - 2, max: max + 2 }), fc.integer({ min: 0, max: 3 })),
      fill: fc.array(character, { minLength: 1, maxLength: 8 }),
      before: fc.option(space, { nil: '' }),
      after: fc.option(space, { nil: '' }),
    })
    .map(({ n, fill, before, after }) => ({
      n,
      text: before + Array.from({ length: n }, (_, i) => fill[i % fill.length]).join('') + after,
    }));
}

/** A real 1×1 PNG. */
const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** How each image type's bytes begin. */
const SIGNATURES: Record<string, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/gif': Buffer.from('GIF89a'),
};

describe('client and server agree', () => {
  it('on post text: 1 to 500 characters after trimming, counted as a person sees them', async () => {
    await fc.assert(
      fc.asyncProperty(textAround(TEXT_RULES.postContent.max), async ({ n, text }) => {
        const client = checkPostText(text).problem === null;
        const server = await serverAccepts(() =>
          posts.createPost(ctx, actor, { postData: { content: text } }),
        );
        expect(server).toBe(client);
        expect(client).toBe(n >= 1 && n <= TEXT_RULES.postContent.max);
      }),
      { numRuns: 300 },
    );
  });

  it('on comments: 1 to 300 characters after trimming', async () => {
    await fc.assert(
      fc.asyncProperty(textAround(TEXT_RULES.comment.max), async ({ n, text }) => {
        const client = checkCommentText(text).problem === null;
        const server = await serverAccepts(() =>
          comments.addComment(ctx, actor, SEED_POST_IDS.noahMarathon, { commentData: text }),
        );
        expect(server).toBe(client);
        expect(client).toBe(n >= 1 && n <= TEXT_RULES.comment.max);
      }),
      { numRuns: 300 },
    );
  });

  it("on an image's alt text: up to 1000 characters after trimming, none is fine", async () => {
    await fc.assert(
      fc.asyncProperty(textAround(TEXT_RULES.imgAlt.max), async ({ n, text }) => {
        const client = checkImageAlt(text).problem === null;
        const server = await serverAccepts(() =>
          posts.createPost(ctx, actor, {
            postData: {
              content: 'A picture',
              imgContent: ONE_PIXEL_PNG,
              imgAlt: text,
            },
          }),
        );
        expect(server).toBe(client);
        expect(client).toBe(n <= TEXT_RULES.imgAlt.max);
      }),
      { numRuns: 200 },
    );
  });

  it('on the examples people meet: 500 emoji post, 501 do not, a trailing space is free', () => {
    expect(countCharacters('👨‍👩‍👧‍👦')).toBe(1);
    expect(checkPostText('👍'.repeat(500)).problem).toBeNull();
    expect(checkPostText('👍'.repeat(501)).problem).toBe('tooLong');
    expect(checkCommentText(`${'x'.repeat(300)} `).problem).toBeNull();
    expect(checkCommentText('   \n ').problem).toBe('empty');
  });

  it('on images: exactly 2 MiB is taken, one byte more is refused, by the rule and the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom('image/png', 'image/jpeg', 'IMAGE/GIF', 'text/plain', 'application/pdf'),
        async (offset, type) => {
          const size = IMAGE_RULE.maxBytes + offset;
          // A picture of the type it is labelled with, then bytes up to the size (decoders stop at
          // the picture's end); any bytes for the types that are no image.
          const bytes = Buffer.alloc(size, 7);
          TINY[type.toLowerCase()]?.copy(bytes);
          const dataUrl = `data:${type};base64,${bytes.toString('base64')}`;
          const problem = checkImageDataUrl(dataUrl);
          const server = await serverAccepts(() =>
            posts.createPost(ctx, actor, {
              postData: { content: 'A picture', imgContent: dataUrl },
            }),
          );
          expect(server).toBe(problem === null);
          expect(server).toBe(type.toLowerCase().startsWith('image/') && offset <= 0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("on images: the bytes decide, not the label (another type's bytes, text, SVG)", async () => {
    const png = SIGNATURES['image/png'] ?? Buffer.alloc(0);
    const jpeg = SIGNATURES['image/jpeg'] ?? Buffer.alloc(0);
    const refused = [
      `data:image/jpeg;base64,${Buffer.concat([png, Buffer.alloc(40)]).toString('base64')}`,
      `data:image/png;base64,${Buffer.concat([jpeg, Buffer.alloc(40)]).toString('base64')}`,
      `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`,
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      'data:image/png,%89PNG',
      'data:image/png;base64,!!!!',
    ];
    for (const dataUrl of refused) {
      expect(checkImageDataUrl(dataUrl), dataUrl.slice(0, 40)).toBe('notImage');
      expect(
        await serverAccepts(() =>
          posts.createPost(ctx, actor, { postData: { content: 'A picture', imgContent: dataUrl } }),
        ),
      ).toBe(false);
    }
    expect(checkImageDataUrl(ONE_PIXEL_PNG)).toBeNull();
  });

  it('on websites: http(s) in any letter case, nothing else', async () => {
    const odd = fc.constantFrom(
      'https://example.com',
      'HTTPS://EXAMPLE.COM/Path',
      'hTtP://example.com',
      '  https://example.com  ',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com',
      'mailto:maya@example.com',
      '//example.com',
      'example.com',
      'http:/example.com',
      'https://',
      '',
      '   ',
    );
    const scheme = fc.constantFrom('http', 'https', 'HTTP', 'Https', 'ftp', 'file', 'ws', 'blob');
    const built = fc
      .tuple(scheme, fc.domain(), fc.webPath())
      .map(([s, host, path]) => `${s}://${host}${path}`);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(odd, built, fc.webUrl(), fc.string({ maxLength: 30 })),
        async (link) => {
          const client = websiteMessage(link) === null;
          const server = await serverAccepts(() =>
            users.editUser(ctx, actor, { userData: { link } }),
          );
          expect(server).toBe(client);
        },
      ),
      { numRuns: 400 },
    );
  });
});
