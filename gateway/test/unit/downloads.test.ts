import { AppError, createLogger } from '@pfs/kit';
import express from 'express';
import request from 'supertest';
import { errorHandler } from '../../src/http/errors';
import { sendFile } from '../../src/routes/documents';
import type { Upstreams } from '../../src/upstreams';

/**
 * Downloads when the documents service fails in the middle of a file: a small file is read
 * whole before the headers go out, so the client gets a clear 503 instead of a cut connection;
 * a large one is streamed, and only a cut connection is left to signal the failure.
 */
const file = (size: number) => ({
  part: {
    $case: 'file',
    value: {
      fileName: 'f.txt',
      originalName: 'notes.txt',
      mimeType: 'text/plain',
      size: String(size),
      sha256: 'ab'.repeat(32),
      createdAt: '2026-11-25T00:00:00.000Z',
    },
  },
});
const chunk = (bytes: number) => ({ part: { $case: 'chunk', value: Buffer.alloc(bytes, 120) } });

/** A documents service whose stream sends `messages`, then fails when `failAfter` is set. */
function upstreamsSending(messages: unknown[], failAfter = false): Upstreams {
  async function* stream() {
    for (const m of messages) yield m;
    if (failAfter)
      throw new AppError('SERVICE_UNAVAILABLE', 'The documents service is unavailable');
  }
  const serverStream = () => ({ messages: stream(), cancel: () => undefined });
  return { documents: { service: () => ({ serverStream }) } } as unknown as Upstreams;
}

function appFor(upstreams: Upstreams) {
  const app = express();
  app.get('/file', (req, res, next) => {
    sendFile(req, res, upstreams, 'f.txt').catch(next);
  });
  app.use(errorHandler(createLogger('gateway-test', 'silent')));
  return app;
}

describe('downloads when the documents service fails', () => {
  it('serves a whole small file with its headers', async () => {
    const res = await request(appFor(upstreamsSending([file(10), chunk(4), chunk(6)]))).get(
      '/file',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${'ab'.repeat(32)}"`);
    expect(res.text).toBe('x'.repeat(10));
  });

  it('answers 503 for a small file whose stream fails half-way, with no file headers', async () => {
    const res = await request(appFor(upstreamsSending([file(10), chunk(4)], true))).get('/file');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers.etag).not.toBe(`"${'ab'.repeat(32)}"`);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers an error, not a short body, when a small file ends early', async () => {
    const res = await request(appFor(upstreamsSending([file(10), chunk(4)]))).get('/file');
    expect(res.status).toBe(500);
  });

  it('streams a large file, and can only cut the connection when it fails half-way', async () => {
    const size = 1024 * 1024;
    const ok = await request(appFor(upstreamsSending([file(size), chunk(size)]))).get('/file');
    expect(ok.status).toBe(200);
    expect(ok.body.length ?? ok.text.length).toBe(size);
    await expect(
      request(appFor(upstreamsSending([file(size), chunk(size / 2)], true))).get('/file'),
    ).rejects.toThrow();
  });
});
