import { newId, type CompiledRuleSet, type Knex } from '@pfs/kit';
import {
  decideRow,
  externalIdsOf,
  knownOf,
  qualifiedExternalId,
  sameBankTransaction,
  type DedupeDecision,
  type Existing,
  type KnownRow,
} from './domain/import/dedupe';
import { importFingerprint, OccurrenceCounter, rowKey } from './domain/import/fingerprint';
import { describePlan, readRows, type ImportPlan } from './domain/import/reader';
import { applyRulesToImported } from './rules/imported';
import type { RuleAssignmentRecord } from './rules/source';
import type { ParsedRow, RowOutcome } from './domain/import/types';
import { enqueueTransactionImported } from './events/transactions';
import {
  completeImport,
  createImport,
  findExistingImported,
  importedTransactionIds,
  insertRowsReturningIds,
  setTally,
  type DuplicateLine,
  type ImportRow,
  type ImportTally,
  type PreparedRow,
  type RowError,
  type SkippedLine,
  type WarningLine,
} from './store/imports';

/**
 * Runs the rows of an import through deduplication and into the ledger, for the three ways an
 * import runs: at once in one database transaction (small files), as a dry run that writes
 * nothing, and batch by batch in the background (import-worker.ts).
 */

/** Row errors kept per import (the count goes on). */
export const ERRORS_KEPT = 1000;
/** Rows a dry run shows. */
export const PREVIEW_ROWS = 1000;
/** Transaction ids carried by the transaction.imported event. */
export const EVENT_IDS_MAX = 10_000;

/** A row with its fingerprint decided, or a row that is not imported. */
export type BatchItem =
  { status: 'row'; row: PreparedRow; occurrence: number } | Exclude<RowOutcome, { status: 'row' }>;

/**
 * Fingerprints every row in file order (identical rows numbered 1, 2, …) and hands the rows to
 * `sink` in numbered batches: batch k holds rows k·batchRows+1 … (k+1)·batchRows of the file
 * whatever happened before, so an interrupted import leaves out the batches it committed
 * (`done`) and still numbers occurrences as in one run. Later batches are parsed while earlier
 * ones are written, with up to `concurrency` (default 1) sink calls at once. Resolves with the
 * number of rows (imported, duplicate, skipped or failed) in the file.
 */
export async function forEachBatch(
  outcomes: AsyncIterable<RowOutcome[]>,
  opts: { batchRows: number; concurrency?: number; done?: ReadonlySet<number> },
  sink: (batch: BatchItem[], batchNo: number) => Promise<void>,
): Promise<number> {
  const counter = new OccurrenceCounter();
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  let index = 0;
  let batchNo = 0;
  let batch: BatchItem[] = [];
  const pending: Promise<void>[] = [];
  const flush = async () => {
    const items = batch;
    const no = batchNo++;
    batch = [];
    if (!items.length || opts.done?.has(no)) return;
    while (pending.length >= concurrency) await pending.shift();
    const written = sink(items, no);
    // Handled when awaited; until then a failure must not count as an unhandled rejection.
    written.catch(() => undefined);
    pending.push(written);
  };
  try {
    for await (const outcomes_ of outcomes) {
      for (const outcome of outcomes_) {
        index++;
        if (outcome.status === 'row') {
          const key = rowKey(outcome.row);
          const occurrence = counter.next(key);
          // The row object is fresh from the reader: completing it in place saves a copy per row.
          const row = outcome.row as PreparedRow;
          row.id = newId();
          row.fingerprint = importFingerprint(key, occurrence);
          batch.push({ status: 'row', row, occurrence });
        } else {
          batch.push(outcome);
        }
        if (batch.length >= opts.batchRows) await flush();
      }
    }
    if (batch.length) await flush();
    while (pending.length) await pending.shift();
  } catch (err) {
    // Let writes in flight settle before the caller rolls back or gives up.
    await Promise.allSettled(pending);
    throw err;
  }
  return index;
}

/** Counts of a batch; errors are kept up to `room`. */
export function tallyBatch(
  batch: BatchItem[],
  inserted: number,
  room: number,
  report?: BatchReport,
  reportRoom: ReportRoom = { duplicates: ERRORS_KEPT, warnings: ERRORS_KEPT, skipped: ERRORS_KEPT },
): ImportTally {
  const rows = batch.filter((b) => b.status === 'row').length;
  const errors: RowError[] = [];
  const skippedRows: SkippedLine[] = [];
  let errorCount = 0;
  let skipped = 0;
  for (const item of batch) {
    if (item.status === 'error') {
      errorCount++;
      skipped++;
      if (errors.length < room) errors.push({ line: item.line, error: item.error });
    } else if (item.status === 'skipped') {
      skipped++;
      if (skippedRows.length < reportRoom.skipped)
        skippedRows.push({ line: item.line, reason: item.reason });
    }
  }
  const tally: ImportTally = {
    processed: batch.length,
    imported: inserted,
    duplicates: rows - inserted,
    skipped,
    errorCount,
    errors,
  };
  if (!report) return tally;
  return {
    ...tally,
    duplicateRows: report.duplicates.slice(0, reportRoom.duplicates),
    warnings: report.warnings.slice(0, reportRoom.warnings),
    skippedRows,
  };
}

