import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import { HashingCounter } from './hashing';
import { assertBlobKey, assertBlobPrefix } from './keys';
import type { BlobInfo, BlobStore, ByteRange, PutOptions, PutResult } from './types';

/**
 * Objects as files under one root directory. A put writes a temporary file in the same
 * file system and renames it into place, so a reader sees the whole object or none.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = join(root, '.tmp');
  }

  async ready(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    const path = join(this.root, ...key.split('/'));
    // assertBlobKey already rules out escapes; this is the belt to its braces.
    if (relative(this.root, path).startsWith('..')) throw AppError.notFound('File');
    return path;
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<PutResult> {
    const target = this.pathOf(key);
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, randomUUID());
    const counter = new HashingCounter(options.maxBytes);
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, counter, createWriteStream(tmp, { flags: 'wx' }));
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: counter.size, sha256: counter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    const info = await this.head(key);
    if (!info) throw AppError.notFound('File');
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { key, size: s.size, lastModified: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    assertBlobPrefix(prefix);
    const out: BlobInfo[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (path === this.tmpDir) continue;
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile()) {
          const key = relative(this.root, path).split(sep).join('/');
          if (!key.startsWith(prefix)) continue;
          const s = await stat(path);
          out.push({ key, size: s.size, lastModified: s.mtime });
        }
      }
    };
    await walk(this.root);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }
}
