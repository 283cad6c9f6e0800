import { AppError, type Logger } from '@pfs/kit';
import sharp from 'sharp';
import type { DocumentReader, ReadResult } from '../reader';
import { extractReceipt } from './extract';
import { heicToPng } from './heic';
import { startTesseractEngine, type OcrEngineName, type OcrResult } from './ocr-engine';
import { OcrPool, type OcrPoolOptions } from './ocr-pool';
import { OcrEngineUnavailableError, startPaddleEngine } from './paddle/engine';
import { PdfUnreadableError, readPdfContent } from './pdf-text';

export { extractReceipt, isValidAbn } from './extract';
export { OcrPool } from './ocr-pool';
export { OCR_ENGINES, type OcrEngine, type OcrEngineName } from './ocr-engine';
export { OcrEngineUnavailableError } from './paddle/engine';

/**
 * The document reader of the service: text straight from plain-text receipts and from a PDF's
 * text layer, OCR (in a bounded pool) for photos, scans and image-only PDFs; then the pure
 * extraction. Nothing leaves the machine.
 *
 * OCR is PaddleOCR's PP-OCRv4 by default; Tesseract reads instead where the native ONNX
 * runtime cannot start (the first failure switches the reader over for good) and for an image
 * PaddleOCR fails on.
 */
export interface DocumentReaderOptions {
  /** The OCR engine to try first (default paddle). */
  engine?: OcrEngineName;
  /** Starts a PaddleOCR engine (tests replace it to see the fallback work). */
  startPaddle?: OcrPoolOptions['start'];
  concurrency: number;
  queueLimit: number;
  /** Engines idle this long are stopped (default 5 minutes). */
  idleMs?: number;
  timeoutMs?: number;
  logger?: Logger;
}

/** Pages of a PDF read: receipts and invoices are short, statements are not receipts. */
const MAX_PDF_PAGES = 5;
/** A text layer shorter than this is a scan with at most a stamp of text on it. */
const MIN_TEXT_LAYER = 20;
export function createDocumentReader(options: DocumentReaderOptions): DocumentReader {
  const poolOf = (start: OcrPoolOptions['start']) => new OcrPool({ ...options, start });
  let paddle =
    (options.engine ?? 'paddle') === 'paddle'
      ? poolOf(options.startPaddle ?? (() => startPaddleEngine()))
      : null;
  let tesseract: OcrPool | null = null;
  const tesseractPool = () => (tesseract ??= poolOf(startTesseractEngine));

  async function ocrImage(bytes: Buffer): Promise<OcrResult> {
    if (paddle) {
      try {
        return await paddle.recognize(bytes);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof OcrEngineUnavailableError) {
          options.logger?.warn(
            { err: error },
            'PaddleOCR cannot start here: reading with Tesseract',
          );
          const closing = paddle;
          paddle = null;
          void closing.close();
        } else {
          options.logger?.warn(
            { err: error },
            'PaddleOCR failed on an image: reading it with Tesseract',
          );
        }
      }
    }
    return tesseractPool().recognize(bytes);
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
    const parts: OcrResult[] = [];
    for (const { image } of content.pages) {
      if (!image) continue;
      const raw = sharp(Buffer.from(image.data), {
        raw: { width: image.width, height: image.height, channels: image.channels },
      });
      parts.push(await ocrImage(await raw.png().toBuffer()));
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
          source = await ocrImage(
            mimeType === 'image/heic' ? await heicToPng(bytes, options.timeoutMs) : bytes,
          );
        } catch (error) {
          if (error instanceof AppError) throw error;
          // Images that fail here passed sniffing but are truncated or corrupt.
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            `The ${mimeType} image could not be decoded: it may be truncated or corrupt`,
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
    close: async () => {
      await Promise.all([paddle?.close(), tesseract?.close()]);
    },
  };
}
