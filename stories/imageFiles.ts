/**
 * Files a person might pick, for stories that upload pictures. The image rule reads a picked
 * file's bytes as well as its type (a PNG must begin as a PNG does; SVG is refused), so a story
 * uploads a real PNG: the same SVG drawing as before, drawn on a canvas in the browser and saved
 * as PNG, so the pictures stay (nearly) what they were.
 */

/**
 * The PNG's size in pixels. Given, not read from the drawing: an SVG with only a viewBox has no
 * size of its own (the browser would say 300 × 150).
 */
export interface PngSize {
  width: number;
  height: number;
}

/** The PNG bytes of a drawing (an SVG data URL, or any image URL the page may draw). */
async function pngBytes(src: string, { width, height }: PngSize): Promise<Uint8Array<ArrayBuffer>> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('No 2D canvas to draw the picture on');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (png) => (png ? resolve(png) : reject(new Error('The canvas made no PNG'))),
      'image/png',
    );
  });
  return new Uint8Array(await blob.arrayBuffer());
}

/** A drawing (e.g. an SVG data URL) as a PNG file of `size`, type image/png. */
export async function pngFile(src: string, size: PngSize, name = 'picture.png') {
  return new File([await pngBytes(src, size)], name, { type: 'image/png' });
}

/**
 * A real PNG of exactly `size` bytes: a small drawing, followed by zeros. A PNG ends at its IEND
 * chunk and decoders ignore what follows, so the picture is valid whatever its padding (the size
 * limit's stories need a file of exactly 2 MiB, and one byte more).
 */
export async function pngOfSize(src: string, size: number, name = 'padded.png') {
  const png = await pngBytes(src, { width: 64, height: 64 });
  if (png.length > size) throw new Error(`The drawing alone is ${png.length} bytes, over ${size}`);
  const padded = new Uint8Array(size);
  padded.set(png);
  return new File([padded], name, { type: 'image/png' });
}

/** A text file renamed '.png': it says it is a PNG (type image/png), but its bytes are text. */
export const textRenamedPng = () =>
  new File(['My notes for the weekend: buy flour, call Maya.'], 'notes.png', {
    type: 'image/png',
  });

/** SVG markup as a data URL, for drawing it. */
export const svgUrl = (markup: string) => `data:image/svg+xml,${encodeURIComponent(markup)}`;
