import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { camtAccounts } from '../../src/domain/import/camt053';
import { mt940Accounts } from '../../src/domain/import/mt940';
import type { ParsedRow } from '../../src/domain/import/types';
import { readStatement, STATEMENT_FIXTURES } from './import-statements.helper';

/**
 * The corpus files the API refuses because they hold statements of several accounts (see
 * test/fixtures/import/corpus/README.md): read once per account with the account chosen (the
 * `account` import option), their rows together, in file order, are upstream's expected lines.
 */

const CORPUS = join(STATEMENT_FIXTURES, 'corpus');

interface Expected {
  refusedBecause?: string;
  lines: { date: string; amount: string; ledgerAmount?: string; description: string }[];
}

const files = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(CORPUS, d.name))
      .filter((f) => f.endsWith('.expected.json'))
      .map((f) => join(d.name, f)),
  )
  .filter(
    (f) =>
      (JSON.parse(readFileSync(join(CORPUS, f), 'utf8')) as Expected).refusedBecause === 'accounts',
  )
  .map((f) => f.replace(/\.expected\.json$/, ''));

const squeeze = (s: string) => s.replace(/\s+/g, '');

it('there are multi-account files in the corpus', () => {
  expect(files.length).toBeGreaterThan(0);
});

describe.each(files)('%s', (file) => {
  it("read account by account, every line is upstream's", async () => {
    const bytes = readFileSync(join(CORPUS, file));
    const expected = JSON.parse(
      readFileSync(join(CORPUS, `${file}.expected.json`), 'utf8'),
    ) as Expected;
    const text = bytes.toString('latin1');
    const accounts = file.endsWith('.xml') ? camtAccounts(text) : mt940Accounts(text);
    expect(accounts.length).toBeGreaterThan(1);
    const rows: ParsedRow[] = [];
    for (const account of accounts) {
      const { outcomes } = await readStatement(bytes, file, 4096, account);
      expect(outcomes.filter((o) => o.status === 'error')).toEqual([]);
      for (const o of outcomes) if (o.status === 'row') rows.push(o.row);
    }
    rows.sort((a, b) => a.line - b.line);
    expect(rows.map((r) => [r.date, `${r.type === 'debit' ? '-' : ''}${r.amount}`])).toEqual(
      expected.lines.map((l) => [l.date, Number(l.ledgerAmount ?? l.amount).toFixed(2)]),
    );
    rows.forEach((r, i) => {
      const want = squeeze(expected.lines[i].description ?? '');
      const got = squeeze(r.description);
      if (want && !want.includes(got) && !got.includes(want))
        expect({ line: r.line, description: r.description }).toEqual({
          line: r.line,
          description: expected.lines[i].description,
        });
    });
  });
});
