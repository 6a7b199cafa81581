/**
 * The server's image codec (src/service/images.ts) on sharp (libvips): turned upright from its
 * EXIF orientation, written as WebP without any metadata (sharp keeps none unless asked: no EXIF,
 * no GPS position, no XMP).
 *
 * What an upload may cost is bounded. The upload is read once, straight down to the largest file
 * made of it (a JPEG shrinks as it loads; other kinds stream through the resize a few lines at a
 * time), so a 48-megapixel photo never sits in memory whole: the smaller files and the
 * placeholder are made from that copy. And this process decodes one image at a time, with a few
 * waiting: libvips works on libuv's thread pool, which password hashing, gzip and the file system
 * share, so a burst of uploads must not take all of it (more waiting than that: 503, try again).
 */
import sharp, { type Sharp } from 'sharp';
import { fitWithin, MEDIA_FILES, MEDIA_RULE, type MediaPurpose } from '../api/media';
import { HttpError } from '../service/errors';
import {
  MediaRefusal,
  PLACEHOLDER_SIDE,
  placeholderOf,
  type EncodedImage,
  type ImageCodec,
} from '../service/images';

/** WebP quality: small files, no visible loss at the sizes a card or a viewer shows. */
const QUALITY = 82;

/** Images this process decodes at once, and how many more may wait their turn. */
export const IMAGES_AT_ONCE = 1;
export const IMAGES_WAITING = 8;

export const IMAGES_BUSY = 'The server is busy with other images. Try again in a moment.';

/**
 * Runs at most `atOnce` of the calls given at a time, in the order they came; more than `waiting`
 * calls waiting is a 503.
 */
export function taskGate(atOnce: number, waiting: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < atOnce) running += 1;
    else if (queue.length >= waiting) throw new HttpError(503, IMAGES_BUSY);
    else await new Promise<void>((start) => queue.push(start));
    try {
      return await work();
    } finally {
      // The place goes to the next one waiting, or is given back.
      const next = queue.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };
}

/** Raw pixels and their sides. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

async function encoded(image: Sharp, suffix: string): Promise<EncodedImage> {
  const { data, info } = await image
    .webp({ quality: QUALITY })
    .toBuffer({ resolveWithObject: true });
  return {
    suffix,
    type: 'image/webp',
    width: info.width,
    height: info.height,
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

async function processImage(
  bytes: Uint8Array,
  upright: { width: number; height: number },
  purpose: MediaPurpose,
) {
  const sizes = MEDIA_FILES[purpose];
  // A post's picture keeps its shape; an avatar is the centred square of the picture.
  const square = Math.min(upright.width, upright.height);
  const fit = (side: number) =>
    purpose === 'avatar'
      ? { width: Math.min(side, square), height: Math.min(side, square) }
      : fitWithin(upright.width, upright.height, side);
  const largest = fit(Math.max(...sizes.map((file) => file.side)));

  let copy: Pixels;
  try {
    // The first frame of a GIF or animated WebP; a file cut short is refused, not half-drawn.
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MEDIA_RULE.maxPixels,
      failOn: 'truncated',
      animated: false,
    })
      .rotate()
      .resize({ ...largest, fit: purpose === 'avatar' ? 'cover' : 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    copy = { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw new MediaRefusal('unreadable');
  }
  const from = (sides: { width: number; height: number }) =>
    sharp(copy.data, { raw: copy }).resize({ ...sides, fit: 'fill' });

  const files: EncodedImage[] = [];
  for (const file of sizes) files.push(await encoded(from(fit(file.side)), file.suffix));
  const thumb = await from(fit(PLACEHOLDER_SIDE))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [first] = files;
  if (first === undefined) throw new Error(`No files for ${purpose}`);
  return {
    width: first.width,
    height: first.height,
    placeholder: placeholderOf(
      thumb.info.width,
      thumb.info.height,
      new Uint8Array(thumb.data.buffer, thumb.data.byteOffset, thumb.data.byteLength),
    ),
    files,
  };
}

export function createSharpImageCodec(gate = taskGate(IMAGES_AT_ONCE, IMAGES_WAITING)): ImageCodec {
  return {
    process: (bytes, sniffed, purpose) => gate(() => processImage(bytes, sniffed, purpose)),
  };
}
