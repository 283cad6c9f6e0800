import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import type { OcrEngine, OcrResult } from '../ocr-engine';
import { DEFAULT_PADDLE_SETTINGS, type PaddleSettings } from './pipeline';
import type { ReadReply, ReadRequest } from './worker';

/** The engine could not start here (no native ONNX runtime for this platform, models missing). */
export class OcrEngineUnavailableError extends Error {}

function workerScript(): string {
  const compiled = join(__dirname, 'worker.js');
  if (existsSync(compiled)) return compiled;
  // Under a test runner this module runs from src/; the engine's process needs compiled code.
  return join(__dirname, '..', '..', '..', 'dist', 'src', 'receipts', 'paddle', 'worker.js');
}

/**
 * One PaddleOCR engine: a child process holding its own ONNX sessions (one core each), so
 * detection and recognition never block the service's event loop, and a fault in the native
 * runtime ends that process, not the service. (Worker threads were tried first: the runtime's
 * binding failed to load in a thread started after another had ended, and memory was corrupted
 * across threads — onnxruntime-node does not support several threads' environments.) The pool
 * gives it one image at a time and kills it when a read overruns.
 */
export async function startPaddleEngine(
  settings: PaddleSettings = DEFAULT_PADDLE_SETTINGS,
): Promise<OcrEngine> {
  const child = fork(workerScript(), [JSON.stringify(settings)], {
    serialization: 'advanced',
    // Not the parent's flags (a test runner's, an inspector's): a plain Node process.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(r: OcrResult): void; reject(e: Error): void }>();
  let nextId = 0;
  let dead: Error | undefined;

  const fail = (error: Error) => {
    dead ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new OcrEngineUnavailableError(`The OCR process exited at start (code ${code})`));
    child.once('exit', early);
    child.once('error', (error) => reject(new OcrEngineUnavailableError(error.message)));
    child.once('message', (reply: ReadReply) => {
      child.off('exit', early);
      if ('ready' in reply) resolve();
      else if ('failed' in reply) reject(new OcrEngineUnavailableError(reply.failed));
      else reject(new OcrEngineUnavailableError('The OCR process answered before it was ready'));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  child.on('message', (reply: ReadReply) => {
    if (!('id' in reply)) return;
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('error' in reply) w.reject(new Error(reply.error));
    else w.resolve({ text: reply.text, confidence: reply.confidence });
  });
  child.on('error', (error) => fail(error));
  child.on('exit', (code, signal) =>
    fail(new Error(`The OCR process exited (${signal ?? `code ${code}`})`)),
  );

  return {
    recognize(image: Buffer): Promise<OcrResult> {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise<OcrResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, image } satisfies ReadRequest);
      });
    },
    async terminate() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
