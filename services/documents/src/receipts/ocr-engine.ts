import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM } from 'tesseract.js';

/**
 * What the OCR pool runs: one engine reads one image at a time; the pool decides how many run
 * at once. Two engines: PaddleOCR (paddle/engine.ts, the default: it keeps the decimal points
 * and digits Tesseract loses on receipt scans) and Tesseract (here: the fallback, and the
 * engine of platforms without the native ONNX runtime).
 */
export interface OcrResult {
  text: string;
  /** Mean confidence, 0–100. */
  confidence: number;
}

export interface OcrEngine {
  recognize(image: Buffer): Promise<OcrResult>;
  terminate(): Promise<void>;
}

export const OCR_ENGINES = ['paddle', 'tesseract'] as const;
export type OcrEngineName = (typeof OCR_ENGINES)[number];

const LANG_PATH = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** Tesseract reads receipts best with text 20–40 px high: width ~1600–2400 px for a receipt. */
const TARGET_WIDTH = 2000;
const MIN_WIDTH = 1000;

/** Upright, grey, evenly lit and a readable size: what Tesseract's LSTM model was trained on. */
export async function prepareForTesseract(input: Buffer): Promise<Buffer> {
  const image = sharp(input, { failOn: 'error' });
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? TARGET_WIDTH;
  let pipeline = image.rotate().grayscale().normalise();
  if (width > TARGET_WIDTH) pipeline = pipeline.resize({ width: TARGET_WIDTH });
  else if (width < MIN_WIDTH) pipeline = pipeline.resize({ width: MIN_WIDTH, kernel: 'lanczos3' });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Tesseract's LSTM engine (WebAssembly in a worker thread); the English model ships in the
 * `@tesseract.js-data/eng` package: no download at run time.
 */
export async function startTesseractEngine(): Promise<OcrEngine> {
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
  return {
    async recognize(image) {
      // rotateAuto straightens a page photographed at a slant (Tesseract's skew estimate).
      const { data } = await worker.recognize(await prepareForTesseract(image), {
        rotateAuto: true,
      });
      return { text: data.text, confidence: data.confidence };
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
