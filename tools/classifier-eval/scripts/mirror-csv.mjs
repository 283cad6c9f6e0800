// What the extraction scripts share: a file of a pinned commit read from a repository mirror
// (brought onto the machine by the library's `fetch`), CSV read with csv-parse, and a data set
// written in the evaluation's shape (date, description, amount, type, category).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** The text of `path` at `commit` in the mirror's git directory. */
export function showFile(mirror, commit, path) {
  return execFileSync('git', ['--git-dir', mirror, 'show', `${commit}:${path}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Records as objects keyed by the trimmed header names; blank lines left out. */
export function readCsv(text, delimiter = ',') {
  return parse(text, {
    delimiter,
    columns: (header) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
    bom: true,
  });
}

const cell = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** Writes data/<name>.csv from [date, description, amount, type, category] rows; its path. */
export function writeDataset(name, rows) {
  const target = join(import.meta.dirname, '..', 'data', `${name}.csv`);
  const lines = [
    'date,description,amount,type,category',
    ...rows.map((r) => r.map(cell).join(',')),
  ];
  // data/ holds only generated, gitignored files, so a fresh clone has no such directory.
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, lines.join('\n') + '\n');
  return target;
}

/**
 * A Mint.com export's records as [date, description, amount, type, category] rows, for those
 * `keep` accepts (given the record, its trimmed category and its description). The description
 * is the statement's text (Original Description), or Mint's cleaned Description where
 * `orDescription` is set and the original is empty. Rows without a category, a description, a
 * non-zero amount or a debit/credit type are left out.
 */
export function mintExportRows(records, keep, { orDescription = false } = {}) {
  const rows = [];
  for (const r of records) {
    const category = r['Category'].trim();
    const original = r['Original Description'].trim();
    const description = orDescription ? original || r['Description'].trim() : original;
    if (!keep(r, category, description)) continue;
    const amount = Number(r['Amount'].replace(/,/g, ''));
    const type = r['Transaction Type'].trim();
    if (!category || !description || !amount || !['debit', 'credit'].includes(type)) continue;
    const [m, d, y] = r['Date'].trim().split('/');
    const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    rows.push([date, description, Math.abs(amount).toFixed(2), type, category]);
  }
  return rows;
}

const TO_A_PERSON = /\b(zelle|venmo)\b/i;

/**
 * Writes data/<name>.csv from a Mint export at `commit`: the statement's text (else Mint's
 * Description), the accounts `investmentAccount` does not match (their buys, sells and
 * dividends are not statement lines), no rows labelled one of `noLabel`, and no payments to a
 * person (Zelle, Venmo), whose description is the person's name.
 */
export function extractMintExport(name, { mirror, commit, path, investmentAccount, noLabel }) {
  const records = readCsv(showFile(mirror, commit, path));
  const rows = mintExportRows(
    records,
    (r, category, description) =>
      !investmentAccount.test(r['Account Name'].trim()) &&
      !noLabel.has(category) &&
      !TO_A_PERSON.test(description),
    { orDescription: true },
  );
  const target = writeDataset(name, rows);
  console.log(`${rows.length} rows (of ${records.length}) → ${target}`);
}
