import type { ParsedRow } from './types';

/**
 * When an imported row is a duplicate, and of what. A row is a duplicate only when what
 * identifies it agrees with a row the user already has (or an earlier row of the same file):
 *
 * - its bank id (OFX FITID, CAMT/MT940 reference, a transaction-id column) AND its date,
 *   direction and amount; the description may differ (banks reword names between exports);
 * - or its fingerprint (fingerprint.ts: account, date, direction, amount, description and
 *   occurrence in the file), the rule of CONTRACT.md "Re-importing the same rows creates no
 *   duplicates".
 *
 * A bank id that comes again with another date, direction or amount is a bank reusing ids
 * (some OFX exports number FITIDs per day or per file): the row is imported, under a bank id
 * qualified by its date and signed amount (the plain one is taken), and reported as a warning.
 * Nothing is dropped silently.
 */

/** What dedupe needs to know of a row that exists (stored, or earlier in the file). */
export interface KnownRow {
  /** Transaction id; '' for a row of the file that is not stored (dry run). */
  id: string;
  date: string;
  amount: string;
  type: 'debit' | 'credit';
  externalId: string | null;
  /** Set when the row is an earlier row of the same file. */
  line?: number;
}

export interface Existing {
  byFingerprint: Map<string, KnownRow>;
  byExternalId: Map<string, KnownRow>;
}

export type DedupeDecision =
  | { kind: 'new' }
  | { kind: 'duplicate'; of: KnownRow; reason: string }
  /** Imported under `externalId` (the bank id qualified), with a warning. */
  | { kind: 'reused'; of: KnownRow; externalId: string; warning: string };

/** Amounts compared as numbers ("12.3" and "12.30" agree). */
function sameAmount(a: string, b: string): boolean {
  return Number(a) === Number(b);
}

/** Whether a row and a known row with the same bank id are the same bank transaction. */
export function sameBankTransaction(
  row: Pick<ParsedRow, 'date' | 'amount' | 'type'>,
  known: KnownRow,
): boolean {
  return row.date === known.date && row.type === known.type && sameAmount(row.amount, known.amount);
}

const signed = (row: Pick<ParsedRow, 'amount' | 'type'>) =>
  `${row.type === 'debit' ? '-' : ''}${row.amount}`;

/** The bank id a row is stored under when its plain bank id belongs to another transaction. */
export function qualifiedExternalId(
  row: Pick<ParsedRow, 'externalId' | 'date' | 'amount' | 'type'>,
): string {
  return `${row.externalId}#${row.date}#${signed(row)}`;
}

/** The bank ids to look up for a row: its own and its qualified form. */
export function externalIdsOf(row: ParsedRow): string[] {
  return row.externalId ? [row.externalId, qualifiedExternalId(row)] : [];
}

function where(known: KnownRow): string {
  return known.line !== undefined ? `line ${known.line} of this file` : `transaction ${known.id}`;
}

/**
 * Decides one row against what exists (`existing`, from the store) and the earlier rows of its
 * file (`inFile`, by bank id). `nth` explains a fingerprint match of a repeated row.
 */
export function decideRow(
  row: ParsedRow & { fingerprint: string },
  existing: Existing,
  inFile: ReadonlyMap<string, KnownRow>,
  nth = '',
): DedupeDecision {
  const byFingerprint = existing.byFingerprint.get(row.fingerprint);
  if (!row.externalId) {
    return byFingerprint
      ? {
          kind: 'duplicate',
          of: byFingerprint,
          reason: `same date, amount, direction and description as transaction ${byFingerprint.id}${nth}`,
        }
      : { kind: 'new' };
  }
  const stored = existing.byExternalId.get(row.externalId);
  const earlier = inFile.get(row.externalId);
  for (const known of [stored, earlier]) {
    if (known && sameBankTransaction(row, known)) {
      return {
        kind: 'duplicate',
        of: known,
        reason:
          known.line !== undefined
            ? `repeats the bank's id of line ${known.line} of this file`
            : `the bank's id ${JSON.stringify(row.externalId)} is already imported as transaction ${known.id}`,
      };
    }
  }
  const qualified = qualifiedExternalId(row);
  const storedQualified = existing.byExternalId.get(qualified) ?? inFile.get(qualified);
  if (storedQualified) {
    return {
      kind: 'duplicate',
      of: storedQualified,
      reason:
        storedQualified.line !== undefined
          ? `repeats the bank's id, date and amount of line ${storedQualified.line} of this file`
          : `the bank's id ${JSON.stringify(row.externalId)} with this date and amount is already imported as transaction ${storedQualified.id}`,
    };
  }
  if (byFingerprint) {
    return {
      kind: 'duplicate',
      of: byFingerprint,
      reason: `same date, amount, direction and description as transaction ${byFingerprint.id}${nth}`,
    };
  }
  const other = stored ?? earlier;
  if (other) {
    return {
      kind: 'reused',
      of: other,
      externalId: qualified,
      warning:
        `the bank's id ${JSON.stringify(row.externalId)} is also used by ${where(other)} ` +
        `(${other.date}, ${signed(other)}), with another date or amount: imported as a separate ` +
        `transaction with bank id ${JSON.stringify(qualified)}`,
    };
  }
  return { kind: 'new' };
}

/** What the earlier rows of a file look like to `decideRow`: a row once placed. */
export function knownOf(
  row: ParsedRow & { id?: string },
  externalId: string | null,
  withLine: boolean,
): KnownRow {
  return {
    id: row.id ?? '',
    date: row.date,
    amount: row.amount,
    type: row.type,
    externalId,
    ...(withLine ? { line: row.line } : {}),
  };
}
