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
import type { ColumnRef, DateOrder, DecimalSeparator } from './types';

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

/** Where the columns of a layout came from. */
export type LayoutSource = 'request' | 'saved' | 'preset' | 'headers' | 'values';

/** One field's column and why it was chosen, for a client checking the guess. */
export interface ColumnChoice {
  field: string;
  /** 0-based position. */
  column: number;
  /** The header cell, null without a header row. */
  header: string | null;
  reason: string;
}

/** How sure the detection is, and why each column was taken. */
export interface LayoutDetection {
  source: LayoutSource;
  /**
   * False when a column that a transaction needs (date, amount, description) was guessed from
   * the values rather than named by the header, a preset, a saved mapping or the request.
   */
  certain: boolean;
  columns: ColumnChoice[];
  /** The saved mapping applied, if one was. */
  savedMapping?: { id: string; name: string };
}

/** A mapping a user saved for one layout of one bank, applied when the layout comes again. */
export interface SavedMapping {
  id: string;
  name: string;
  /** layoutKey of the files it was saved for. */
  layoutKey: string;
  mapping: MappingOverrides;
  /** The date order the files were read in, when the user gave or the file proved one. */
  dateOrder?: DateOrder;
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
  /** What identifies this layout for a saved mapping (layoutKey). */
  layoutKey: string;
  detection: LayoutDetection;
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

const percent = (part: number, whole: number) => Math.round((part / Math.max(1, whole)) * 100);

/** A guess and, per field, why. */
interface Guess {
  mapping: ColumnMapping;
  reasons: Partial<Record<SingleField | 'description', string>>;
  /** Fields found from values, not named by the header. */
  fromValues: Set<SingleField | 'description'>;
}

/** Guesses the columns from header names and, where names do not tell, from the values. */
function guessColumns(headers: string[], profiles: ColumnProfile[], rows: string[][]): Guess {
  const normalized = headers.map(normalizeHeader);
  const taken = new Set<number>();
  const reasons: Guess['reasons'] = {};
  const fromValues: Guess['fromValues'] = new Set();
  const named = (field: SingleField | 'description', i: number | undefined) => {
    if (i === undefined) return undefined;
    taken.add(i);
    reasons[field] = `the header "${headers[i]}" is a usual name for it`;
    return i;
  };
  const inferred = (field: SingleField | 'description', i: number, reason: string) => {
    taken.add(i);
    reasons[field] = reason;
    fromValues.add(field);
    return i;
  };
  const balance = new Set(normalized.flatMap((h, i) => (ALIASES.balance.includes(h) ? [i] : [])));
  balance.forEach((i) => taken.add(i));

  const guess: ColumnMapping = {};
  const nameless = headers.length ? 'no header names it' : 'the file has no header row';
  guess.date = named('date', byAlias(normalized, ALIASES.date, taken));
  if (guess.date === undefined) {
    const found = profiles.findIndex((p, i) => !taken.has(i) && isDateColumn(p));
    if (found >= 0) {
      const p = profiles[found];
      guess.date = inferred(
        'date',
        found,
        `${nameless}; ${percent(p.dates, p.nonEmpty)}% of its values read as dates`,
      );
    }
  }

  const amount = byAlias(normalized, ALIASES.amount, taken);
  let amountColumn: number | undefined;
  const debit = byAlias(normalized, ALIASES.debit, taken);
  const credit = byAlias(normalized, ALIASES.credit, taken);
  if (amount !== undefined) {
    amountColumn = named('amount', amount);
  } else if (debit !== undefined || credit !== undefined) {
    guess.debit = named('debit', debit);
    guess.credit = named('credit', credit);
  } else {
    const numeric = profiles.flatMap((p, i) => (!taken.has(i) && isAmountColumn(p) ? [i] : []));
    if (numeric.length >= 2 && complementary(rows, numeric[0], numeric[1])) {
      const why = `${nameless}; two amount columns that no row fills both`;
      guess.debit = inferred('debit', numeric[0], `${why}: the first taken as money out`);
      guess.credit = inferred('credit', numeric[1], `${why}: the second taken as money in`);
    } else if (numeric.length) {
      const p = profiles[numeric[0]];
      amountColumn = inferred(
        'amount',
        numeric[0],
        `${nameless}; the first column whose values are amounts (${percent(p.amounts, p.nonEmpty)}%)` +
          (numeric.length > 1 ? `, of ${numeric.length} such columns` : ''),
      );
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
    guess.type = named('type', typeColumn);
    reasons.type = `the header "${headers[typeColumn]}" names it, every value is a debit/credit mark and no amount is negative`;
  }

  guess.merchant = named('merchant', byAlias(normalized, ALIASES.merchant, taken));
  guess.externalId = named('externalId', byAlias(normalized, ALIASES.externalId, taken));
  guess.account = named('account', byAlias(normalized, ALIASES.account, taken));
  let description = named('description', byAlias(normalized, ALIASES.description, taken));
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
    if (description !== undefined)
      inferred(
        'description',
        description,
        `${nameless}; the text column with the longest values (${Math.round(longest)} characters on average)`,
      );
  }
  if (description !== undefined) guess.description = [description];
  return { mapping: guess, reasons, fromValues };
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

const COLUMN_FIELDS = [...FIELDS, 'description'] as const;
type ColumnField = (typeof COLUMN_FIELDS)[number];

/**
 * What identifies a layout across exports of one bank: the header row's names, or without a
 * header, what each column holds (d = dates, a = amounts, t = text, - = empty).
 */
export function layoutKeyOf(records: string[][]): string {
  const headerRecord = findHeaderRecord(records);
  if (headerRecord >= 0) {
    const headers = records[headerRecord].map(normalizeHeader);
    return `h:${headers.slice(0, usedWidth(headers)).join('|')}`;
  }
  const start = Math.max(0, records.findIndex(hasDateCell));
  const sample = records.slice(start, start + 200).filter((r) => r.some(Boolean));
  const width = Math.max(0, ...sample.map(usedWidth));
  const kinds = profileColumns(sample, width).map((p) =>
    isDateColumn(p) ? 'd' : isAmountColumn(p) ? 'a' : p.nonEmpty ? 't' : '-',
  );
  return `c:${kinds.join('')}`;
}

/** The fields of a mapping that name columns. */
function columnFieldsOf(m: MappingOverrides | undefined): Set<ColumnField> {
  return new Set(COLUMN_FIELDS.filter((k) => m?.[k] !== undefined));
}

/**
 * Works out how to read a CSV from its first records: header row, the user's saved mapping
 * for this layout, a bank preset or guessed columns, decimal separator, with the client's
 * mapping applied on top. Throws a validation error naming each mapping field that cannot be
 * honoured. A saved mapping applies when the request names no columns and no preset.
 */
export function detectCsvLayout(
  records: string[][],
  delimiter: Delimiter,
  overrides: MappingOverrides | undefined,
  saved: readonly SavedMapping[] = [],
): CsvLayout {
  const layoutKey = layoutKeyOf(records);
  const requested = columnFieldsOf(overrides);
  const match =
    requested.size || overrides?.preset ? undefined : saved.find((m) => m.layoutKey === layoutKey);
  const effective: MappingOverrides | undefined = match
    ? { ...match.mapping, ...definedOnly(overrides ?? {}) }
    : overrides;
  return detectWith(records, delimiter, effective, { layoutKey, requested, saved: match });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

interface Origin {
  layoutKey: string;
  /** Column fields the request itself named. */
  requested: Set<ColumnField>;
  saved?: SavedMapping;
}

function detectWith(
  records: string[][],
  delimiter: Delimiter,
  overrides: MappingOverrides | undefined,
  origin: Origin,
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
  const guess = preset ? undefined : guessColumns(headers, profiles, sample);
  const base = preset ? preset.mapping : guess!.mapping;
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
    layoutKey: origin.layoutKey,
    detection: explainColumns(columns, headers, origin, preset, guess),
  };
}

/** The fields every transaction needs: a guess of one of them makes the layout unsure. */
const NEEDED = new Set<ColumnField>(['date', 'description', 'amount', 'debit', 'credit']);

/** Each mapped column with why it was taken, and whether the layout is sure. */
function explainColumns(
  columns: ResolvedColumns,
  headers: string[],
  origin: Origin,
  preset: BankPreset | undefined,
  guess: Guess | undefined,
): LayoutDetection {
  const savedFields = columnFieldsOf(origin.saved?.mapping);
  const reasonOf = (field: ColumnField): { reason: string; guessed: boolean } => {
    if (origin.requested.has(field))
      return { reason: 'named in the request’s mapping', guessed: false };
    if (origin.saved && savedFields.has(field))
      return { reason: `your saved mapping "${origin.saved.name}"`, guessed: false };
    if (preset)
      return { reason: `the ${preset.bank} export layout (preset "${preset.id}")`, guessed: false };
    return {
      reason: guess?.reasons[field] ?? 'detected',
      guessed: guess?.fromValues.has(field) ?? false,
    };
  };
  const choices: ColumnChoice[] = [];
  let guessedNeeded = false;
  const add = (field: ColumnField, column: number | undefined) => {
    if (column === undefined || column < 0) return;
    const { reason, guessed } = reasonOf(field);
    if (guessed && NEEDED.has(field)) guessedNeeded = true;
    choices.push({ field, column, header: headers[column] || null, reason });
  };
  add('date', columns.date);
  columns.description.forEach((column) => add('description', column));
  for (const field of FIELDS) if (field !== 'date') add(field, columns[field]);
  const source: LayoutSource = origin.requested.size
    ? 'request'
    : origin.saved
      ? 'saved'
      : preset
        ? 'preset'
        : guess?.fromValues.size
          ? 'values'
          : 'headers';
  return {
    source,
    certain: !guessedNeeded,
    columns: choices,
    ...(origin.saved ? { savedMapping: { id: origin.saved.id, name: origin.saved.name } } : {}),
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
