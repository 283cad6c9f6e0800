import { AppError, isUuid, type ClientStreamCall } from '@pfs/kit';
import {
  DocumentsServiceClient,
  type StoredFile,
  type UploadFilesRequest,
  type UploadFilesResponse,
} from '@pfs/proto/documents';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { toAppError } from '../http/errors';
import { abandonUpload, inChunks, multipartParts } from '../http/multipart';
import { parseRange, type ByteRange } from '../http/range';
import { fileSchema, presentFile } from '../present/file';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

/**
 * Uploaded files: the gateway streams each multipart file part to the documents service over
 * one client-streaming call (which sniffs, limits and stores them, all or nothing), and streams
 * stored files back with their type, ETag and byte ranges.
 */

/** A generous bound at the edge; the documents service applies the configured one (400). */
const MAX_PARTS = 200;
const UPLOAD_DEADLINE_MS = 10 * 60_000;

const fileParams = z.object({
  userId: z.string().describe('Your user id (from the assetUrl)'),
  fileName: z.string().describe('The stored file name (from the assetUrl)'),
});

const documents = (upstreams: Upstreams) => upstreams.documents.service(DocumentsServiceClient);

async function forwardFiles(
  req: Request,
  principal: Principal,
  upstreams: Upstreams,
): Promise<UploadFilesResponse> {
  if (!req.is('multipart/form-data'))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the files as multipart/form-data, each in a "files" part',
    );
  let call: ClientStreamCall<UploadFilesRequest, UploadFilesResponse> | undefined;
  let conversationId: string | undefined;
  let files = 0;
  try {
    for await (const part of multipartParts(req, {
      files: MAX_PARTS,
      fields: 20,
      parts: MAX_PARTS + 20,
    })) {
      if (part.kind === 'field') {
        if (part.name !== 'conversationId') continue;
        if (!isUuid(part.value.trim()))
          throw AppError.validation([{ field: 'conversationId', message: 'must be a UUID' }]);
        conversationId = part.value.trim().toLowerCase();
        continue;
      }
      if (part.name !== 'files' && part.name !== 'file') {
        part.stream.resume();
        continue;
      }
      if (!call) {
        call = documents(upstreams).clientStream((c) => c.uploadFiles, {
          deadlineMs: UPLOAD_DEADLINE_MS,
        });
        await call.write({ part: { $case: 'options', value: { tier: principal.tier } } });
      }
      files += 1;
      await call.write({
        part: {
          $case: 'start',
          value: {
            originalName: part.fileName,
            declaredMimeType: part.mimeType,
            conversationId,
          },
        },
      });
      for await (const chunk of part.stream as AsyncIterable<Buffer>)
        for await (const piece of inChunks(chunk))
          await call.write({ part: { $case: 'chunk', value: piece } });
    }
    if (!call || files === 0)
      throw AppError.validation([{ field: 'files', message: 'attach at least one file' }]);
    return await call.end();
  } catch (err) {
    call?.cancel();
    // What the documents service refused (415, 413, 400) is the answer, not the cancellation.
    const answered = call
      ? await call.response.then(
          () => undefined,
          (e: unknown) => e,
        )
      : undefined;
    throw toAppError(
      answered instanceof AppError && answered.code !== 'INTERNAL_ERROR' ? answered : err,
    );
  }
}

/** RFC 6266 / 5987: an ASCII fallback and the exact name in UTF-8. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Shown in the browser only when it cannot run anything: images and PDFs. */
/** Downloads up to this size are read whole before answering (a failure is then a clean 503). */
const BUFFERED_DOWNLOAD_BYTES = 256 * 1024;

const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

function notMine(principal: Principal, userId: string): boolean {
  return userId.toLowerCase() !== principal.userId.toLowerCase();
}

