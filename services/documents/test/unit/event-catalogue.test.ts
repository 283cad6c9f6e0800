import { envelopeSchema, eventTypeSpec, newId } from '@pfs/kit';
import Ajv from 'ajv';
import {
  DOCUMENT_UPLOADED,
  documentUploadedData,
  RECEIPT_ANALYZED,
  receiptAnalyzedData,
} from '../../src/events';
import type { ReceiptExtraction } from '../../src/reader';
import type { FileRow } from '../../src/store/files';

/** What the documents service enqueues matches kit's EVENT_CATALOGUE (the AsyncAPI document). */
const ajv = new Ajv({
  strict: true,
  allErrors: true,
  allowUnionTypes: true,
  validateFormats: false,
});

function check(type: string, data: unknown): void {
  const spec = eventTypeSpec('documents', type);
  expect(spec).toBeDefined();
  const validate = ajv.compile(envelopeSchema(spec!));
  validate({
    id: newId(),
    type,
    source: 'documents',
    userId: newId(),
    occurredAt: new Date().toISOString(),
    data: JSON.parse(JSON.stringify(data)),
  });
  expect(validate.errors ?? []).toEqual([]);
}

const row: FileRow = {
  id: newId(),
  user_id: newId(),
  file_name: `${newId()}.jpg`,
  original_name: 'receipt.jpg',
  mime_type: 'image/jpeg',
  size: '1234',
  sha256: 'a'.repeat(64),
  blob_key: 'k',
  conversation_id: null,
  created_at: new Date(),
};

const extraction = (over: Partial<ReceiptExtraction> = {}): ReceiptExtraction => ({
  merchant: 'Officeworks',
  dateISO: '2025-03-14',
  currency: 'AUD',
  total: '110.00',
  tax: '10.00',
  tip: null,
  lineItems: [],
  subtotal: null,
  taxRate: '0.10',
  sellerTaxId: null,
  invoiceNumber: null,
  dueDateISO: null,
  paymentMethod: null,
  documentType: 'receipt',
  confidence: {},
  taxCheck: { expectedRate: '0.10', consistent: true, message: '' },
  ...over,
});

describe('documents events against the event catalogue', () => {
  it('document.uploaded names the stored file and its asset URL', () => {
    const data = documentUploadedData(row);
    expect(data.assetUrl).toBe(`/api/chat/files/${row.user_id}/${row.file_name}`);
    check(DOCUMENT_UPLOADED, data);
    check(DOCUMENT_UPLOADED, documentUploadedData({ ...row, conversation_id: newId() } as FileRow));
  });

  it('receipt.analyzed carries the main fields, null where nothing was found', () => {
    check(RECEIPT_ANALYZED, receiptAnalyzedData(row, extraction()));
    check(
      RECEIPT_ANALYZED,
      receiptAnalyzedData(
        row,
        extraction({
          merchant: null,
          dateISO: null,
          currency: null,
          total: null,
          tax: null,
          documentType: 'invoice',
        }),
      ),
    );
  });
});
