import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseImportOptions } from '../../src/domain/import/options';
import { inspectStatement, readRows } from '../../src/domain/import/reader';
import type { ParsedRow, RowOutcome } from '../../src/domain/import/types';

/** Reading statement fixtures (test/fixtures/import) as an import does, in small chunks. */

export const STATEMENT_FIXTURES = join(__dirname, '..', 'fixtures', 'import');

async function* chunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export function fixtureBytes(file: string): Buffer {
  return readFileSync(join(STATEMENT_FIXTURES, file));
}

/** The plan and row outcomes of a file, read in pieces of `size` bytes. */
export async function readStatement(bytes: Buffer, fileName: string, size = 33, account?: string) {
  const settings = parseImportOptions({
    fileName,
    dateFormat: '',
    dryRun: false,
    countryCode: 'DE',
    declaredBytes: 0,
    account,
  });
  const plan = inspectStatement(bytes, true, settings);
  const outcomes: RowOutcome[] = [];
  for await (const batch of readRows(chunks(bytes, size), plan)) outcomes.push(...batch);
  return { plan, outcomes };
}

export function rowsOf(outcomes: RowOutcome[]): ParsedRow[] {
  return outcomes.flatMap((o) => (o.status === 'row' ? [o.row] : []));
}

/** [date, signed amount] of each row. */
export function brief(outcomes: RowOutcome[]): [string, string][] {
  return rowsOf(outcomes).map((r) => [r.date, `${r.type === 'debit' ? '-' : ''}${r.amount}`]);
}
