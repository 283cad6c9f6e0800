import { AppError } from '@pfs/kit';
import { parse, type Options as CsvOptions } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { detectDialect, type Delimiter } from './csv-dialect';
import { chooseDateOrder, DateOrderEvidence, ORDER_LABEL, type DateOrderSource } from './dates';
import { LineEndings, StatementDecoder, type TextEncodingName } from './encoding';
import { camtAccounts, Camt053Reader, noSuchAccount, severalAccounts } from './camt053';
import { binaryKind, detectFormat } from './formats';
import { detectCsvLayout, recordToRow, unquoteCell, type CsvLayout } from './mapping';
import { mt940Accounts, Mt940Reader } from './mt940';
import { OfxReader } from './ofx';
import { accountKey, type ImportSettings } from './options';
import { QifReader } from './qif';
import { normalizeRow, type RowRules } from './rows';
import type { ImportFormat, RowOutcome, SourceItem } from './types';

/**
 * From bytes to rows: what a file is (`inspectStatement`, on its first bytes), then its rows
 * one by one (`readRows`), in constant memory whatever the file's size.
 */

/** How much of the file's start decides format, encoding, delimiter, header and columns. */
export const SAMPLE_BYTES = 64 * 1024;
const SAMPLE_RECORDS = 500;
const MAX_RECORD_BYTES = 256 * 1024;

export interface ImportPlan {
  format: ImportFormat;
  encoding: TextEncodingName;
  /** CSV only. */
  csv?: CsvLayout;
  rules: RowRules;
  dateOrderSource: DateOrderSource;
  /** 1-based line of the CSV header row; 0 without one. */
  headerLine: number;
  /** CAMT.053 / MT940: the one account to import of a file that has several. */
  account?: string;
}

/** The date order of the saved mapping a layout used, if any. */
function savedDateOrder(csv: CsvLayout | undefined, settings: ImportSettings) {
  const id = csv?.detection.savedMapping?.id;
  return id ? settings.savedMappings?.find((m) => m.id === id)?.dateOrder : undefined;
}

/** What a client sees of a plan. */
export function describePlan(plan: ImportPlan) {
  const numericDates = plan.dateOrderSource !== 'unambiguous';
  return {
    format: plan.format,
    encoding: plan.encoding,
    dateFormat: numericDates ? ORDER_LABEL[plan.rules.dateOrder] : '',
    dateFormatSource: plan.dateOrderSource,
    mapping: plan.csv?.mapping,
    headers: plan.csv?.headers ?? [],
    headerLine: plan.headerLine,
    layoutKey: plan.csv?.layoutKey,
    detection: plan.csv?.detection,
  };
}