export async function sendFile(
  req: Request,
  res: Response,
  upstreams: Upstreams,
  fileName: string,
): Promise<void> {
  const head = req.method === 'HEAD';
  let range: ByteRange | undefined;
  const rangeHeader = req.get('range');
  // The stored file's metadata arrives first on the stream; a Range needs the size, so it is
  // resolved against a first metadata-only read when the request carries one.
  let meta: StoredFile | undefined;
  if (rangeHeader || head) meta = await fileInfo(upstreams, fileName);
  const etag = (f: StoredFile) => `"${f.sha256}"`;
  if (meta && req.get('if-none-match') === etag(meta)) {
    res.status(304).setHeader('ETag', etag(meta)).end();
    return;
  }
  if (meta && rangeHeader) {
    const ifRange = req.get('if-range');
    const parsed =
      ifRange && ifRange !== etag(meta) ? null : parseRange(rangeHeader, Number(meta.size));
    if (parsed === 'unsatisfiable') {
      res.status(416).setHeader('Content-Range', `bytes */${meta.size}`);
      res.json({
        success: false,
        error: 'Range not satisfiable',
        code: 'VALIDATION_ERROR',
        requestId: res.getHeader('X-Request-Id'),
      });
      return;
    }
    range = parsed ?? undefined;
  }
  const stream = documents(upstreams).serverStream((c) => c.getFile, {
    fileName,
    rangeStart: range ? String(range.start) : undefined,
    rangeEnd: range ? String(range.end) : undefined,
  });
  const messages = stream.messages[Symbol.asyncIterator]();
  let first: Awaited<ReturnType<typeof messages.next>>;
  try {
    first = await messages.next();
  } catch (err) {
    throw toAppError(err);
  }
  const file =
    first.done || first.value.part?.$case !== 'file' ? undefined : first.value.part.value;
  if (!file) throw new AppError('INTERNAL_ERROR', 'The documents service sent no file');
  if (req.get('if-none-match') === etag(file)) {
    stream.cancel();
    res.status(304).setHeader('ETag', etag(file)).end();
    return;
  }
  const size = Number(file.size);
  const length = range ? range.end - range.start + 1 : size;
  const sendHeaders = () => {
    res.status(range ? 206 : 200);
    res.setHeader('Content-Type', file.mimeType);
    res.setHeader('Content-Length', String(length));
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', etag(file));
    res.setHeader('Last-Modified', new Date(file.createdAt).toUTCString());
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader(
      'Content-Disposition',
      contentDisposition(
        INLINE_TYPES.has(file.mimeType) ? 'inline' : 'attachment',
        file.originalName,
      ),
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A stored file never runs as a page of ours, whatever it holds.
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  };
  if (head) {
    stream.cancel();
    sendHeaders();
    res.end();
    return;
  }
  if (length <= BUFFERED_DOWNLOAD_BYTES) {
    // Small enough to hold: read it all before the headers go out, so that the documents
    // service failing half-way answers a clear 503 instead of a cut connection.
    const chunks: Uint8Array[] = [];
    try {
      for (;;) {
        const next = await messages.next();
        if (next.done) break;
        if (next.value.part?.$case === 'chunk') chunks.push(next.value.part.value);
      }
    } catch (err) {
      throw toAppError(err);
    }
    const body = Buffer.concat(chunks);
    if (body.length !== length)
      throw new AppError('INTERNAL_ERROR', 'The documents service sent a part of the file');
    sendHeaders();
    res.end(body);
    return;
  }
  sendHeaders();
  try {
    for (;;) {
      const next = await messages.next();
      if (next.done) break;
      const part = next.value.part;
      if (part?.$case !== 'chunk') continue;
      if (!res.write(part.value)) await new Promise((resolve) => res.once('drain', resolve));
      if (res.destroyed) {
        stream.cancel();
        return;
      }
    }
    res.end();
  } catch (err) {
    // Headers are out: the only honest signal left is a cut connection.
    stream.cancel();
    res.destroy(err as Error);
  }
}

export async function fileInfo(upstreams: Upstreams, fileName: string): Promise<StoredFile> {
  const stream = documents(upstreams).serverStream((c) => c.getFile, {
    fileName,
    rangeStart: '0',
    rangeEnd: '0',
  });
  try {
    for await (const message of stream.messages) {
      if (message.part?.$case === 'file') return message.part.value;
    }
  } catch (err) {
    throw toAppError(err);
  } finally {
    stream.cancel();
  }
  throw AppError.notFound('File');
}

export const documentRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/chat/upload',
    summary: 'Upload files (receipts, invoices, statements, spreadsheets, documents)',
    description:
      'multipart/form-data with one or more `files` parts (and an optional `conversationId` field before them). ' +
      'Up to 10 files of 20 MB each by default. The type is read from the bytes: JPEG, PNG, WebP, HEIC, PDF, CSV, ' +
      'XLSX and plain text are accepted; anything else, or a file whose content does not match the type it was sent ' +
      'as, answers 415; a file over the limit 413; too many files 400; a full storage quota 413 with ' +
      '`details.reason` STORAGE_QUOTA_EXCEEDED. All or nothing: when one file is refused none is kept. Stored ' +
      'names are made by the server; the original name is kept as metadata.',
    tags: ['Chat'],
    auth: 'user',
    upstreams: ['documents'],
    status: 201,
    requestBody: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: ['files'],
        properties: {
          conversationId: {
            type: 'string',
            format: 'uuid',
            description: 'Keeps the files with a conversation: deleting it deletes them',
          },
          files: {
            type: 'array',
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
      },
    },
    response: z.object({
      success: z.literal(true),
      data: z.object({
        files: z.array(fileSchema),
        usage: z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() }),
      }),
    }),
    async handler({ req, res, principal, upstreams }) {
      let result: UploadFilesResponse;
      try {
        result = await forwardFiles(req, principal, upstreams);
      } catch (err) {
        abandonUpload(req, res);
        throw err;
      }
      return {
        data: {
          files: result.files.map((f) => presentFile(principal.userId, f)),
          usage: { usedBytes: Number(result.usedBytes), quotaBytes: Number(result.quotaBytes) },
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/chat/files',
    summary: 'List your uploaded files',
    tags: ['Chat'],
    auth: 'user',
    upstreams: ['documents'],
    query: z.object({
      page: z.coerce.number().int().min(1).optional(),
      limit: z.coerce.number().int().min(1).optional(),
      conversationId: z.string().optional(),
    }),
    response: z.object({
      success: z.literal(true),
      data: z.object({
        files: z.array(fileSchema),
        pagination: z.object({
          page: z.number().int(),
          limit: z.number().int(),
          total: z.number().int(),
          pages: z.number().int(),
        }),
      }),
    }),
    async handler({ query, principal, upstreams }) {
      const { files, page } = await documents(upstreams).call((c) => c.listFiles, {
        page: { page: query.page ?? 1, limit: Math.min(query.limit ?? 50, 200) },
        conversationId: query.conversationId,
      });
      return {
        data: {
          files: files.map((f) => presentFile(principal.userId, f)),
          pagination: {
            page: page?.page ?? 1,
            limit: page?.limit ?? 50,
            total: Number(page?.total ?? 0),
            pages: page?.pages ?? 0,
          },
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/chat/files/{userId}/{fileName}',
    summary: 'Download an uploaded file',
    description:
      'Streams the stored bytes with their type, `Content-Disposition` (inline for images and PDFs), ' +
      '`X-Content-Type-Options: nosniff`, an ETag (the SHA-256, for If-None-Match) and byte ranges (Range, ' +
      'If-Range; 206, 416). Another user’s file answers 404.',
    tags: ['Chat'],
    auth: 'user',
    upstreams: ['documents'],
    params: fileParams,
    response: z.object({}),
    produces: ['application/octet-stream'],
    async handler({ req, res, params, principal, upstreams }) {
      if (notMine(principal, params.userId)) throw AppError.notFound('File');
      await sendFile(req, res, upstreams, params.fileName);
      return { raw: true };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/chat/files/{userId}/{fileName}',
    summary: 'Delete an uploaded file and its bytes',
    description: 'Also removes its links to transactions and expenses.',
    tags: ['Chat'],
    auth: 'user',
    upstreams: ['documents'],
    params: fileParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, principal, upstreams }) {
      if (notMine(principal, params.userId)) throw AppError.notFound('File');
      await documents(upstreams).call((c) => c.deleteFile, { fileName: params.fileName });
      return { message: 'File deleted' };
    },
  }),
];
