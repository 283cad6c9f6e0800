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
