import { AppError, type FieldIssue } from '@pfs/kit';
import { detectDecimalSeparator, parseAmount } from './amounts';
import type { Delimiter } from './csv-dialect';
import { readDate } from './dates';
import {
  normalizeHeader,
  presetById,
  PRESETS,
  type BankPreset,
  type ColumnKind,
  type ColumnMapping,
} from './presets';
import type { ColumnRef, DecimalSeparator } from './types';

/** A client's mapping: any field given overrides what was detected. */
export interface MappingOverrides extends ColumnMapping {
  preset?: string;
  delimiter?: Delimiter;
  hasHeader?: boolean;
  decimalSeparator?: DecimalSeparator;
  invertSign?: boolean;
}

/** Column positions of each field. */
export interface ResolvedColumns {
  date: number;
  description: number[];
  amount?: number;
  debit?: number;
  credit?: number;
  type?: number;
  merchant?: number;
  externalId?: number;
  account?: number;
}

/** Everything needed to turn the records of a CSV into rows. */
export interface CsvLayout {
  delimiter: Delimiter;
  /** Position of the header among the file's non-blank records; -1 without one. */
  headerRecord: number;
  /** Position of the first record that may hold a transaction (after header or preamble). */
  firstDataRecord: number;
  /** The header cells as written (empty without a header). */
  headers: string[];
  preset?: BankPreset;
  columns: ResolvedColumns;
  decimalSeparator: DecimalSeparator;
  invertSign: boolean;
  /** The effective mapping as a client would send it back (names when there is a header). */
  mapping: MappingOverrides;
}

const FIELDS = [
  'date',
  'amount',
  'debit',
  'credit',
  'type',
  'merchant',
  'externalId',
  'account',
] as const;
type SingleField = (typeof FIELDS)[number];

/** Header names of each field, most telling first. */
const ALIASES: Record<SingleField | 'description' | 'balance', string[]> = {
  date: [
    'date',
    'transaction date',
    'posting date',
    'posted date',
    'post date',
    'trans date',
    'txn date',
    'date posted',
    'booking date',
    'value date',
    'completed date',
    'started date',
    'datum',
    'buchungstag',
    'fecha',
  ],
  amount: [
    'amount',
    'transaction amount',
    'amt',
    'amount gbp',
    'amount aud',
    'amount usd',
    'amount eur',
    'amount nzd',
    'amount cad',
    'net amount',
    'value',
    'betrag',
    'bedrag',
    'montant',
    'importe',
  ],
  debit: [
    'debit',
    'debit amount',
    'debits',
    'money out',
    'paid out',
    'withdrawal',
    'withdrawals',
    'withdrawal amount',
    'amount debit',
    'debit amt',
    'out',
    'spent',
  ],
  credit: [
    'credit',
    'credit amount',
    'credits',
    'money in',
    'paid in',
    'deposit',
    'deposits',
    'deposit amount',
    'amount credit',
    'credit amt',
    'in',
    'received',
  ],
  description: [
    'description',
    'transaction description',
    'narrative',
    'transaction narrative',
    'transaction details',
    'details',
    'memo',
    'payee',
    'particulars',
    'narration',
    'name',
    'reference',
    'remarks',
    'omschrijving',
    'verwendungszweck',
    'beschreibung',
    'libelle',
    'concepto',
  ],
  type: ['dr cr', 'cr dr', 'debit credit', 'credit debit', 'd c', 'dc', 'type', 'transaction type'],
  merchant: ['merchant', 'merchant name', 'payee name'],
  // Only names that mean the bank's own unique id: a row number or a free-text reference
  // would make distinct transactions look like one.
  externalId: ['transaction id', 'fitid', 'txn id', 'reference number'],
  account: ['account number', 'bank account', 'account', 'account no', 'acct'],
  balance: ['balance', 'running balance', 'running bal', 'available balance', 'saldo'],
};

const KNOWN_HEADERS = new Set(Object.values(ALIASES).flat());
const INDICATOR = /^(?:dr|cr|d|c|db|debit|credit)$/i;

