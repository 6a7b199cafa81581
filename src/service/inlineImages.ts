/**
 * Images stored before images were media: posts and people that still hold their picture inline,
 * as a base64 data URL (up to 2 MiB, sent in every answer that lists them). `convertInlineImages`
 * makes each into media as an upload would (decoded, stripped, resized, stored once) and points
 * the post or person at it, so that what was stored before reads like what is stored now. The
 * server runs it once when it starts; it is safe to run again, and in two processes at once: a
 * record changed meanwhile is left as its new self. An image that cannot be read (or is not one)
 * is left as it was, and counted.
 */
import type { MediaPurpose } from '../api/media';
import type { ServiceContext } from './context';
import { HttpError } from './errors';
import { prepareImage } from './media';
import { imageFields } from './posts';
import type { InlineImage } from './store';
import { avatarFields } from './users';

export interface InlineImagesReport {
  /** Made into media. */
  converted: number;
  /** Left inline: not an image that can be read. */
  unreadable: number;
}

/** How many records one read takes: each is then decoded, one at a time. */
const BATCH = 20;

export async function convertInlineImages(ctx: ServiceContext): Promise<InlineImagesReport> {
  const report: InlineImagesReport = { converted: 0, unreadable: 0 };
  for (const purpose of ['post', 'avatar'] as const) {
    let after: string | null = null;
    for (;;) {
      const from: string | null = after;
      // Each step is a call of its own, as an API call is (in the browser's store, a call takes
      // the tabs' lock and catches up with what other tabs wrote).
      const found: InlineImage[] = await ctx.store.call(() =>
        ctx.store.read((reads) =>
          purpose === 'post'
            ? reads.posts.inlineImages(from, BATCH)
            : reads.users.inlineImages(from, BATCH),
        ),
      );
      for (const image of found) {
        after = image.id;
        const converted = await ctx.store.call(() => convertOne(ctx, purpose, image));
        if (converted === 'unreadable') report.unreadable += 1;
        else if (converted) report.converted += 1;
      }
      if (found.length < BATCH) break;
    }
  }
  return report;
}

/** One record's image made into media; false when the record changed meanwhile. */
async function convertOne(
  ctx: ServiceContext,
  purpose: MediaPurpose,
  { id, ownerId, dataUrl }: InlineImage,
): Promise<boolean | 'unreadable'> {
  let link: string;
  try {
    // Before the write: decoding is the slow part, and holds no lock.
    link = await prepareImage(ctx, ownerId, dataUrl, purpose);
  } catch (error) {
    if (error instanceof HttpError) return 'unreadable';
    throw error;
  }
  return ctx.store.write(async (writes) => {
    if (purpose === 'post') {
      const post = await writes.posts.get(id);
      if (post?.imgContent !== dataUrl || post.imgMedia !== undefined) return false;
      await writes.posts.update(id, await imageFields(ctx, writes, link, post.imgAlt));
    } else {
      const user = await writes.users.get(id);
      if (user?.profile !== dataUrl || user.profileMedia !== undefined) return false;
      await writes.users.update(id, await avatarFields(ctx, writes, link));
    }
    return true;
  });
}