/** How many more of each report list an import keeps. */
export interface ReportRoom {
  duplicates: number;
  warnings: number;
  skipped: number;
}

export function reportRoomOf(kept: {
  duplicates: number;
  warnings: number;
  skipped: number;
}): ReportRoom {
  return {
    duplicates: Math.max(0, ERRORS_KEPT - kept.duplicates),
    warnings: Math.max(0, ERRORS_KEPT - kept.warnings),
    skipped: Math.max(0, ERRORS_KEPT - kept.skipped),
  };
}

/** What storing a batch did to each of its rows. */
export interface BatchReport {
  /** The rows inserted (possibly under a qualified bank id). */
  inserted: PreparedRow[];
  duplicates: DuplicateLine[];
  warnings: WarningLine[];
}

/** Rounds of deciding and inserting before a row still in conflict is called a duplicate. */
const STORE_ROUNDS = 4;

/**
 * What exists for these rows: by fingerprint and bank id, and for rows whose bank id is taken
 * by another transaction (or repeats in the rows), by their qualified bank id too.
 */
async function lookUp(
  trx: Knex | Knex.Transaction,
  userId: string,
  rows: PreparedRow[],
): Promise<Existing> {
  const existing = await findExistingImported(
    trx,
    userId,
    rows.map((r) => r.fingerprint),
    rows.flatMap((r) => (r.externalId ? [r.externalId] : [])),
  );
  const seen = new Set<string>();
  const reused = rows.filter((r) => {
    if (!r.externalId) return false;
    const known = existing.byExternalId.get(r.externalId);
    const repeated = seen.has(r.externalId);
    seen.add(r.externalId);
    return repeated || (known !== undefined && !sameBankTransaction(r, known));
  });
  if (reused.length) {
    const qualified = await findExistingImported(trx, userId, [], reused.map(qualifiedExternalId));
    for (const [id, known] of qualified.byExternalId) existing.byExternalId.set(id, known);
  }
  return existing;
}

/**
 * Stores a batch with deduplication (domain/import/dedupe.ts). Every row is inserted first
 * (ON CONFLICT DO NOTHING: one statement, as fast as before dedupe reported anything); the
 * rows the unique indexes turn away are then decided against what is stored (the earlier
 * batches and rows of the import included) and the earlier rows of the batch: a duplicate of
 * a named transaction, or a bank id reused for another transaction, inserted under its
 * qualified id with a warning. A row turned away again (an import of the same rows committed
 * meanwhile) is decided again, so it ends up inserted or a duplicate, never lost. When the
 * batch before was mostly duplicates (a file imported again), rows are looked up and decided
 * before any insert instead (`pace`).
 */
export async function storeBatch(
  trx: Knex | Knex.Transaction,
  userId: string,
  importId: string,
  batch: BatchItem[],
  pace: StorePace = { lookUpFirst: false },
): Promise<BatchReport> {
  const report: BatchReport = { inserted: [], duplicates: [], warnings: [] };
  let pending = rowsOf(batch);
  for (let round = pace.lookUpFirst ? 1 : 0; pending.length; round++) {
    const toInsert: { row: PreparedRow; stored: PreparedRow; decision: DedupeDecision }[] = [];
    const duplicates: { row: PreparedRow; of: KnownRow; reason: string }[] = [];
    if (round === 0) {
      // Most rows are new: inserted straight away, the unique indexes turn the others away,
      // and only those are looked up and decided (the next round).
      for (const row of pending) toInsert.push({ row, stored: row, decision: { kind: 'new' } });
    } else {
      const existing = await lookUp(trx, userId, pending);
      const inBatch = new Map<string, KnownRow>();
      for (const row of pending) {
        const decision = decideRow(row, existing, inBatch);
        if (decision.kind === 'duplicate') {
          duplicates.push({ row, of: decision.of, reason: decision.reason });
          continue;
        }
        const externalId = decision.kind === 'reused' ? decision.externalId : row.externalId;
        const stored = externalId === row.externalId ? row : { ...row, externalId };
        toInsert.push({ row, stored, decision });
        if (externalId) inBatch.set(externalId, knownOf(row, externalId, false));
      }
    }
    const ids = new Set(
      await insertRowsReturningIds(
        trx,
        userId,
        importId,
        toInsert.map((t) => t.stored),
      ),
    );
    const next: PreparedRow[] = [];
    for (const { row, stored, decision } of toInsert) {
      if (!ids.has(row.id)) {
        next.push(row);
        continue;
      }
      report.inserted.push(stored);
      if (decision.kind === 'reused')
        report.warnings.push({ line: row.line, warning: decision.warning, transactionId: row.id });
    }
    for (const { row, of, reason } of duplicates) {
      // A duplicate of a row of this batch that was turned away is decided again.
      if (of.id && !ids.has(of.id) && toInsert.some((t) => t.row.id === of.id)) next.push(row);
      else report.duplicates.push({ line: row.line, duplicateOf: of.id, reason });
    }
    if (round + 1 >= STORE_ROUNDS) {
      for (const row of next)
        report.duplicates.push({
          line: row.line,
          duplicateOf: '',
          reason: 'the same row was stored by another import at the same moment',
        });
      break;
    }
    pending = next.sort((a, b) => a.line - b.line);
  }
  report.duplicates.sort((a, b) => a.line - b.line);
  // A file seen before is mostly duplicates: its next batches are looked up before inserting.
  pace.lookUpFirst = report.duplicates.length > report.inserted.length;
  return report;
}

