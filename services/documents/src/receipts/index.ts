import { AppError, type Logger } from '@pfs/kit';
import sharp from 'sharp';
import type { DocumentReader, ReadResult } from '../reader';
import { extractReceipt } from './extract';
import { OcrPool } from './ocr-pool';
import { PdfUnreadableError, readPdfContent } from './pdf-text';

export { extractReceipt, isValidAbn } from './extract';
export { OcrPool } from './ocr-pool';

/**
 * The document reader of the service: text straight from plain-text receipts and from a PDF's
 * text layer, OCR (Tesseract, in a bounded pool) for photos, scans and image-only PDFs; then
 * the pure extraction. Nothing leaves the machine.
 */
export interface DocumentReaderOptions {
  concurrency: number;
  queueLimit: number;
  timeoutMs?: number;
  logger?: Logger;
}

/** Pages of a PDF read: receipts and invoices are short, statements are not receipts. */
const MAX_PDF_PAGES = 5;
/** A text layer shorter than this is a scan with at most a stamp of text on it. */
const MIN_TEXT_LAYER = 20;
/** Tesseract reads receipts best with text 20–40 px high: width ~1600–2400 px for a receipt. */
const TARGET_WIDTH = 2000;
const MIN_WIDTH = 1000;

/** Upright, grey, evenly lit and a readable size: what Tesseract's LSTM model was trained on. */
export async function prepareForOcr(input: Buffer | sharp.Sharp): Promise<Buffer> {
  const image = Buffer.isBuffer(input) ? sharp(input, { failOn: 'error' }) : input;
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? TARGET_WIDTH;
  let pipeline = image.rotate().grayscale().normalise();
  if (width > TARGET_WIDTH) pipeline = pipeline.resize({ width: TARGET_WIDTH });
  else if (width < MIN_WIDTH) pipeline = pipeline.resize({ width: MIN_WIDTH, kernel: 'lanczos3' });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

export function createDocumentReader(options: DocumentReaderOptions): DocumentReader {
  const pool = new OcrPool(options);

  async function ocrImage(bytes: Buffer): Promise<{ text: string; confidence: number }> {
    const prepared = await prepareForOcr(bytes);
    return pool.recognize(prepared);
  }

  async function readPdf(bytes: Buffer, warnings: string[]) {
    let content;
    try {
      content = await readPdfContent(bytes, {
        maxPages: MAX_PDF_PAGES,
        minText: MIN_TEXT_LAYER,
        timeoutMs: options.timeoutMs ?? 60_000,
      });
    } catch (error) {
      if (error instanceof PdfUnreadableError)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The PDF could not be read: ${error.message}`);
      throw error;
    }
    if (content.numPages > MAX_PDF_PAGES)
      warnings.push(`Only the first ${MAX_PDF_PAGES} of ${content.numPages} pages were read`);
    const layer = content.pages.map((p) => p.text).join('\n');
    if (layer.replace(/\s/g, '').length >= MIN_TEXT_LAYER) return { text: layer, confidence: 100 };
    // A scan: OCR the largest image of each page.
    const parts: { text: string; confidence: number }[] = [];
    for (const { image } of content.pages) {
      if (!image) continue;
      const raw = sharp(Buffer.from(image.data), {
        raw: { width: image.width, height: image.height, channels: image.channels },
      });
      parts.push(await pool.recognize(await prepareForOcr(sharp(await raw.png().toBuffer()))));
    }
    if (!parts.length) {
      warnings.push('The PDF has neither a text layer nor a scanned image to read');
      return { text: layer, confidence: 0 };
    }
    warnings.push('The PDF is a scan: its text was read by OCR');
    const confidence = parts.reduce((s, p) => s + p.confidence, 0) / parts.length;
    return { text: parts.map((p) => p.text).join('\n'), confidence };
  }

  return {
    async read({ bytes, mimeType, countryCode }): Promise<ReadResult> {
      const warnings: string[] = [];
      let source: { text: string; confidence: number };
      if (mimeType === 'text/plain') {
        source = { text: bytes.toString('utf8').replace(/^\uFEFF/, ''), confidence: 100 };
      } else if (mimeType === 'application/pdf') {
        source = await readPdf(bytes, warnings);
      } else {
        try {
          source = await ocrImage(bytes);
        } catch (error) {
          if (error instanceof AppError) throw error;
          // libvips without an HEVC decoder cannot open most iPhone HEIC photos; other images
          // that fail here passed sniffing but are truncated or corrupt.
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            mimeType === 'image/heic'
              ? 'HEIC photos cannot be read here; upload the receipt as JPEG or PNG'
              : `The ${mimeType} image could not be decoded: it may be truncated or corrupt`,
          );
        }
        if (source.confidence < 50)
          warnings.push(
            `The image was hard to read (OCR confidence ${Math.round(source.confidence)}%): check the figures`,
          );
      }
      const { extracted, warnings: extractionWarnings } = extractReceipt(source.text, {
        countryCode,
        textConfidence: source.confidence,
      });
      return { extracted, text: source.text, warnings: [...warnings, ...extractionWarnings] };
    },
    close: () => pool.close(),
  };
}
