/**
 * What the service needs of a document reader (src/receipts implements it: OCR and PDF text
 * layer in a bounded worker pool, then extraction). Injected, so tests and the service's
 * wiring choose the implementation.
 */
export interface ReceiptLineItem {
  description: string;
  quantity: string | null;
  unitPrice: string | null;
  amount: string | null;
}

export interface ReceiptExtraction {
  merchant: string | null;
  dateISO: string | null;
  currency: string | null;
  total: string | null;
  tax: string | null;
  tip: string | null;
  lineItems: ReceiptLineItem[];
  subtotal: string | null;
  taxRate: string | null;
  sellerTaxId: string | null;
  invoiceNumber: string | null;
  dueDateISO: string | null;
  paymentMethod: string | null;
  documentType: 'receipt' | 'invoice';
  confidence: Record<string, number>;
  taxCheck: { expectedRate: string | null; consistent: boolean; message: string };
}

export interface ReadResult {
  extracted: ReceiptExtraction;
  text: string;
  warnings: string[];
}

export interface DocumentReader {
  read(input: { bytes: Buffer; mimeType: string; countryCode: string }): Promise<ReadResult>;
  close(): Promise<void>;
}
