import { dirname, join } from 'node:path';
import { overloaded, type Logger } from '@pfs/kit';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/**
 * A bounded pool of Tesseract workers (worker threads running the WebAssembly engine). OCR is
 * CPU-bound: more concurrent reads than cores only makes every read slower, so reads beyond
 * `concurrency` wait in a queue of `queueLimit`, and beyond that are refused at once with
 * 503 OVERLOADED and Retry-After instead of piling up until they time out.
 *
 * The English model ships in the `@tesseract.js-data/eng` package: no download at run time.
 */
export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

export interface OcrPoolOptions {
  concurrency: number;
  queueLimit: number;
  /** A read taking longer is abandoned and its worker replaced. */
  timeoutMs?: number;
  logger?: Logger;
}

interface Job {
  image: Buffer;
  resolve(result: OcrResult): void;
  reject(error: unknown): void;
}

const LANG_PATH = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

export class OcrPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private busy = 0;
  private closed = false;
  private readonly timeoutMs: number;

  constructor(private readonly options: OcrPoolOptions) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
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

  private async worker(): Promise<Worker> {
    const ready = this.idle.pop();
    if (ready) return ready;
    {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: LANG_PATH,
        cacheMethod: 'none',
        gzip: true,
      });
      // A receipt is a column of short lines: "single block" reads them in order.
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
        preserve_interword_spaces: '1',
      });
      return worker;
    }
  }

  private async run(job: Job): Promise<void> {
    let worker: Worker | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      worker = await this.worker();
      const current = worker;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('OCR timed out')), this.timeoutMs);
      });
      // rotateAuto straightens a page photographed at a slant (Tesseract's skew estimate).
      const { data } = await Promise.race([current.recognize(job.image, { rotateAuto: true }), timeout]);
      job.resolve({ text: data.text, confidence: data.confidence });
      if (this.closed) await current.terminate();
      else this.idle.push(current);
    } catch (error) {
      // A worker that failed or timed out may be stuck mid-page: never reuse it.
      if (worker) void worker.terminate().catch(() => undefined);
      this.options.logger?.warn({ err: error }, 'OCR failed');
      job.reject(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The OCR pool is closed'));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate().catch(() => undefined)));
  }
}
