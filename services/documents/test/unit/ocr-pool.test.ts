import type { OcrEngine } from '../../src/receipts/ocr-engine';
import { OcrPool } from '../../src/receipts/ocr-pool';

/** Engines that answer after `delayMs` with the image's text, counting starts and stops. */
function fakeEngines(delayMs = 5) {
  const counts = { started: 0, terminated: 0 };
  const start = async (): Promise<OcrEngine> => {
    counts.started++;
    return {
      recognize: (image) =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ text: image.toString(), confidence: 90 }), delayMs),
        ),
      terminate: async () => {
        counts.terminated++;
      },
    };
  };
  return { counts, start };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OCR pool', () => {
  it('reuses an idle engine for the next read', async () => {
    const { counts, start } = fakeEngines();
    const pool = new OcrPool({ concurrency: 2, queueLimit: 2, start });
    expect((await pool.recognize(Buffer.from('one'))).text).toBe('one');
    expect((await pool.recognize(Buffer.from('two'))).text).toBe('two');
    expect(counts.started).toBe(1);
    await pool.close();
    expect(counts.terminated).toBe(1);
  });

  it('stops an engine left idle, and starts one again when a read comes', async () => {
    const { counts, start } = fakeEngines();
    const pool = new OcrPool({ concurrency: 1, queueLimit: 1, start, idleMs: 30 });
    await pool.recognize(Buffer.from('a'));
    await sleep(0); // the read's bookkeeping ends just after its answer
    expect(pool.engines).toBe(1);
    await sleep(80);
    expect(pool.engines).toBe(0);
    expect(counts.terminated).toBe(1);
    await pool.recognize(Buffer.from('b'));
    expect(counts.started).toBe(2);
    await pool.close();
  });

  it('refuses at once beyond its engines and queue, with Retry-After', async () => {
    const { start } = fakeEngines(30);
    const pool = new OcrPool({ concurrency: 1, queueLimit: 1, start });
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((t) =>
        pool.recognize(Buffer.from(t)).then(
          (r) => r.text,
          (e: { details?: { reason?: string; retryAfterSeconds?: number } }) =>
            `${e.details?.reason}:${e.details?.retryAfterSeconds}`,
        ),
      ),
    );
    expect(answers).toEqual(['a', 'b', 'OVERLOADED:5']);
    await pool.close();
  });

  it('gives up on a read that overruns and never reuses its engine', async () => {
    const { counts, start } = fakeEngines(200);
    const pool = new OcrPool({ concurrency: 1, queueLimit: 1, start, timeoutMs: 20 });
    await expect(pool.recognize(Buffer.from('slow'))).rejects.toThrow(/timed out/);
    await sleep(0);
    expect(counts.terminated).toBe(1);
    expect(pool.engines).toBe(0);
    await pool.close();
  });
});
