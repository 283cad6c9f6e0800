/**
 * Documents benchmark (issue 8) on the embedded stack in a child process (stack-process.js:
 * gateway and every service, OCR pool included, its own event loop and memory):
 *
 * 1. analyze: receipt photos (generated JPEGs, each different, some slanted, faded or blurred)
 *    uploaded, then `POST /api/receipts/analyze` for each with DOCS_BENCH_CONCURRENCY requests
 *    in flight; documents per second and p50/p95 latency; 503 OVERLOADED answers are counted
 *    and retried after their Retry-After.
 * 2. memory: DOCS_BENCH_UPLOADS concurrent uploads of DOCS_BENCH_UPLOAD_MB each; the stack
 *    process's resident memory before, at its peak (sampled every 100 ms) and after.
 *
 *   node tools/bench/dist/documents-bench.js
 *
 * Env: DOCS_BENCH_DOCS (default 40), DOCS_BENCH_CONCURRENCY (default 4), DOCS_BENCH_UPLOADS
 * (default 20), DOCS_BENCH_UPLOAD_MB (default 20), READ_CONCURRENCY / READ_QUEUE (the
 * documents service's pool, defaults 2 / 16). Prints the figures as JSON and writes
 * tools/bench/results/documents-latest.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Cleanups, nearestRank, runBench, startBenchStack } from './proc';

const DOCS = Number(process.env.DOCS_BENCH_DOCS ?? 40);
const CONCURRENCY = Number(process.env.DOCS_BENCH_CONCURRENCY ?? 4);
const UPLOADS = Number(process.env.DOCS_BENCH_UPLOADS ?? 20);
const UPLOAD_MB = Number(process.env.DOCS_BENCH_UPLOAD_MB ?? 20);
const RESULTS = join(__dirname, '..', 'results');

const MERCHANTS = [
  'BLUE GUM CAFE',
  'CORNER HARDWARE',
  'METRO PHARMACY',
  'CITY BOOKS',
  'FRESH MART',
];

/** A receipt photo: a different merchant, items and total each time; some slanted and faded. */
async function receiptPhoto(i: number): Promise<{ bytes: Buffer; total: string }> {
  const items = Array.from({ length: 3 + (i % 5) }, (_, k) => ({
    name: ['Coffee', 'Muffin', 'Batteries', 'Tape', 'Notebook', 'Bread', 'Milk'][(i + k) % 7],
    cents: 150 + ((i * 37 + k * 91) % 2400),
  }));
  const totalCents = items.reduce((s, it) => s + it.cents, 0);
  const money = (c: number) => (c / 100).toFixed(2);
  const gst = Math.round(totalCents / 11);
  const lines = [
    MERCHANTS[i % MERCHANTS.length],
    `${String(1 + (i % 28)).padStart(2, '0')}/0${1 + (i % 9)}/2026 10:${String(i % 60).padStart(2, '0')}`,
    ...items.map((it) => `${it.name.padEnd(14)} ${money(it.cents).padStart(8)}`),
    `GST included   ${money(gst).padStart(8)}`,
    `TOTAL          ${money(totalCents).padStart(8)}`,
    'EFTPOS',
  ];
  const height = lines.length * 44 + 80;
  const ink = i % 3 === 2 ? '#777' : '#222'; // thermal-paper fade on every third
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${height}"><rect width="100%" height="100%" fill="#f3efe4"/>${lines
    .map(
      (l, k) =>
        `<text x="40" y="${70 + k * 44}" font-family="DejaVu Sans Mono, monospace" font-size="26" fill="${ink}" xml:space="preserve">${l}</text>`,
    )
    .join('')}</svg>`;
  let image = sharp(Buffer.from(svg)).rotate((i % 5) - 2, { background: '#f3efe4' });
  if (i % 4 === 3) image = image.blur(0.8);
  return { bytes: await image.jpeg({ quality: 75 }).toBuffer(), total: money(totalCents) };
}

interface Uploaded {
  assetUrl: string;
  mimeType: string;
  size: number;
  sha256: string;
}

async function upload(
  url: string,
  token: string,
  files: { name: string; bytes: Buffer | Blob; type: string }[],
): Promise<Uploaded[]> {
  const form = new FormData();
  for (const f of files)
    form.append(
      'files',
      f.bytes instanceof Blob ? f.bytes : new Blob([new Uint8Array(f.bytes)], { type: f.type }),
      f.name,
    );
  const res = await fetch(`${url}/api/chat/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { files: Uploaded[] } }).data.files;
}

