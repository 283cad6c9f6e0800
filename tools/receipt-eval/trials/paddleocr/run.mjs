#!/usr/bin/env node
/**
 * PaddleOCR (PP-OCRv4 via @gutenye/ocr-node + onnxruntime-node 1.17.3) on the 32 held-out SROIE
 * scans, scored with our extraction (services/documents dist) and tools/receipt-eval/src/score.ts
 * (transpiled to build/score.js), like evaluateImages does (countryCode 'MY').
 *
 *   node run.mjs            # OCR all 32 (one at a time, after a warm-up), write out/<id>.txt, score
 *   node run.mjs --lib      # use ocr.detect()'s own line grouping instead of our reading order
 *   node run.mjs --score-only   # rescore existing out/*.txt (and the dataset text of the same ids)
 *   --fix-datetime             # (scoring variant) put back the space PP-OCR drops between a date
 *                              # and the time glued after it: "25/12/20188:13:39PM", "03Mar201818:22"
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The repository's compiled CommonJS (the extraction, TypeScript, the transpiled scorer).
const load = createRequire(import.meta.url);

// The repository root (this folder is tools/receipt-eval/trials/paddleocr).
const MAIN = path.resolve(here, '../../../..');
const DATA = path.join(MAIN, 'tools/receipt-eval/data/sroie');
const IMG = path.join(DATA, 'img');
const OUT = path.join(here, process.argv.includes('--lib') ? 'out-lib' : 'out');

// score.ts transpiled as-is (typescript.transpileModule) to build/score.js
function ensureScore() {
  const dst = path.join(here, 'build/score.js');
  if (!fs.existsSync(dst)) {
    const ts = load(path.join(MAIN, 'node_modules/typescript'));
    const src = fs.readFileSync(path.join(MAIN, 'tools/receipt-eval/src/score.ts'), 'utf8');
    const out = ts.transpileModule(src, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    fs.writeFileSync(dst, out.outputText);
  }
  return load(dst);
}
const { score } = ensureScore();
const { extractReceipt } = load(path.join(MAIN, 'services/documents/dist/src/receipts/extract.js'));

const keys = new Map(
  fs
    .readFileSync(path.join(DATA, 'test.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .map((d) => [d.id, d]),
);
const files = fs
  .readdirSync(IMG)
  .filter((f) => f.endsWith('.jpg'))
  .sort();

/** Reading order: boxes whose vertical centres are within half a line height are one line. */
function readingOrder(items) {
  const boxes = items
    .filter((it) => it.text.trim())
    .map((it) => {
      const xs = it.box.map((p) => p[0]);
      const ys = it.box.map((p) => p[1]);
      const top = Math.min(...ys);
      const bottom = Math.max(...ys);
      return {
        text: it.text.trim(),
        left: Math.min(...xs),
        cy: (top + bottom) / 2,
        h: bottom - top,
      };
    })
    .sort((a, b) => a.cy - b.cy);
  const lines = [];
  for (const b of boxes) {
    const line = lines.at(-1);
    // half the line height: the smaller of this box's and the line's first box's heights
    if (line && Math.abs(b.cy - line.cy) < Math.min(b.h, line.h) / 2) line.boxes.push(b);
    else lines.push({ cy: b.cy, h: b.h, boxes: [b] });
  }
  return lines
    .map((l) =>
      l.boxes
        .sort((a, b) => a.left - b.left)
        .map((b) => b.text)
        .join('   '),
    )
    .join('\n');
}

/** PP-OCRv4 (Chinese rec model) often drops the space between a date and the time after it. */
function fixDateTime(text) {
  return text
    .replace(/(\b\d{1,2}[/.-]\d{1,2}[/.-](?:20\d{2}|\d{2}))(?=\d{1,2}:\d{2})/g, '$1 ')
    .replace(/(\b\d{1,2}\s?[A-Za-z]{3}\s?(?:20\d{2}|\d{2}))(?=\d{1,2}:\d{2})/g, '$1 ');
}

