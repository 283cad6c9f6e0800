import { OCR_ENGINES, type OcrEngineName } from '../../../services/documents/src/receipts';
import { evaluateImages, evaluateText } from './evaluate';

/**
 * Receipt reading on SROIE: extraction on the dataset's OCR text (dev and held-out parts) and
 * the whole reader on held-out scans with each OCR engine (--no-ocr skips the slow part).
 * --images=DIR reads the held-out scans from DIR (all 157 of a checkout of the dataset's
 * data/img) instead of the 32 kept here; --part=dev scores DIR's dev receipts instead (what
 * the reader was tuned on); --engine=paddle|tesseract runs one engine only. --json for JSON.
 * --save-text=DIR keeps each scan's OCR text; --from-text=DIR (with --part=dev) then scores
 * the extraction on those texts alone, in a second, so extraction rules are tuned without OCR.
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
  if (!process.argv.includes('--no-ocr'))
    for (const engine of engines)
      report[`ocr_${part === 'dev' ? 'dev' : 'heldOut'}_${engine}`] = await evaluateImages({
        engine,
        imageDir,
        part,
        saveTextDir: flag('save-text'),
      });
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else
    for (const [name, figures] of Object.entries(report))
      console.log(`${name.padEnd(12)} ${JSON.stringify(figures)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