function unsupported(what: string): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The file is ${what}, not a bank statement (CSV, OFX, QFX, QIF, CAMT.053 or MT940)`,
  );
}

/** Blank lines come through as records (and are dropped by the caller) so lines can be counted. */
function csvOptions(delimiter: Delimiter): CsvOptions {
  return {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_BYTES,
  };
}

/** The first whole lines of a text sample (a cut-off last line would mislead detection). */
function wholeLines(text: string, complete: boolean): string {
  if (complete) return text;
  const cut = text.lastIndexOf('\n');
  return cut > 0 ? text.slice(0, cut + 1) : text;
}

/**
 * Decides how to read a file from its first bytes (at most SAMPLE_BYTES are looked at):
 * refuses what is no statement (415) and columns that cannot be mapped (400). The day/month
 * order is what the sample proves; `settleDateOrder` widens that to the whole file.
 */
export function inspectStatement(
  head: Uint8Array,
  complete: boolean,
  settings: ImportSettings,
): ImportPlan & { dateOrderProven: boolean } {
  const sampleBytes = head.subarray(0, SAMPLE_BYTES);
  const decoder = new StatementDecoder();
  const endings = new LineEndings();
  const wholeSample = complete && head.length <= SAMPLE_BYTES;
  let text = endings.normalize(decoder.decode(sampleBytes));
  if (wholeSample) text += endings.normalize(decoder.end()) + endings.end();
  if (decoder.encoding === 'utf-8' || decoder.encoding === 'windows-1252') {
    const binary = binaryKind(decoder.hadBom ? sampleBytes.subarray(3) : sampleBytes);
    if (binary) throw unsupported(binary);
  }
  if (!text.trim()) {
    throw AppError.validation([{ field: 'file', message: 'is empty' }]);
  }
  const format = detectFormat(text, settings.fileName);
  if (!format) throw unsupported('not in a statement format (it looks like markup, JSON or prose)');
  const sample = wholeLines(text, wholeSample);
  const evidence = new DateOrderEvidence();
  let csv: CsvLayout | undefined;
  let headerLine = 0;
  if (format === 'csv') {
    const delimiter = settings.mapping?.delimiter ?? detectDialect(sample)?.delimiter;
    if (!delimiter) throw unsupported('text without delimited columns');
    const parsed = (
      parseSync(sample, { ...csvOptions(delimiter), to: SAMPLE_RECORDS, info: true }) as {
        record: string[];
        info: { lines: number };
      }[]
    ).filter(({ record }) => !isBlankLine(record));
    const records = parsed.map(({ record }) => record.map(unquoteCell));
    csv = detectCsvLayout(records, delimiter, settings.mapping, settings.savedMappings);
    if (csv.headerRecord >= 0) headerLine = parsed[csv.headerRecord].info.lines;
    for (const record of records.slice(csv.firstDataRecord))
      evidence.add(record[csv.columns.date] ?? '');
  } else if (format === 'camt053' || format === 'mt940') {
    // One account per import: a file of several is refused before anything is read.
    const accounts = format === 'camt053' ? camtAccounts(sample) : mt940Accounts(sample);
    if (settings.account) {
      if (wholeSample && !accounts.some((a) => accountKey(a) === settings.account))
        throw noSuchAccount(settings.account, accounts);
    } else if (accounts.length > 1) {
      throw severalAccounts(accounts, !wholeSample);
    }
  } else if (format === 'qif') {
    const reader = new QifReader();
    for (const item of [...reader.push(sample), ...reader.end()]) {
      if (item.kind === 'row') evidence.add(item.row.date);
    }
  }
  const { order, source } = chooseDateOrder({
    explicit: settings.explicitOrder,
    evidence,
    preset: csv?.preset?.dateOrder,
    saved: savedDateOrder(csv, settings),
    countryCode: settings.countryCode,
  });
  return {
    format,
    encoding: decoder.encoding,
    csv,
    rules: {
      dateOrder: order,
      decimalSeparator: csv?.decimalSeparator ?? '.',
      invertSign: csv?.invertSign ?? false,
    },
    dateOrderSource: source,
    headerLine,
    ...(settings.account && (format === 'camt053' || format === 'mt940')
      ? { account: settings.account }
      : {}),
    dateOrderProven:
      source === 'dateFormat' ||
      source === 'file' ||
      format === 'ofx' ||
      format === 'qfx' ||
      format === 'camt053' ||
      format === 'mt940',
  };
}

/**
 * Re-decides the day/month order from every date of the file (the sample may not have held a
 * day above 12). Reads the file once more; nothing is kept but two counters.
 */
export async function settleDateOrder(
  plan: ImportPlan,
  bytes: AsyncIterable<Uint8Array>,
  settings: ImportSettings,
): Promise<ImportPlan> {
  const evidence = new DateOrderEvidence();
  for await (const items of readSource(bytes, plan)) {
    for (const item of items) if (item.kind === 'row') evidence.add(item.row.date);
  }
  const { order, source } = chooseDateOrder({
    explicit: settings.explicitOrder,
    evidence,
    preset: plan.csv?.preset?.dateOrder,
    saved: savedDateOrder(plan.csv, settings),
    countryCode: settings.countryCode,
  });
  return { ...plan, rules: { ...plan.rules, dateOrder: order }, dateOrderSource: source };
}

/** The file as text, line endings made uniform. */
async function* textOf(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new StatementDecoder();
  const endings = new LineEndings();
  for await (const chunk of bytes) {
    const text = endings.normalize(decoder.decode(chunk));
    if (text) yield text;
  }
  const rest = endings.normalize(decoder.end()) + endings.end();
  if (rest) yield rest;
}

function countNewlines(values: string[]): number {
  let n = 0;
  for (const v of values) {
    if (!v.includes('\n')) continue;
    for (let i = v.indexOf('\n'); i >= 0; i = v.indexOf('\n', i + 1)) n++;
  }
  return n;
}

/** A blank line reads as a record of one empty field; it is no record (as in the sample). */
const isBlankLine = (record: string[]) => record.length === 1 && record[0] === '';

interface CsvFailure {
  failure: { code?: string; lines?: number; message: string };
}

/**
 * The rows of a CSV, a batch per piece of text. csv-parse parses each piece synchronously as it
 * is written, so its records are collected with no promise per record; line numbers are
 * counted here (a record spans one line plus the line breaks inside its quoted fields).
 */
async function* csvSource(
  text: AsyncIterable<string>,
  layout: CsvLayout,
): AsyncGenerator<SourceItem[]> {
  const parser = parse(csvOptions(layout.delimiter));
  let pending: (string[] | CsvFailure)[] = [];
  let parseError: Error | undefined;
  parser.on('data', (record: string[]) => pending.push(record));
  parser.on('skip', (failure: CsvFailure['failure']) => pending.push({ failure }));
  parser.on('error', (err: Error) => (parseError = err));
  const ended = new Promise<void>((resolve) => {
    parser.once('end', resolve);
    parser.once('close', resolve);
  });
  let line = 0; // lines consumed so far
  let index = -1; // position among non-blank records, as in the sample
  const take = (): SourceItem[] => {
    if (parseError) throw parseError;
    const items: SourceItem[] = [];
    for (const entry of pending) {
      if (!Array.isArray(entry)) {
        const start = line + 1;
        const { code, lines, message } = entry.failure;
        line = Math.max(lines ?? start, start);
        items.push({
          kind: 'error',
          line: start,
          error:
            code === 'CSV_QUOTE_NOT_CLOSED' || code === 'CSV_MAX_RECORD_SIZE'
              ? `a quoted field is never closed (from line ${start}); the rest of the file cannot be read`
              : `the line cannot be split into fields (${message.replace(/ at line \d+\.?$/, '')})`,
        });
        continue;
      }
      const start = line + 1;
      line += 1 + countNewlines(entry);
      if (isBlankLine(entry)) continue;
      index++;
      if (index < layout.firstDataRecord) continue;
      if (!entry.some((cell) => cell.trim())) continue;
      items.push({ kind: 'row', row: recordToRow(entry, start, layout.columns) });
    }
    pending = [];
    return items;
  };
  try {
    for await (const piece of text) {
      parser.write(piece);
      const items = take();
      if (items.length) yield items;
    }
    parser.end();
    await ended;
    const items = take();
    if (items.length) yield items;
  } finally {
    parser.destroy();
  }
}

async function* markupSource(
  text: AsyncIterable<string>,
  reader: { push(text: string): SourceItem[]; end(): SourceItem[] },
): AsyncGenerator<SourceItem[]> {
  for await (const piece of text) {
    const items = reader.push(piece);
    if (items.length) yield items;
  }
  const rest = reader.end();
  if (rest.length) yield rest;
}

/** The file's rows as written, in order and in batches, with the lines that could not be read. */
export function readSource(
  bytes: AsyncIterable<Uint8Array>,
  plan: ImportPlan,
): AsyncGenerator<SourceItem[]> {
  const text = textOf(bytes);
  switch (plan.format) {
    case 'csv':
      return csvSource(text, plan.csv!);
    case 'qif':
      return markupSource(text, new QifReader());
    case 'camt053':
      return markupSource(text, new Camt053Reader(plan.account));
    case 'mt940':
      return markupSource(text, new Mt940Reader(plan.account));
    default:
      return markupSource(text, new OfxReader());
  }
}

/** The file's rows validated, in batches: each becomes a row to import, an error, or a skip. */
export async function* readRows(
  bytes: AsyncIterable<Uint8Array>,
  plan: ImportPlan,
): AsyncGenerator<RowOutcome[]> {
  for await (const items of readSource(bytes, plan)) {
    yield items.map((item) =>
      item.kind === 'error'
        ? { status: 'error', line: item.line, error: item.error }
        : item.kind === 'skipped'
          ? { status: 'skipped', line: item.line, reason: item.reason }
          : normalizeRow(item.row, plan.rules),
    );
  }
}
