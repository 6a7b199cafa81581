/**
 * What an image may be, on both sides of the API: its types (checked by its first bytes, not its
 * label), its size, and the default avatar every new account gets.
 */

/** Avatars and post images: PNG, JPEG, GIF or WebP (IMAGE_TYPES), at most 2 MiB once decoded. */
export const IMAGE_RULE = { maxBytes: 2 * 1024 * 1024 } as const;

/** The file of the default avatar, bundled with the app (public/). */
export const DEFAULT_AVATAR_FILE = 'default-avatar.svg';

/**
 * The default avatar's link for an app served from `appBase` ('/' or a sub-path such as
 * '/murmur/'): what a new account's `profile` holds, never an empty string.
 */
export function defaultAvatarLink(appBase = '/'): string {
  return `${appBase.endsWith('/') ? appBase : `${appBase}/`}${DEFAULT_AVATAR_FILE}`;
}

/** Whether a profile link is the default avatar, wherever the app is served from. */
export function isDefaultAvatar(link: string): boolean {
  return link === DEFAULT_AVATAR_FILE || link.endsWith(`/${DEFAULT_AVATAR_FILE}`);
}

export type ImageProblem = 'notImage' | 'tooLarge';

/**
 * The image types accepted, each with how its first bytes begin (`null`: any byte). SVG is never
 * one: it is a document that can carry script.
 */
const IMAGE_SIGNATURES: Readonly<Record<string, readonly (readonly (number | null)[])[]>> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  // RIFF, a size, WEBP
  'image/webp': [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
};

/** The MIME types an image may have: what a file picker offers (`accept`). */
export const IMAGE_TYPES: readonly string[] = Object.keys(IMAGE_SIGNATURES);

/** Whether `bytes` begin as an image of `mime` says they must. */
function hasSignature(mime: string, bytes: readonly number[]): boolean {
  return (IMAGE_SIGNATURES[mime] ?? []).some((signature) =>
    signature.every((byte, index) => byte === null || bytes[index] === byte),
  );
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first bytes of a base64 payload (16 characters make 12 bytes); [] when it is not base64. */
function leadingBytes(payload: string): number[] {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of payload.slice(0, 16)) {
    if (char === '=') break;
    const digit = BASE64.indexOf(char);
    if (digit < 0) return [];
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return bytes;
}

const DATA_URL = /^data:([^;,]{1,100});base64,/i;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An image as it is sent and stored: a base64 `data:` URL of a PNG, JPEG, GIF or WebP
 * image of at most 2 MiB, whose bytes are that image's, whatever its label says (HTML labelled
 * `image/png` is not an image). The size is checked from the length before any byte is read.
 */
export function checkImageDataUrl(dataUrl: string): ImageProblem | null {
  const match = DATA_URL.exec(dataUrl);
  const mime = (match?.[1] ?? '').toLowerCase();
  if (match === null || !IMAGE_TYPES.includes(mime)) return 'notImage';
  const payload = dataUrl.slice(match[0].length);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > IMAGE_RULE.maxBytes) return 'tooLarge';
  if (!BASE64_PAYLOAD.test(payload)) return 'notImage';
  return hasSignature(mime, leadingBytes(payload)) ? null : 'notImage';
}
