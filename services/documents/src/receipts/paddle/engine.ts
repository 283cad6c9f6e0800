import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { OcrEngine, OcrResult } from '../ocr-engine';
import { DEFAULT_PADDLE_SETTINGS, NATIVE_RUNTIME, type PaddleSettings } from './pipeline';
import type { ReadReply, ReadRequest } from './worker';

/** The engine could not start here (no native ONNX runtime for this platform, models missing). */
export class OcrEngineUnavailableError extends Error {}

/**
 * onnxruntime-node's binding registers itself once per process, when the library is first
 * opened: loaded only in worker threads, it is unloaded with the last of them, and the next
 * worker's load fails ("Module did not self-register"). Holding it open here keeps it loaded
 * for every worker to come.
 */
let runtimeHeld = false;
function holdNativeRuntime(): void {
  if (runtimeHeld) return;
  try {
    // Node's own require (not a test runner's module registry): the load is the process's.
    createRequire(__filename)(NATIVE_RUNTIME);
    runtimeHeld = true;
  } catch (error) {
    throw new OcrEngineUnavailableError(
      `The ONNX runtime cannot load here: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function workerScript(): string {
  const compiled = join(__dirname, 'worker.js');
  if (existsSync(compiled)) return compiled;
  // Under ts-jest this module runs from src/; a worker thread needs the compiled file.
  return join(__dirname, '..', '..', '..', 'dist', 'src', 'receipts', 'paddle', 'worker.js');
}

/**
 * One PaddleOCR engine: a worker thread holding its own ONNX sessions (one core each), so
 * detection and recognition never block the service's event loop. The pool gives it one image
 * at a time and terminates it when a read overruns.
 */
export async function startPaddleEngine(
  settings: PaddleSettings = DEFAULT_PADDLE_SETTINGS,
): Promise<OcrEngine> {
  holdNativeRuntime();
  const worker = new Worker(workerScript(), { workerData: { settings } });
  const waiting = new Map<number, { resolve(r: OcrResult): void; reject(e: Error): void }>();
  let nextId = 0;
  let dead: Error | undefined;

  const fail = (error: Error) => {
    dead ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: ReadReply) => {
      if ('ready' in reply) resolve();
      else if ('failed' in reply) reject(new OcrEngineUnavailableError(reply.failed));
      else reject(new OcrEngineUnavailableError('The OCR worker answered before it was ready'));
    });
    worker.once('error', (error) => reject(new OcrEngineUnavailableError(error.message)));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  worker.on('message', (reply: ReadReply) => {
    if (!('id' in reply)) return;
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('error' in reply) w.reject(new Error(reply.error));
    else w.resolve({ text: reply.text, confidence: reply.confidence });
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`The OCR worker exited (code ${code})`)));

  return {
    recognize(image: Buffer): Promise<OcrResult> {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise<OcrResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, image } satisfies ReadRequest);
      });
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
