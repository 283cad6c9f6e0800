import { Client } from 'minio';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import { HashingCounter } from './hashing';
import { assertBlobKey, assertBlobPrefix } from './keys';
import type { BlobInfo, BlobStore, ByteRange, PutOptions, PutResult } from './types';

export interface MinioBlobStoreOptions {
  /** `host:port` or a URL (`http://minio:9000`, `https://s3.example.com`). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  useSSL?: boolean;
  region?: string;
}

export function parseEndpoint(endpoint: string, useSSL?: boolean) {
  const url = new URL(
    endpoint.includes('://') ? endpoint : `${useSSL ? 'https' : 'http'}://${endpoint}`,
  );
  const ssl = url.protocol === 'https:';
  return {
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : ssl ? 443 : 80,
    useSSL: ssl,
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
}

/** Objects in one bucket of an S3-compatible server, through the `minio` client. */
export class MinioBlobStore implements BlobStore {
  readonly kind = 'minio' as const;
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;

  constructor(options: MinioBlobStoreOptions) {
    this.bucket = options.bucket;
    this.region = options.region ?? 'us-east-1';
    this.client = new Client({
      ...parseEndpoint(options.endpoint, options.useSSL),
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: this.region,
    });
  }

  async ready(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) {
      try {
        await this.client.makeBucket(this.bucket, this.region);
      } catch (err) {
        // Another replica made it first.
        const code = (err as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
      }
    }
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<PutResult> {
    assertBlobKey(key);
    const meta = options.contentType ? { 'Content-Type': options.contentType } : {};
    if (Buffer.isBuffer(body)) {
      if (body.length > (options.maxBytes ?? Number.POSITIVE_INFINITY))
        throw new AppError('PAYLOAD_TOO_LARGE', `File is larger than ${options.maxBytes} bytes`);
      const sha256 = createHash('sha256').update(body).digest('hex');
      await this.client.putObject(this.bucket, key, body, body.length, {
        ...meta,
        'X-Amz-Meta-Sha256': sha256,
      });
      return { size: body.length, sha256 };
    }
    // Spooled to a local temporary file first: the size is then known, so the object goes up in
    // one PUT (no multipart buffers in memory, nothing half-stored when the client goes away
    // mid-upload), and the digest is checked before anything reaches the bucket.
    const dir = await mkdtemp(join(tmpdir(), 'pfs-spool-'));
    const spool = join(dir, 'body');
    try {
      const counter = new HashingCounter(options.maxBytes);
      await pipeline(body, counter, createWriteStream(spool));
      const sha256 = counter.digest();
      await this.client.putObject(this.bucket, key, createReadStream(spool), counter.size, {
        ...meta,
        'X-Amz-Meta-Sha256': sha256,
      });
      return { size: counter.size, sha256 };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertBlobKey(key);
    try {
      if (!range) return await this.client.getObject(this.bucket, key);
      const length = range.end === undefined ? undefined : range.end - range.start + 1;
      return await this.client.getPartialObject(this.bucket, key, range.start, length);
    } catch (err) {
      if (isMissing(err)) throw AppError.notFound('File');
      throw err;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    try {
      const s = await this.client.statObject(this.bucket, key);
      return { key, size: s.size, lastModified: s.lastModified };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.client.removeObject(this.bucket, key);
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    assertBlobPrefix(prefix);
    const out: BlobInfo[] = [];
    const stream = this.client.listObjectsV2(this.bucket, prefix, true);
    for await (const item of stream as AsyncIterable<{
      name?: string;
      size: number;
      lastModified: Date;
    }>) {
      if (item.name) out.push({ key: item.name, size: item.size, lastModified: item.lastModified });
    }
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }
}
