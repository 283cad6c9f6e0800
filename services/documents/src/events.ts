import {
  createOutbox,
  eventSubject,
  isUuid,
  type EventBus,
  type EventHandler,
  type Knex,
  type Logger,
  type Subscription,
} from '@pfs/kit';
import type { ReceiptExtraction } from './reader';
import { detachEntity } from './store/attachments';
import type { FileRow } from './store/files';

/** documents.uploaded and receipt.analyzed leave through this outbox (schema "documents"). */
export const outbox = createOutbox('documents');

export const DOCUMENT_UPLOADED = 'document.uploaded';
export const RECEIPT_ANALYZED = 'receipt.analyzed';

const assetUrlOf = (row: FileRow) => `/api/chat/files/${row.user_id}/${row.file_name}`;

/** The data of document.uploaded, as kit's event catalogue describes it. */
export function documentUploadedData(row: FileRow) {
  return {
    documentId: row.id,
    assetUrl: assetUrlOf(row),
    fileName: row.file_name,
    originalName: row.original_name,
    mimeType: row.mime_type,
    size: Number(row.size),
    sha256: row.sha256.trim(),
    conversationId: row.conversation_id ?? null,
  };
}

/** The data of receipt.analyzed, as kit's event catalogue describes it. */
export function receiptAnalyzedData(row: FileRow, extracted: ReceiptExtraction) {
  return {
    documentId: row.id,
    assetUrl: assetUrlOf(row),
    sha256: row.sha256.trim(),
    extracted: {
      documentType: extracted.documentType,
      merchant: extracted.merchant,
      dateISO: extracted.dateISO,
      currency: extracted.currency,
      total: extracted.total,
      tax: extracted.tax,
    },
  };
}

export const TRANSACTION_DELETED_CONSUMER = 'documents-transaction-deleted';

/** A deleted transaction takes its attachment links along (the files stay the user's). */
export function transactionDeletedHandler(logger: Logger): EventHandler<{ id?: unknown }> {
  return async (event, trx) => {
    const id = event.data?.id;
    if (!event.userId || typeof id !== 'string' || !isUuid(id)) {
      logger.warn(
        { eventId: event.id },
        'transaction.deleted without user or transaction id; ignored',
      );
      return;
    }
    await detachEntity(trx, event.userId, 'transaction', id.toLowerCase());
  };
}

export async function startDocumentsConsumers(opts: {
  db: Knex;
  logger: Logger;
  bus: Pick<EventBus, 'subscribe'>;
}): Promise<{ subscriptions: Subscription[]; stop(): Promise<void> }> {
  const deleted = await opts.bus.subscribe({
    consumer: TRANSACTION_DELETED_CONSUMER,
    subjects: [eventSubject('ledger', 'transaction.deleted')],
    db: opts.db,
    logger: opts.logger,
    handler: transactionDeletedHandler(opts.logger),
  });
  return { subscriptions: [deleted], stop: () => deleted.stop() };
}
