/**
 * The image codec port: what the service asks of whatever decodes and encodes images. The server
 * plugs in sharp (src/server/imageCodec.ts); the browser mock its canvas
 * (src/mocks/imageCodec.ts). The rules around it (what may be uploaded, the sizes, the names, who
 * may use it) stay in the service (./media.ts) and src/api/media.ts.
 */
import { rgbaToThumbHash } from 'thumbhash';
import type { MediaProblem, MediaPurpose, SniffedImage } from '../api/media';
import { bytesToBase64 } from './base64';

/** One file made from an upload: one of MEDIA_FILES[purpose], in the order listed there. */
export interface EncodedImage {
  /** The suffix of its name, from MEDIA_FILES ('' for a post's large image). */
  suffix: string;
  /** Its MIME type (WebP where the encoder can write it). */
  type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  /** The first file's sides: the post image's, or the large avatar's. */
  width: number;
  height: number;
  /** A ThumbHash of the picture, base64: a few dozen bytes the app paints until it loads. */
  placeholder: string;
  files: EncodedImage[];
}

export interface ImageCodec {
  /**
   * Decodes an upload that `sniffImage` let through, turns it upright (its EXIF orientation),
   * keeps no metadata (no EXIF, no GPS position, no ICC beyond sRGB), and writes the files of
   * MEDIA_FILES[purpose]: a post's picture scaled down to fit its side, never enlarged; an
   * avatar cropped to a centred square. Throws `MediaRefusal` when the bytes cannot be decoded.
   */
  process(bytes: Uint8Array, sniffed: SniffedImage, purpose: MediaPurpose): Promise<ProcessedImage>;
}

/** An upload refused for one of the reasons of src/api/media.ts. */
export class MediaRefusal extends Error {
  override readonly name = 'MediaRefusal';
  constructor(readonly problem: MediaProblem) {
    super(`Image refused: ${problem}`);
  }
}

/** The most a ThumbHash's source may be on its long side (the library's limit). */
export const PLACEHOLDER_SIDE = 100;

/**
 * The placeholder of a picture, from its RGBA pixels at most PLACEHOLDER_SIDE on a side: a
 * ThumbHash (colours, a little shape, the aspect ratio), base64.
 */
export function placeholderOf(width: number, height: number, rgba: Uint8Array): string {
  return bytesToBase64(rgbaToThumbHash(width, height, rgba));
}