interface ColumnProfile {
  nonEmpty: number;
  dates: number;
  amounts: number;
  negatives: number;
  stars: number;
  indicators: number;
  length: number;
}

function profileColumns(rows: string[][], width: number): ColumnProfile[] {
  const profiles = Array.from({ length: width }, () => ({
    nonEmpty: 0,
    dates: 0,
    amounts: 0,
    negatives: 0,
    stars: 0,
    indicators: 0,
    length: 0,
  }));
  for (const row of rows) {
    for (let i = 0; i < width; i++) {
      const cell = row[i] ?? '';
      if (!cell) continue;
      const p = profiles[i];
      p.nonEmpty++;
      p.length += cell.length;
      if (readDate(cell)) p.dates++;
      const amount = parseAmount(cell);
      if (amount !== null && amount !== undefined) {
        p.amounts++;
        if (amount < 0) p.negatives++;
      }
      if (cell === '*') p.stars++;
      if (INDICATOR.test(cell)) p.indicators++;
    }
  }
  return profiles;
}

const isDateColumn = (p: ColumnProfile) => p.nonEmpty > 0 && p.dates >= p.nonEmpty * 0.9;
const isAmountColumn = (p: ColumnProfile) =>
  p.nonEmpty > 0 && p.amounts >= p.nonEmpty * 0.9 && p.dates < p.nonEmpty * 0.5;
const isTextColumn = (p: ColumnProfile) => p.nonEmpty > 0 && !isDateColumn(p) && !isAmountColumn(p);

function kindMatches(kind: ColumnKind, p: ColumnProfile): boolean {
  switch (kind) {
    case 'date':
      return isDateColumn(p);
    case 'amount':
      return isAmountColumn(p);
    case 'text':
      return isTextColumn(p);
    case 'star':
      return p.stars === p.nonEmpty;
    case 'any':
      return true;
  }
}

/** Width of a record without trailing empty cells (Chase rows end with a stray comma). */
function usedWidth(record: string[]): number {
  let n = record.length;
  while (n > 0 && !record[n - 1]) n--;
  return n;
}

function hasDateCell(record: string[]): boolean {
  return record.some((cell) => cell.length <= 40 && readDate(cell) !== undefined);
}

/**
 * The header row among the first records: the one naming the most known columns (at least two)
 * and holding no date, so a bank's summary block above it is passed over. Failing that, a first
 * row of plain words followed by rows with dates.
 */
export function findHeaderRecord(records: string[][]): number {
  let best = -1;
  let bestHits = 1;
  const limit = Math.min(records.length, 40);
  for (let i = 0; i < limit; i++) {
    const record = records[i];
    if (hasDateCell(record)) continue;
    const hits = record.filter((cell) => KNOWN_HEADERS.has(normalizeHeader(cell))).length;
    if (hits > bestHits) {
      best = i;
      bestHits = hits;
    }
  }
  if (best >= 0) return best;
  const first = records[0];
  if (
    first &&
    first.filter(Boolean).length >= 2 &&
    !hasDateCell(first) &&
    !first.some((cell) => typeof parseAmount(cell) === 'number') &&
    records.slice(1, 4).some(hasDateCell)
  ) {
    return 0;
  }
  return -1;
}

function issue(field: string, message: string): FieldIssue {
  return { field: `mapping.${field}`, message };
}

/** Finds a column by alias, most telling alias first; undefined when none is there. */
function byAlias(normalized: string[], aliases: string[], taken: Set<number>): number | undefined {
  for (const alias of aliases) {
    const i = normalized.findIndex((h, index) => h === alias && !taken.has(index));
    if (i >= 0) return i;
  }
  return undefined;
}

