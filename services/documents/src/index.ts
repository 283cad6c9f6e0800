/** The documents service: uploaded files in the blob store, receipts read, attachments to records. */
export { configSchema, limitsOf, quotasOf, type DocumentsConfig } from './config';
export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type DocumentsDeps } from './server';
export { startDocumentsConsumers, TRANSACTION_DELETED_CONSUMER } from './events';
export type { DocumentReader, ReadResult, ReceiptExtraction } from './reader';
export { createDocumentReader, extractReceipt, type DocumentReaderOptions } from './receipts';
export { ACCEPTED_TYPES, sniffType, declaredMatches } from './domain/sniff';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'documents';
