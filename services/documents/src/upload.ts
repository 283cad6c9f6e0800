import { AppError, newId, type BlobStore, type Knex } from '@pfs/kit';
import type { UploadFilesRequest } from '@pfs/proto/documents';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { blobKey, cleanOriginalName, storedFileName } from './domain/names';
import { quotaFor, type QuotaSettings } from './domain/quota';
import { declaredMatches, SNIFF_BYTES, sniffType, type AcceptedType } from './domain/sniff';
import { insertFiles, usedBytes, type FileRow } from './store/files';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  quotas: QuotaSettings;
}

interface Incoming {
  id: string;
  originalName: string;
  declared: string;
  conversationId: string | null;
  head: Buffer[];
  headBytes: number;
  type?: AcceptedType;
  pass?: PassThrough;
  done?: Promise<{ size: number; sha256: string }>;
  limit: number;
}

export interface UploadOutcome {
  rows: FileRow[];
  usedBytes: number;
  quotaBytes: number;
}

/**
 * Receives one upload stream: each file is sniffed from its first bytes, then streamed to the
 * blob store with the per-file and quota limits enforced as the bytes pass. All or nothing:
 * any refusal deletes what this upload stored, and the rows are written in one transaction
 * (under a per-user lock, so two uploads cannot both fit the same remaining quota).
 */
export async function receiveUpload(
  requests: AsyncIterable<UploadFilesRequest>,
  deps: {
    db: Knex;
    blobs: BlobStore;
    limits: UploadLimits;
    onStored?: (trx: Knex.Transaction, rows: FileRow[]) => Promise<void>;
  },
  userId: string,
): Promise<UploadOutcome> {
  const { db, blobs, limits } = deps;
  const files: Incoming[] = [];
  let quota = 0;
  let used = 0;
  let started = false;
  const storedKeys: string[] = [];
  let current: Incoming | undefined;
  let acceptedBytes = 0;

  const begin = (file: Incoming, complete: boolean) => {
    const head = Buffer.concat(file.head);
    const sniffed = sniffType(head, file.originalName, file.declared, complete);
    if (head.length === 0)
      throw AppError.validation([{ field: 'files', message: `${file.originalName} is empty` }]);
    if (!sniffed.type)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${file.originalName}: ${sniffed.detected} files are not accepted (JPEG, PNG, WebP, HEIC, PDF, CSV, XLSX or plain text)`,
        { fileName: file.originalName, detected: sniffed.detected },
      );
    if (!declaredMatches(file.declared, sniffed.type))
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${file.originalName} was sent as ${file.declared} but its content is ${sniffed.type}`,
        { fileName: file.originalName, declared: file.declared, detected: sniffed.type },
      );
    file.type = sniffed.type;
    const key = blobKey(userId, storedFileName(file.id, file.type));
    file.pass = new PassThrough({ highWaterMark: 256 * 1024 });
    storedKeys.push(key);
    file.done = blobs.put(key, file.pass, { contentType: file.type, maxBytes: file.limit });
    file.done.catch(() => undefined);
    file.pass.write(head);
    file.head = [];
  };

  const feed = async (file: Incoming, chunk: Buffer) => {
    if (!file.pass) {
      file.head.push(chunk);
      file.headBytes += chunk.length;
      if (file.headBytes >= SNIFF_BYTES) begin(file, false);
      return;
    }
    if (file.pass.write(chunk)) return;
    try {
      await Promise.race([once(file.pass, 'drain'), file.done]);
    } catch (err) {
      throw explain(file, err);
    }
  };

  // The blob store stops a file at its limit: say which limit it was, the file size or the quota.
  const explain = (file: Incoming, err: unknown): unknown => {
    if (!(err instanceof AppError) || err.code !== 'PAYLOAD_TOO_LARGE') return err;
    if (file.limit < limits.maxFileBytes)
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        'Storage quota exceeded: delete files or upgrade your plan',
        { reason: 'STORAGE_QUOTA_EXCEEDED', quotaBytes: quota, usedBytes: used },
      );
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `${file.originalName} is larger than ${limits.maxFileBytes} bytes`,
      { fileName: file.originalName, maxFileBytes: limits.maxFileBytes },
    );
  };

  const finish = async (file: Incoming) => {
    if (!file.pass) begin(file, true);
    file.pass!.end();
    try {
      const { size } = await file.done!;
      acceptedBytes += size;
    } catch (err) {
      throw explain(file, err);
    }
  };

  try {
    for await (const message of requests) {
      const part = message.part;
      if (!part) continue;
      if (part.$case === 'options') {
        if (started)
          throw AppError.validation([{ field: 'options', message: 'options must come first' }]);
        started = true;
        quota = quotaFor(part.value.tier, limits.quotas);
        used = await usedBytes(db, userId);
        continue;
      }
      if (!started)
        throw AppError.validation([{ field: 'options', message: 'options must come first' }]);
      if (part.$case === 'start') {
        if (current) await finish(current);
        if (files.length >= limits.maxFiles)
          throw AppError.validation([
            { field: 'files', message: `At most ${limits.maxFiles} files per upload` },
          ]);
        const remaining = Math.max(0, quota - used - acceptedBytes);
        current = {
          id: newId(),
          originalName: cleanOriginalName(part.value.originalName),
          declared: part.value.declaredMimeType ?? '',
          conversationId: part.value.conversationId ?? null,
          head: [],
          headBytes: 0,
          limit: Math.min(limits.maxFileBytes, remaining),
        };
        files.push(current);
        continue;
      }
      if (!current)
        throw AppError.validation([{ field: 'files', message: 'file bytes before a file start' }]);
      await feed(current, Buffer.from(part.value));
    }
    if (current) await finish(current);
    if (!files.length)
      throw AppError.validation([{ field: 'files', message: 'No files in the upload' }]);

    const rows = await db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`documents-quota:${userId}`]);
      const nowUsed = await usedBytes(trx, userId);
      if (nowUsed + acceptedBytes > quota)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          'Storage quota exceeded: delete files or upgrade your plan',
          {
            reason: 'STORAGE_QUOTA_EXCEEDED',
            quotaBytes: quota,
            usedBytes: nowUsed,
          },
        );
      const stored = await Promise.all(files.map(async (f) => ({ f, r: await f.done! })));
      const inserted = await insertFiles(
        trx,
        stored.map(({ f, r }) => ({
          id: f.id,
          user_id: userId,
          file_name: storedFileName(f.id, f.type!),
          original_name: f.originalName,
          mime_type: f.type!,
          size: r.size,
          sha256: r.sha256,
          blob_key: blobKey(userId, storedFileName(f.id, f.type!)),
          conversation_id: f.conversationId,
        })),
      );
      await deps.onStored?.(trx, inserted);
      return inserted;
    });
    return { rows, usedBytes: used + acceptedBytes, quotaBytes: quota };
  } catch (err) {
    for (const f of files) {
      f.pass?.destroy();
      await f.done?.catch(() => undefined);
    }
    await Promise.all(storedKeys.map((k) => blobs.delete(k).catch(() => undefined)));
    throw err;
  }
}
