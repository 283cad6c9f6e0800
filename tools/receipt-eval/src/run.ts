import { OCR_ENGINES, type OcrEngineName } from '../../../services/documents/src/receipts';
import {
  evaluateImages,
  evaluateSynthetic,
  evaluateSyntheticText,
  evaluateText,
  SYNTHETIC_SEED,
} from './evaluate';

/**
 * Receipt reading on SROIE: extraction on the dataset's OCR text (dev and held-out parts) and
 * the whole reader on held-out scans with each OCR engine (--no-ocr skips the slow part).
 * --images=DIR reads the held-out scans from DIR (all 157 of a checkout of the dataset's
 * data/img) instead of the 32 kept here; --part=dev scores DIR's dev receipts instead (what
 * the reader was tuned on); --engine=paddle|tesseract runs one engine only. --json for JSON.
 * --save-text=DIR keeps each scan's OCR text; --from-text=DIR (with --part=dev) then scores
 * the extraction on those texts alone, in a second, so extraction rules are tuned without OCR.
 *
 * --synthetic[=N] reads the generated set instead of SROIE's scans (N documents, default 120,
 * seed fixed; --seed=S another): its printed text through extraction alone, then its photos
 * end to end (PaddleOCR); --no-ocr keeps the printed-text part only. SROIE's text parts still
 * print. --synthetic-save=DIR keeps each photo, its OCR text and its key and reading.
 */
function flag(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(): Promise<void> {
  const fromText = flag('from-text');
  if (fromText) {
    const figures = evaluateText(flag('part') === 'dev' ? 'dev' : 'test', fromText);
    console.log(JSON.stringify(figures));
    return;
  }
  const report: Record<string, unknown> = {
    textDev: evaluateText('dev'),
    textHeldOut: evaluateText('test'),
  };
  const imageDir = flag('images');
  const part = flag('part') === 'dev' ? 'dev' : 'test';
  const engines = (flag('engine')?.split(',') ?? OCR_ENGINES) as readonly OcrEngineName[];
  const noOcr = process.argv.includes('--no-ocr');
  const synthetic = process.argv.find((a) => a === '--synthetic' || a.startsWith('--synthetic='));
  if (synthetic) {
    // The generated set instead of SROIE's scans: reported apart (written with the reader).
    const count = synthetic.includes('=') ? Number(synthetic.split('=')[1]) : 120;
    const seed = flag('seed') ? Number(flag('seed')) : SYNTHETIC_SEED;
    if (!Number.isInteger(count) || count < 1) throw new Error(`--synthetic=${count}: a count`);
    report.syntheticText = evaluateSyntheticText({ count, seed });
    if (!noOcr)
      report.syntheticOcr = await evaluateSynthetic({
        count,
        seed,
        saveDir: flag('synthetic-save'),
      });
  } else if (!noOcr)
    for (const engine of engines)
      report[`ocr_${part === 'dev' ? 'dev' : 'heldOut'}_${engine}`] = await evaluateImages({
        engine,
        imageDir,
        part,
        saveTextDir: flag('save-text'),
      });
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else
    for (const [name, figures] of Object.entries(report)) {
      if (!name.startsWith('synthetic')) {
        console.log(`${name.padEnd(12)} ${JSON.stringify(figures)}`);
        continue;
      }
      // A generated set's figures, a group a line, and what it missed.
      const { misses, ...rest } = figures as { misses: unknown[] } & Record<string, unknown>;
      console.log(name);
      for (const [group, value] of Object.entries(rest)) {
        if (value && typeof value === 'object' && !('documents' in value))
          for (const [k, v] of Object.entries(value))
            console.log(`  ${`${group}.${k}`.padEnd(32)} ${JSON.stringify(v)}`);
        else console.log(`  ${group.padEnd(32)} ${JSON.stringify(value)}`);
      }
      console.log(`  misses (${misses.length})`);
      for (const m of misses) console.log(`    ${JSON.stringify(m)}`);
    }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
