import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
// s3rver ships no types; it is a dev-only S3-compatible server for these tests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver');
import { AppError, LocalBlobStore, MinioBlobStore, type BlobStore } from '../../src';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** One contract, run against every store: the documents service must not care which it has. */
function contract(
  name: string,
  make: () => Promise<{ store: BlobStore; stop: () => Promise<void> }>,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ store, stop } = await make());
      await store.ready();
      await store.ready(); // idempotent: a second replica starting finds the bucket there
    });
    afterAll(() => stop());

    it('puts a stream and returns its size and sha256, then gets the same bytes', async () => {
      const bytes = randomBytes(300_000);
      const chunks = [bytes.subarray(0, 100_000), bytes.subarray(100_000)];
      const res = await store.put('u1/a/file-1.bin', Readable.from(chunks), {
        contentType: 'application/octet-stream',
      });
      expect(res).toEqual({ size: bytes.length, sha256: sha(bytes) });
      expect((await readAll(await store.get('u1/a/file-1.bin'))).equals(bytes)).toBe(true);
    });

    it('puts a buffer', async () => {
      const bytes = Buffer.from('hello, receipts');
      expect(await store.put('u1/b.txt', bytes)).toEqual({
        size: bytes.length,
        sha256: sha(bytes),
      });
      expect((await readAll(await store.get('u1/b.txt'))).toString()).toBe('hello, receipts');
    });

    it('reads a byte range (inclusive, open-ended too)', async () => {
      await store.put('u1/range.txt', Buffer.from('0123456789'));
      expect(
        (await readAll(await store.get('u1/range.txt', { start: 2, end: 5 }))).toString(),
      ).toBe('2345');
      expect((await readAll(await store.get('u1/range.txt', { start: 7 }))).toString()).toBe('789');
    });

    it('heads: size of what is there, null for what is not', async () => {
      await store.put('u2/h.txt', Buffer.from('abc'));
      const info = await store.head('u2/h.txt');
      expect(info).toMatchObject({ key: 'u2/h.txt', size: 3 });
      expect(Number.isFinite(info?.lastModified.getTime())).toBe(true);
      expect(await store.head('u2/missing.txt')).toBeNull();
    });

    it('get of a missing key is NOT_FOUND', async () => {
      await expect(store.get('u2/nothing-here')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('lists by prefix and deletes (deleting twice is fine)', async () => {
      await store.put('u3/x/1', Buffer.from('1'));
      await store.put('u3/x/2', Buffer.from('22'));
      await store.put('u3/y/3', Buffer.from('333'));
      expect((await store.list('u3/x/')).map((i) => [i.key, i.size])).toEqual([
        ['u3/x/1', 1],
        ['u3/x/2', 2],
      ]);
      expect((await store.list('u3/')).length).toBe(3);
      await store.delete('u3/x/1');
      await store.delete('u3/x/1');
      expect((await store.list('u3/x/')).map((i) => i.key)).toEqual(['u3/x/2']);
      expect(await store.head('u3/x/1')).toBeNull();
    });

    it('refuses a body past maxBytes and keeps nothing of it', async () => {
      const big = Readable.from([randomBytes(64_000), randomBytes(64_000)]);
      await expect(store.put('u4/big.bin', big, { maxBytes: 100_000 })).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expect(
        store.put('u4/big2.bin', randomBytes(10), { maxBytes: 5 }),
      ).rejects.toBeInstanceOf(AppError);
      expect(await store.head('u4/big.bin')).toBeNull();
      expect(await store.list('u4/')).toEqual([]);
    });

    it('a failing source stores nothing', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1000));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(store.put('u5/partial.bin', failing)).rejects.toThrow();
      expect(await store.head('u5/partial.bin')).toBeNull();
    });

    it.each(['../escape', '/abs', 'a/../../b', 'a//b', '', 'a/./b', '..', 'a/b/', 'a\\b', 'é/x'])(
      'refuses key %j',
      async (key) => {
        await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({
          code: 'VALIDATION_ERROR',
        });
        await expect(store.get(key)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      },
    );

    it('overwriting a key replaces the whole object', async () => {
      await store.put('u6/o.txt', Buffer.from('first version'));
      await store.put('u6/o.txt', Buffer.from('2nd'));
      expect((await readAll(await store.get('u6/o.txt'))).toString()).toBe('2nd');
    });
  });
}

contract('local files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pfs-blobs-'));
  return {
    store: new LocalBlobStore(dir),
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

/**
 * s3rver, the S3 test double, answers a PUT before its file is written (its filesystem store
 * resolves on `writeStream.end()`, not on 'finish'), so on a busy machine a read right after an
 * overwrite can still return the old bytes. S3 and MinIO read their own writes; the double is
 * made to as well, by waiting after each put until the object reads back as written (a second
 * at most), so the contract below holds the client to what the real stores do.
 */
function readingItsWrites(store: BlobStore): BlobStore {
  return {
    kind: store.kind,
    get: (key, range) => store.get(key, range),
    head: (key) => store.head(key),
    delete: (key) => store.delete(key),
    list: (prefix) => store.list(prefix),
    ready: () => store.ready(),
    async put(key, body, options) {
      const result = await store.put(key, body, options);
      for (let wait = 0; wait < 50; wait++) {
        if (sha(await readAll(await store.get(key))) === result.sha256) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return result;
    },
  };
}

contract('MinIO client against s3rver', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pfs-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = (await server.run()) as AddressInfo;
  const store = new MinioBlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket: `pfs-test-${Date.now()}`,
  });
  return {
    store: readingItsWrites(store),
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
