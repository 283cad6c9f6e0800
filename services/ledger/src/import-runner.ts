import { newId, type CompiledRuleSet, type Knex } from '@pfs/kit';
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
  insertImportedRows,
  setTally,
  type ImportRow,
  type ImportTally,
  type PreparedRow,
  type RowError,
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
export function tallyBatch(batch: BatchItem[], inserted: number, room: number): ImportTally {
  const rows = batch.filter((b) => b.status === 'row').length;
  const errors: RowError[] = [];
  let errorCount = 0;
  let skipped = 0;
  for (const item of batch) {
    if (item.status === 'error') {
      errorCount++;
      skipped++;
      if (errors.length < room) errors.push({ line: item.line, error: item.error });
    } else if (item.status === 'skipped') {
      skipped++;
    }
  }
  return {
    processed: batch.length,
    imported: inserted,
    duplicates: rows - inserted,
    skipped,
    errorCount,
    errors,
  };
}

function addTally(total: ImportTally, part: ImportTally): void {
  total.processed += part.processed;
  total.imported += part.imported;
  total.duplicates += part.duplicates;
  total.skipped += part.skipped;
  total.errorCount += part.errorCount;
  total.errors.push(...part.errors);
}

const emptyTally = (): ImportTally => ({
  processed: 0,
  imported: 0,
  duplicates: 0,
  skipped: 0,
  errorCount: 0,
  errors: [],
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
        const inserted = await insertImportedRows(trx, req.userId, id, rowsOf(batch));
        if (req.rules !== undefined) {
          const assigned = await applyRulesToImported(
            trx,
            req.userId,
            id,
            rowsOf(batch).map((r) => r.id),
            req.rules,
          );
          if (assigned.length) ruleAssignments.push(assigned);
        }
        addTally(tally, tallyBatch(batch, inserted, ERRORS_KEPT - tally.errors.length));
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
  // Bank ids seen earlier in this file, with the line they were on.
  const seenIds = new Map<string, number>();
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
      prepared.flatMap((r) => (r.externalId ? [r.externalId] : [])),
    );
    let fresh = 0;
    for (const item of batch) {
      if (item.status === 'error') {
        show({ line: item.line, status: 'error', reason: item.error });
        continue;
      }
      if (item.status === 'skipped') {
        show({ line: item.line, status: 'skipped', reason: item.reason });
        continue;
      }
      const { id: _id, fingerprint, ...parsed } = item.row;
      const byId = parsed.externalId ? existing.byExternalId.get(parsed.externalId) : undefined;
      const byFingerprint = existing.byFingerprint.get(fingerprint);
      const earlierLine = parsed.externalId ? seenIds.get(parsed.externalId) : undefined;
      if (byId) {
        show({
          line: parsed.line,
          status: 'duplicate',
          parsed,
          duplicateOf: byId,
          reason: `the bank's id ${JSON.stringify(parsed.externalId)} is already imported as transaction ${byId}`,
        });
      } else if (byFingerprint) {
        const nth =
          item.occurrence > 1
            ? `; it is the ${ordinal(item.occurrence)} such row in this file and matches the ${ordinal(item.occurrence)} one imported`
            : '';
        show({
          line: parsed.line,
          status: 'duplicate',
          parsed,
          duplicateOf: byFingerprint,
          reason: `same date, amount, direction and description as transaction ${byFingerprint}${nth}`,
        });
      } else if (earlierLine !== undefined) {
        show({
          line: parsed.line,
          status: 'duplicate',
          parsed,
          reason: `repeats the bank's id of line ${earlierLine} of this file`,
        });
      } else {
        fresh++;
        show({ line: parsed.line, status: 'new', parsed });
      }
      if (parsed.externalId && earlierLine === undefined)
        seenIds.set(parsed.externalId, parsed.line);
    }
    addTally(tally, tallyBatch(batch, fresh, ERRORS_KEPT - tally.errors.length));
  });
  return { tally, totalRows: total, rows, truncated };
}