/** Guesses the columns from header names and, where names do not tell, from the values. */
function guessColumns(
  headers: string[],
  profiles: ColumnProfile[],
  rows: string[][],
): ColumnMapping {
  const normalized = headers.map(normalizeHeader);
  const taken = new Set<number>();
  const take = (i: number | undefined) => {
    if (i !== undefined) taken.add(i);
    return i;
  };
  const balance = new Set(normalized.flatMap((h, i) => (ALIASES.balance.includes(h) ? [i] : [])));
  balance.forEach((i) => taken.add(i));

  const guess: ColumnMapping = {};
  let date = byAlias(normalized, ALIASES.date, taken);
  if (date === undefined) {
    const found = profiles.findIndex((p, i) => !taken.has(i) && isDateColumn(p));
    if (found >= 0) date = found;
  }
  guess.date = take(date);

  const amount = byAlias(normalized, ALIASES.amount, taken);
  let amountColumn: number | undefined;
  const debit = byAlias(normalized, ALIASES.debit, taken);
  const credit = byAlias(normalized, ALIASES.credit, taken);
  if (amount !== undefined) {
    amountColumn = take(amount);
  } else if (debit !== undefined || credit !== undefined) {
    guess.debit = take(debit);
    guess.credit = take(credit);
  } else {
    const numeric = profiles.flatMap((p, i) => (!taken.has(i) && isAmountColumn(p) ? [i] : []));
    if (numeric.length >= 2 && complementary(rows, numeric[0], numeric[1])) {
      guess.debit = take(numeric[0]);
      guess.credit = take(numeric[1]);
    } else if (numeric.length) {
      amountColumn = take(numeric[0]);
    }
  }
  guess.amount = amountColumn;

  const typeColumn = byAlias(normalized, ALIASES.type, taken);
  if (
    typeColumn !== undefined &&
    amountColumn !== undefined &&
    profiles[typeColumn].nonEmpty > 0 &&
    profiles[typeColumn].indicators === profiles[typeColumn].nonEmpty &&
    profiles[amountColumn].negatives === 0
  ) {
    guess.type = take(typeColumn);
  }

  guess.merchant = take(byAlias(normalized, ALIASES.merchant, taken));
  guess.externalId = take(byAlias(normalized, ALIASES.externalId, taken));
  guess.account = take(byAlias(normalized, ALIASES.account, taken));
  let description = byAlias(normalized, ALIASES.description, taken);
  if (description === undefined) {
    // The text column with the longest values says most about a transaction.
    let longest = 0;
    profiles.forEach((p, i) => {
      const average = p.nonEmpty ? p.length / p.nonEmpty : 0;
      if (!taken.has(i) && isTextColumn(p) && average > longest) {
        longest = average;
        description = i;
      }
    });
  }
  if (description !== undefined) guess.description = [description];
  return guess;
}

/** Two amount columns where no row fills both: money out and money in. */
function complementary(rows: string[][], a: number, b: number): boolean {
  let seenA = false;
  let seenB = false;
  for (const row of rows) {
    const hasA = !!parseAmount(row[a] ?? ''); // 0, null and undefined are all "no amount"
    const hasB = !!parseAmount(row[b] ?? '');
    if (hasA && hasB) return false;
    seenA ||= hasA;
    seenB ||= hasB;
  }
  return seenA && seenB;
}

function matchPreset(
  headers: string[] | undefined,
  profiles: ColumnProfile[],
  width: number,
): BankPreset | undefined {
  if (headers) {
    const present = new Set(headers.map(normalizeHeader));
    let best: BankPreset | undefined;
    for (const preset of PRESETS) {
      if (!preset.header?.every((h) => present.has(h))) continue;
      if (!best || preset.header.length > (best.header?.length ?? 0)) best = preset;
    }
    return best;
  }
  return PRESETS.find(
    (preset) =>
      preset.columns?.length === width &&
      preset.columns.every((kind, i) => kindMatches(kind, profiles[i])),
  );
}

