/**
 * What an upload is, read from its header before anything decodes it (src/api/media.ts holds the
 * rule and the words): the service asks this first on the server and in the browser's mock alike.
 * It lives beside the service, not in the API's shared code, so the app's own bundle does not
 * carry the header reader.
 */
import { imageSize } from 'image-size';
import { MEDIA_RULE, type MediaProblem, type SniffedImage } from '../api/media';

/** The kinds of file an upload may be, by what their first bytes say (never by their name). */
const KINDS: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heif: 'image/avif', // AVIF and HEIC alike: the decoder says whether it can read it
};

/**
 * Whether a JPEG's image data is all there: its end marker after the start of its first scan.
 * The segments before the scan are walked by their lengths (an EXIF thumbnail inside one has
 * scans and an end of its own); inside a scan a 0xFF byte is always followed by 0x00 or a restart
 * marker, so a 0xFF 0xD9 after it is the image's end.
 */
function jpegComplete(bytes: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda) {
      for (let end = bytes.length - 2; end > at; end -= 1) {
        if (bytes[end] === 0xff && bytes[end + 1] === 0xd9) return true;
      }
      return false;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    at += 2 + length;
  }
  return false;
}

/**
 * What an upload is, read from its first bytes and its header only (linear, nothing decoded), or
 * why it is refused: more than `MEDIA_RULE.maxBytes`, not one of the kinds above (an SVG is never
 * one: it is a document that can carry script), more pixels than `MEDIA_RULE.maxPixels` or a side longer than its `maxSide`, or a
 * JPEG cut short.
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | MediaProblem {
  if (bytes.byteLength > MEDIA_RULE.maxBytes) return 'tooLarge';
  let found: { type?: string; width?: number; height?: number; orientation?: number };
  try {
    found = imageSize(bytes);
  } catch {
    return 'notImage';
  }
  const type = found.type === undefined ? undefined : KINDS[found.type];
  if (type === undefined) return 'notImage';
  const { width = 0, height = 0 } = found;
  if (width < 1 || height < 1) return 'unreadable';
  if (width * height > MEDIA_RULE.maxPixels || Math.max(width, height) > MEDIA_RULE.maxSide) {
    return 'tooManyPixels';
  }
  if (type === 'image/jpeg' && !jpegComplete(bytes)) return 'unreadable';
  // EXIF orientations 5 to 8 turn the picture a quarter: its sides swap once it is upright.
  const turned = (found.orientation ?? 1) >= 5;
  return { type, width: turned ? height : width, height: turned ? width : height };
}
