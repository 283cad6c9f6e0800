import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentReader, type OcrEngineName } from '../../../services/documents/src/receipts';
import { extractReceipt } from '../../../services/documents/src/receipts/extract';
import type { ReceiptExtraction } from '../../../services/documents/src/reader';
import { score, scoreGenerated, type GeneratedField, type SroieKey } from './score';
import { generateDocuments, printedText, type SyntheticDocument } from './synthetic/generate';
import { renderDocument } from './synthetic/render';

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

/** p50 and p95 of the reads' latencies (nearest rank) and reads per second since `started`. */
function timing(latencies: number[], started: number) {
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
  return {
    p50Ms: pct(0.5),
    p95Ms: pct(0.95),
    documentsPerSecond: Math.round((latencies.length / seconds) * 100) / 100,
  };
}

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
  return {
    engine,
    documents: files.length,
    total: share(total, files.length),
    date: share(date, files.length),
    merchant: share(merchant, files.length),
    // Latency here includes waiting for a worker: all files are queued at once.
    ...timing(latencies, started),
  };
}

// ---------------------------------------------------------------------------------------------
// The generated set (synthetic/): reported apart, because it was written with the reader.

/** The seed of the generated set the README reports. */
export const SYNTHETIC_SEED = 20261126;

const FIELDS: readonly GeneratedField[] = ['total', 'date', 'merchant', 'tax'];

export interface FieldFigures {
  documents: number;
  total: number;
  date: number;
  merchant: number;
  tax: number;
}

export interface Miss {
  id: string;
  field: GeneratedField;
  expected: string | null;
  read: string | null;
  distortions: string[];
}

export interface GeneratedFigures {
  seed: number;
  overall: FieldFigures;
  byCountry: Record<string, FieldFigures>;
  byKind: Record<string, FieldFigures>;
  misses: Miss[];
}

/** Right answers per field, as shares of documents (percent, one decimal). */
class Tally {
  private readonly groups = new Map<string, { n: number } & Record<GeneratedField, number>>();
  add(group: string, s: Record<GeneratedField, boolean>): void {
    const g = this.groups.get(group) ?? { n: 0, total: 0, date: 0, merchant: 0, tax: 0 };
    g.n++;
    for (const f of FIELDS) g[f] += Number(s[f]);
    this.groups.set(group, g);
  }
  figures(group: string): FieldFigures {
    const g = this.groups.get(group) ?? { n: 0, total: 0, date: 0, merchant: 0, tax: 0 };
    const of = (k: number) => (g.n ? share(k, g.n) : 0);
    return {
      documents: g.n,
      total: of(g.total),
      date: of(g.date),
      merchant: of(g.merchant),
      tax: of(g.tax),
    };
  }
  all(prefix: string): Record<string, FieldFigures> {
    return Object.fromEntries(
      [...this.groups.keys()]
        .filter((k) => k.startsWith(prefix))
        .sort()
        .map((k) => [k.slice(prefix.length), this.figures(k)]),
    );
  }
}

/** How far a photo is slanted, in buckets of degrees. */
function slantOf(degrees: number): string {
  const a = Math.abs(degrees);
  return a === 0 ? '0°' : a < 2 ? '1-2°' : a < 4 ? '2-4°' : a < 6 ? '4-6°' : '6-8°';
}

const expectedOf = (d: SyntheticDocument, f: GeneratedField) =>
  f === 'date' ? d.key.dateISO : f === 'merchant' ? d.key.merchant : d.key[f];

function tallyDocument(
  tally: Tally,
  misses: Miss[],
  d: SyntheticDocument,
  extracted: ReceiptExtraction,
): void {
  const s = scoreGenerated(extracted, d.key);
  tally.add('all', s);
  tally.add(`country:${d.key.countryCode}`, s);
  tally.add(`kind:${d.key.kind}`, s);
  for (const name of d.key.distortions.length ? d.key.distortions : ['none'])
    tally.add(`distortion:${name}`, s);
  tally.add(`slant:${slantOf(d.photo.rotationDeg)}`, s);
  for (const f of FIELDS)
    if (!s[f])
      misses.push({
        id: d.key.id,
        field: f,
        expected: expectedOf(d, f),
        read: f === 'date' ? extracted.dateISO : extracted[f],
        distortions: d.key.distortions,
      });
}

