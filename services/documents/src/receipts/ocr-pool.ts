import { overloaded, type Logger } from '@pfs/kit';
import type { OcrEngine, OcrResult } from './ocr-engine';

/**
 * A bounded pool of OCR engines (each off the event loop: a worker thread for Tesseract, a
 * process for PaddleOCR). OCR is CPU-bound: more concurrent
 * reads than cores only makes every read slower, so reads beyond `concurrency` wait in a queue
 * of `queueLimit`, and beyond that are refused at once with 503 OVERLOADED and Retry-After
 * instead of piling up until they time out.
 */
export interface OcrPoolOptions {
  concurrency: number;
  queueLimit: number;
  /** Starts one engine; the pool keeps idle engines for the next read. */
  start(): Promise<OcrEngine>;
  /** A read taking longer is abandoned and its engine replaced. */
  timeoutMs?: number;
  /** An engine idle this long is stopped (its memory back); the next read starts one. */
  idleMs?: number;
  logger?: Logger;
}

interface Job {
  image: Buffer;
  resolve(result: OcrResult): void;
  reject(error: unknown): void;
}

export class OcrPool {
  private readonly idle: { engine: OcrEngine; timer: NodeJS.Timeout }[] = [];
  private readonly queue: Job[] = [];
  private busy = 0;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly idleMs: number;

  constructor(private readonly options: OcrPoolOptions) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.idleMs = options.idleMs ?? 5 * 60_000;
  }

  /** Engines running now, reading or idle (for metrics and tests). */
  get engines(): number {
    return this.idle.length + this.busy;
  }

  private takeIdle(): OcrEngine | undefined {
    const entry = this.idle.pop();
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    return entry.engine;
  }

  private keepIdle(engine: OcrEngine): void {
    const entry = {
      engine,
      timer: setTimeout(() => {
        const at = this.idle.indexOf(entry);
        if (at < 0) return;
        this.idle.splice(at, 1);
        void engine.terminate().catch(() => undefined);
      }, this.idleMs),
    };
    entry.timer.unref();
    this.idle.push(entry);
  }

  /** Reads queued or running now (for metrics and tests). */
  get pending(): number {
    return this.queue.length + this.busy;
  }

  recognize(image: Buffer): Promise<OcrResult> {
    if (this.closed) return Promise.reject(new Error('The OCR pool is closed'));
    const capacity = this.options.concurrency + this.options.queueLimit;
    if (this.queue.length + this.busy >= capacity) {
      return Promise.reject(
        overloaded('The receipt reader is busy; try again in a few seconds', 5),
      );
    }
    return new Promise<OcrResult>((resolve, reject) => {
      this.queue.push({ image, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length && this.busy < this.options.concurrency) {
      const job = this.queue.shift()!;
      this.busy++;
      void this.run(job).finally(() => {
        this.busy--;
        this.pump();
      });
    }
  }

  private async run(job: Job): Promise<void> {
    let engine: OcrEngine | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      engine = this.takeIdle() ?? (await this.options.start());
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('OCR timed out')), this.timeoutMs);
      });
      job.resolve(await Promise.race([engine.recognize(job.image), timeout]));
      if (this.closed) await engine.terminate();
      else this.keepIdle(engine);
    } catch (error) {
      // An engine that failed or timed out may be stuck mid-page: never reuse it.
      if (engine) void engine.terminate().catch(() => undefined);
      this.options.logger?.warn({ err: error }, 'OCR failed');
      job.reject(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The OCR pool is closed'));
    await Promise.all(
      this.idle.splice(0).map(({ engine, timer }) => {
        clearTimeout(timer);
        return engine.terminate().catch(() => undefined);
      }),
    );
  }
}
