/**
 * The server's image codec (src/service/images.ts) on sharp (libvips): decoded once, turned
 * upright from its EXIF orientation, written as WebP without any metadata (sharp keeps none
 * unless asked: no EXIF, no GPS position, no XMP). libvips streams the picture through its
 * resize, so a 48-megapixel photo does not sit in memory whole several times over, and it works
 * on libuv's thread pool: the event loop goes on answering other requests meanwhile.
 */
import sharp, { type OutputInfo } from 'sharp';
import { fitWithin, MEDIA_FILES, MEDIA_RULE, type MediaPurpose } from '../api/media';
import {
  MediaRefusal,
  PLACEHOLDER_SIDE,
  placeholderOf,
  type EncodedImage,
  type ImageCodec,
} from '../service/images';

/** WebP quality: small files, no visible loss at the sizes a card or a viewer shows. */
const QUALITY = 82;

export function createSharpImageCodec(): ImageCodec {
  return {
    async process(bytes, _sniffed, purpose: MediaPurpose) {
      // The first frame of a GIF or animated WebP; a file cut short is refused, not half-drawn.
      const source = () =>
        sharp(bytes, {
          limitInputPixels: MEDIA_RULE.maxPixels,
          failOn: 'truncated',
          animated: false,
        }).rotate();
      let upright: { data: Buffer; info: OutputInfo };
      try {
        // Decoded once, upright, into raw pixels every file is made from.
        upright = await source().raw().toBuffer({ resolveWithObject: true });
      } catch {
        throw new MediaRefusal('unreadable');
      }
      const { width, height, channels } = upright.info;
      const raw = () => sharp(upright.data, { raw: { width, height, channels } });
      const side = Math.min(width, height);
      const square = { left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2) };
      const files: EncodedImage[] = [];
      for (const file of MEDIA_FILES[purpose]) {
        const image =
          purpose === 'avatar'
            ? raw()
                .extract({ ...square, width: side, height: side })
                .resize(Math.min(file.side, side), Math.min(file.side, side))
            : raw().resize({ ...fitWithin(width, height, file.side), fit: 'fill' });
        const { data, info } = await image
          .webp({ quality: QUALITY })
          .toBuffer({ resolveWithObject: true });
        files.push({
          suffix: file.suffix,
          type: 'image/webp',
          width: info.width,
          height: info.height,
          bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        });
      }
      const small =
        purpose === 'avatar'
          ? raw()
              .extract({ ...square, width: side, height: side })
              .resize(Math.min(PLACEHOLDER_SIDE, side))
          : raw().resize({ ...fitWithin(width, height, PLACEHOLDER_SIDE), fit: 'fill' });
      const thumb = await small.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
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
    },
  };
}
