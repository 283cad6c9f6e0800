import {
  AppError,
  clientStream,
  isUuid,
  newId,
  normalizePage,
  pageInfo,
  serverStream,
  unary,
  type BlobStore,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  DocumentsServiceService,
  type Attachment,
  type DocumentsServiceServer,
  type ReceiptExtraction as WireExtraction,
  type StoredFile,
} from '@pfs/proto/documents';
import { STORED_FILE_NAME } from './domain/names';
import type { QuotaSettings } from './domain/quota';
import {
  DOCUMENT_UPLOADED,
  documentUploadedData,
  outbox,
  RECEIPT_ANALYZED,
  receiptAnalyzedData,
} from './events';
import type { DocumentReader, ReceiptExtraction } from './reader';
import {
  attach,
  countForType,
  detachEntity,
  listForEntities,
  listForFile,
  type AttachmentWithFile,
  type EntityType,
} from './store/attachments';
import { findExtraction, saveExtraction } from './store/extractions';
import {
  deleteConversationFiles,
  deleteFile,
  findFile,
  listFiles,
  type FileRow,
} from './store/files';
import { receiveUpload } from './upload';

export const SERVICE_NAME = 'pfs.documents.v1.DocumentsService';

export interface DocumentsDeps {
  db: Knex;
  logger: Logger;
  blobs: BlobStore;
  reader: DocumentReader;
  limits: { maxFiles: number; maxFileBytes: number; quotas: QuotaSettings };
}

const CHUNK = 64 * 1024;
/** Receipts and invoices are read whole; bigger files are statements or spreadsheets, not receipts. */
const MAX_READ_BYTES = 25 * 1024 * 1024;

const iso = (d: Date | string) => new Date(d).toISOString();

export function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    fileName: row.file_name,
    originalName: row.original_name,
    mimeType: row.mime_type,
    size: String(row.size),
    sha256: row.sha256.trim(),
    createdAt: iso(row.created_at),
    conversationId: row.conversation_id ?? undefined,
  };
}

function toAttachment(a: AttachmentWithFile): Attachment {
  return {
    entityType: a.entity_type,
    entityId: a.entity_id,
    file: toStoredFile(a.file),
    createdAt: iso(a.created_at),
  };
}

const nullable = (v: string | null | undefined) => v ?? undefined;

export function toWireExtraction(e: ReceiptExtraction): WireExtraction {
  return {
    merchant: nullable(e.merchant),
    dateIso: nullable(e.dateISO),
    currency: nullable(e.currency),
    total: nullable(e.total),
    tax: nullable(e.tax),
    tip: nullable(e.tip),
    lineItems: e.lineItems.map((li) => ({
      description: li.description,
      quantity: nullable(li.quantity),
      unitPrice: nullable(li.unitPrice),
      amount: nullable(li.amount),
    })),
    subtotal: nullable(e.subtotal),
    taxRate: nullable(e.taxRate),
    sellerTaxId: nullable(e.sellerTaxId),
    invoiceNumber: nullable(e.invoiceNumber),
    dueDateIso: nullable(e.dueDateISO),
    paymentMethod: nullable(e.paymentMethod),
    documentType: e.documentType,
    confidence: e.confidence,
    taxCheck: {
      expectedRate: nullable(e.taxCheck.expectedRate),
      consistent: e.taxCheck.consistent,
      message: e.taxCheck.message,
    },
  };
}

function fileNameOf(value: string): string {
  if (!STORED_FILE_NAME.test(value)) throw AppError.notFound('File');
  return value;
}