/** How an import's batches are stored, learnt from the batch before (see storeBatch). */
export interface StorePace {
  lookUpFirst: boolean;
}

function addTally(total: ImportTally, part: ImportTally): void {
  total.processed += part.processed;
  total.imported += part.imported;
  total.duplicates += part.duplicates;
  total.skipped += part.skipped;
  total.errorCount += part.errorCount;
  total.errors.push(...part.errors);
  for (const key of ['duplicateRows', 'warnings', 'skippedRows'] as const) {
    const items = part[key];
    if (items?.length) (total[key] as unknown[]).push(...items);
  }
}

const emptyTally = (): ImportTally => ({
  processed: 0,
  imported: 0,
  duplicates: 0,
  skipped: 0,
  errorCount: 0,
  errors: [],
  duplicateRows: [],
  warnings: [],
  skippedRows: [],
});

const keptOf = (tally: ImportTally) => ({
  duplicates: tally.duplicateRows?.length ?? 0,
  warnings: tally.warnings?.length ?? 0,
  skipped: tally.skippedRows?.length ?? 0,
});

export interface ImportRequest {
  userId: string;
  fileName: string;
  byteSize: number;
  /** The options to store with the import (what a background run needs to re-read it). */
  options: Record<string, unknown>;
  plan: ImportPlan;
  batchRows: number;
  /**
   * Custom rules (ADR 010) for the imported rows: the user's compiled rules, null when
   * categorization could not be reached (rows are then marked for the catch-up job), or
   * undefined when the ledger runs without rules.
   */
  rules?: CompiledRuleSet | null;
  /**
   * Told, after the import committed, which rows a rule gave a category: once per batch that
   * had any (for the assignment history). It must not throw.
   */
  recordRuleAssignments?: (items: RuleAssignmentRecord[]) => Promise<unknown>;
}

/**
 * Imports a file in one database transaction: every row, the import's record and its
 * transaction.imported event commit together or not at all.
 */
export async function importAtOnce(
  db: Knex,
  bytes: AsyncIterable<Uint8Array>,
  req: ImportRequest,
): Promise<ImportRow> {
  const id = newId();
  const ruleAssignments: RuleAssignmentRecord[][] = [];
  const pace: StorePace = { lookUpFirst: false };
  const row = await db.transaction(async (trx) => {
    await createImport(trx, {
      id,
      userId: req.userId,
      status: 'running',
      fileName: req.fileName,
      format: req.plan.format,
      byteSize: req.byteSize,
      options: req.options,
      layout: describePlan(req.plan),
    });
    const tally = emptyTally();
    const total = await forEachBatch(
      readRows(bytes, req.plan),
      { batchRows: req.batchRows },
      async (batch) => {
        const report = await storeBatch(trx, req.userId, id, batch, pace);
        if (req.rules !== undefined) {
          const assigned = await applyRulesToImported(
            trx,
            req.userId,
            id,
            report.inserted.map((r) => r.id),
            req.rules,
          );
          if (assigned.length) ruleAssignments.push(assigned);
        }
        addTally(
          tally,
          tallyBatch(
            batch,
            report.inserted.length,
            ERRORS_KEPT - tally.errors.length,
            report,
            reportRoomOf(keptOf(tally)),
          ),
        );
      },
    );
    await setTally(trx, id, tally);
    await completeImport(trx, id, { totalRows: total });
    await publishImportCompleted(trx, req.userId, {
      importId: id,
      imported: tally.imported,
      duplicates: tally.duplicates,
      skipped: tally.skipped,
      transactionIds: await importedTransactionIds(trx, req.userId, id, EVENT_IDS_MAX),
    });
    return (await trx<ImportRow>('imports').where({ id }).first()) as ImportRow;
  });
  // Committed: the rule-made categories go into categorization's history, one call a batch.
  if (req.recordRuleAssignments)
    for (const items of ruleAssignments) await req.recordRuleAssignments(items);
  return row;
}

