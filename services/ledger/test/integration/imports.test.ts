import { createLogger, newId, ServiceClient } from '@pfs/kit';
import {
  ImportServiceClient,
  type ImportTransactionsRequest,
  type ImportTransactionsResponse,
} from '@pfs/proto/ledger/v1/imports';
import { createImportWorker } from '../../src';
import {
  appendFileChunk,
  createImport,
  deleteAbandonedUploads,
  findImport,
  queueImport,
} from '../../src/store/imports';
import { newUser, rejection, startLedger, type Harness } from './harness';

/** The ImportService over real gRPC, and the background worker against real PostgreSQL. */

let h: Harness;
let imports: ServiceClient<ImportServiceClient>;
const logger = createLogger('import-test', 'silent');

beforeAll(async () => {
  h = await startLedger();
  imports = new ServiceClient('ledger', ImportServiceClient, h.server.address);
});

afterAll(async () => {
  imports.close();
  await h.close();
});

function csv(rows: number, from = 0): Buffer {
  const lines = ['Date,Description,Amount'];
  for (let i = from; i < from + rows; i++) {
    lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2025,SHOP ${i},-${(i % 90) + 1}.25`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function send(
  userId: string | undefined,
  messages: ImportTransactionsRequest[],
): Promise<ImportTransactionsResponse> {
  const call = imports.clientStream((c) => c.importTransactions, { userId, deadlineMs: 30_000 });
  for (const message of messages) await call.write(message);
  return call.end();
}

const options = (
  extra: Partial<{ dryRun: boolean; declaredBytes: string; fileName: string }> = {},
): ImportTransactionsRequest => ({
  part: {
    $case: 'options',
    value: {
      fileName: 'a.csv',
      dateFormat: '',
      dryRun: false,
      countryCode: 'AU',
      declaredBytes: '0',
      ...extra,
    },
  },
});
const chunk = (bytes: Buffer): ImportTransactionsRequest => ({
  part: { $case: 'chunk', value: bytes },
});

/**
 * Waits until an import reaches one of `statuses`. Other test files' stacks share this database
 * and run workers too, so any worker may be the one that finishes it.
 */
async function settled(userId: string, id: string, statuses = ['completed', 'failed']) {
  for (let i = 0; i < 600; i++) {
    const row = await findImport(h.db, userId, id);
    if (row && statuses.includes(row.status)) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`import ${id} did not settle`);
}

async function countTransactions(userId: string): Promise<number> {
  const [{ n }] = await h.db('transactions').where({ user_id: userId }).count({ n: '*' });
  return Number(n);
}

/** A background import as an upload leaves it: the file stored, the import queued. */
async function queued(userId: string, file: Buffer, pieceBytes = 4096): Promise<string> {
  const id = newId();
  await createImport(h.db, {
    id,
    userId,
    status: 'receiving',
    fileName: 'big.csv',
    format: 'csv',
    byteSize: 0,
    options: { fileName: 'big.csv', countryCode: 'AU' },
    layout: {},
  });
  for (let seq = 0, at = 0; at < file.length; seq++, at += pieceBytes) {
    await appendFileChunk(h.db, id, seq, file.subarray(at, at + pieceBytes));
  }
  await queueImport(h.db, id, file.length, 0);
  return id;
}

describe('ImportService', () => {
  it('imports a small file in one go and answers its counts', async () => {
    const userId = newUser();
    const res = await send(userId, [
      options(),
      chunk(csv(30).subarray(0, 100)),
      chunk(csv(30).subarray(100)),
    ]);
    expect(res.statementImport).toMatchObject({
      status: 'completed',
      imported: 30,
      duplicates: 0,
      totalRows: 30,
    });
    expect(await countTransactions(userId)).toBe(30);
  });

  it('creates each row once when the same file is imported twice at the same moment', async () => {
    const userId = newUser();
    const file = csv(400);
    const [a, b] = await Promise.all([
      send(userId, [options(), chunk(file)]),
      send(userId, [options(), chunk(file)]),
    ]);
    expect(a.statementImport!.imported + b.statementImport!.imported).toBe(400);
    expect(a.statementImport!.duplicates + b.statementImport!.duplicates).toBe(400);
    expect(await countTransactions(userId)).toBe(400);
  });

  it('refuses calls without a user, without options first, or larger than the limit', async () => {
    expect((await rejection(send(undefined, [options(), chunk(csv(1))]))).code).toBe(
      'UNAUTHORIZED',
    );
    const userId = newUser();
    expect(await rejection(send(userId, [chunk(csv(1))]))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'options' }] },
    });
    expect(await rejection(send(userId, [options(), chunk(csv(1)), options()]))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(
      (await rejection(send(userId, [options({ declaredBytes: String(200 * 1024 * 1024) })]))).code,
    ).toBe('PAYLOAD_TOO_LARGE');
    expect((await rejection(send(userId, [options()]))).code).toBe('VALIDATION_ERROR'); // empty file
    expect(await countTransactions(userId)).toBe(0);
  });
});

describe('background import worker', () => {
  it('resumes after a crash from the last committed batch, counting every row once', async () => {
    const userId = newUser();
    const file = csv(3_000);
    const id = await queued(userId, file);

    // A first worker commits a few batches, then "crashes": its lease is left to run out.
    const first = createImportWorker({
      db: h.db,
      logger,
      config: { IMPORT_BATCH_ROWS: 100, IMPORT_POLL_MS: 60_000 },
    });
    first.kick();
    for (let i = 0; i < 200; i++) {
      const row = await findImport(h.db, userId, id);
      if (row && row.processed_rows >= 300) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await first.stop(); // hands the import back, as on shutdown (another worker may take it at once)
    const stopped = await findImport(h.db, userId, id);
    expect(stopped!.processed_rows).toBeGreaterThanOrEqual(300);
    expect(stopped!.processed_rows).toBeLessThan(3_000);
    expect(stopped!.imported).toBe(stopped!.processed_rows);
    // Now as a crash would leave it: running, under a lease that has expired.
    await h
      .db('imports')
      .where({ id })
      .update({
        status: 'running',
        locked_by: 'a-dead-worker',
        locked_until: h.db.raw(`now() - interval '1 second'`),
      });

    const second = createImportWorker({
      db: h.db,
      logger,
      config: { IMPORT_BATCH_ROWS: 700, IMPORT_POLL_MS: 60_000 },
    });
    second.kick();
    const done = await settled(userId, id);
    expect(done).toMatchObject({
      status: 'completed',
      imported: 3_000,
      duplicates: 0,
      skipped: 0,
      processed_rows: 3_000,
      total_rows: 3_000,
      locked_by: null,
    });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(await countTransactions(userId)).toBe(3_000);
    expect(await h.db('import_files').where({ import_id: id })).toEqual([]);
    const events = await h.db('outbox').where({ type: 'transaction.imported', user_id: userId });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ importId: id, imported: 3_000, duplicates: 0 });
    await second.stop();
  });

  it('fails an import whose file cannot be read, without retrying it', async () => {
    const userId = newUser();
    const id = await queued(userId, Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'));
    const worker = createImportWorker({ db: h.db, logger });
    worker.kick();
    expect(await settled(userId, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failure: expect.stringMatching(/PDF/),
    });
    await worker.stop();
  });

  it('gives up on an import that failed on every attempt', async () => {
    const userId = newUser();
    const id = await queued(userId, csv(5));
    await h
      .db('imports')
      .where({ id })
      .update({
        status: 'running',
        attempts: 5,
        locked_by: 'x',
        locked_until: h.db.raw(`now() - interval '1 second'`),
      });
    const worker = createImportWorker({ db: h.db, logger });
    worker.kick();
    expect(await settled(userId, id)).toMatchObject({
      status: 'failed',
      failure: 'The import failed 5 times and was abandoned',
    });
    expect(await countTransactions(userId)).toBe(0);
    await worker.stop();
  });

  it('records row errors of a background import by line', async () => {
    const userId = newUser();
    const file = Buffer.concat([
      csv(50),
      Buffer.from('31/02/2025,BAD DATE,-1.00\n05/03/2025,BAD AMOUNT,x\n'),
    ]);
    const id = await queued(userId, file, 512);
    const worker = createImportWorker({ db: h.db, logger, config: { IMPORT_BATCH_ROWS: 7 } });
    worker.kick();
    expect(await settled(userId, id)).toMatchObject({
      status: 'completed',
      imported: 50,
      skipped: 2,
      error_count: 2,
      errors: [
        { line: 52, error: 'date: "31/02/2025" is not a real date (read as DD/MM/YYYY)' },
        { line: 53, error: 'amount: cannot read "x" as an amount' },
      ],
    });
    await worker.stop();
  });

  it('deletes uploads that were cut off and never queued', async () => {
    const userId = newUser();
    const id = newId();
    await createImport(h.db, {
      id,
      userId,
      status: 'receiving',
      fileName: 'x',
      format: 'csv',
      byteSize: 0,
      options: {},
      layout: {},
    });
    await appendFileChunk(h.db, id, 0, Buffer.from('Date,Amount\n'));
    await h
      .db('imports')
      .where({ id })
      .update({ updated_at: h.db.raw(`now() - interval '2 hours'`) });
    expect(await deleteAbandonedUploads(h.db, 60 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await findImport(h.db, userId, id)).toBeUndefined();
    expect(await h.db('import_files').where({ import_id: id })).toEqual([]);
  });
});

/** An OFX statement of the given transactions (SGML, as most banks send it). */
function ofx(lines: { date: string; amount: string; fitid: string; name: string }[]): Buffer {
  const trns = lines
    .map(
      (l) =>
        `<STMTTRN>\n<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date}\n` +
        `<TRNAMT>${l.amount}\n<FITID>${l.fitid}\n<NAME>${l.name}\n</STMTTRN>`,
    )
    .join('\n');
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n` +
      `<CURDEF>GBP\n<BANKTRANLIST>\n${trns}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
  );
}

describe('deduplication accounts for every line', () => {
  // The silent loss of issue 12: two lines sharing one FITID, differing in amount and payee.
  const reused = [
    { date: '20250301', amount: '-12.00', fitid: 'TX1', name: 'GROCER' },
    { date: '20250301', amount: '-80.00', fitid: 'TX1', name: 'GARAGE' },
    { date: '20250302', amount: '-5.00', fitid: 'TX2', name: 'CAFE' },
    { date: '20250302', amount: '-5.00', fitid: 'TX2', name: 'CAFE' },
  ];

  it('imports a reused bank id with another amount, with a warning; a true repeat is a duplicate of the row it repeats', async () => {
    const userId = newUser();
    const res = await send(userId, [options({ fileName: 'a.ofx' }), chunk(ofx(reused))]);
    expect(res.statementImport).toMatchObject({ imported: 3, duplicates: 1, skipped: 0 });
    const stored = await h
      .db('transactions')
      .where({ user_id: userId })
      .orderBy('amount')
      .select('id', 'amount', 'external_id', 'description');
    expect(stored.map((t) => [t.description, t.external_id])).toEqual([
      ['CAFE', 'TX2'],
      ['GROCER', 'TX1'],
      ['GARAGE', 'TX1#2025-03-01#-80.00'],
    ]);
    const row = (await findImport(h.db, userId, res.statementImport!.id))!;
    expect(row.warnings).toEqual([
      {
        line: expect.any(Number),
        transactionId: stored[2].id,
        warning: expect.stringContaining(`the bank's id "TX1" is also used by`),
      },
    ]);
    expect(row.duplicate_rows).toEqual([
      { line: expect.any(Number), duplicateOf: stored[0].id, reason: expect.any(String) },
    ]);
    // The counts add up to the file's transactions.
    expect(row.imported + row.duplicates + row.skipped).toBe(row.total_rows);
    // The same report on the wire.
    expect(res.statementImport!.warnings).toEqual([
      {
        line: row.warnings[0]!.line,
        transactionId: stored[2].id,
        warning: row.warnings[0]!.warning,
      },
    ]);
    expect(res.statementImport!.duplicateRows).toEqual([
      { line: row.duplicate_rows[0]!.line, duplicateOf: stored[0].id, reason: expect.any(String) },
    ]);
    expect(res.statementImport!.skippedRows).toEqual([]);

    // Again: every line is a duplicate of the transaction it matches, the garage one included.
    const again = await send(userId, [options({ fileName: 'b.ofx' }), chunk(ofx(reused))]);
    expect(again.statementImport).toMatchObject({ imported: 0, duplicates: 4 });
    const second = (await findImport(h.db, userId, again.statementImport!.id))!;
    expect(second.duplicate_rows.map((d) => d.duplicateOf)).toEqual([
      stored[1].id,
      stored[2].id,
      stored[0].id,
      stored[0].id,
    ]);
    expect(await countTransactions(userId)).toBe(3);
  });

  it('a reused bank id in a later statement is imported, and a reworded name is not', async () => {
    const userId = newUser();
    await send(userId, [options({ fileName: 'a.ofx' }), chunk(ofx(reused.slice(0, 1)))]);
    const later = [
      { date: '20250301', amount: '-12.00', fitid: 'TX1', name: 'GROCER LTD' },
      { date: '20250401', amount: '-12.00', fitid: 'TX1', name: 'GROCER' },
    ];
    const res = await send(userId, [options({ fileName: 'b.ofx' }), chunk(ofx(later))]);
    expect(res.statementImport).toMatchObject({ imported: 1, duplicates: 1 });
    expect(await countTransactions(userId)).toBe(2);
  });

  it('a dry run shows the warning on the row it would import', async () => {
    const userId = newUser();
    const res = await send(userId, [
      options({ fileName: 'a.ofx', dryRun: true }),
      chunk(ofx(reused)),
    ]);
    expect(res.statementImport).toMatchObject({ imported: 3, duplicates: 1 });
    expect(res.rows.map((r) => [r.status, r.reason.slice(0, 8)])).toEqual([
      ['new', ''],
      ['new', 'warning:'],
      ['new', ''],
      ['duplicate', 'repeats '],
    ]);
    // Its report lists too: the repeat (of a line not stored, so no transaction id) and the
    // warning (nothing stored yet either).
    expect(res.statementImport!.duplicateRows).toEqual([
      { line: res.rows[3]!.line, duplicateOf: '', reason: expect.any(String) },
    ]);
    expect(res.statementImport!.warnings).toEqual([
      { line: res.rows[1]!.line, transactionId: '', warning: expect.any(String) },
    ]);
  });

  it('a background import reports duplicates, warnings and skipped lines too', async () => {
    const userId = newUser();
    const lines = ['Date,Description,Amount,Transaction ID'];
    for (let i = 0; i < 300; i++)
      lines.push(`0${(i % 9) + 1}/03/2025,SHOP ${i},-${i + 1}.00,ID${i}`);
    lines.push('01/03/2025,SHOP 0,-1.00,ID0'); // a repeat
    lines.push('02/03/2025,OTHER,-7.00,ID1'); // ID1 reused for another transaction
    lines.push('03/03/2025,BALANCE,'); // nothing to import
    const id = await queued(userId, Buffer.from(lines.join('\n')));
    const worker = createImportWorker({
      db: h.db,
      logger,
      config: { IMPORT_BATCH_ROWS: 50, IMPORT_WRITERS: 2 },
    });
    worker.kick();
    try {
      const row = await settled(userId, id);
      expect(row).toMatchObject({ status: 'completed', imported: 301, duplicates: 1, skipped: 1 });
      expect(row.duplicate_rows).toEqual([
        { line: 302, duplicateOf: expect.any(String), reason: expect.any(String) },
      ]);
      expect(row.warnings).toEqual([
        expect.objectContaining({ line: 303, transactionId: expect.any(String) }),
      ]);
      expect(row.skipped_rows).toEqual([{ line: 304, reason: expect.any(String) }]);
      expect(row.imported + row.duplicates + row.skipped).toBe(row.total_rows);
      const fetched = await imports.call((c) => c.getImport, { id }, { userId });
      expect(fetched.statementImport!.skippedRows).toEqual([
        { line: 304, reason: row.skipped_rows[0]!.reason },
      ]);
      expect(fetched.statementImport!.duplicateRows).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
