// Decodes and encodes PNG pictures for the visual check (visual.ts) in a worker thread. Inside
// the test-runner's Jest sandbox, pngjs (and every pure-JS PNG codec tried, fast-png too) runs
// about 25 times slower than in plain Node: 5 s to decode one 1280×3300 story picture there,
// 0.1 s here, and a story's check decodes two pictures per theme.
//   { id, op: 'decode', bytes }  → { id, pixels: { width, height, data } }
//   { id, op: 'encode', pixels } → { id, bytes }
//   any failure                  → { id, error }
import { parentPort } from 'node:worker_threads';
import pngjs from 'pngjs';

const { PNG } = pngjs;

parentPort.on('message', ({ id, op, bytes, pixels }) => {
  try {
    if (op === 'decode') {
      const png = PNG.sync.read(Buffer.from(bytes));
      // A copy of its own, so that its memory moves to the caller instead of being copied again.
      const data = new Uint8Array(png.data);
      parentPort.postMessage({ id, pixels: { width: png.width, height: png.height, data } }, [
        data.buffer,
      ]);
    } else if (op === 'encode') {
      const png = new PNG({ width: pixels.width, height: pixels.height });
      png.data = Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
      const encoded = new Uint8Array(PNG.sync.write(png));
      parentPort.postMessage({ id, bytes: encoded }, [encoded.buffer]);
    } else {
      throw new Error(`pngWorker: unknown operation ${String(op)}`);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
