/**
 * Images as media, on both sides of the API: what an upload may be (checked from its first bytes,
 * before anything decodes it), the sizes it is made into, how its files are named and linked, and
 * what an upload answers. The service turns an upload into media through an image codec (sharp on
 * the server, the browser's canvas in the mock); both start from `sniffImage`, so a file is
 * refused for the same reasons, with the same words, wherever it is sent (src/service/sniff.ts
 * reads an upload's header).
 */
export const MEDIA_RULE = {
  /** An upload's bytes, at most (10 MiB): a phone's photo fits, with room. */
  maxBytes: 10 * 1024 * 1024,
  /** An upload's whole multipart body: the largest image, its fields and boundaries. */
  maxFormBytes: 10 * 1024 * 1024 + 64 * 1024,
  /**
   * Decoded pixels, at most: 50 megapixels, twice a large phone photo. The header says how many
   * before anything is decoded, so a small file that declares 50 000 × 50 000 is refused at once.
   */
  maxPixels: 50_000_000,
  /**
   * A side, at most: a long phone panorama fits. A picture one pixel high and 50 million wide
   * has few enough pixels, but costs libvips half a minute to scale.
   */
  maxSide: 16_384,
  /** A post image's long side, at most (it is never enlarged). */
  largeSide: 2048,
  /** The long side of the copy a card shows (`srcset` offers the large one beside it). */
  displaySide: 640,
  /** Avatars are cropped square, in these sides. */
  avatarSides: [400, 96],
} as const;

/** What an image is for: a post's picture, or a person's avatar (cropped square). */
export type MediaPurpose = 'post' | 'avatar';

export const MEDIA_PURPOSES: readonly MediaPurpose[] = ['post', 'avatar'];

/** Why an upload is refused. */
export type MediaProblem = 'notImage' | 'tooLarge' | 'tooManyPixels' | 'unreadable';

/**
 * A whole number with commas between its thousands (16384 → "16,384"). Not `toLocaleString`:
 * the first call loads the browser's locale data, about 15 ms at start-up on a fast machine,
 * four times that on a phone, for a message that may never show.
 */
const withThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** The words of each refusal, as the picker shows them and the API answers them. */
export const MEDIA_MESSAGES: Record<MediaProblem, string> = {
  notImage: 'That file is not an image. Choose a JPEG, PNG, GIF, WebP or AVIF picture.',
  tooLarge: `That image is larger than ${MEDIA_RULE.maxBytes / 1024 / 1024} MB. Choose a smaller one.`,
  tooManyPixels: `That image has too many pixels to be read (at most ${MEDIA_RULE.maxPixels / 1_000_000} megapixels, ${withThousands(MEDIA_RULE.maxSide)} on a side). Choose a smaller one.`,
  unreadable: 'That image could not be read: the file may be damaged or cut short.',
};

/**
 * The types a picker offers (its `accept`) and lets through by their label before anything is
 * sent; the server then reads the bytes, whatever the label says. HEIC is not among them: neither
 * the server's decoder nor a browser's canvas reads it.
 */
export const MEDIA_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
];

/** The rule beside an image picker, in a person's words. */
export const MEDIA_HINT = `An image file (JPEG, PNG, GIF, WebP or AVIF), up to ${MEDIA_RULE.maxBytes / 1024 / 1024} MB.`;

/**
 * A picked file, judged by its label and size before a byte of it is sent: the same words as the
 * server's refusal, without the round trip (the server still reads what the bytes are).
 */
export function checkMediaFile(file: { type: string; size: number }): MediaProblem | null {
  if (!MEDIA_TYPES.includes(file.type.toLowerCase())) return 'notImage';
  return file.size > MEDIA_RULE.maxBytes ? 'tooLarge' : null;
}

export interface SniffedImage {
  /** What its bytes say it is. */
  type: string;
  width: number;
  height: number;
}

/** The sides of an image of `width` × `height` scaled so its long side is at most `side`. */
export function fitWithin(width: number, height: number, side: number) {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The files an image is made into, by the suffix of their names: a post's picture (at most 2048
 * on its long side) and the card's copy (640); an avatar's two squares.
 */
export const MEDIA_FILES: Record<MediaPurpose, readonly { suffix: string; side: number }[]> = {
  post: [
    { suffix: '', side: MEDIA_RULE.largeSide },
    { suffix: `-${MEDIA_RULE.displaySide}`, side: MEDIA_RULE.displaySide },
  ],
  avatar: MEDIA_RULE.avatarSides.map((side) => ({ suffix: `-${side}`, side })),
};

/** The file extension of a type the codecs write. */
export const MEDIA_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** A media file's name: its id, a suffix from MEDIA_FILES and an extension. */
export const MEDIA_FILE_NAME = /^([A-Za-z0-9_-]{32})(-\d+)?\.(webp|avif|jpg|png)$/;

/** The media id a link names (any base), or undefined for a link that is not a media file. */
export function mediaIdOf(link: string): string | undefined {
  const name = link.slice(link.lastIndexOf('/') + 1);
  return MEDIA_FILE_NAME.exec(name)?.[1];
}

/**
 * An avatar's squares by width, for `srcset`: the small one (96) and the large (400). Only a
 * media avatar's link (its large square) has them; any other (the default, a seeded picture) has
 * none and is its own only source.
 */
export function avatarSources(link: string): { url: string; width: number }[] {
  const name = link.slice(link.lastIndexOf('/') + 1);
  const match = MEDIA_FILE_NAME.exec(name);
  const [large, ...smaller] = [...MEDIA_RULE.avatarSides].sort((a, b) => b - a);
  if (match === null || large === undefined || match[2] !== `-${large}`) return [];
  const base = link.slice(0, link.length - name.length);
  return [...smaller.reverse(), large].map((side) => ({
    url: `${base}${match[1]}-${side}.${match[3]}`,
    width: side,
  }));
}

/**
 * The copies of a post image by their width, for `srcset`: the card's copy (640 on its long side)
 * and the image itself. Only media links have a copy; any other image (a seeded picture) is its
 * own only source.
 */
export function imageSources(
  link: string,
  width: number | undefined,
  height: number | undefined,
): { url: string; width: number }[] {
  const name = link.slice(link.lastIndexOf('/') + 1);
  const match = MEDIA_FILE_NAME.exec(name);
  if (match === null || match[2] !== undefined || width === undefined || height === undefined) {
    return [];
  }
  const display = fitWithin(width, height, MEDIA_RULE.displaySide);
  if (display.width >= width) return [{ url: link, width }];
  const base = link.slice(0, link.length - name.length);
  return [
    { url: `${base}${match[1]}-${MEDIA_RULE.displaySide}.${match[3]}`, width: display.width },
    { url: link, width },
  ];
}
