import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentReader, type OcrEngineName } from '../../../services/documents/src/receipts';
import { extractReceipt } from '../../../services/documents/src/receipts/extract';
import { score, type SroieKey } from './score';

const DATA = join(__dirname, '..', '..', '..', '..', 'data', 'sroie');
/** The data folder, whether run from src (jest) or from dist (node). */
function dataDir(): string {
  const fromSrc = join(__dirname, '..', 'data', 'sroie');
  try {
    readdirSync(fromSrc);
    return fromSrc;
  } catch {
    return DATA;
  }
}

export interface Doc {
  id: string;
  key: SroieKey;
  text: string;
}

export function load(part: 'dev' | 'test'): Doc[] {
  return readFileSync(join(dataDir(), `${part}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Doc);
}

export interface Figures {
  documents: number;
  total: number;
  date: number;
  merchant: number;
}

const share = (n: number, of: number) => Math.round((n / of) * 1000) / 10;

/**
 * Extraction alone, on the dataset's own OCR text (reading order rebuilt from its boxes), or
 * on the OCR text of its scans saved by an earlier run (textDir/<id>.txt).
 */
export function evaluateText(
  part: 'dev' | 'test',
  textDir?: string,
): Figures & { missed?: string[] } {
  const docs = load(part)
    .map((d) => {
      if (!textDir) return d;
      try {
        return { ...d, text: readFileSync(join(textDir, `${d.id}.txt`), 'utf8') };
      } catch {
        return null;
      }
    })
    .filter((d): d is Doc => d !== null);
  const missed: string[] = [];
  let total = 0;
  let date = 0;
  let merchant = 0;
  for (const d of docs) {
    const s = score(extractReceipt(d.text, { countryCode: 'MY' }).extracted, d.key);
    if (!s.total || !s.date || !s.merchant)
      missed.push(`${d.id}:${s.total ? '' : 'T'}${s.date ? '' : 'D'}${s.merchant ? '' : 'M'}`);
    total += Number(s.total);
    date += Number(s.date);
    merchant += Number(s.merchant);
  }
  return {
    documents: docs.length,
    total: share(total, docs.length),
    date: share(date, docs.length),
    merchant: share(merchant, docs.length),
    ...(textDir ? { missed } : {}),
  };
}

export interface ImageRun {
  /** OCR engine tried first (the service's default: paddle). */
  engine?: OcrEngineName;
  /** Scans named <id>.jpg; default the 32 held-out ones kept in data/sroie/img. */
  imageDir?: string;
  /** Whose keys score the scans: the held-out part (default) or the dev part (for tuning). */
  part?: 'dev' | 'test';
  concurrency?: number;
  /** Writes each scan's OCR text to DIR/<id>.txt, for tuning extraction without OCR again. */
  saveTextDir?: string;
}

/** The whole reader (OCR, extraction) on scans, as the documents service reads them. */
export async function evaluateImages({
  engine = 'paddle',
  imageDir,
  part = 'test',
  concurrency = 2,
  saveTextDir,
}: ImageRun = {}): Promise<
  Figures & { engine: OcrEngineName; p50Ms: number; p95Ms: number; documentsPerSecond: number }
> {
  const keys = new Map(load(part).map((d) => [d.id, d.key]));
  const dir = imageDir ?? join(dataDir(), 'img');
  // Only the part's receipts count, whatever else the folder holds.
  const files = readdirSync(dir).filter(
    (f) => f.endsWith('.jpg') && keys.has(f.replace('.jpg', '')),
  );
  const reader = createDocumentReader({ engine, concurrency, queueLimit: files.length });
  if (saveTextDir) mkdirSync(saveTextDir, { recursive: true });
  const latencies: number[] = [];
  let total = 0;
  let date = 0;
  let merchant = 0;
  const started = performance.now();
  try {
    await Promise.all(
      files.map(async (f) => {
        const t0 = performance.now();
        const { extracted, text } = await reader.read({
          bytes: readFileSync(join(dir, f)),
          mimeType: 'image/jpeg',
          countryCode: 'MY',
        });
        latencies.push(performance.now() - t0);
        if (saveTextDir) writeFileSync(join(saveTextDir, f.replace('.jpg', '.txt')), text);
        const s = score(extracted, keys.get(f.replace('.jpg', '')) ?? {});
        total += Number(s.total);
        date += Number(s.date);
        merchant += Number(s.merchant);
      }),
    );
  } finally {
    await reader.close();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]);
  return {
    engine,
    documents: files.length,
    total: share(total, files.length),
    date: share(date, files.length),
    merchant: share(merchant, files.length),
    // Latency here includes waiting for a worker: all files are queued at once.
    p50Ms: pct(0.5),
    p95Ms: pct(0.95),
    documentsPerSecond: Math.round((files.length / seconds) * 100) / 100,
  };
}
