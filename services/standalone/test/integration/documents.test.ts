import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stack } from '../../src';
import {
  client,
  expectError,
  registerUser,
  startTestStack,
  type Api,
  type ApiResponse,
  type Json,
  type TestUser,
} from './harness';

/**
 * Uploads, retrieval, receipts analyze and commit (issue 8) through the real gateway, the
 * documents service over gRPC streams, the local blob store and PostgreSQL.
 */

const MAX_FILE_BYTES = 300_000;
const MAX_FILES = 4;
const dataDir = mkdtempSync(join(tmpdir(), 'pfs-documents-test-'));

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({
    DATA_DIR: dataDir,
    UPLOAD_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
    UPLOAD_MAX_FILES: String(MAX_FILES),
    QUOTA_FREE_MB: '1',
  });
  api = client(stack);
});
afterAll(async () => {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// The smallest valid files of each kind, as their first bytes identify them.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(64, 3)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(64, 1)]);
const ELF = Buffer.concat([Buffer.from('7f454c46020101000000', 'hex'), Buffer.alloc(64, 0)]);
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000', 'hex'), Buffer.alloc(64, 0)]);

const RECEIPT = [
  'BLUE GUM CAFE',
  'ABN 51 824 753 556',
  '12 Smith St, Fitzroy VIC 3065',
  'Date: 14/03/2026  10:42',
  'Flat white          4.50',
  'Banana bread        6.50',
  'Eggs on toast      22.00',
  'Subtotal           33.00',
  'GST included        3.00',
  'TOTAL             $33.00',
  'EFTPOS            $33.00',
  'Thank you!',
].join('\n');

interface Upload {
  name: string;
  bytes: Buffer | string;
  type?: string;
  field?: string;
}

async function upload(
  who: TestUser | undefined,
  files: Upload[],
  fields: Record<string, string> = {},
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(
      f.field ?? 'files',
      new Blob([f.bytes], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.token}`;
  const res = await fetch(`${stack.url}/api/chat/upload`, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function download(
  who: TestUser,
  assetUrl: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${stack.url}${assetUrl}`, {
    headers: { authorization: `Bearer ${who.token}`, ...headers },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

async function filesOf(who: TestUser): Promise<Json[]> {
  const res = await api('GET', '/api/chat/files?limit=200', { token: who.token });
  expect(res.status).toBe(200);
  return res.body.data.files;
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const blobFiles = (userId: string) => {
  const dir = join(dataDir, 'blobs', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('upload and retrieval', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    alice = await registerUser(api);
    bob = await registerUser(api);
  });

  it('stores files under server-made names, typed by their bytes, and streams them back', async () => {
    const res = await upload(alice, [
      { name: 'receipt.png', bytes: PNG, type: 'image/png' },
      { name: 'notes.txt', bytes: RECEIPT, type: 'text/plain' },
      { name: 'invoice.pdf', bytes: PDF, type: 'application/pdf' },
    ]);
    expect(res.status).toBe(201);
    const files = res.body.data.files as Json[];
    expect(files).toHaveLength(3);
    expect(files.map((f) => [f.originalName, f.mimeType, f.size, f.sha256])).toEqual([
      ['receipt.png', 'image/png', PNG.length, sha(PNG)],
      ['notes.txt', 'text/plain', Buffer.byteLength(RECEIPT), sha(RECEIPT)],
      ['invoice.pdf', 'application/pdf', PDF.length, sha(PDF)],
    ]);
    for (const f of files) {
      expect(f.fileName).toMatch(/^[0-9a-f-]{36}\.[a-z]+$/);
      expect(f.assetUrl).toBe(`/api/chat/files/${alice.id}/${f.fileName}`);
    }
    expect(res.body.data.usage.usedBytes).toBeGreaterThanOrEqual(PNG.length + PDF.length);

    const png = await download(alice, files[0].assetUrl);
    expect(png.status).toBe(200);
    expect(png.bytes.equals(PNG)).toBe(true);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(png.headers.get('etag')).toBe(`"${sha(PNG)}"`);
    expect(png.headers.get('content-disposition')).toMatch(/^inline; filename="receipt.png"/);
    expect(png.headers.get('accept-ranges')).toBe('bytes');
    const text = await download(alice, files[1].assetUrl);
    expect(text.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(text.bytes.toString()).toBe(RECEIPT);
  });

  it('answers byte ranges, suffix ranges, 416 past the end and 304 for a known ETag', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join(''));
    const res = await upload(alice, [{ name: 'big.txt', bytes, type: 'text/plain' }]);
    expect(res.status).toBe(201);
    const { assetUrl } = res.body.data.files[0];

    const part = await download(alice, assetUrl, { range: 'bytes=10-29' });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(10, 30))).toBe(true);
    expect(part.headers.get('content-range')).toBe(`bytes 10-29/${bytes.length}`);

    const tail = await download(alice, assetUrl, { range: 'bytes=-7' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(bytes.subarray(bytes.length - 7))).toBe(true);

    const open = await download(alice, assetUrl, { range: `bytes=${bytes.length - 3}-` });
    expect(open.bytes.equals(bytes.subarray(bytes.length - 3))).toBe(true);

    const past = await download(alice, assetUrl, { range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const cached = await download(alice, assetUrl, { 'if-none-match': `"${sha(bytes)}"` });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
  });

  it("hides another user's files (404 to read or delete) and refuses malformed names", async () => {
    const res = await upload(alice, [{ name: 'a.png', bytes: PNG, type: 'image/png' }]);
    const { assetUrl, fileName } = res.body.data.files[0];
    expect((await download(bob, assetUrl)).status).toBe(404);
    // Bob's own URL for Alice's stored name: still not his file.
    expect((await download(bob, `/api/chat/files/${bob.id}/${fileName}`)).status).toBe(404);
    expectError(await api('DELETE', assetUrl, { token: bob.token }), 404, 'NOT_FOUND');
    // ("%2e%2e" never reaches a server: fetch resolves it as ".." before sending.)
    for (const trick of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%5C..%5Cwin.ini',
      'x.png%00.txt',
      'a%5Cb.png',
    ])
      expect((await download(alice, `/api/chat/files/${alice.id}/${trick}`)).status).toBe(404);
    expect((await download(alice, assetUrl)).status).toBe(200);
    expectError(await upload(undefined, [{ name: 'a.png', bytes: PNG }]), 401, 'UNAUTHORIZED');
  });

  it('keeps path tricks in file names as metadata only', async () => {
    const res = await upload(alice, [
      { name: '../../../etc/passwd.txt', bytes: 'root:x:0:0', type: 'text/plain' },
      { name: 'C:\\Windows\\evil\u202egnp.exe.png', bytes: PNG, type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    for (const f of res.body.data.files as Json[]) {
      expect(f.fileName).toMatch(/^[0-9a-f-]{36}\.(txt|png)$/);
      // eslint-disable-next-line no-control-regex -- a NUL must never survive in a kept name
      expect(f.originalName).not.toMatch(/[/\\\u0000\u202e]/);
    }
    // A NUL in a part's header is a malformed body, refused whole.
    const nul = await upload(alice, [{ name: 'evil\u0000.png', bytes: PNG, type: 'image/png' }]);
    expectError(nul, 400, 'VALIDATION_ERROR');
    expect(readdirSync(join(dataDir, 'blobs', alice.id)).every((n) => !n.includes('passwd'))).toBe(
      true,
    );
  });

  it('refuses disguised and unknown types with 415 and keeps nothing of the upload', async () => {
    const user = await registerUser(api);
    const cases: Upload[][] = [
      [{ name: 'photo.jpg', bytes: PNG, type: 'image/jpeg' }],
      [{ name: 'photo.png', bytes: ZIP, type: 'image/png' }],
      [{ name: 'receipt.jpg', bytes: ELF, type: 'image/jpeg' }],
      [{ name: 'scan.pdf', bytes: EXE, type: 'application/pdf' }],
      [{ name: 'page.txt', bytes: '<!DOCTYPE html><script>alert(1)</script>', type: 'text/plain' }],
      // One good file, then a bad one: all or nothing.
      [
        { name: 'ok.jpg', bytes: JPEG, type: 'image/jpeg' },
        { name: 'bad.png', bytes: ZIP, type: 'image/png' },
      ],
    ];
    for (const files of cases) {
      const res = await upload(user, files);
      expect({ name: files.at(-1)!.name, status: res.status, code: res.body.code }).toEqual({
        name: files.at(-1)!.name,
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await filesOf(user)).toEqual([]);
    expect(blobFiles(user.id)).toEqual([]);
  });

  it('answers 413 for a file over the limit and 400 for too many files, storing none', async () => {
    const user = await registerUser(api);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES, 1)]);
    expectError(
      await upload(user, [
        { name: 'a.png', bytes: PNG, type: 'image/png' },
        { name: 'big.png', bytes: big, type: 'image/png' },
      ]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const many = Array.from({ length: MAX_FILES + 1 }, (_, i) => ({
      name: `r${i}.png`,
      bytes: PNG,
      type: 'image/png',
    }));
    expectError(await upload(user, many), 400, 'VALIDATION_ERROR');
    expectError(await upload(user, []), 400, 'VALIDATION_ERROR');
    expect(await filesOf(user)).toEqual([]);
    expect(blobFiles(user.id)).toEqual([]);
  });

  it('holds each user to the storage quota of their tier', async () => {
    const user = await registerUser(api);
    const chunk = Buffer.concat([PNG, Buffer.alloc(250_000, 2)]);
    const first = await upload(
      user,
      Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, bytes: chunk, type: 'image/png' })),
    );
    expect(first.status).toBe(201);
    const over = await upload(user, [{ name: 'more.png', bytes: chunk, type: 'image/png' }]);
    expectError(over, 413, 'PAYLOAD_TOO_LARGE');
    expect(over.body.details).toMatchObject({ reason: 'STORAGE_QUOTA_EXCEEDED' });
    expect(await filesOf(user)).toHaveLength(4);
  });

  it('deletes a file and its bytes', async () => {
    const res = await upload(alice, [{ name: 'gone.png', bytes: PNG, type: 'image/png' }]);
    const { assetUrl, fileName } = res.body.data.files[0];
    expect(blobFiles(alice.id)).toContain(fileName);
    const del = await api('DELETE', assetUrl, { token: alice.token });
    expect(del.status).toBe(200);
    expect((await download(alice, assetUrl)).status).toBe(404);
    expect(blobFiles(alice.id)).not.toContain(fileName);
    expectError(await api('DELETE', assetUrl, { token: alice.token }), 404, 'NOT_FOUND');
  });

  it('records document.uploaded in the outbox with the upload', async () => {
    const user = await registerUser(api);
    const res = await upload(user, [{ name: 'a.png', bytes: PNG, type: 'image/png' }]);
    const rows = await stack.services.documents.db('outbox').where({ user_id: user.id });
    expect(rows.map((r) => [r.type, r.payload.fileName])).toEqual([
      ['document.uploaded', res.body.data.files[0].fileName],
    ]);
  });
});

describe('receipts: analyze and commit', () => {
  let user: TestUser;
  let asset: Json;

  beforeAll(async () => {
    user = await registerUser(api, { countryCode: 'AU' });
    const res = await upload(user, [{ name: 'cafe.txt', bytes: RECEIPT, type: 'text/plain' }]);
    expect(res.status).toBe(201);
    asset = res.body.data.files[0];
  });

  const analyze = (body: Json, who: TestUser = user) =>
    api('POST', '/api/receipts/analyze', { token: who.token, body });

  it('checks the sha256, size and owner before reading', async () => {
    const base = { assetUrl: asset.assetUrl, mimeType: asset.mimeType, size: asset.size };
    expectError(await analyze({ ...base, sha256: sha('other') }), 400, 'VALIDATION_ERROR');
    expectError(await analyze({ ...base, sha256: 'abc' }), 400, 'VALIDATION_ERROR');
    expectError(
      await analyze({ ...base, size: asset.size + 1, sha256: asset.sha256 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await analyze({ ...base, mimeType: 'image/png', sha256: asset.sha256 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await analyze({ ...base, assetUrl: '/etc/passwd', sha256: asset.sha256 }),
      400,
      'VALIDATION_ERROR',
    );
    const stranger = await registerUser(api);
    expectError(await analyze({ ...base, sha256: asset.sha256 }, stranger), 404, 'NOT_FOUND');
  });

  it('extracts the receipt, finds the matching transaction first, and caches the reading', async () => {
    const make = (body: Json) =>
      api('POST', '/api/bank/transactions', {
        token: user.token,
        body: { type: 'debit', ...body },
      });
    const match = await make({
      date: '2026-03-15',
      description: 'BLUE GUM CAFE FITZROY',
      amount: 33,
    });
    await make({ date: '2026-03-14', description: 'PETROL STATION', amount: 31.5 });
    await make({ date: '2025-11-02', description: 'BLUE GUM CAFE FITZROY', amount: 33 });
    const body = {
      assetUrl: asset.assetUrl,
      mimeType: asset.mimeType,
      size: asset.size,
      sha256: asset.sha256,
    };
    const res = await analyze(body);
    expect(res.status).toBe(200);
    const { extracted, candidates } = res.body.data;
    expect(extracted).toMatchObject({
      merchant: expect.stringMatching(/blue gum cafe/i),
      dateISO: '2026-03-14',
      total: 33,
      tax: 3,
    });
    expect(res.body.data.asset).toEqual({
      assetUrl: asset.assetUrl,
      mimeType: 'text/plain',
      size: asset.size,
    });
    expect(candidates[0]).toMatchObject({
      id: match.body.transaction.id,
      entityType: 'transaction',
      amount: 33,
    });
    expect(candidates[0].reasons.length).toBeGreaterThanOrEqual(2);
    expect(candidates.map((c: Json) => c.date)).not.toContain('2025-11-02');
    expect(res.body.data.cached).toBe(false);
    const again = await analyze(body);
    expect(again.body.data.cached).toBe(true);
    expect(again.body.data.extracted).toEqual(extracted);
    const events = await stack.services.documents
      .db('outbox')
      .where({ user_id: user.id, type: 'receipt.analyzed' });
    expect(events).toHaveLength(1);
  });

  it('reads an iPhone HEIC photo uploaded through the gateway', async () => {
    // fixtures/README.md in the documents service says how it was made (HEVC in HEIF).
    const heic = readFileSync(
      join(__dirname, '..', '..', '..', 'documents', 'test', 'fixtures', 'receipt.heic'),
    );
    const stored = await upload(user, [{ name: 'IMG_0042.HEIC', bytes: heic, type: 'image/heic' }]);
    expect(stored.status).toBe(201);
    const photo = stored.body.data.files[0];
    expect(photo).toMatchObject({ mimeType: 'image/heic', size: heic.length });
    const res = await analyze({
      assetUrl: photo.assetUrl,
      mimeType: photo.mimeType,
      size: photo.size,
      sha256: photo.sha256,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.extracted).toMatchObject({
      merchant: expect.stringMatching(/harbour newsagency/i),
      dateISO: '2026-03-14',
      total: 17.9,
      tax: 1.63,
    });
  }, 60_000);

  it('links to a transaction (with PATCH-validated fields) once, and shows the attachment', async () => {
    const tx = await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: { date: '2026-03-14', description: 'CARD 1234 BLUE GUM', amount: 33, type: 'debit' },
    });
    const id = tx.body.transaction.id;
    const commit = (action: Json) =>
      api('POST', '/api/receipts/commit', {
        token: user.token,
        body: { assetUrl: asset.assetUrl, mimeType: asset.mimeType, size: asset.size, action },
      });
    expectError(
      await commit({ type: 'link', transactionId: id, updateFields: { amount: -5 } }),
      400,
      'VALIDATION_ERROR',
    );
    const first = await commit({
      type: 'link',
      transactionId: id,
      updateFields: { merchant: 'Blue Gum Cafe' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ entityType: 'transaction', entityId: id });
    expect((await commit({ type: 'link', transactionId: id })).body.data.entityId).toBe(id);
    const got = await api('GET', `/api/bank/transactions/${id}`, { token: user.token });
    expect(got.body.transaction.merchant).toBe('Blue Gum Cafe');
    expect(got.body.transaction.attachments.map((a: Json) => a.assetUrl)).toEqual([asset.assetUrl]);
    const list = await api('GET', '/api/bank/transactions?limit=200', { token: user.token });
    const row = list.body.transactions.find((t: Json) => t.id === id);
    expect(row.attachments).toHaveLength(1);
    const stranger = await registerUser(api);
    expectError(
      await api('POST', '/api/receipts/commit', {
        token: stranger.token,
        body: {
          assetUrl: asset.assetUrl,
          size: asset.size,
          action: { type: 'link', transactionId: id },
        },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await commit({ type: 'link', transactionId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
    );
  });

  it('creates one expense from the receipt, however often it is committed', async () => {
    const body = {
      assetUrl: asset.assetUrl,
      mimeType: asset.mimeType,
      size: asset.size,
      action: { type: 'create' },
      extracted: { merchant: 'Blue Gum Cafe', dateISO: '2026-03-14', total: 33, tax: 3 },
    };
    expectError(
      await api('POST', '/api/receipts/commit', {
        token: user.token,
        body: { ...body, extracted: { merchant: 'x' } },
      }),
      400,
      'VALIDATION_ERROR',
    );
    const results = await Promise.all(
      [1, 2, 3].map(() => api('POST', '/api/receipts/commit', { token: user.token, body })),
    );
    for (const r of results) expect(r.status).toBe(200);
    const ids = new Set(results.map((r) => r.body.data.entityId));
    expect(ids.size).toBe(1);
    const [id] = ids;
    const expense = await api('GET', `/api/expenses/${id}`, { token: user.token });
    expect(expense.body.expense).toMatchObject({
      date: '2026-03-14',
      description: 'Blue Gum Cafe',
      amount: 33,
    });
    expect(expense.body.expense.notes).toMatch(/GST\/VAT 3\.00/);
    expect(expense.body.expense.attachments.map((a: Json) => a.assetUrl)).toEqual([asset.assetUrl]);
    const all = await api('GET', '/api/expenses?limit=200', { token: user.token });
    expect(all.body.expenses.filter((e: Json) => e.description === 'Blue Gum Cafe')).toHaveLength(
      1,
    );
  });
});