function scoreText(text, id, confidence = 100) {
  const { extracted } = extractReceipt(text, { countryCode: 'MY', textConfidence: confidence });
  return { extracted, s: score(extracted, keys.get(id).key) };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const share = (n, of) => `${n}/${of} (${Math.round((n / of) * 1000) / 10}%)`;

async function ocrAll() {
  // importing the package registers its Node backend (sharp, onnxruntime-node)
  const Ocr = (await import('@gutenye/ocr-node')).default;
  const models = await import(
    pathToFileURL(path.join(here, 'node_modules/@gutenye/ocr-common/build/models/index.js')).href
  );
  const lib = process.argv.includes('--lib');
  const ocr = lib ? await Ocr.create() : null;
  const detection = lib ? null : await models.Detection.create({});
  const recognition = lib ? null : await models.Recognition.create({});

  async function read(file) {
    if (lib) {
      const lines = await ocr.detect(file);
      return { text: lines.map((l) => l.text).join('\n'), means: lines.map((l) => l.mean) };
    }
    // Same pipeline as ocr.detect, but recognising each detected box on its own so that the
    // library's own line grouping (afAfRec) is bypassed and we rebuild the reading order.
    const lineImages = await detection.run(file);
    const items = [];
    for (const li of lineImages) items.push(...(await recognition.run([li])));
    return { text: readingOrder(items), means: items.map((i) => i.mean) };
  }

  fs.mkdirSync(OUT, { recursive: true });
  await read(path.join(IMG, files[0])); // warm-up
  const times = {};
  for (const f of files) {
    const id = f.replace('.jpg', '');
    const t0 = performance.now();
    const { text, means } = await read(path.join(IMG, f));
    times[id] = (performance.now() - t0) / 1000;
    const conf = means.length ? (100 * means.reduce((a, b) => a + b, 0)) / means.length : 0;
    fs.writeFileSync(path.join(OUT, `${id}.txt`), text + '\n');
    fs.writeFileSync(path.join(OUT, `${id}.conf`), String(conf));
    process.stderr.write(`${id} ${times[id].toFixed(2)}s\n`);
  }
  fs.writeFileSync(path.join(OUT, 'times.json'), JSON.stringify(times, null, 1));
}

async function main() {
  if (!process.argv.includes('--score-only')) await ocrAll();
  const times = JSON.parse(fs.readFileSync(path.join(OUT, 'times.json'), 'utf8'));
  const sum = {
    ocr: { total: 0, date: 0, merchant: 0 },
    dataset: { total: 0, date: 0, merchant: 0 },
  };
  const rows = [];
  for (const f of files) {
    const id = f.replace('.jpg', '');
    let text = fs.readFileSync(path.join(OUT, `${id}.txt`), 'utf8');
    if (process.argv.includes('--fix-datetime')) text = fixDateTime(text);
    const conf = Number(fs.readFileSync(path.join(OUT, `${id}.conf`), 'utf8'));
    const o = scoreText(text, id, conf);
    const d = scoreText(keys.get(id).text, id);
    for (const k of ['total', 'date', 'merchant']) {
      sum.ocr[k] += Number(o.s[k]);
      sum.dataset[k] += Number(d.s[k]);
    }
    const key = keys.get(id).key;
    rows.push({
      id,
      sec: +times[id].toFixed(2),
      total: `${o.s.total ? 'ok' : 'XX'} ${o.extracted.total} / ${key.total}`,
      date: `${o.s.date ? 'ok' : 'XX'} ${o.extracted.dateISO} / ${key.date}`,
      merchant: `${o.s.merchant ? 'ok' : 'XX'} ${o.extracted.merchant} / ${key.company}`,
    });
  }
  for (const r of rows) console.log(JSON.stringify(r));
  const n = files.length;
  const secs = Object.values(times).sort((a, b) => a - b);
  console.log(`\n${OUT}`);
  for (const part of ['ocr', 'dataset'])
    console.log(
      `${part.padEnd(8)} total ${share(sum[part].total, n)}  date ${share(sum[part].date, n)}  merchant ${share(sum[part].merchant, n)}`,
    );
  console.log(
    `seconds/image: median ${pct(secs, 0.5).toFixed(2)}  p95 ${pct(secs, 0.95).toFixed(2)}  min ${secs[0].toFixed(2)}  max ${secs.at(-1).toFixed(2)}`,
  );
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
