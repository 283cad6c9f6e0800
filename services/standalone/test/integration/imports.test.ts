import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ledger from '@pfs/ledger';
import type { Stack } from '../../src';
import {
  client,
  expectError,
  registerUser,
  setTier,
  startTestStack,
  type Api,
  type ApiResponse,
  type TestUser,
} from './harness';

/**
 * POST /api/bank/transactions/import and GET /api/bank/transactions/imports[/{id}] through the
 * real gateway, gRPC client stream, ledger and PostgreSQL.
 */

const FIXTURES = join(__dirname, '..', '..', '..', 'ledger', 'test', 'fixtures', 'imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

// Small limits so the size and background paths are quick to reach.
const MAX_BYTES = 400_000;
const BACKGROUND_BYTES = 100_000;

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({
    IMPORT_MAX_BYTES: String(MAX_BYTES),
    IMPORT_BACKGROUND_BYTES: String(BACKGROUND_BYTES),
    IMPORT_BATCH_ROWS: '500',
    IMPORT_POLL_MS: '200',
  });
  api = client(stack);
});
afterAll(() => stack.close());

interface UploadOptions {
  fields?: Record<string, string>;
  /** Send the form fields after the file part. */
  fieldsAfter?: boolean;
  token?: string;
  apiKey?: string;
  fileName?: string;
  type?: string;
}

