/** The shapes that flow through a statement import, from file text to rows ready to store. */

export const IMPORT_FORMATS = ['csv', 'ofx', 'qfx', 'qif', 'camt053', 'mt940'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Order of day, month and year in numeric dates such as 03/04/2025. */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export type DecimalSeparator = '.' | ',';

/** A CSV column by header name (matched case-insensitively) or 0-based position. */
export type ColumnRef = string | number;

/** One transaction as the file states it: text, not yet validated. */
export interface SourceRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  date: string;
  description: string;
  /** A signed amount (negative = money out) ... */
  amount?: string;
  /** ... or unsigned money-out / money-in amounts. */
  debit?: string;
  credit?: string;
  /** A debit/credit marker (DR, CR, D, C, debit, credit) for an unsigned amount. */
  indicator?: string;
  merchant?: string;
  /** The bank's id of the transaction (OFX FITID, a transaction-id column). */
  externalId?: string;
  account?: string;
}

/** What a file yields, in order: rows, and lines that could not even be split into fields. */
export type SourceItem =
  | { kind: 'row'; row: SourceRow }
  | { kind: 'error'; line: number; error: string }
  /** A transaction the file lists but that is not to be imported (a pending CAMT entry). */
  | { kind: 'skipped'; line: number; reason: string };

/** A row after validation: what becomes a transaction. */
export interface ParsedRow {
  line: number;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  /** Positive, two decimals ("12.30"). */
  amount: string;
  type: 'debit' | 'credit';
  merchant: string | null;
  externalId: string | null;
  account: string | null;
}

/** One data row's fate before deduplication. */
export type RowOutcome =
  | { status: 'row'; row: ParsedRow }
  | { status: 'error'; line: number; error: string }
  | { status: 'skipped'; line: number; reason: string };