const cleanups = new Cleanups();

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const stack = await startBenchStack({
    tag: 'documents-bench',
    cleanups,
    env: { UPLOAD_MAX_FILE_BYTES: String(Math.max(UPLOAD_MB, 20) * 1024 * 1024) },
    execArgv: ['--expose-gc'],
  });
  const { url, token } = stack;

  // 1. Analyze throughput and latency.
  const photos = await Promise.all(Array.from({ length: DOCS }, (_, i) => receiptPhoto(i)));
  const assets: Uploaded[] = [];
  for (let i = 0; i < photos.length; i += 10)
    assets.push(
      ...(await upload(
        url,
        token,
        photos.slice(i, i + 10).map((p, k) => ({
          name: `receipt-${i + k}.jpg`,
          bytes: p.bytes,
          type: 'image/jpeg',
        })),
      )),
    );
  const latencies: number[] = [];
  let overloaded = 0;
  let totalsRight = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < assets.length) {
        const index = next++;
        const a = assets[index];
        for (;;) {
          const t0 = performance.now();
          const res = await fetch(`${url}/api/receipts/analyze`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(a),
          });
          const body = (await res.json()) as { data?: { extracted: { total: number | null } } };
          if (res.status === 503) {
            overloaded++;
            await new Promise((r) =>
              setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000),
            );
            continue;
          }
          if (res.status !== 200) throw new Error(`analyze answered ${res.status}`);
          latencies.push(performance.now() - t0);
          if (body.data?.extracted.total?.toFixed(2) === photos[index].total) totalsRight++;
          break;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);

  // 2. Memory under concurrent large uploads (random bytes behind a PNG signature).
  const before = (await stack.memory())?.memory.rss ?? NaN;
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await stack.memory();
      if (m) peak = Math.max(peak, m.memory.rss);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const big = new Blob(
    [
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      randomBytes(UPLOAD_MB * 1024 * 1024 - 16),
    ],
    { type: 'image/png' },
  );
  const uploadStarted = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) =>
      upload(url, token, [{ name: `big-${i}.png`, bytes: big, type: 'image/png' }]),
    ),
  );
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  sampling = false;
  await sampler;
  const after = (await stack.memory())?.memory.rss ?? NaN;

  const mb = (b: number) => Math.round(b / (1024 * 1024));
  const result = {
    machine: { cpus: cpus().length, loadavgAtEnd: loadavg().map((l) => l.toFixed(2)) },
    analyze: {
      documents: DOCS,
      concurrency: CONCURRENCY,
      documentsPerSecond: Number((DOCS / elapsed).toFixed(2)),
      p50Ms: Math.round(nearestRank(latencies, 50)),
      p95Ms: Math.round(nearestRank(latencies, 95)),
      maxMs: Math.round(latencies[latencies.length - 1]),
      overloadedAnswers: overloaded,
      totalsRight: `${totalsRight}/${DOCS}`,
    },
    uploads: {
      concurrent: UPLOADS,
      megabytesEach: UPLOAD_MB,
      seconds: Number(uploadSeconds.toFixed(2)),
      megabytesPerSecond: Math.round((UPLOADS * UPLOAD_MB) / uploadSeconds),
      stackRssMbBefore: mb(before),
      stackRssMbPeak: mb(peak),
      stackRssMbAfter: mb(after),
    },
  };
  writeFileSync(join(RESULTS, 'documents-latest.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
}

runBench({ tag: 'documents-bench', main, cleanups, log: (line) => console.log(line) });