function entityTypeOf(value: string): EntityType {
  if (value !== 'transaction' && value !== 'expense')
    throw AppError.validation([{ field: 'entityType', message: 'must be transaction or expense' }]);
  return value;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

export function createServer(deps: DocumentsDeps): GrpcServiceBinding[] {
  const { db, blobs, reader, limits } = deps;

  const requireFile = async (userId: string, fileName: string) => {
    const row = await findFile(db, userId, fileNameOf(fileName));
    if (!row) throw AppError.notFound('File');
    return row;
  };

  const implementation: DocumentsServiceServer = {
    uploadFiles: clientStream(async (requests, { userId }) => {
      const outcome = await receiveUpload(
        requests,
        {
          db,
          blobs,
          limits,
          onStored: async (trx, rows) => {
            for (const row of rows)
              await outbox.enqueueEvent(trx, {
                type: DOCUMENT_UPLOADED,
                userId,
                data: documentUploadedData(row),
              });
          },
        },
        userId,
      );
      return {
        files: outcome.rows.map(toStoredFile),
        usedBytes: String(outcome.usedBytes),
        quotaBytes: String(outcome.quotaBytes),
      };
    }),

    getFile: serverStream(async (request, send, { userId }) => {
      const row = await requireFile(userId, request.fileName);
      const size = Number(row.size);
      let range: { start: number; end: number } | undefined;
      if (request.rangeStart !== undefined) {
        const start = Number(request.rangeStart);
        const end = Math.min(Number(request.rangeEnd ?? size - 1), size - 1);
        if (!(start >= 0 && start <= end))
          throw new AppError('VALIDATION_ERROR', 'Range not satisfiable', {
            size,
            reason: 'RANGE_NOT_SATISFIABLE',
          });
        range = { start, end };
      }
      const body = await blobs.get(row.blob_key, range);
      await send({ part: { $case: 'file', value: toStoredFile(row) } });
      let pending = Buffer.alloc(0);
      for await (const piece of body) {
        pending = pending.length ? Buffer.concat([pending, piece as Buffer]) : (piece as Buffer);
        while (pending.length >= CHUNK) {
          await send({ part: { $case: 'chunk', value: pending.subarray(0, CHUNK) } });
          pending = pending.subarray(CHUNK);
        }
      }
      if (pending.length) await send({ part: { $case: 'chunk', value: pending } });
    }),

    deleteFile: unary(async (request, { userId }) => {
      const row = await deleteFile(db, userId, fileNameOf(request.fileName));
      if (!row) throw AppError.notFound('File');
      await blobs.delete(row.blob_key);
      return {};
    }),

    listFiles: unary(async (request, { userId }) => {
      const page = normalizePage(request.page);
      if (request.conversationId !== undefined && !isUuid(request.conversationId))
        return { files: [], page: { ...pageInfo(page, 0), total: '0' } };
      const { rows, total } = await listFiles(db, userId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
        conversationId: request.conversationId,
      });
      const info = pageInfo(page, total);
      return { files: rows.map(toStoredFile), page: { ...info, total: String(info.total) } };
    }),

    analyzeReceipt: unary(async (request, { userId }) => {
      const row = await requireFile(userId, request.fileName);
      const mismatches = [
        ...(request.sha256.toLowerCase() !== row.sha256.trim()
          ? [{ field: 'sha256', message: 'does not match the stored file' }]
          : []),
        ...(String(request.size) !== String(row.size)
          ? [{ field: 'size', message: `does not match the stored file (${row.size} bytes)` }]
          : []),
        ...(request.mimeType !== undefined && request.mimeType.toLowerCase() !== row.mime_type
          ? [{ field: 'mimeType', message: `does not match the stored file (${row.mime_type})` }]
          : []),
      ];
      // Checked before anything is read or cached: a mismatch changes nothing.
      if (mismatches.length)
        throw AppError.validation(mismatches, 'The file does not match what was uploaded');
      const country = (request.countryCode || 'US').toUpperCase();
      const cached = await findExtraction(db, userId, row.id, country);
      if (cached)
        return {
          file: toStoredFile(row),
          extracted: toWireExtraction(cached.extracted as ReceiptExtraction),
          warnings: cached.warnings,
          cached: true,
        };
      if (
        ![
          'image/jpeg',
          'image/png',
          'image/webp',
          'image/heic',
          'application/pdf',
          'text/plain',
        ].includes(row.mime_type)
      )
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `A ${row.mime_type} file is not a receipt or invoice`,
        );
      if (Number(row.size) > MAX_READ_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large to read as a receipt');
      const bytes = await readAll(await blobs.get(row.blob_key));
      const result = await reader.read({ bytes, mimeType: row.mime_type, countryCode: country });
      await db.transaction(async (trx) => {
        await saveExtraction(trx, {
          file_id: row.id,
          user_id: userId,
          country_code: country,
          extracted: result.extracted,
          warnings: result.warnings,
        });
        await outbox.enqueueEvent(trx, {
          type: RECEIPT_ANALYZED,
          userId,
          data: receiptAnalyzedData(row, result.extracted),
        });
      });
      return {
        file: toStoredFile(row),
        extracted: toWireExtraction(result.extracted),
        warnings: result.warnings,
        cached: false,
      };
    }),

    attachFile: unary(async (request, { userId }) => {
      const row = await requireFile(userId, request.fileName);
      const entityType = entityTypeOf(request.entityType);
      if (!isUuid(request.entityId))
        throw AppError.notFound(entityType === 'expense' ? 'Expense' : 'Transaction');
      const { attachment, created } = await attach(db, {
        id: newId(),
        user_id: userId,
        file_id: row.id,
        entity_type: entityType,
        entity_id: request.entityId.toLowerCase(),
      });
      return { attachment: toAttachment(attachment), created };
    }),

    listAttachments: unary(async (request, { userId }) => {
      if (request.fileName !== undefined) {
        const row = await findFile(db, userId, request.fileName);
        if (!row) return { attachments: [] };
        return { attachments: (await listForFile(db, userId, row.id)).map(toAttachment) };
      }
      const entityType = entityTypeOf(request.entityType);
      const ids = request.entityIds.filter(isUuid).map((id) => id.toLowerCase());
      if (ids.length > 500)
        throw AppError.validation([{ field: 'entityIds', message: 'at most 500' }]);
      return {
        attachments: (await listForEntities(db, userId, entityType, ids)).map(toAttachment),
      };
    }),

    countAttachments: unary(async (request, { userId }) => ({
      count: String(await countForType(db, userId, entityTypeOf(request.entityType))),
    })),

    deleteConversationFiles: unary(async (request, { userId }) => {
      if (!isUuid(request.conversationId)) return { deleted: 0 };
      const rows = await deleteConversationFiles(db, userId, request.conversationId.toLowerCase());
      // Rows first, bytes after: a crash in between leaves unreferenced bytes, never a row
      // pointing at nothing.
      await Promise.all(rows.map((row) => blobs.delete(row.blob_key)));
      return { deleted: rows.length };
    }),

    detachEntity: unary(async (request, { userId }) => {
      const entityType = entityTypeOf(request.entityType);
      if (!isUuid(request.entityId)) return { removed: 0 };
      return {
        removed: await detachEntity(db, userId, entityType, request.entityId.toLowerCase()),
      };
    }),
  };

  return [
    {
      name: SERVICE_NAME,
      definition: DocumentsServiceService,
      implementation: implementation as unknown as GrpcServiceBinding['implementation'],
    },
  ];
}
