import { loadPaddleModels, readWithPaddle, type PaddleSettings } from './pipeline';

/**
 * The process of one PaddleOCR engine (engine.ts forks it): loads the models once, then reads
 * one image per message. Errors go back as messages; the engine decides what to do with them.
 * It ends with its parent (the IPC channel closing).
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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function serve(send: (reply: ReadReply) => void, settings: PaddleSettings): void {
  loadPaddleModels().then(
    (models) => {
      send({ ready: true });
      process.on('message', (request: ReadRequest) => {
        readWithPaddle(models, Buffer.from(request.image), settings).then(
          ({ text, confidence }) => send({ id: request.id, text, confidence }),
          (error: unknown) => send({ id: request.id, error: message(error) }),
        );
      });
    },
    (error: unknown) => send({ failed: message(error) }),
  );
}

if (require.main === module && process.send) {
  const send = process.send.bind(process) as (reply: ReadReply) => boolean;
  process.on('disconnect', () => process.exit(0));
  serve((reply) => void send(reply), JSON.parse(process.argv[2] ?? '{}') as PaddleSettings);
}