/** A field's column ref made a position, or an issue when the file has no such column. */
function resolveRef(
  field: string,
  ref: ColumnRef,
  headers: string[],
  width: number,
  issues: FieldIssue[],
): number | undefined {
  if (typeof ref === 'number') {
    if (ref < width) return ref;
    issues.push(
      issue(field, `column ${ref} does not exist: the file has ${width} columns (counted from 0)`),
    );
    return undefined;
  }
  const wanted = normalizeHeader(ref);
  const i = headers.findIndex((h) => normalizeHeader(h) === wanted);
  if (i >= 0) return i;
  issues.push(
    issue(
      field,
      headers.length
        ? `no column named "${ref}"; the columns are: ${headers.filter(Boolean).join(', ')}`
        : `the file has no header row, so columns are named by position (0 to ${width - 1})`,
    ),
  );
  return undefined;
}

/** Applies a client's fields over a base mapping; a signed amount and debit/credit exclude each other. */
function overlay(base: ColumnMapping, overrides: MappingOverrides | undefined): ColumnMapping {
  if (!overrides) return base;
  const merged: ColumnMapping = { ...base };
  if (overrides.amount !== undefined) {
    delete merged.debit;
    delete merged.credit;
  }
  if (overrides.debit !== undefined || overrides.credit !== undefined) delete merged.amount;
  for (const key of [...FIELDS, 'description'] as const) {
    const value = overrides[key];
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * Works out how to read a CSV from its first records: header row, bank preset or guessed
 * columns, decimal separator, with the client's mapping applied on top. Throws a validation
 * error naming each mapping field that cannot be honoured.
 */
export function detectCsvLayout(
  records: string[][],
  delimiter: Delimiter,
  overrides: MappingOverrides | undefined,
): CsvLayout {
  const issues: FieldIssue[] = [];
  const requested = overrides?.preset ? presetById(overrides.preset) : undefined;
  if (overrides?.preset && !requested) {
    issues.push(
      issue('preset', `unknown preset; known presets: ${PRESETS.map((p) => p.id).join(', ')}`),
    );
  }

  let headerRecord = findHeaderRecord(records);
  if (
    overrides?.hasHeader === false ||
    (requested && !requested.header && overrides?.hasHeader === undefined)
  ) {
    headerRecord = -1;
  } else if ((overrides?.hasHeader || requested?.header) && headerRecord < 0) {
    headerRecord = records.findIndex((r) => r.some(Boolean));
  }
  const headers = headerRecord >= 0 ? records[headerRecord].map((h) => h.trim()) : [];
  const dataStart =
    headerRecord >= 0 ? headerRecord + 1 : Math.max(0, records.findIndex(hasDateCell));
  const sample = records.slice(dataStart, dataStart + 200).filter((r) => r.some(Boolean));
  const width = Math.max(headers.length, ...sample.map(usedWidth), 0);
  const profiles = profileColumns(sample, width);

  const preset = requested ?? matchPreset(headerRecord >= 0 ? headers : undefined, profiles, width);
  const base = preset ? preset.mapping : guessColumns(headers, profiles, sample);
  const mapping = overlay(base, overrides);

  const resolve = (field: string, ref: ColumnRef | undefined) =>
    ref === undefined ? undefined : resolveRef(field, ref, headers, width, issues);
  const date = resolve('date', mapping.date);
  const columns: ResolvedColumns = {
    date: date ?? -1,
    description: (mapping.description ?? []).flatMap((ref, i) => {
      const at = resolve(`description.${i}`, ref);
      return at === undefined ? [] : [at];
    }),
    amount: resolve('amount', mapping.amount),
    debit: resolve('debit', mapping.debit),
    credit: resolve('credit', mapping.credit),
    type: resolve('type', mapping.type),
    // A preset's optional columns (merchant, account) may be missing from an older export.
    merchant: optionalColumn(
      mapping.merchant,
      headers,
      preset !== undefined && overrides?.merchant === undefined,
      (ref) => resolve('merchant', ref),
    ),
    externalId: resolve('externalId', mapping.externalId),
    account: optionalColumn(
      mapping.account,
      headers,
      preset !== undefined && overrides?.account === undefined,
      (ref) => resolve('account', ref),
    ),
  };
  if (mapping.date === undefined) {
    issues.push(issue('date', 'no date column was found; name it in mapping.date'));
  }
  if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined) {
    issues.push(
      issue(
        'amount',
        'no amount column was found; name mapping.amount, or mapping.debit and mapping.credit',
      ),
    );
  }
  if (issues.length) {
    throw AppError.validation(issues, 'The columns of this file could not be mapped');
  }

  const amountSamples = sample.flatMap((r) =>
    [columns.amount, columns.debit, columns.credit].flatMap((i) =>
      i === undefined ? [] : [r[i] ?? ''],
    ),
  );
  const decimalSeparator =
    overrides?.decimalSeparator ??
    detectDecimalSeparator(amountSamples, delimiter === ';' ? ',' : '.');
  const invertSign = overrides?.invertSign ?? preset?.invertSign ?? false;
  return {
    delimiter,
    headerRecord,
    firstDataRecord: dataStart,
    headers,
    preset,
    columns,
    decimalSeparator,
    invertSign,
    mapping: describeMapping(columns, headers, {
      preset: preset?.id,
      delimiter,
      decimalSeparator,
      invertSign,
    }),
  };
}

function optionalColumn(
  ref: ColumnRef | undefined,
  headers: string[],
  lenient: boolean,
  resolve: (ref: ColumnRef) => number | undefined,
): number | undefined {
  if (ref === undefined) return undefined;
  if (
    lenient &&
    typeof ref === 'string' &&
    !headers.some((h) => normalizeHeader(h) === normalizeHeader(ref))
  ) {
    return undefined;
  }
  return resolve(ref);
}

/** The resolved columns in the request's own shape, so a client can send it back as mapping. */
function describeMapping(
  columns: ResolvedColumns,
  headers: string[],
  extra: {
    preset?: string;
    delimiter: Delimiter;
    decimalSeparator: DecimalSeparator;
    invertSign: boolean;
  },
): MappingOverrides {
  const ref = (i: number | undefined): ColumnRef | undefined =>
    i === undefined || i < 0 ? undefined : headers[i] ? headers[i] : i;
  const out: MappingOverrides = {};
  if (extra.preset) out.preset = extra.preset;
  out.date = ref(columns.date);
  if (columns.description.length)
    out.description = columns.description.map((i) => ref(i) as ColumnRef);
  for (const key of [
    'amount',
    'debit',
    'credit',
    'type',
    'merchant',
    'externalId',
    'account',
  ] as const) {
    const value = ref(columns[key]);
    if (value !== undefined) out[key] = value;
  }
  out.hasHeader = headers.length > 0;
  out.delimiter = extra.delimiter;
  out.decimalSeparator = extra.decimalSeparator;
  out.invertSign = extra.invertSign;
  return out;
}

/** Turns one CSV record into a source row by the layout's columns. */
export function recordToRow(record: string[], line: number, columns: ResolvedColumns) {
  const cell = (i: number | undefined) =>
    i === undefined ? undefined : unquoteCell(record[i] ?? '');
  return {
    line,
    date: cell(columns.date) ?? '',
    description: columns.description
      .map((i) => unquoteCell(record[i] ?? ''))
      .filter(Boolean)
      .join(' '),
    amount: cell(columns.amount),
    debit: cell(columns.debit),
    credit: cell(columns.credit),
    indicator: cell(columns.type),
    merchant: cell(columns.merchant),
    externalId: stripTextMarker(cell(columns.externalId)),
    account: stripTextMarker(cell(columns.account)),
  };
}

/**
 * A cell trimmed, with quotes the CSV reader left in place (a quoted value after a space,
 * `a, "b"`) removed.
 */
export function unquoteCell(raw: string): string {
  const s = raw.trim();
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"'))
    return s.slice(1, -1).replace(/""/g, '"').trim();
  return s;
}

/** Excel's leading apostrophe that keeps "'30-12-34" text. */
function stripTextMarker(value: string | undefined): string | undefined {
  return value?.startsWith("'") ? value.slice(1) : value;
}
