import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createDocumentReader, OcrEngineUnavailableError } from '../../src/receipts';
import type { DocumentReader } from '../../src/reader';

/**
 * The real reader: PaddleOCR (PP-OCRv4 through onnxruntime-node, in engine processes), HEIC photos decoded by libheif (WebAssembly) and
 * Tesseract (WebAssembly, model from @tesseract.js-data/eng), no network; the PDF text layer
 * through unpdf; the bounded pool's refusal when it is full; the fallback to Tesseract.
 */
const RECEIPT_LINES = [
  'BLUE GUM CAFE',
  'ABN 51 824 753 556',
  '14/03/2026 10:42',
  'Flat white      4.50',
  'Banana bread    6.50',
  'Eggs on toast  22.00',
  'GST included    3.00',
  'TOTAL          33.00',
  'EFTPOS',
];

/** fixtures/README.md says how it was made. */
const HEIC_RECEIPT = readFileSync(join(__dirname, '..', 'fixtures', 'receipt.heic'));

async function receiptPhoto(lines: string[], rotate = 0): Promise<Buffer> {
  const height = lines.length * 44 + 60;
  const text = lines
    .map(
      (l, i) =>
        `<text x="30" y="${60 + i * 44}" font-family="DejaVu Sans Mono, monospace" font-size="26" fill="#222" xml:space="preserve">${l}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/>${text}</svg>`;
  return sharp(Buffer.from(svg))
    .rotate(rotate, { background: '#f4f1ea' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function textPdf(lines: string[]): Buffer {
  const content = `BT /F1 12 Tf 40 760 Td ${lines.map((l) => `(${l}) Tj 0 -16 Td`).join(' ')} ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${o}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe.each(['paddle', 'tesseract'] as const)('OCR with %s', (engine) => {
  let ocr: DocumentReader;
  beforeAll(() => {
    ocr = createDocumentReader({ engine, concurrency: 1, queueLimit: 1 });
  });
  afterAll(() => ocr.close());

  it('reads a photographed receipt', async () => {
    const result = await ocr.read({
      bytes: await receiptPhoto(RECEIPT_LINES),
      mimeType: 'image/jpeg',
      countryCode: 'AU',
    });
    expect(result.text).toMatch(/BLUE GUM CAFE/);
    expect(result.extracted).toMatchObject({
      merchant: expect.stringMatching(/blue gum cafe/i),
      dateISO: '2026-03-14',
      total: '33.00',
      tax: '3.00',
      currency: 'AUD',
      sellerTaxId: 'ABN 51 824 753 556',
    });
    expect(result.extracted.confidence.total).toBeGreaterThan(0.5);
  });

  it('reads a receipt photographed at a slant', async () => {
    const result = await ocr.read({
      bytes: await receiptPhoto(RECEIPT_LINES, 2),
      mimeType: 'image/jpeg',
      countryCode: 'AU',
    });
    expect(result.extracted).toMatchObject({ total: '33.00', dateISO: '2026-03-14' });
  });

  it('reads an iPhone HEIC photo (HEVC, which the libvips shipped with sharp cannot decode)', async () => {
    const result = await ocr.read({
      bytes: HEIC_RECEIPT,
      mimeType: 'image/heic',
      countryCode: 'AU',
    });
    expect(result.extracted).toMatchObject({
      merchant: expect.stringMatching(/harbour newsagency/i),
      dateISO: '2026-03-14',
      total: '17.90',
      tax: '1.63',
    });
  });

  it('reads a PNG with the engine the first read left idle', async () => {
    const result = await ocr.read({
      bytes: await receiptPhoto(['CORNER STORE', '02/04/2026', 'Milk   3.10', 'TOTAL  3.10']),
      mimeType: 'image/png',
      countryCode: 'AU',
    });
    expect(result.extracted.total).toBe('3.10');
  });
});

describe('page orientation (PaddleOCR)', () => {
  let ocr: DocumentReader;
  beforeAll(() => {
    ocr = createDocumentReader({ engine: 'paddle', concurrency: 1, queueLimit: 2 });
  });
  afterAll(() => ocr.close());

  it.each([90, 180, 270])(
    'reads a receipt photographed turned %i° (no EXIF orientation)',
    async (angle) => {
      const result = await ocr.read({
        bytes: await receiptPhoto(RECEIPT_LINES, angle),
        mimeType: 'image/jpeg',
        countryCode: 'AU',
      });
      expect(result.extracted).toMatchObject({
        merchant: expect.stringMatching(/blue gum cafe/i),
        total: '33.00',
        dateISO: '2026-03-14',
      });
    },
  );

  it.each([-7, 5])(
    "reads a receipt photographed at a %i° slant, amounts on their own labels' lines",
    async (angle) => {
      // Tight rows: slanted, the amount of one row sits level with the label of the next.
      const lines = [
        'HARBOUR NEWSAGENCY',
        '14/03/2026 09:41',
        'Sydney Morning Herald           3.50',
        'Pens 4pk                        6.95',
        'Birthday card                   7.45',
        'Subtotal                       17.90',
        'GST included                    1.63',
        'TOTAL                          17.90',
      ];
      const result = await ocr.read({
        bytes: await receiptPhoto(lines, angle),
        mimeType: 'image/jpeg',
        countryCode: 'AU',
      });
      expect(result.text).toMatch(/GST included\s+1\.63/);
      expect(result.extracted).toMatchObject({ total: '17.90', tax: '1.63' });
    },
  );

  it('follows the EXIF orientation of a phone photo', async () => {
    // Pixels stored turned a quarter, with the tag that says how to show them upright.
    const stored = await sharp(await receiptPhoto(RECEIPT_LINES))
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await ocr.read({ bytes: stored, mimeType: 'image/jpeg', countryCode: 'AU' });
    expect(result.extracted.total).toBe('33.00');
  });
});

describe('reader fallback', () => {
  const photo = (total: string) => receiptPhoto(['CORNER STORE', '02/04/2026', `TOTAL  ${total}`]);

  it('reads with Tesseract when PaddleOCR cannot start, and stops trying PaddleOCR', async () => {
    let starts = 0;
    const fallback = createDocumentReader({
      concurrency: 1,
      queueLimit: 2,
      startPaddle: () => {
        starts++;
        return Promise.reject(new OcrEngineUnavailableError('no native runtime here'));
      },
    });
    try {
      for (const total of ['3.10', '4.20']) {
        const result = await fallback.read({
          bytes: await photo(total),
          mimeType: 'image/png',
          countryCode: 'AU',
        });
        expect(result.extracted.total).toBe(total);
      }
      expect(starts).toBe(1);
    } finally {
      await fallback.close();
    }
  });

  it('reads an image with Tesseract when PaddleOCR fails on it', async () => {
    const fallback = createDocumentReader({
      concurrency: 1,
      queueLimit: 2,
      startPaddle: async () => ({
        recognize: () => Promise.reject(new Error('out of memory')),
        terminate: async () => undefined,
      }),
    });
    try {
      const result = await fallback.read({
        bytes: await photo('3.10'),
        mimeType: 'image/png',
        countryCode: 'AU',
      });
      expect(result.extracted.total).toBe('3.10');
    } finally {
      await fallback.close();
    }
  });
});

let reader: DocumentReader;
beforeAll(() => {
  reader = createDocumentReader({ concurrency: 1, queueLimit: 1 });
});
afterAll(() => reader.close());

describe('document reader', () => {
  it('reads an invoice from its PDF text layer without OCR', async () => {
    const result = await reader.read({
      bytes: textPdf([
        'Acme Design Pty Ltd',
        'TAX INVOICE  Invoice No: INV-0042',
        'Invoice date: 02/03/2026',
        'Due date: 16/03/2026',
        'Logo design 1,000.00',
        'GST 10% 100.00',
        'Amount due $1,100.00',
      ]),
      mimeType: 'application/pdf',
      countryCode: 'AU',
    });
    expect(result.extracted).toMatchObject({
      documentType: 'invoice',
      invoiceNumber: 'INV-0042',
      total: '1100.00',
      tax: '100.00',
      dueDateISO: '2026-03-16',
    });
    expect(result.extracted.confidence.total).toBeGreaterThan(0.8);
  });

  it('reads plain text (and strips a byte-order mark)', async () => {
    const result = await reader.read({
      bytes: Buffer.from(`\uFEFF${RECEIPT_LINES.join('\n')}`),
      mimeType: 'text/plain',
      countryCode: 'AU',
    });
    expect(result.extracted.merchant).toBe('BLUE GUM CAFE');
  });

  it('refuses at once with OVERLOADED when the pool and its queue are full', async () => {
    const photo = await receiptPhoto(RECEIPT_LINES);
    const reads = [1, 2, 3].map(() =>
      reader.read({ bytes: photo, mimeType: 'image/jpeg', countryCode: 'AU' }).then(
        () => 'ok',
        (e: { code?: string; details?: { reason?: string; retryAfterSeconds?: number } }) =>
          `${e.code}:${e.details?.reason}:${e.details?.retryAfterSeconds}`,
      ),
    );
    expect((await Promise.all(reads)).sort()).toEqual([
      'SERVICE_UNAVAILABLE:OVERLOADED:5',
      'ok',
      'ok',
    ]);
  });

  it('refuses a PDF it cannot parse with 415', async () => {
    await expect(
      reader.read({
        bytes: Buffer.from('%PDF-1.7\n garbage'),
        mimeType: 'application/pdf',
        countryCode: 'AU',
      }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a truncated HEIC photo with 415', async () => {
    await expect(
      reader.read({
        bytes: HEIC_RECEIPT.subarray(0, 4000),
        mimeType: 'image/heic',
        countryCode: 'AU',
      }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/heic/),
    });
  });

  it('refuses an image it cannot decode with 415 and a reason', async () => {
    await expect(
      reader.read({ bytes: Buffer.from('not an image'), mimeType: 'image/png', countryCode: 'AU' }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/corrupt/),
    });
  });
});
