import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/**
 * iPhone photos are HEVC in a HEIF container, which the libvips that sharp ships cannot decode
 * (HEVC is patent-encumbered). libheif compiled to WebAssembly (`heic-decode`) decodes them, in
 * a worker thread of its own: a 12-megapixel photo takes about a second of CPU, which must not
 * hold the service's event loop. The result is a PNG of at most MAX_SIDE pixels a side, which
 * every OCR engine reads; rotations and mirrors stored in the file are applied by libheif.
 */
const MAX_SIDE = 2400;
const DECODER = require.resolve('heic-decode');
// An eval'd worker: no compiled file to find, whether this runs from src (tests) or dist.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
require(${JSON.stringify(DECODER)})({ buffer: workerData }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);`;

export class HeicDecodeError extends Error {}

interface Decoded {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function decodeOffThread(bytes: Buffer, timeoutMs: number): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: bytes });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new HeicDecodeError(`decoding took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    worker.once('message', (reply: Decoded | { error: string }) =>
      settle(() => ('error' in reply ? reject(new HeicDecodeError(reply.error)) : resolve(reply))),
    );
    worker.once('error', (error) => settle(() => reject(new HeicDecodeError(error.message))));
    worker.once('exit', (code) =>
      settle(() => reject(new HeicDecodeError(`the decoder stopped (exit code ${code})`))),
    );
  });
}

/** A HEIC/HEIF photo as a PNG the OCR engines read. Throws HeicDecodeError when it cannot. */
export async function heicToPng(bytes: Buffer, timeoutMs = 30_000): Promise<Buffer> {
  const { width, height, data } = await decodeOffThread(bytes, timeoutMs);
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
