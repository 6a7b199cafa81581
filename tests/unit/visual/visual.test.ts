import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { compareLayouts, comparePictures, decodePng, encodePng } from '../../../.storybook/visual';

// The comparisons the story pictures rely on, on small made-up pictures and layouts: what a
// browser update changes passes the tolerant mode, what a person would call a change fails it.

const WIDTH = 200;
const HEIGHT = 120;
type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const PRIMARY: Rgb = [0x52, 0x34, 0xc9];

/** A white picture with a filled "button" at (x, y), its edges drawn half-way (anti-aliased). */
function picture(draw: (png: PNG) => void = () => undefined): PNG {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  fill(png, 0, 0, WIDTH, HEIGHT, WHITE);
  draw(png);
  return png;
}

function fill(png: PNG, x: number, y: number, width: number, height: number, rgb: Rgb) {
  for (let row = y; row < y + height; row += 1) {
    for (let column = x; column < x + width; column += 1) {
      const offset = (row * png.width + column) * 4;
      png.data[offset] = rgb[0];
      png.data[offset + 1] = rgb[1];
      png.data[offset + 2] = rgb[2];
      png.data[offset + 3] = 255;
    }
  }
}

function button(png: PNG, x: number, y: number, rgb: Rgb = PRIMARY, edge = 0.5) {
  fill(png, x, y, 80, 32, rgb);
  // A one-pixel soft edge on the right, as anti-aliasing draws it.
  const mix = rgb.map((channel, index) =>
    Math.round(channel * edge + (WHITE[index] ?? 255) * (1 - edge)),
  ) as Rgb;
  fill(png, x + 80, y, 1, 32, mix);
}

const differing = (
  a: PNG,
  b: PNG,
  mode: 'exact' | 'tolerant',
  masks: { x: number; y: number; width: number; height: number }[] = [],
) => {
  const verdict = comparePictures(a, b, mode, masks);
  return { ...verdict, passes: verdict.different <= verdict.allowed };
};

describe('comparePictures', () => {
  it('finds nothing between identical pictures, in both modes', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture((png) => button(png, 20, 20));
    expect(differing(a, b, 'exact')).toMatchObject({ different: 0, passes: true });
    expect(differing(a, b, 'tolerant')).toMatchObject({ different: 0, passes: true });
  });

  it('exact: one pixel one colour step off fails', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture((png) => {
      button(png, 20, 20);
      fill(png, 30, 30, 1, 1, [PRIMARY[0] + 1, PRIMARY[1], PRIMARY[2]]);
    });
    expect(differing(a, b, 'exact')).toMatchObject({ different: 1, passes: false });
  });

  it('an edge drawn with other anti-aliasing passes, in both modes', () => {
    const a = picture((png) => button(png, 20, 20, PRIMARY, 0.5));
    const b = picture((png) => button(png, 20, 20, PRIMARY, 0.7));
    expect(differing(a, b, 'exact').passes).toBe(true);
    expect(differing(a, b, 'tolerant').passes).toBe(true);
    // The same change inside a filled area is no anti-aliasing: exact mode sees it.
    const c = picture((png) => {
      button(png, 20, 20, PRIMARY, 0.5);
      fill(png, 40, 30, 1, 1, [0xa8, 0x99, 0xe4]);
    });
    expect(differing(a, c, 'exact').passes).toBe(false);
  });

  it('tolerant: a shadow blurred a shade differently passes', () => {
    const a = picture((png) => fill(png, 10, 70, 150, 20, [240, 240, 244]));
    const b = picture((png) => fill(png, 10, 70, 150, 20, [238, 238, 242]));
    expect(differing(a, b, 'exact').passes).toBe(false);
    expect(differing(a, b, 'tolerant').passes).toBe(true);
  });

  it('tolerant: a native control drawn differently passes, being masked', () => {
    const a = picture((png) => fill(png, 150, 10, 16, 16, [118, 118, 118]));
    const b = picture((png) => fill(png, 150, 10, 16, 16, [20, 100, 220]));
    const masks = [{ x: 150, y: 10, width: 16, height: 16 }];
    expect(differing(a, b, 'tolerant').passes).toBe(false);
    expect(differing(a, b, 'tolerant', masks as never).passes).toBe(true);
  });

  it('tolerant: a button moved by 2 px fails', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture((png) => button(png, 22, 20));
    expect(differing(a, b, 'tolerant').passes).toBe(false);
  });

  it('tolerant: a missing button fails', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture();
    expect(differing(a, b, 'tolerant').passes).toBe(false);
  });

  it('tolerant: a clearly different colour fails', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture((png) => button(png, 20, 20, [0xb4, 0x23, 0x18]));
    expect(differing(a, b, 'tolerant').passes).toBe(false);
  });

  it('reports a changed size instead of comparing', () => {
    const a = picture();
    const b = new PNG({ width: WIDTH, height: HEIGHT + 2 });
    const verdict = comparePictures(a, b, 'tolerant', []);
    expect(verdict.sizeChanged).toBe('200x120 → 200x122');
  });

  it('draws baseline | differences | now side by side', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture((png) => button(png, 40, 20));
    const { diff } = comparePictures(a, b, 'exact', []);
    expect(diff?.width).toBe(WIDTH * 3);
    expect(diff?.height).toBe(HEIGHT);
    // Row 30 crosses both buttons: the left third is the baseline's row, the right third now's.
    const row = WIDTH * 4;
    const third = (index: number) =>
      Array.from(
        diff?.data.subarray(30 * row * 3 + index * row, 30 * row * 3 + (index + 1) * row) ?? [],
      );
    expect(third(0)).toEqual(Array.from(a.data.subarray(30 * row, 31 * row)));
    expect(third(2)).toEqual(Array.from(b.data.subarray(30 * row, 31 * row)));
  });

  it('tolerant: masks native controls in what it compares, not in the baseline it shows', () => {
    const a = picture((png) => button(png, 20, 20));
    const b = picture((png) => button(png, 20, 20, [0xb4, 0x23, 0x18]));
    const box = { x: 18, y: 18, width: 86, height: 36 };
    expect(differing(a, b, 'tolerant', [box])).toMatchObject({ different: 0, passes: true });
    // The pictures themselves are left as they were.
    expect(differing(a, b, 'tolerant').passes).toBe(false);
  });
});

