/**
 * The server's image codec: what an upload may cost. One image decoded at a time, a few waiting,
 * more refused (503); and the files made from one reduced copy keep the sides the rules give.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitWithin, MEDIA_FILES } from '../../../src/api/media';
import { createSharpImageCodec, IMAGES_BUSY, taskGate } from '../../../src/server/imageCodec';
import { HttpError } from '../../../src/service/errors';

/** A promise and the function that settles it. */
function deferred() {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  return { done, settle };
}

describe('taskGate', () => {
  it('runs at most its number at once, in the order they came, and refuses past its queue', async () => {
    const gate = taskGate(1, 2);
    const started: number[] = [];
    const works = [0, 1, 2].map(() => deferred());
    const calls = works.map((work, index) =>
      gate(async () => {
        started.push(index);
        await work.done;
        return index;
      }),
    );
    await expect(gate(() => Promise.resolve('late'))).rejects.toEqual(
      new HttpError(503, IMAGES_BUSY),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    works[0]?.settle();
    await calls[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    works[1]?.settle();
    works[2]?.settle();
    expect(await Promise.all(calls)).toEqual([0, 1, 2]);
    // The place was given back: a new call runs at once.
    expect(await gate(() => Promise.resolve('again'))).toBe('again');
  });

  it('hands the place on when a call fails', async () => {
    const gate = taskGate(1, 1);
    const failing = gate(() => Promise.reject(new Error('bad file')));
    const next = gate(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('bad file');
    expect(await next).toBe('next');
  });
});

describe('createSharpImageCodec', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer));

  it("makes a post's files in the sides the rules give, from one reduced copy", async () => {
    const codec = createSharpImageCodec();
    const made = await codec.process(
      await png(5000, 3000),
      { type: 'image/png', width: 5000, height: 3000 },
      'post',
    );
    expect(made.files.map(({ width, height }) => ({ width, height }))).toEqual(
      MEDIA_FILES.post.map((file) => {
        const { width, height } = fitWithin(5000, 3000, file.side);
        return { width, height };
      }),
    );
    expect(made.placeholder.length).toBeGreaterThan(10);
  });

  it('crops an avatar to its centred square, never enlarged', async () => {
    const codec = createSharpImageCodec();
    const made = await codec.process(
      await png(300, 900),
      { type: 'image/png', width: 300, height: 900 },
      'avatar',
    );
    expect(made.files.map(({ width, height }) => [width, height])).toEqual([
      [300, 300],
      [96, 96],
    ]);
  });
});
