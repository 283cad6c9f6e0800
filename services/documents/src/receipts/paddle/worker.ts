import { parentPort, workerData } from 'node:worker_threads';
import { loadPaddleModels, readWithPaddle, type PaddleSettings } from './pipeline';

/**
 * The worker thread of one PaddleOCR engine (engine.ts): loads the models once, then reads one
 * image per message. Errors go back as messages; the engine decides what to do with them.
 */
export interface ReadRequest {
  id: number;
  image: Uint8Array;
}

export type ReadReply =
  | { id: number; text: string; confidence: number }
  | { id: number; error: string }
  | { ready: true }
  | { failed: string };

if (parentPort) {
  const port = parentPort;
  const settings = (workerData as { settings: PaddleSettings }).settings;
  loadPaddleModels().then(
    (models) => {
      port.postMessage({ ready: true } satisfies ReadReply);
      port.on('message', (request: ReadRequest) => {
        readWithPaddle(models, Buffer.from(request.image), settings).then(
          ({ text, confidence }) =>
            port.postMessage({ id: request.id, text, confidence } satisfies ReadReply),
          (error: unknown) =>
            port.postMessage({
              id: request.id,
              error: error instanceof Error ? error.message : String(error),
            } satisfies ReadReply),
        );
      });
    },
    (error: unknown) =>
      port.postMessage({
        failed: error instanceof Error ? error.message : String(error),
      } satisfies ReadReply),
  );
}
