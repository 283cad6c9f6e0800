import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from '../../src';
import {
  client,
  registerUser,
  startTestStack,
  type Api,
  type ApiResponse,
  type TestUser,
} from './harness';

/**
 * The import corpus (services/ledger/test/fixtures/import/corpus, see its README): statement
 * files from open-source importers' test data, each imported through the API and compared line
 * by line with the expected lines written from the upstream project's own expected output.
 */

const CORPUS = join(__dirname, '..', '..', '..', 'ledger', 'test', 'fixtures', 'import', 'corpus');

interface ExpectedLine {
  date: string;
  amount: string;
  description: string;
  /** CAMT entry status: only booked entries are imported. */
  status?: string;
  /**
   * What the ledger reads where it knowingly differs from upstream (see the file's `note`):
   * the test holds the ledger to it, so a change shows.
   */
  ledgerDescription?: string;
  /** Likewise for the signed amount. */
  ledgerAmount?: string;
}

interface Expected {
  source: string;
  path: string;
  lines: ExpectedLine[];
  /** The ledger refuses the file (several accounts, or no statement at all). */
  refused?: boolean;
  refusedBecause?: string;
}

interface PreviewRow {
  line: number;
  status: 'new' | 'duplicate' | 'error' | 'skipped';
  parsed: { date: string; description: string; amount: number; type: 'debit' | 'credit' } | null;
  reason: string | null;
}

const files = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(CORPUS, d.name))
      .filter((f) => !/\.(json|md)$/i.test(f) && !/^LICENSE/i.test(f))
      .map((f) => `${d.name}/${f}`),
  )
  .sort();

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ IMPORT_BATCH_ROWS: '500' });
  api = client(stack);
});
afterAll(() => stack.close());

async function upload(
  who: TestUser,
  file: Buffer,
  fileName: string,
  dryRun: boolean,
  account?: string,
) {
  const form = new FormData();
  if (dryRun) form.append('dryRun', 'true');
  if (account !== undefined) form.append('account', account);
  form.append('file', new Blob([file], { type: 'application/octet-stream' }), fileName);
  const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined } as ApiResponse;
}

/** Without whitespace: upstream parsers join wrapped lines with or without a break. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

const signed = (p: NonNullable<PreviewRow['parsed']>) =>
  (p.type === 'debit' ? -p.amount : p.amount).toFixed(2);

it('the corpus holds at least 40 files', () => {
  expect(files.length).toBeGreaterThanOrEqual(40);
});

describe.each(files)('%s', (file) => {
  const expected = JSON.parse(
    readFileSync(join(CORPUS, `${file}.expected.json`), 'utf8'),
  ) as Expected;
  const bytes = readFileSync(join(CORPUS, file));
  const name = file.split('/').pop()!;

  if (expected.refused) {
    it('is refused with a reason, and nothing is imported', async () => {
      const user = await registerUser(api);
      const res = await upload(user, bytes, name, false);
      expect([400, 415]).toContain(res.status);
      expect(JSON.stringify(res.body)).toMatch(expected.refusedBecause ?? /./);
      const listed = await api('GET', '/api/bank/transactions', { token: user.token });
      expect(listed.body.transactions).toEqual([]);
    });
    if (expected.refusedBecause === 'accounts')
      it("imports account by account with the account option, every line upstream's", async () => {
        const user = await registerUser(api);
        const refused = await upload(user, bytes, name, false);
        // The refusal names the accounts to choose from.
        const named = /accounts \(([^)]+)\)/.exec(refused.body.details.issues[0].message);
        const accounts = named![1].split(', ');
        expect(accounts.length).toBeGreaterThan(1);
        const read: PreviewRow[] = [];
        let imported = 0;
        for (const account of accounts) {
          const dry = await upload(user, bytes, name, true, account);
          expect(dry.status).toBe(200);
          read.push(...(dry.body.rows as PreviewRow[]).filter((r) => r.status === 'new'));
          const real = await upload(user, bytes, name, false, account);
          expect(real.status).toBe(201);
          imported += real.body.import.imported;
        }
        read.sort((a, b) => a.line - b.line);
        expect(read.map((r) => [r.parsed!.date, signed(r.parsed!)])).toEqual(
          expected.lines.map((l) => [l.date, Number(l.ledgerAmount ?? l.amount).toFixed(2)]),
        );
        expect(imported).toBe(expected.lines.length);
      });
    return;
  }

  it('imports every line as upstream expects, and again only as duplicates', async () => {
    const user = await registerUser(api);
    const dry = await upload(user, bytes, name, true);
    expect({ status: dry.status, error: dry.status === 200 ? undefined : dry.body }).toEqual({
      status: 200,
    });
    const rows = dry.body.rows as PreviewRow[];
    const booked = expected.lines.filter((l) => !l.status || l.status === 'BOOK');
    const read = rows.filter((r) => r.status === 'new' || r.status === 'duplicate');
    expect(rows.filter((r) => r.status === 'error')).toEqual([]);
    expect(read.map((r) => ({ date: r.parsed!.date, amount: signed(r.parsed!) }))).toEqual(
      booked.map((l) => ({ date: l.date, amount: Number(l.ledgerAmount ?? l.amount).toFixed(2) })),
    );
    read.forEach((r, i) => {
      const line = booked[i];
      const want = squeeze(line.ledgerDescription ?? line.description ?? '');
      const got = squeeze(r.parsed!.description);
      // Upstream and the ledger may keep more or less of the bank's text (the ledger keeps the
      // remittance information; ?60-?63 of a German :86: go on it): one holds the other.
      if (want && !want.includes(got) && !got.includes(want))
        expect({ line: r.line, description: r.parsed!.description }).toEqual({
          line: r.line,
          description: line.ledgerDescription ?? line.description,
        });
    });

    const first = await upload(user, bytes, name, false);
    expect(first.status).toBe(201);
    const imp = first.body.import;
    expect(imp.imported + imp.duplicates).toBe(booked.length);
    expect(imp.imported + imp.duplicates + imp.skipped).toBe(imp.totalRows);
    const again = await upload(user, bytes, name, false);
    expect(again.body.import).toMatchObject({ imported: 0, duplicates: booked.length });
  });
});
