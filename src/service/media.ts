/**
 * Images as media. An upload is checked from its first bytes (src/api/media.ts `sniffImage`: kind,
 * size, pixels, a JPEG cut short) before anything decodes it, then made by the image codec into
 * its sized files without metadata, and stored once under a hash of what was uploaded and what
 * for: the same picture uploaded twice is decoded and stored once. Its files are served by name,
 * immutable. A data URL sent to the spec's image fields (a post's `imgContent`, a profile's
 * `profile`) is made into media the same way on the way in; a media link sent there must name an
 * image of the right purpose. A post or profile that lets go of an image frees it when nothing
 * else uses it; uploads nothing took up are swept after a week.
 */
import {
  imageSources,
  MEDIA_EXTENSIONS,
  MEDIA_FILE_NAME,
  MEDIA_FILES,
  MEDIA_MESSAGES,
  MEDIA_RULE,
  mediaIdOf,
  type MediaProblem,
  type MediaPurpose,
} from '../api/media';
import { uploadForm } from '../api/bodies';
import type { Media, MediaResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { badRequest, HttpError, notFound } from './errors';
import { base64ToBytes, bytesToBase64Url } from './base64';
import { MESSAGES } from './messages';
import { MediaRefusal } from './images';
import { sniffImage } from './sniff';
import type { MediaFile, MediaRow, Writes } from './store';
import { parseBody } from './validation';

/**
 * How long an upload may wait for a post or a profile to take it up before it is swept: a week,
 * for the picture of a draft the app keeps (it keeps the link, uploaded as it was picked).
 */
const UNUSED_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** How many unused uploads one upload sweeps at most: the cost of a call stays bounded. */
const SWEEP_LIMIT = 20;

const refused = (problem: MediaProblem) =>
  new HttpError(problem === 'tooLarge' ? 413 : 400, MEDIA_MESSAGES[problem]);

/** The name of a media's file of this suffix. */
const fileName = (row: Pick<MediaRow, '_id' | 'type'>, suffix: string) =>
  `${row._id}${suffix}.${MEDIA_EXTENSIONS[row.type] ?? 'bin'}`;

/** A media's link: its first file (a post's large image, an avatar's large square). */
export function mediaUrl(ctx: ServiceContext, row: MediaRow): string {
  const [first] = MEDIA_FILES[row.purpose];
  return `${ctx.mediaBase}${fileName(row, first?.suffix ?? '')}`;
}

/** A media as the API answers it. */
export function mediaView(ctx: ServiceContext, row: MediaRow): Media {
  const url = mediaUrl(ctx, row);
  const view: Media = {
    id: row._id,
    purpose: row.purpose,
    url,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    sources:
      row.purpose === 'post'
        ? imageSources(url, row.width, row.height)
        : [{ url, width: row.width }],
  };
  if (row.alt !== undefined) view.alt = row.alt;
  return view;
}

/** The media id of an upload: a hash of its purpose and its bytes (base64url, 32 characters). */
export async function mediaId(purpose: MediaPurpose, bytes: Uint8Array): Promise<string> {
  const tagged = new Uint8Array(bytes.byteLength + 1);
  tagged[0] = purpose === 'post' ? 1 : 2;
  tagged.set(bytes, 1);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', tagged));
  return bytesToBase64Url(digest.subarray(0, 24));
}

/**
 * The media made of `bytes`: found when the same picture was uploaded for the same purpose
 * before (nothing decoded again), else decoded and encoded outside any transaction (the slow
 * part), then stored in one short write.
 */
async function makeMedia(
  ctx: ServiceContext,
  ownerId: string | undefined,
  bytes: Uint8Array,
  purpose: MediaPurpose,
  alt?: string,
): Promise<MediaRow> {
  const sniffed = sniffImage(bytes);
  if (typeof sniffed === 'string') throw refused(sniffed);
  const id = await mediaId(purpose, bytes);
  const known = await ctx.store.readEach((reads) => reads.media.get(id));
  if (known !== undefined) return known;
  let made;
  try {
    made = await ctx.images.process(bytes, sniffed, purpose);
  } catch (error) {
    if (error instanceof MediaRefusal) throw refused(error.problem);
    throw error;
  }
  const now = ctx.now();
  const [first] = made.files;
  const row: MediaRow = {
    _id: id,
    purpose,
    type: first?.type ?? 'image/webp',
    width: made.width,
    height: made.height,
    placeholder: made.placeholder,
    createdAt: formatTimestamp(now),
  };
  if (ownerId !== undefined) row.ownerId = ownerId;
  if (alt !== undefined && alt !== '') row.alt = alt;
  const files: MediaFile[] = made.files.map((file) => ({
    name: fileName({ _id: id, type: file.type }, file.suffix),
    type: file.type,
    bytes: file.bytes,
  }));
  return ctx.store.write(async (writes) => {
    await writes.media.sweep(formatTimestamp(new Date(now.getTime() - UNUSED_FOR_MS)), SWEEP_LIMIT);
    if (await writes.media.insert(row, files)) return row;
    // Stored meanwhile by another call with the same picture: that one is it.
    return (await writes.media.get(id)) ?? row;
  });
}

/** `POST /media`: the signed-in person's upload (multipart/form-data). */
export async function upload(
  ctx: ServiceContext,
  actorId: string,
  form: unknown,
): Promise<MediaResponse> {
  const { file, purpose, alt } = parseBody(uploadForm, form);
  if (file.size > MEDIA_RULE.maxBytes) throw refused('tooLarge');
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { media: mediaView(ctx, await makeMedia(ctx, actorId, bytes, purpose, alt)) };
}

/** `GET /media/:name`: one file, or a 404. */
export async function file(ctx: ServiceContext, name: string): Promise<MediaFile> {
  const found = MEDIA_FILE_NAME.test(name)
    ? await ctx.store.readEach((reads) => reads.media.file(name))
    : undefined;
  if (found === undefined) throw notFound(MESSAGES.mediaNotFound);
  return found;
}

const DATA_URL_PAYLOAD = /^data:[^;,]+;base64,/i;

/**
 * An image held inline, as a base64 data URL (as posts and people kept them before images were
 * media; the seed's SVG pictures are not base64, and stay as they are): as a pattern, and as the
 * SQL store's LIKE says it.
 */
export const INLINE_IMAGE = /^data:.*;base64,/is;
export const INLINE_IMAGE_LIKE = 'data:%;base64,%';

const dataUrlBytes = (dataUrl: string) => base64ToBytes(dataUrl.replace(DATA_URL_PAYLOAD, ''));

/**
 * An image field as sent (checked by its body's schema), as a media link: a data URL is made into
 * media now, before the call's write (decoding is the slow part and holds no lock); a media link
 * is taken as it is and checked in the write by `takeImage`.
 */
export async function prepareImage(
  ctx: ServiceContext,
  ownerId: string | undefined,
  value: string,
  purpose: MediaPurpose,
): Promise<string> {
  if (!value.startsWith('data:')) return value;
  return mediaUrl(ctx, await makeMedia(ctx, ownerId, dataUrlBytes(value), purpose));
}

/**
 * The media an image field names, read in the call's write (so it cannot be freed between the
 * check and the post or profile that takes it up): refused unless it is there and made for this
 * purpose.
 */
export async function takeImage(
  ctx: ServiceContext,
  writes: Writes,
  link: string,
  purpose: MediaPurpose,
  field: string,
): Promise<{ link: string; media: MediaRow }> {
  const id = mediaIdOf(link);
  const media = id === undefined ? undefined : await writes.media.get(id);
  if (media === undefined || media.purpose !== purpose) {
    throw badRequest(
      `${field} names no uploaded ${purpose === 'post' ? 'image' : 'avatar'}: upload it again`,
    );
  }
  return { link: mediaUrl(ctx, media), media };
}
