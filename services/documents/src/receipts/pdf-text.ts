import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';

/**
 * A PDF's text layer (and, for scans, each page's largest image), read by PDF.js in a worker
 * thread of its own: parsing untrusted PDFs is CPU-bound and has hung parsers before, so it
 * runs off the event loop, under a time limit, and is terminated when it overruns.
 *
 * The worker loads unpdf's PDF.js bundle with Node's require() (an ES module; Node 22.12+),
 * which also keeps it clear of module systems that cannot import() (jest's VM).
 */
export interface PdfPage {
  text: string;
  image?: { data: Uint8Array; width: number; height: number; channels: 1 | 3 | 4 };
}

export interface PdfContent {
  numPages: number;
  pages: PdfPage[];
}

const PDFJS_BUNDLE = join(dirname(require.resolve('unpdf')), 'pdfjs.mjs');
const UNPDF = require.resolve('unpdf');

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const unpdf = require(workerData.unpdf);
(async () => {
  await unpdf.definePDFJSModule(async () => require(workerData.pdfjs));
  const pdf = await unpdf.getDocumentProxy(new Uint8Array(workerData.bytes), { verbosity: 0 });
  const numPages = pdf.numPages;
  const count = Math.min(numPages, workerData.maxPages);
  const { text } = await unpdf.extractText(pdf, { mergePages: false });
  const pages = [];
  for (let i = 0; i < count; i++) {
    const page = { text: text[i] || '' };
    if (page.text.replace(/\\s/g, '').length < workerData.minText) {
      const images = await unpdf.extractImages(pdf, i + 1);
      images.sort((a, b) => b.width * b.height - a.width * a.height);
      if (images[0]) page.image = { data: images[0].data, width: images[0].width, height: images[0].height, channels: images[0].channels };
    }
    pages.push(page);
  }
  parentPort.postMessage({ numPages, pages });
})().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

export class PdfUnreadableError extends Error {}

export function readPdfContent(
  bytes: Buffer,
  options: { maxPages: number; minText: number; timeoutMs: number },
): Promise<PdfContent> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes, unpdf: UNPDF, pdfjs: PDFJS_BUNDLE, ...options },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new PdfUnreadableError('The PDF took too long to read'));
    }, options.timeoutMs);
    worker.once('message', (message: PdfContent | { error: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if ('error' in message) reject(new PdfUnreadableError(message.error));
      else resolve(message);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new PdfUnreadableError(error.message));
    });
  });
}
