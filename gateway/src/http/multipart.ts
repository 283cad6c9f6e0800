import busboy from 'busboy';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { AppError } from '@pfs/kit';

/**
 * Multipart uploads read as a stream of parts (busboy), shared by statement import and file
 * upload: nothing is buffered beyond the part being read.
 */

const CHUNK_BYTES = 64 * 1024;
/** After an early answer, this much of the rest of an upload is read and discarded before the connection is cut. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

export type Part =
  | { kind: 'field'; name: string; value: string; truncated: boolean }
  | { kind: 'file'; name: string; fileName: string; mimeType: string; stream: Readable };

/** The parts of a multipart body, in order; a file part must be read before the next arrives. */
export async function* multipartParts(
  req: Request,
  limits: { files: number; fields: number; parts: number; fileSize?: number },
): AsyncGenerator<Part> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { ...limits, fieldSize: 64 * 1024 },
    });
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The body must be multipart/form-data with a boundary',
    );
  }
  const queue: Part[] = [];
  let done = false;
  let failure: AppError | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  parser.on('field', (name, value, info) => {
    queue.push({ kind: 'field', name, value, truncated: info.valueTruncated });
    notify();
  });
  parser.on('file', (name, stream, info) => {
    queue.push({
      kind: 'file',
      name,
      fileName: info.filename ?? '',
      mimeType: info.mimeType ?? '',
      stream,
    });
    notify();
  });
  parser.on('close', () => {
    done = true;
    notify();
  });
  parser.on('error', (err: Error) => {
    failure = AppError.validation([
      { field: 'body', message: `malformed multipart body (${err.message})` },
    ]);
    notify();
  });
  parser.on('partsLimit', () => {
    failure = AppError.validation([{ field: 'body', message: 'too many parts' }]);
    notify();
  });
  req.on('close', () => {
    if (!req.complete && !done) {
      failure ??= new AppError('VALIDATION_ERROR', 'The upload was interrupted');
      notify();
    }
  });
  req.pipe(parser);
  try {
    for (;;) {
      if (failure) throw failure;
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    req.unpipe(parser);
  }
}

/** Answers early without reading a whole (perhaps huge) upload: read a little more, then cut it. */
export function abandonUpload(req: Request, res: Response): void {
  if (req.complete) return;
  res.setHeader('Connection', 'close');
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) req.socket.destroy();
  });
  req.resume();
  res.once('finish', () => {
    if (!req.complete) setTimeout(() => req.socket.destroy(), 5_000).unref();
  });
}

export async function* inChunks(chunk: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < chunk.length; at += CHUNK_BYTES) yield chunk.subarray(at, at + CHUNK_BYTES);
}