/**
 * Extraction alone on the generated documents' printed text (what a perfect OCR would read):
 * no images, in a second. What it misses is the extraction's, not the OCR's.
 */
export function evaluateSyntheticText({
  count = 120,
  seed = SYNTHETIC_SEED,
}: { count?: number; seed?: number } = {}): GeneratedFigures {
  const tally = new Tally();
  const misses: Miss[] = [];
  for (const d of generateDocuments(count, seed)) {
    const width = d.key.kind === 'invoice' ? 72 : 42;
    const { extracted } = extractReceipt(printedText(d, width), { countryCode: d.key.countryCode });
    tallyDocument(tally, misses, d, extracted);
  }
  return {
    seed,
    overall: tally.figures('all'),
    byCountry: tally.all('country:'),
    byKind: tally.all('kind:'),
    misses,
  };
}

export interface SyntheticRun {
  count?: number;
  seed?: number;
  /** PaddleOCR engines (processes) reading at once, and reads in flight (default 2). */
  concurrency?: number;
  /** Writes each document's photo, OCR text and key to DIR/<id>.{jpg,txt,json}. */
  saveDir?: string;
}

/**
 * The whole reader (PaddleOCR, extraction) on generated photos: figures overall, per country,
 * per kind and per distortion. The photos are rendered first (not timed with the reads), then
 * read with `concurrency` reads in flight, so a latency is one read's own time, not a wait in
 * the queue; the first reads include the engines' start.
 */
export async function evaluateSynthetic({
  count = 120,
  seed = SYNTHETIC_SEED,
  concurrency = 2,
  saveDir,
}: SyntheticRun = {}): Promise<
  GeneratedFigures & {
    byDistortion: Record<string, FieldFigures>;
    /** By the photo's slant (a quarter or half turn aside). */
    bySlant: Record<string, FieldFigures>;
    p50Ms: number;
    p95Ms: number;
    documentsPerSecond: number;
    renderSeconds: number;
  }
> {
  const docs = generateDocuments(count, seed);
  const renderStart = performance.now();
  const photos: Buffer[] = [];
  for (const d of docs) photos.push(await renderDocument(d));
  const renderSeconds = Math.round((performance.now() - renderStart) / 100) / 10;
  if (saveDir) mkdirSync(saveDir, { recursive: true });

  const reader = createDocumentReader({ engine: 'paddle', concurrency, queueLimit: count });
  const tally = new Tally();
  const misses: Miss[] = [];
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, concurrency) }, async () => {
        while (next < docs.length) {
          const i = next++;
          const d = docs[i];
          const t0 = performance.now();
          const { extracted, text } = await reader.read({
            bytes: photos[i],
            mimeType: 'image/jpeg',
            countryCode: d.key.countryCode,
          });
          latencies.push(performance.now() - t0);
          tallyDocument(tally, misses, d, extracted);
          if (saveDir) {
            writeFileSync(join(saveDir, `${d.key.id}.jpg`), photos[i]);
            writeFileSync(join(saveDir, `${d.key.id}.txt`), text);
            writeFileSync(
              join(saveDir, `${d.key.id}.json`),
              JSON.stringify({ key: d.key, extracted }, null, 2),
            );
          }
        }
      }),
    );
  } finally {
    await reader.close();
  }
  const timed = timing(latencies, started);
  misses.sort((a, b) => a.id.localeCompare(b.id) || a.field.localeCompare(b.field));
  return {
    seed,
    overall: tally.figures('all'),
    byCountry: tally.all('country:'),
    byKind: tally.all('kind:'),
    byDistortion: tally.all('distortion:'),
    bySlant: tally.all('slant:'),
    ...timed,
    renderSeconds,
    misses,
  };
}