describe('decodePng and encodePng (in a worker thread)', () => {
  it('give back the same picture, pixel for pixel', async () => {
    const a = picture((png) => button(png, 20, 20));
    const bytes = await encodePng(a);
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    const decoded = await decodePng(bytes);
    expect([decoded.width, decoded.height]).toEqual([WIDTH, HEIGHT]);
    expect(Buffer.from(decoded.data).equals(a.data)).toBe(true);
  });

  it('refuse bytes that are not a PNG with a readable error', async () => {
    await expect(decodePng(Buffer.from('not a picture'))).rejects.toThrow(
      /Could not decode a picture: .+/,
    );
  });
});

describe('compareLayouts', () => {
  const layout = (parts: { x?: number; width?: number; color?: string; text?: string } = {}) =>
    [
      'body | @0,0 1280x800 | bg rgb(246, 245, 251)',
      `  button | "${parts.text ?? 'Post'}" | @${parts.x ?? 20},20 ${parts.width ?? 80}x32 | color rgb(255, 255, 255) | bg ${parts.color ?? 'rgb(82, 52, 201)'}`,
      '',
    ].join('\n');

  it('passes the same layout in both modes', () => {
    expect(compareLayouts(layout(), layout(), 'exact')).toBeUndefined();
    expect(compareLayouts(layout(), layout(), 'tolerant')).toBeUndefined();
  });

  it('tolerant allows a box 1 px off (rounding); exact does not', () => {
    expect(compareLayouts(layout(), layout({ x: 21 }), 'tolerant')).toBeUndefined();
    expect(compareLayouts(layout(), layout({ x: 21 }), 'exact')).toContain('@21,20 80x32');
  });

  it('a 2 px shift or growth fails in both modes', () => {
    for (const mode of ['exact', 'tolerant'] as const) {
      expect(compareLayouts(layout(), layout({ x: 22 }), mode)).toContain('@22,20');
      expect(compareLayouts(layout(), layout({ width: 84 }), mode)).toContain('84x32');
    }
  });

  it('a colour token one step off fails in both modes, naming the colour', () => {
    const changed = layout({ color: 'rgb(83, 52, 201)' });
    for (const mode of ['exact', 'tolerant'] as const) {
      const report = compareLayouts(layout(), changed, mode);
      expect(report).toContain(
        '- button | "Post" | @20,20 80x32 | color rgb(255, 255, 255) | bg rgb(82, 52, 201)',
      );
      expect(report).toContain(
        '+ button | "Post" | @20,20 80x32 | color rgb(255, 255, 255) | bg rgb(83, 52, 201)',
      );
    }
  });

  it('changed text, or an element gone, fails', () => {
    expect(compareLayouts(layout(), layout({ text: 'Save' }), 'tolerant')).toContain('"Save"');
    const without = `${layout().split('\n')[0] ?? ''}\n`;
    expect(compareLayouts(layout(), without, 'tolerant')).toContain('(nothing)');
  });
});