export function rowsOf(batch: BatchItem[]): PreparedRow[] {
  return batch.flatMap((item) => (item.status === 'row' ? [item.row] : []));
}

/**
 * The transaction.imported event of a finished import, written to the outbox by the
 * transaction that completes the import.
 */
export function publishImportCompleted(
  trx: Knex.Transaction,
  userId: string,
  summary: {
    importId: string;
    imported: number;
    duplicates: number;
    skipped: number;
    transactionIds: string[];
  },
): Promise<unknown> {
  return enqueueTransactionImported(trx, userId, summary);
}

export interface PreviewRow {
  line: number;
  status: 'new' | 'duplicate' | 'error' | 'skipped';
  parsed?: ParsedRow;
  duplicateOf?: string;
  reason?: string;
}

export interface DryRunResult {
  /** Counts, and the report lists (duplicates with what they match, warnings, skipped). */
  tally: ImportTally;
  totalRows: number;
  rows: PreviewRow[];
  truncated: boolean;
}

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
const ordinal = (n: number) => ORDINALS[n] ?? `${n}th`;

/**
 * What an import would do, without writing: each row with its parse and, for a duplicate,
 * the transaction it matches and why.
 */
export async function dryRun(
  db: Knex,
  bytes: AsyncIterable<Uint8Array>,
  userId: string,
  plan: ImportPlan,
  batchRows: number,
): Promise<DryRunResult> {
  const tally = emptyTally();
  const rows: PreviewRow[] = [];
  let truncated = false;
  // Bank ids seen earlier in this file (as they would be stored), with their line.
  const seenIds = new Map<string, KnownRow>();
  const show = (row: PreviewRow) => {
    if (rows.length < PREVIEW_ROWS) rows.push(row);
    else truncated = true;
  };
  const total = await forEachBatch(readRows(bytes, plan), { batchRows }, async (batch) => {
    const prepared = rowsOf(batch);
    const existing = await findExistingImported(
      db,
      userId,
      prepared.map((r) => r.fingerprint),
      prepared.flatMap(externalIdsOf),
    );
    let fresh = 0;
    const report: BatchReport = { inserted: [], duplicates: [], warnings: [] };
    for (const item of batch) {
      if (item.status === 'error') {
        show({ line: item.line, status: 'error', reason: item.error });
        continue;
      }
      if (item.status === 'skipped') {
        show({ line: item.line, status: 'skipped', reason: item.reason });
        continue;
      }
      const { id: _id, fingerprint: _fingerprint, ...parsed } = item.row;
      const nth =
        item.occurrence > 1
          ? `; it is the ${ordinal(item.occurrence)} such row in this file and matches the ${ordinal(item.occurrence)} one imported`
          : '';
      const decision = decideRow(item.row, existing, seenIds, nth);
      if (decision.kind === 'duplicate') {
        const duplicateOf = decision.of.id || undefined;
        show({
          line: parsed.line,
          status: 'duplicate',
          parsed,
          duplicateOf,
          reason: decision.reason,
        });
        report.duplicates.push({
          line: parsed.line,
          duplicateOf: decision.of.id,
          reason: decision.reason,
        });
        continue;
      }
      fresh++;
      const externalId = decision.kind === 'reused' ? decision.externalId : parsed.externalId;
      if (decision.kind === 'reused') {
        show({
          line: parsed.line,
          status: 'new',
          parsed: { ...parsed, externalId },
          reason: `warning: ${decision.warning}`,
        });
        report.warnings.push({ line: parsed.line, warning: decision.warning, transactionId: '' });
      } else {
        show({ line: parsed.line, status: 'new', parsed });
      }
      // Nothing is stored in a dry run: an earlier line is named by its line, not an id.
      if (externalId) seenIds.set(externalId, knownOf({ ...parsed, id: '' }, externalId, true));
    }
    addTally(
      tally,
      tallyBatch(
        batch,
        fresh,
        ERRORS_KEPT - tally.errors.length,
        report,
        reportRoomOf(keptOf(tally)),
      ),
    );
  });
  return { tally, totalRows: total, rows, truncated };
}
