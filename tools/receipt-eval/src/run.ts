import { evaluateImages, evaluateText } from './evaluate';

/**
 * Receipt reading on SROIE: extraction on the dataset's OCR text (dev and held-out parts) and
 * the whole reader on held-out scans (--no-ocr skips the slow part). --json for JSON.
 */
async function main(): Promise<void> {
  const report: Record<string, unknown> = {
    textDev: evaluateText('dev'),
    textHeldOut: evaluateText('test'),
  };
  if (!process.argv.includes('--no-ocr')) report.ocrHeldOut = await evaluateImages();
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else
    for (const [name, figures] of Object.entries(report))
      console.log(`${name.padEnd(12)} ${JSON.stringify(figures)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