async function upload(
  who: TestUser | undefined,
  file: Buffer | string,
  opts: UploadOptions = {},
): Promise<ApiResponse> {
  const form = new FormData();
  const fields = Object.entries(opts.fields ?? {});
  if (!opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  form.append(
    'file',
    new Blob([file], { type: opts.type ?? 'text/csv' }),
    opts.fileName ?? 'statement.csv',
  );
  if (opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  const headers: Record<string, string> = {};
  const token = opts.token ?? who?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
  const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function transactionsOf(user: TestUser, query = 'limit=200&sort=date') {
  const res = await api('GET', `/api/bank/transactions?${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.transactions as {
    id: string;
    date: string;
    description: string;
    amount: number;
    type: string;
    merchant: string | null;
  }[];
}

async function waitForImport(user: TestUser, id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  const seen = new Set<string>();
  for (;;) {
    const res = await api('GET', `/api/bank/transactions/imports/${id}`, { token: user.token });
    expect(res.status).toBe(200);
    seen.add(res.body.import.status);
    if (res.body.import.status === 'completed' || res.body.import.status === 'failed') {
      return { ...res.body.import, seenStatuses: [...seen] };
    }
    if (Date.now() > deadline)
      throw new Error(`import ${id} did not finish: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A CSV statement of `rows` distinct rows, 14/03-style dates. */
function generatedCsv(rows: number, startDay = 0): string {
  const lines = ['Date,Description,Amount,Balance'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + ((startDay + i) % 700) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    lines.push(
      `${date},"EFTPOS PURCHASE STORE ${1000 + (i % 97)} REF ${startDay + i}",-${(i % 300) + 1}.${String(i % 100).padStart(2, '0')},${i}.00`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('importing each kind of file', () => {
  const cases: [string, string, number][] = [
    ['commbank.csv', 'AU', 6],
    ['anz.csv', 'AU', 4],
    ['westpac.csv', 'AU', 4],
    ['nab.csv', 'AU', 4],
    ['monzo.csv', 'GB', 5],
    ['barclays.csv', 'GB', 4],
    ['lloyds.csv', 'GB', 4],
    ['hsbc.csv', 'GB', 4],
    ['chase.csv', 'US', 4],
    ['chase-card.csv', 'US', 4],
    ['bofa.csv', 'US', 3],
    ['bofa-card.csv', 'US', 3],
    ['wells-fargo.csv', 'US', 4],
    ['statement-sgml.ofx', 'US', 5],
    ['statement-xml.ofx', 'GB', 3],
    ['statement.qfx', 'US', 3],
    ['statement.qif', 'US', 5],
    ['latin1.csv', 'GB', 4],
    ['bom.csv', 'DE', 3],
    ['excel-unicode.txt', 'GB', 2],
    ['european-semicolon.csv', 'DE', 4],
    ['nationwide-debit-credit.csv', 'GB', 4],
    ['amount-styles.csv', 'AU', 8],
  ];

  it.each(cases)('%s', async (name, countryCode, expected) => {
    const user = await registerUser(api, { countryCode });
    const res = await upload(user, fixture(name), { fileName: name });
    expect(res.status).toBe(201);
    expect(res.body.import).toMatchObject({
      status: 'completed',
      imported: expected,
      duplicates: 0,
      errors: [],
    });
    expect(res.headers.get('location')).toBe(
      `/api/bank/transactions/imports/${res.body.import.id}`,
    );
    expect(await transactionsOf(user)).toHaveLength(expected);
  });

  it('stores what the file says: dates, amounts, direction, descriptions, merchants', async () => {
    const user = await registerUser(api, { countryCode: 'GB' });
    const res = await upload(user, fixture('monzo.csv'), { fileName: 'monzo.csv' });
    expect(res.body.import.detected).toMatchObject({
      encoding: 'utf-8',
      dateFormat: 'DD/MM/YYYY',
      dateFormatSource: 'file',
      headerLine: 1,
      mapping: {
        preset: 'monzo',
        date: 'Date',
        amount: 'Amount',
        merchant: 'Name',
        externalId: 'Transaction ID',
      },
    });
    const list = await transactionsOf(user);
    expect(list.map((t) => [t.date, t.type, t.amount, t.description, t.merchant])).toEqual([
      ['2025-03-01T00:00:00.000Z', 'credit', 2150, 'ACME LTD SALARY', 'ACME Ltd'],
      ['2025-03-14T00:00:00.000Z', 'debit', 4.5, 'PRET A MANGER LONDON GBR', 'Pret A Manger'],
      ['2025-03-14T00:00:00.000Z', 'debit', 4.5, 'PRET A MANGER LONDON GBR', 'Pret A Manger'],
      ['2025-03-18T00:00:00.000Z', 'debit', 3.2, 'CAFFE NERO LONDON GBR', 'Café Nero'],
      ['2025-03-22T00:00:00.000Z', 'debit', 100, 'Savings', 'Savings'],
    ]);
  });

  it('accepts form fields after a small file', async () => {
    const user = await registerUser(api, { countryCode: 'US' });
    const csv = 'Date,Description,Amount\n03/04/2025,A,-1.00\n04/03/2025,B,-2.00\n';
    const res = await upload(user, csv, {
      fields: { dateFormat: 'DD/MM/YYYY' },
      fieldsAfter: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.import.detected).toMatchObject({
      dateFormat: 'DD/MM/YYYY',
      dateFormatSource: 'dateFormat',
    });
    expect((await transactionsOf(user)).map((t) => t.date.slice(0, 10))).toEqual([
      '2025-03-04',
      '2025-04-03',
    ]);
  });

  it('resolves ambiguous dates by the user’s country', async () => {
    const csv = 'Date,Description,Amount\n03/04/2025,A,-1.00\n';
    const us = await registerUser(api, { countryCode: 'US' });
    const au = await registerUser(api, { countryCode: 'AU' });
    await upload(us, csv);
    await upload(au, csv);
    expect((await transactionsOf(us))[0].date).toBe('2025-03-04T00:00:00.000Z');
    expect((await transactionsOf(au))[0].date).toBe('2025-04-03T00:00:00.000Z');
  });

  it('records the transaction.imported event with the import', async () => {
    const user = await registerUser(api);
    const res = await upload(user, fixture('anz.csv'));
    const events = await stack.services.ledger
      .db('outbox')
      .where({ type: 'transaction.imported', user_id: user.id });
    expect(events).toHaveLength(1);
    const ids = (await transactionsOf(user)).map((t) => t.id).sort();
    expect(events[0].payload).toMatchObject({
      importId: res.body.import.id,
      imported: 4,
      duplicates: 0,
      skipped: 0,
    });
    expect([...events[0].payload.transactionIds].sort()).toEqual(ids);
  });
});

describe('duplicates', () => {
  it('re-importing the same file creates nothing', async () => {
    const user = await registerUser(api);
    for (const name of ['commbank.csv', 'statement-sgml.ofx', 'statement.qif', 'monzo.csv']) {
      const first = await upload(user, fixture(name), { fileName: name });
      const again = await upload(user, fixture(name), { fileName: name });
      expect(again.status).toBe(201);
      expect(again.body.import).toMatchObject({
        imported: 0,
        duplicates: first.body.import.imported,
        skipped: first.body.import.skipped,
      });
    }
    expect(await transactionsOf(user)).toHaveLength(6 + 5 + 5 + 5);
  });

  it('keeps two identical coffees of one day, and recognises both next time', async () => {
    const user = await registerUser(api);
    const csv =
      'Date,Description,Amount\n14/03/2025,COFFEE CLUB,-4.50\n14/03/2025,COFFEE CLUB,-4.50\n';
    expect((await upload(user, csv)).body.import).toMatchObject({ imported: 2, duplicates: 0 });
    expect((await upload(user, csv)).body.import).toMatchObject({ imported: 0, duplicates: 2 });
    // A third coffee that day in a later export is new.
    const three = `${csv}14/03/2025,COFFEE CLUB,-4.50\n`;
    expect((await upload(user, three)).body.import).toMatchObject({ imported: 1, duplicates: 2 });
    expect(
      (await transactionsOf(user)).filter((t) => t.description === 'COFFEE CLUB'),
    ).toHaveLength(3);
  });

  it('an overlapping statement adds only the rows it has beyond the first', async () => {
    const user = await registerUser(api);
    const march = [
      'Date,Description,Amount',
      '01/03/2025,SALARY,2000.00',
      '10/03/2025,GROCER,-55.10',
      '14/03/2025,COFFEE CLUB,-4.50',
      '14/03/2025,COFFEE CLUB,-4.50',
      '20/03/2025,RENT,-900.00',
    ];
    // The next download covers 10 March to 5 April, with a different line order and spacing.
    const overlap = [
      'Date,Description,Amount',
      '05/04/2025,GROCER,-61.00',
      '01/04/2025,SALARY,2000.00',
      '20/03/2025,RENT,-900.00',
      '14/03/2025,Coffee  Club,-4.50',
      '14/03/2025,COFFEE CLUB,-4.50',
      '10/03/2025,GROCER,-55.10',
    ];
    expect((await upload(user, march.join('\n'))).body.import).toMatchObject({ imported: 5 });
    expect((await upload(user, overlap.join('\n'))).body.import).toMatchObject({
      imported: 2,
      duplicates: 4,
    });
    expect(await transactionsOf(user)).toHaveLength(7);
  });

  it("rows carrying the bank's id are matched by it, whatever else changed", async () => {
    const user = await registerUser(api);
    const ofx = fixture('statement-sgml.ofx').toString();
    await upload(user, ofx, { fileName: 'a.ofx' });
    // The bank re-sends the statement with reworded names: same FITIDs, so nothing new.
    const renamed = ofx.replace(/<NAME>([^\r\n<]*)/g, '<NAME>RENAMED $1');
    expect((await upload(user, renamed, { fileName: 'b.ofx' })).body.import).toMatchObject({
      imported: 0,
      duplicates: 5,
    });
    // Two transactions the bank tells apart by FITID are both kept even when identical.
    const sameDay = (await transactionsOf(user)).filter(
      (t) => t.description === 'STARBUCKS STORE 12345 SEATTLE WA',
    );
    expect(sameDay).toHaveLength(2);
  });

  it('a dry run saves nothing and explains each duplicate', async () => {
    const user = await registerUser(api);
    const first = await upload(
      user,
      'Date,Description,Amount\n14/03/2025,COFFEE CLUB,-4.50\n15/03/2025,BOOKS,-20.00\n',
    );
    const before = await transactionsOf(user);
    const csv = [
      'Date,Description,Amount',
      '14/03/2025,COFFEE CLUB,-4.50',
      '14/03/2025,COFFEE CLUB,-4.50',
      '15/03/2025,BOOKS,-20.00',
      '16/03/2025,NEW SHOP,-7.00',
      '17/03/2025,BROKEN,abc',
      '18/03/2025,OPENING BALANCE,',
    ].join('\n');
    const dry = await upload(user, csv, { fields: { dryRun: 'true' } });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      success: true,
      dryRun: true,
      import: {
        id: null,
        status: 'dry_run',
        imported: 2,
        duplicates: 2,
        skipped: 2,
        errorCount: 1,
      },
      mapping: {
        date: 'Date',
        description: ['Description'],
        amount: 'Amount',
        hasHeader: true,
        delimiter: ',',
      },
      rowsTruncated: false,
    });
    const byDescription = new Map(before.map((t) => [t.description, t.id]));
    expect(dry.body.rows).toEqual([
      {
        line: 2,
        status: 'duplicate',
        parsed: {
          date: '2025-03-14',
          description: 'COFFEE CLUB',
          amount: 4.5,
          type: 'debit',
          merchant: null,
          externalId: null,
        },
        duplicateOf: byDescription.get('COFFEE CLUB'),
        reason: `same date, amount, direction and description as transaction ${byDescription.get('COFFEE CLUB')}`,
      },
      expect.objectContaining({ line: 3, status: 'new', duplicateOf: null, reason: null }),
      expect.objectContaining({
        line: 4,
        status: 'duplicate',
        duplicateOf: byDescription.get('BOOKS'),
      }),
      expect.objectContaining({
        line: 5,
        status: 'new',
        parsed: expect.objectContaining({ description: 'NEW SHOP', amount: 7 }),
      }),
      {
        line: 6,
        status: 'error',
        parsed: null,
        duplicateOf: null,
        reason: 'amount: cannot read "abc" as an amount',
      },
      {
        line: 7,
        status: 'skipped',
        parsed: null,
        duplicateOf: null,
        reason: 'no amount (a balance or summary line)',
      },
    ]);
    expect(await transactionsOf(user)).toEqual(before);
    const listed = await api('GET', '/api/bank/transactions/imports', { token: user.token });
    expect(listed.body.imports.map((i: { id: string }) => i.id)).toEqual([first.body.import.id]);
  });

  it('a dry run names a repeated bank id within the file', async () => {
    const user = await registerUser(api, { countryCode: 'GB' });
    const monzo = fixture('monzo.csv').toString().trim().split('\n');
    const dry = await upload(user, [...monzo, monzo[2]].join('\n'), { fields: { dryRun: 'true' } });
    expect(dry.body.rows.at(-1)).toMatchObject({
      line: 7,
      status: 'duplicate',
      duplicateOf: null,
      reason: "repeats the bank's id of line 3 of this file",
    });
    expect(dry.body.import).toMatchObject({ imported: 5, duplicates: 1 });
    expect(dry.body.import.duplicateRows).toEqual([
      { line: 7, duplicateOf: null, reason: "repeats the bank's id of line 3 of this file" },
    ]);
  });

  it('the report names every line that was not imported, and what it matched', async () => {
    const user = await registerUser(api);
    const csv = 'Date,Description,Amount\n14/03/2025,COFFEE CLUB,-4.50\n15/03/2025,BOOKS,-20.00\n';
    await upload(user, csv);
    const [coffee] = (await transactionsOf(user)).filter((t) => t.description === 'COFFEE CLUB');
    const again = await upload(user, `${csv}16/03/2025,OPENING BALANCE,\n`);
    expect(again.status).toBe(201);
    const report = again.body.import;
    expect(report).toMatchObject({ imported: 0, duplicates: 2, skipped: 1, warnings: [] });
    expect(report.duplicateRows.map((d: Record<string, unknown>) => d.line)).toEqual([2, 3]);
    expect(report.duplicateRows[0]).toMatchObject({ line: 2, duplicateOf: coffee.id });
    expect(report.skippedRows).toEqual([{ line: 4, reason: expect.any(String) }]);
    // The same report later, from the import's own page.
    const later = await api('GET', `/api/bank/transactions/imports/${report.id}`, {
      token: user.token,
    });
    expect(later.body.import.duplicateRows).toEqual(report.duplicateRows);
    expect(later.body.import.skippedRows).toEqual(report.skippedRows);
  });
});

describe('errors and overrides', () => {
  it('reports bad rows by line while the good rows import', async () => {
    const user = await registerUser(api);
    const res = await upload(user, fixture('bad-rows.csv'));
    expect(res.status).toBe(201);
    expect(res.body.import).toMatchObject({
      imported: 3,
      duplicates: 0,
      skipped: 5,
      errorCount: 3,
      totalRows: 8,
      errors: [
        { line: 3, error: 'date: "31/02/2025" is not a real date (read as DD/MM/YYYY)' },
        { line: 4, error: 'amount: cannot read "12.3.4" as an amount' },
        { line: 6, error: 'date: cannot read "not a date" as a date' },
      ],
    });
    expect((await transactionsOf(user)).map((t) => t.description)).toEqual([
      'Good row one',
      'Good row with a line break inside',
      'Good row three',
    ]);
  });

  it('a mapping overrides the detected columns', async () => {
    const user = await registerUser(api);
    const csv =
      'Posted,Booked,Memo,Payee,Value\n01/03/2025,03/03/2025,flat white,Coffee Club,-4.50\n';
    const detected = await upload(user, csv, { fields: { dryRun: 'true' } });
    expect(detected.body.rows[0].parsed).toMatchObject({
      date: '2025-03-01',
      description: 'flat white',
    });
    const mapped = await upload(user, csv, {
      fields: {
        mapping: JSON.stringify({
          date: 'booked',
          description: ['Payee', 2],
          merchant: 3,
          amount: 'Value',
        }),
      },
    });
    expect(mapped.status).toBe(201);
    expect(mapped.body.import.detected.mapping).toMatchObject({
      date: 'Booked',
      description: ['Payee', 'Memo'],
      merchant: 'Payee',
    });
    const [t] = await transactionsOf(user);
    expect(t).toMatchObject({
      date: '2025-03-03T00:00:00.000Z',
      description: 'Coffee Club flat white',
      merchant: 'Coffee Club',
    });
  });

  it('a named preset can be forced, and an explicit dateFormat wins over the file', async () => {
    const user = await registerUser(api);
    const res = await upload(user, fixture('anz.csv'), {
      fields: { mapping: '{"preset":"anz"}', dateFormat: 'dd/mm/yyyy' },
    });
    expect(res.body.import).toMatchObject({
      imported: 4,
      detected: { dateFormatSource: 'dateFormat', mapping: { preset: 'anz' } },
    });
  });

  it('refuses bad form fields with 400 and details', async () => {
    const user = await registerUser(api);
    const csv = fixture('anz.csv');
    const cases: [Record<string, string>, string[]][] = [
      [{ mapping: '{not json' }, ['mapping']],
      [{ mapping: '[1,2]' }, ['mapping']],
      [{ mapping: JSON.stringify({ date: true, amount: -1 }) }, ['mapping.date', 'mapping.amount']],
      [{ mapping: JSON.stringify({ amount: 'A', debit: 'B' }) }, ['mapping.amount']],
      [{ mapping: JSON.stringify({ preset: 'mybank' }) }, ['mapping.preset']],
      [{ mapping: JSON.stringify({ delimiter: ':' }) }, ['mapping.delimiter']],
      [{ dateFormat: 'YY/DD/MM' }, ['dateFormat']],
      [{ dryRun: 'yes' }, ['dryRun']],
      [{ dateFormat: 'nope', dryRun: 'maybe' }, ['dateFormat', 'dryRun']],
    ];
    for (const [fields, expected] of cases) {
      const res = await upload(user, csv, { fields });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.details.issues.map((i: { field: string }) => i.field)).toEqual(expected);
    }
    expect(await transactionsOf(user)).toEqual([]);
  });

  it('refuses a mapping that does not fit the file, naming the columns it has', async () => {
    const user = await registerUser(api);
    const res = await upload(user, 'Date,Memo,Amount\n14/03/2025,Coffee,-4.50\n', {
      fields: { mapping: JSON.stringify({ date: 'When', amount: 9 }) },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues).toEqual([
      {
        field: 'mapping.date',
        message: 'no column named "When"; the columns are: Date, Memo, Amount',
      },
      {
        field: 'mapping.amount',
        message: 'column 9 does not exist: the file has 3 columns (counted from 0)',
      },
    ]);
    const unmappable = await upload(user, 'Name,Note\nAlice,hello\nBob,world\n');
    expectError(unmappable, 400, 'VALIDATION_ERROR');
    expect(unmappable.body.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'mapping.date',
      'mapping.amount',
    ]);
  });

  it('needs a file part, and a non-empty one', async () => {
    const user = await registerUser(api);
    const form = new FormData();
    form.append('dryRun', 'true');
    const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const body = (await res.json()) as { code: string; details: { issues: { field: string }[] } };
    expect({ status: res.status, code: body.code, field: body.details.issues[0].field }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field: 'file',
    });
    const empty = await upload(user, '');
    expectError(empty, 400, 'VALIDATION_ERROR');
  });

  it('answers 415 for a body that is no multipart upload or a file that is no statement', async () => {
    const user = await registerUser(api);
    expectError(
      await api('POST', '/api/bank/transactions/import', {
        token: user.token,
        body: { file: 'x' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await api('POST', '/api/bank/transactions/import', {
        token: user.token,
        rawBody: 'a,b',
        headers: { 'content-type': 'text/csv' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await api('POST', '/api/bank/transactions/import', {
        token: user.token,
        rawBody: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%'),
      Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
      Buffer.from('\n1 0 obj\n'),
    ]);
    const res = await upload(user, pdf, { fileName: 'statement.pdf', type: 'application/pdf' });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error).toMatch(/PDF/);
    expectError(
      await upload(user, '<!DOCTYPE html><html><body>Your statement</body></html>'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await upload(user, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0])),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(await transactionsOf(user)).toEqual([]);
  });

  it('answers 413 for a file over the limit, and keeps nothing of it', async () => {
    const user = await registerUser(api);
    const big = generatedCsv(8_000);
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    const res = await upload(user, big);
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await transactionsOf(user)).toEqual([]);
    expect(
      (await api('GET', '/api/bank/transactions/imports', { token: user.token })).body.imports,
    ).toEqual([]);
  });
});

describe('unknown layouts: explained guesses and saved mappings', () => {
  const HEADER = 'Buchungsdatum;Wertstellung;Auftraggeber;Buchungstext;Umsatz';
  const statement = (month: string) =>
    [
      HEADER,
      `14.${month}.2025;15.${month}.2025;REWE Markt;KARTENZAHLUNG 4711 REWE SAGT DANKE;-42,10`,
      `20.${month}.2025;20.${month}.2025;Stadtwerke;LASTSCHRIFT STROM ABSCHLAG KDNR 99;-75,00`,
      `28.${month}.2025;28.${month}.2025;Arbeitgeber GmbH;GEHALT LOHN ${month}/2025 PERSNR 1;2500,00`,
    ].join('\n');
  const mapping = {
    date: 'Buchungsdatum',
    description: ['Auftraggeber'],
    merchant: 'Auftraggeber',
    amount: 'Umsatz',
  };

  it('says what it guessed and why, then reads the next export of the layout in one call', async () => {
    const alice = await registerUser(api, { countryCode: 'GB' });
    const dry = await upload(alice, statement('03'), { fields: { dryRun: 'true' } });
    expect(dry.status).toBe(200);
    const detected = dry.body.import.detected;
    expect(detected).toMatchObject({ source: 'values', certain: false, savedMapping: null });
    expect(detected.columns.map((c: Record<string, unknown>) => [c.field, c.header])).toEqual([
      ['date', 'Buchungsdatum'],
      ['description', 'Buchungstext'],
      ['amount', 'Umsatz'],
    ]);
    for (const c of detected.columns) expect(c.reason).toMatch(/^no header names it; /);

    const first = await upload(alice, statement('03'), {
      fields: { mapping: JSON.stringify(mapping), saveMappingAs: ' Sparkasse Giro ' },
    });
    expect(first.status).toBe(201);
    expect(first.body.import).toMatchObject({ imported: 3 });
    expect(first.body.import.detected).toMatchObject({ source: 'request', certain: true });
    const saved = first.body.import.savedMapping;
    expect(saved).toMatchObject({
      name: 'Sparkasse Giro',
      headers: HEADER.split(';'),
      dateFormat: 'DD/MM/YYYY',
      mapping: { date: 'Buchungsdatum', description: ['Auftraggeber'], amount: 'Umsatz' },
      lastUsedAt: null,
    });

    // April's export: just the file.
    const next = await upload(alice, statement('04'));
    expect(next.status).toBe(201);
    expect(next.body.import).toMatchObject({ imported: 3, duplicates: 0 });
    expect(next.body.import.detected).toMatchObject({
      source: 'saved',
      certain: true,
      savedMapping: { id: saved.id, name: 'Sparkasse Giro' },
    });
    const april = (await transactionsOf(alice)).filter((t) => t.date.startsWith('2025-04'));
    expect(april.map((t) => [t.date.slice(0, 10), t.description, t.merchant, t.amount])).toEqual([
      ['2025-04-14', 'REWE Markt', 'REWE Markt', 42.1],
      ['2025-04-20', 'Stadtwerke', 'Stadtwerke', 75],
      ['2025-04-28', 'Arbeitgeber GmbH', 'Arbeitgeber GmbH', 2500],
    ]);

    // A large export of the layout, imported in the background, is read with it too.
    const big = [HEADER];
    for (let i = 0; big.join('\n').length < BACKGROUND_BYTES * 1.5; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      big.push(
        `${day}.06.2025;${day}.06.2025;Laden ${i};KARTENZAHLUNG NR ${i} VIELEN DANK;-${i + 1},00`,
      );
    }
    const queued = await upload(alice, big.join('\n'), { fileName: 'juni.csv' });
    expect(queued.status).toBe(202);
    expect(queued.body.import.detected).toMatchObject({ source: 'saved' });
    const done = await waitForImport(alice, queued.body.import.id);
    expect(done).toMatchObject({ status: 'completed', imported: big.length - 1 });
    const june = await transactionsOf(alice, 'merchant=Laden%200');
    expect(june).toEqual([
      expect.objectContaining({ description: 'Laden 0', merchant: 'Laden 0', amount: 1 }),
    ]);

    const list = await api('GET', '/api/bank/transactions/import-mappings', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.mappings).toHaveLength(1);
    expect(list.body.mappings[0]).toMatchObject({ id: saved.id, lastUsedAt: expect.any(String) });

    // Another user's files never use it, nor see or delete it.
    const bob = await registerUser(api, { countryCode: 'GB' });
    const bobs = await upload(bob, statement('04'), { fields: { dryRun: 'true' } });
    expect(bobs.body.import.detected).toMatchObject({ source: 'values', savedMapping: null });
    expect(
      (await api('GET', '/api/bank/transactions/import-mappings', { token: bob.token })).body
        .mappings,
    ).toEqual([]);
    expectError(
      await api('DELETE', `/api/bank/transactions/import-mappings/${saved.id}`, {
        token: bob.token,
      }),
      404,
      'NOT_FOUND',
    );

    // Deleted, the layout is guessed again.
    const gone = await api('DELETE', `/api/bank/transactions/import-mappings/${saved.id}`, {
      token: alice.token,
    });
    expect(gone.status).toBe(200);
    const after = await upload(alice, statement('05'), { fields: { dryRun: 'true' } });
    expect(after.body.import.detected.source).toBe('values');
    expectError(
      await api('DELETE', `/api/bank/transactions/import-mappings/${saved.id}`, {
        token: alice.token,
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses to save a mapping from a dry run or for a file that has no columns', async () => {
    const user = await registerUser(api);
    expectError(
      await upload(user, statement('03'), { fields: { dryRun: 'true', saveMappingAs: 'X' } }),
      400,
      'VALIDATION_ERROR',
    );
    const ofx = await upload(user, fixture('statement-sgml.ofx'), {
      fileName: 'statement.ofx',
      fields: { saveMappingAs: 'X' },
    });
    expectError(ofx, 400, 'VALIDATION_ERROR');
    expect(ofx.body.details.issues[0].field).toBe('saveMappingAs');
    expect(await transactionsOf(user)).toHaveLength(0);
    expect(
      (await api('GET', '/api/bank/transactions/import-mappings', { token: user.token })).body
        .mappings,
    ).toEqual([]);
    // The mapping routes need a user, and an id that is no UUID names nothing.
    expectError(await api('GET', '/api/bank/transactions/import-mappings'), 401, 'UNAUTHORIZED');
    expectError(
      await api('DELETE', '/api/bank/transactions/import-mappings/not-a-uuid', {
        token: user.token,
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('statements of several accounts', () => {
  const twoAccounts = () =>
    readFileSync(join(FIXTURES, '..', 'import', 'camt053-two-accounts.xml'));

  it('refuses a CAMT.053 of two accounts naming them, and imports the one chosen', async () => {
    const user = await registerUser(api);
    const refused = await upload(user, twoAccounts(), {
      fileName: 'two.xml',
      type: 'application/xml',
    });
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.body.details.issues[0].message).toContain('CH9300762011623852957, 0532013000');
    const chosen = await upload(user, twoAccounts(), {
      fileName: 'two.xml',
      type: 'application/xml',
      fields: { account: 'ch93 0076 2011 6238 5295 7' },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.import).toMatchObject({ format: 'camt053', imported: 1, skipped: 1 });
    expect(chosen.body.import.skippedRows).toEqual([
      { line: 15, reason: 'an entry of account 0532013000, not the one chosen' },
    ]);
    expect((await transactionsOf(user)).map((t) => [t.date.slice(0, 10), t.amount])).toEqual([
      ['2025-03-02', 10],
    ]);
  });
});

describe('access', () => {
  it('needs credentials (401) and a scope that allows writing (403)', async () => {
    expectError(await upload(undefined, fixture('anz.csv')), 401, 'UNAUTHORIZED');
    const user = await registerUser(api);
    const readKey = (
      await api('POST', '/api/api-keys', {
        token: user.token,
        body: { name: 'r', scopes: ['mcp:read'] },
      })
    ).body.key;
    expectError(
      await upload(undefined, fixture('anz.csv'), { apiKey: readKey }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const fullKey = (
      await api('POST', '/api/api-keys', {
        token: user.token,
        body: { name: 'f', scopes: ['mcp:full'] },
      })
    ).body.key;
    const imported = await upload(undefined, fixture('anz.csv'), { apiKey: fullKey });
    expect(imported.status).toBe(201);
    // A read-only key may follow an import.
    const read = await api('GET', `/api/bank/transactions/imports/${imported.body.import.id}`, {
      apiKey: readKey,
    });
    expect(read.status).toBe(200);
    expectError(await api('GET', '/api/bank/transactions/imports'), 401, 'UNAUTHORIZED');
  });

  it("never shows another user's import", async () => {
    const alice = await registerUser(api);
    const bob = await registerUser(api);
    const mine = await upload(alice, fixture('anz.csv'));
    const id = mine.body.import.id;
    expectError(
      await api('GET', `/api/bank/transactions/imports/${id}`, { token: bob.token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api('GET', '/api/bank/transactions/imports/not-a-uuid', { token: bob.token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api('GET', '/api/bank/transactions/imports/00000000-0000-4000-8000-000000000000', {
        token: alice.token,
      }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await api('GET', '/api/bank/transactions/imports', { token: bob.token })).body,
    ).toMatchObject({
      imports: [],
      pagination: { page: 1, limit: 50, total: 0, pages: 0 },
    });
    const own = await api('GET', `/api/bank/transactions/imports/${id}`, { token: alice.token });
    expect(own.body.import).toMatchObject({
      id,
      status: 'completed',
      imported: 4,
      fileName: 'statement.csv',
      format: 'csv',
    });
    // Bob importing the same file gets his own transactions: dedupe is per user.
    expect((await upload(bob, fixture('anz.csv'))).body.import.imported).toBe(4);
  });

  it('validates the list query', async () => {
    const user = await registerUser(api);
    expectError(
      await api('GET', '/api/bank/transactions/imports?page=0', { token: user.token }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('GET', '/api/bank/transactions/imports?limit=abc', { token: user.token }),
      400,
      'VALIDATION_ERROR',
    );
    const clamped = await api('GET', '/api/bank/transactions/imports?limit=500', {
      token: user.token,
    });
    expect(clamped.body.pagination.limit).toBe(200);
  });
});

describe('CAMT.053 and MT940 like the other formats', () => {
  const CORPUS = join(FIXTURES, '..', 'import', 'corpus');
  it.each([
    ['MT940', 'wolph-mt940/jejik-abnamro.sta', 'KATWIJK'],
    ['CAMT.053', 'genkgo-camt/camt053.v2.minimal.xml', '4654654654654654'],
  ])('%s: custom rules apply and transaction.imported is recorded', async (_, file, word) => {
    const user = await registerUser(api);
    const [cat] = (await api('GET', '/api/categories?limit=1', { token: user.token })).body
      .categories;
    const rule = await api('POST', '/api/rules', {
      token: user.token,
      body: {
        name: 'Bank word',
        conditions: [{ field: 'description', type: 'contains', value: word }],
        actions: [{ type: 'setCategory', value: cat.id }],
      },
    });
    expect(rule.status).toBe(201);
    const expected = JSON.parse(readFileSync(join(CORPUS, `${file}.expected.json`), 'utf8'))
      .lines as { description: string }[];
    const matching = expected.filter((l) => l.description.includes(word)).length;
    expect(matching).toBeGreaterThan(0);
    const res = await upload(user, readFileSync(join(CORPUS, file)), {
      fileName: file.split('/').pop(),
      type: 'application/octet-stream',
    });
    expect(res.status).toBe(201);
    expect(res.body.import.imported).toBe(expected.length);
    const categorised = await transactionsOf(user, `categoryId=${cat.id}&limit=200`);
    expect(categorised).toHaveLength(matching);
    for (const t of categorised) expect(t.description).toContain(word);
    const events = await stack.services.ledger
      .db('outbox')
      .where({ type: 'transaction.imported', user_id: user.id });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      importId: res.body.import.id,
      imported: expected.length,
    });
  });
});

describe('background imports', () => {
  it('applies the custom rules while it writes, with their assignment history', async () => {
    const user = await registerUser(api);
    await setTier(api, user.id, 'elite'); // polling room, and the history needs Elite
    const [cat] = (await api('GET', '/api/categories?limit=1', { token: user.token })).body
      .categories;
    const rule = await api('POST', '/api/rules', {
      token: user.token,
      body: {
        name: 'Rides',
        conditions: [{ field: 'description', type: 'contains', value: 'uber' }],
        actions: [{ type: 'setCategory', value: cat.id }],
      },
    });
    expect(rule.status).toBe(201);
    const lines = ['Date,Description,Amount'];
    for (let i = 0; lines.join('\n').length < BACKGROUND_BYTES * 1.2; i++)
      lines.push(
        `2025-02-${String((i % 28) + 1).padStart(2, '0')},${i % 10 ? 'GROCER' : 'UBER *TRIP'} ${i},-${i + 1}.00`,
      );
    const res = await upload(user, lines.join('\n'));
    expect(res.status).toBe(202);
    await waitForImport(user, res.body.import.id);
    const total = async (query: string) =>
      (await api('GET', `/api/bank/transactions?limit=1&${query}`, { token: user.token })).body
        .pagination.total;
    // Every ride has the rule's category, nothing else has.
    const rideCount = Math.ceil((lines.length - 1) / 10);
    expect(await total('q=uber')).toBe(rideCount);
    expect(await total(`categoryId=${cat.id}`)).toBe(rideCount);
    expect(await total('uncategorized=true')).toBe(lines.length - 1 - rideCount);
    const rides = await transactionsOf(user, `categoryId=${cat.id}&limit=1`);
    const history = await api('GET', `/api/transaction-categories/${rides[0].id}/history`, {
      token: user.token,
    });
    expect(history.body.history).toContainEqual(
      expect.objectContaining({
        assignedBy: 'rule',
        actor: rule.body.rule.id,
        toCategoryId: cat.id,
      }),
    );
  });

  it('stores a large file, answers 202 and imports it in the background', async () => {
    const user = await registerUser(api);
    await setTier(api, user.id, 'enterprise'); // room for the polling
    const csv = generatedCsv(3_000);
    expect(csv.length).toBeGreaterThan(BACKGROUND_BYTES);
    const res = await upload(user, csv);
    expect(res.status).toBe(202);
    expect(res.body.import).toMatchObject({
      status: 'queued',
      imported: 0,
      progress: 0,
      totalRowsEstimated: true,
    });
    expect(res.body.import.totalRows).toBeGreaterThanOrEqual(3_000);
    const done = await waitForImport(user, res.body.import.id);
    expect(done).toMatchObject({
      status: 'completed',
      imported: 3_000,
      duplicates: 0,
      processedRows: 3_000,
      totalRows: 3_000,
      totalRowsEstimated: false,
      progress: 1,
      detected: { dateFormat: 'DD/MM/YYYY', dateFormatSource: 'file' },
    });
    const page = await api('GET', '/api/bank/transactions?limit=1', { token: user.token });
    expect(page.body.pagination.total).toBe(3_000);
    const stored = await stack.services.ledger
      .db('import_files')
      .where({ import_id: res.body.import.id });
    expect(stored).toEqual([]); // the file is dropped once imported

    // Again: all duplicates.
    const again = await upload(user, csv);
    expect(again.status).toBe(202);
    expect(await waitForImport(user, again.body.import.id)).toMatchObject({
      imported: 0,
      duplicates: 3_000,
    });
  });

  it('refuses form fields that come after a large file', async () => {
    const user = await registerUser(api);
    const res = await upload(user, generatedCsv(6_000), {
      fields: { dryRun: 'true' },
      fieldsAfter: true,
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues[0]).toEqual({
      field: 'dryRun',
      message: 'must come before the file part when the file is over 256 KiB',
    });
  });

  it('a dry run of a large file runs at once and lists the first 1000 rows', async () => {
    const user = await registerUser(api);
    const res = await upload(user, generatedCsv(3_000), { fields: { dryRun: 'true' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rowsTruncated: true,
      import: { imported: 3_000, status: 'dry_run' },
    });
    expect(res.body.rows).toHaveLength(1000);
    expect(await transactionsOf(user)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the import routes with their multipart body and answers', async () => {
    const doc = (await api('GET', '/api/openapi.json')).body;
    const post = doc.paths['/api/bank/transactions/import'].post;
    expect(Object.keys(post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty(
      'file',
    );
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '201', '202', '400', '401', '403', '413', '415']),
    );
    expect(doc.paths['/api/bank/transactions/imports/{id}'].get.responses).toHaveProperty('404');
    expect(doc.paths['/api/bank/transactions/imports'].get).toBeDefined();
  });

  it("offers exactly the ledger's bank presets and date formats", async () => {
    const doc = (await api('GET', '/api/openapi.json')).body;
    const properties =
      doc.paths['/api/bank/transactions/import'].post.requestBody.content['multipart/form-data']
        .schema.properties;
    expect(properties.mapping.contentSchema.properties.preset.enum).toEqual(ledger.PRESET_IDS);
    expect([...properties.dateFormat.enum].sort()).toEqual(Object.keys(ledger.DATE_FORMATS).sort());
  });
});
