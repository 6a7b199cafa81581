/**
 * The browser mock's image codec (src/service/images.ts), on the browser's own decoder and
 * canvas, in the page's main thread. The picture is decoded upright (`imageOrientation:
 * 'from-image'` applies its EXIF orientation), drawn at each size of MEDIA_FILES and encoded
 * again. A canvas holds only pixels, so nothing else of the upload survives: no EXIF, no GPS
 * position, no camera, no comment.
 *
 * A copy less than half the size is drawn in halving steps: one draw across a larger step skips
 * pixels in some browsers and leaves the copy jagged. Files are WebP where the browser can write
 * it. Safari cannot: asked for WebP it silently writes PNG. There a PNG or GIF upload is written
 * as PNG, so its transparency stays, and anything else as JPEG, on white, since JPEG has no
 * transparency.
 */
import { fitWithin, MEDIA_FILES, type MediaPurpose, type SniffedImage } from '../api/media';
import {
  MediaRefusal,
  PLACEHOLDER_SIDE,
  placeholderOf,
  type EncodedImage,
  type ImageCodec,
  type ProcessedImage,
} from '../service/images';

/** WebP (or JPEG) quality, as the server's 82: small files, no visible loss at these sizes. */
const QUALITY = 0.82;

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

interface Size {
  width: number;
  height: number;
}

/** The part of the bitmap a file shows: all of it, or an avatar's centred square. */
interface Region extends Size {
  x: number;
  y: number;
}

function canvasOf({ width, height }: Size): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function context2d(canvas: Canvas): Context {
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('This browser cannot draw on a canvas');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return context;
}

/** Gives a canvas's memory back now rather than at the next collection (Safari counts it). */
function release(canvas: Canvas) {
  canvas.width = 0;
  canvas.height = 0;
}

/**
 * `region` of `source` drawn at `target`, on white when `opaque`. Each step at most halves the
 * sides; the canvases between are let go once drawn from.
 */
function resample(source: ImageBitmap, region: Region, target: Size, opaque: boolean): Canvas {
  let step: Canvas | undefined;
  let area: Region = region;
  for (;;) {
    const last = area.width <= 2 * target.width && area.height <= 2 * target.height;
    const size = last
      ? target
      : {
          width: Math.max(target.width, Math.round(area.width / 2)),
          height: Math.max(target.height, Math.round(area.height / 2)),
        };
    const canvas = canvasOf(size);
    const context = context2d(canvas);
    if (opaque) {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
    }
    const { x, y, width, height } = area;
    context.drawImage(step ?? source, x, y, width, height, 0, 0, size.width, size.height);
    if (step !== undefined) release(step);
    if (last) return canvas;
    step = canvas;
    area = { x: 0, y: 0, ...size };
  }
}

function encode(canvas: Canvas, type: string): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: QUALITY });
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('The canvas wrote nothing')) : resolve(blob)),
      type,
      QUALITY,
    );
  });
}

/** Whether this browser's canvas writes WebP (rather than quietly writing PNG instead). */
async function writesWebp(): Promise<boolean> {
  const canvas = canvasOf({ width: 1, height: 1 });
  // A canvas with no context may refuse to be written at all.
  context2d(canvas);
  try {
    return (await encode(canvas, 'image/webp')).type === 'image/webp';
  } catch {
    return false;
  }
}

/** The upload's bytes as a Blob part, without copying them when they are a plain ArrayBuffer. */
function blobPart(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer, bytes.byteOffset, bytes.byteLength)
    : new Uint8Array(bytes);
}

export function createBrowserImageCodec(): ImageCodec {
  // Asked once, on the first upload: the answer is the browser's.
  let webp: Promise<boolean> | undefined;

  return {
    async process(
      bytes: Uint8Array,
      sniffed: SniffedImage,
      purpose: MediaPurpose,
    ): Promise<ProcessedImage> {
      let bitmap: ImageBitmap;
      try {
        bitmap = await createImageBitmap(new Blob([blobPart(bytes)], { type: sniffed.type }), {
          imageOrientation: 'from-image',
        });
      } catch {
        throw new MediaRefusal('unreadable');
      }
      try {
        webp ??= writesWebp();
        const type = (await webp)
          ? 'image/webp'
          : sniffed.type === 'image/png' || sniffed.type === 'image/gif'
            ? 'image/png'
            : 'image/jpeg';
        const opaque = type === 'image/jpeg';

        // The bitmap's sides are upright ones: a portrait photo stored sideways is tall here.
        const { width, height } = bitmap;
        const shorter = Math.min(width, height);
        const region: Region =
          purpose === 'avatar'
            ? {
                x: Math.floor((width - shorter) / 2),
                y: Math.floor((height - shorter) / 2),
                width: shorter,
                height: shorter,
              }
            : { x: 0, y: 0, width, height };
        const sizeOf = (side: number): Size =>
          purpose === 'avatar'
            ? { width: Math.min(side, shorter), height: Math.min(side, shorter) }
            : fitWithin(width, height, side);

        const files: EncodedImage[] = [];
        for (const file of MEDIA_FILES[purpose]) {
          const size = sizeOf(file.side);
          const canvas = resample(bitmap, region, size, opaque);
          const blob = await encode(canvas, type);
          release(canvas);
          files.push({
            suffix: file.suffix,
            // What was written, should the encoder have answered another type than asked.
            type: blob.type,
            ...size,
            bytes: new Uint8Array(await blob.arrayBuffer()),
          });
        }

        const small = fitWithin(region.width, region.height, PLACEHOLDER_SIDE);
        const thumb = resample(bitmap, region, small, false);
        const pixels = context2d(thumb).getImageData(0, 0, small.width, small.height);
        release(thumb);

        const [first] = files;
        if (first === undefined) throw new Error(`No files are made for ${purpose}`);
        return {
          width: first.width,
          height: first.height,
          placeholder: placeholderOf(small.width, small.height, new Uint8Array(pixels.data.buffer)),
          files,
        };
      } finally {
        bitmap.close();
      }
    },
  };
}
