import { offsetOf, type Knex, type Page } from '@pfs/kit';
import type { Existing, KnownRow } from '../domain/import/dedupe';
import type { ParsedRow } from '../domain/import/types';

const IMPORTS = 'imports';
const FILES = 'import_files';

export type ImportStatus = 'receiving' | 'queued' | 'running' | 'completed' | 'failed';

export interface RowError {
  line: number;
  error: string;
}

/** A line not imported because it is already there: the transaction it matched, and why. */
export interface DuplicateLine {
  line: number;
  /** The matched transaction ('' when it was not stored: a dry run's earlier line). */
  duplicateOf: string;
  reason: string;
}

/** A line imported with something to tell (a bank id reused for another transaction). */
export interface WarningLine {
  line: number;
  warning: string;
  transactionId: string;
}

/** A line with nothing to import (a balance or summary line, a zero amount), and why. */
export interface SkippedLine {
  line: number;
  reason: string;
}

/** A row of ledger.imports. */
export interface ImportRow {
  id: string;
  user_id: string;
  status: ImportStatus;
  file_name: string;
  format: string;
  byte_size: string | number;
  options: Record<string, unknown>;
  layout: Record<string, unknown> | null;
  estimated_rows: number;
  total_rows: number | null;
  processed_rows: number;
  /** Numbers of the batches committed so far (background imports). */
  done_batches: number[];
  imported: number;
  duplicates: number;
  skipped: number;
  error_count: number;
  errors: RowError[];
  /** The first 1000 of each (migration 0011). */
  duplicate_rows: DuplicateLine[];
  warnings: WarningLine[];
  skipped_rows: SkippedLine[];
  failure: string | null;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface NewImport {
  id: string;
  userId: string;
  status: ImportStatus;
  fileName: string;
  format: string;
  byteSize: number;
  options: Record<string, unknown>;
  layout: Record<string, unknown>;
  estimatedRows?: number;
}

/** Counts of one import (or of one batch of it). */
export interface ImportTally {
  processed: number;
  imported: number;
  duplicates: number;
  skipped: number;
  errorCount: number;
  /** Row errors to record (already cut to what the list may still hold). */
  errors: RowError[];
  /** Likewise: duplicates with what they matched, warnings, skipped lines with why. */
  duplicateRows?: DuplicateLine[];
  warnings?: WarningLine[];
  skippedRows?: SkippedLine[];
}

/** A row ready to insert: its id and fingerprint decided. */
export interface PreparedRow extends ParsedRow {
  id: string;
  fingerprint: string;
}

export async function createImport(db: Knex, imp: NewImport): Promise<ImportRow> {
  const [row] = await db(IMPORTS)
    .insert({
      id: imp.id,
      user_id: imp.userId,
      status: imp.status,
      file_name: imp.fileName,
      format: imp.format,
      byte_size: imp.byteSize,
      options: JSON.stringify(imp.options),
      layout: JSON.stringify(imp.layout),
      estimated_rows: imp.estimatedRows ?? 0,
      started_at: imp.status === 'queued' || imp.status === 'receiving' ? null : db.fn.now(),
    })
    .returning('*');
  return row as ImportRow;
}

export async function findImport(
  db: Knex,
  userId: string,
  id: string,
): Promise<ImportRow | undefined> {
  return (await db<ImportRow>(IMPORTS).where({ id, user_id: userId }).first()) as
    ImportRow | undefined;
}

export async function listImports(
  db: Knex,
  userId: string,
  page: Page,
): Promise<{ imports: ImportRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db<ImportRow>(IMPORTS)
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(offsetOf(page)),
    db(IMPORTS).where({ user_id: userId }).count({ total: '*' }) as unknown as Promise<
      { total: number }[]
    >,
  ]);
  return { imports: rows as ImportRow[], total: Number(total) };
}

/**
 * Inserts a batch of imported rows in one statement. Rows whose fingerprint or bank id the
 * user already has are left out by the unique indexes (ON CONFLICT DO NOTHING), which also
 * holds against an import of the same rows running at the same moment. Returns how many rows
 * were inserted.
 */
export async function insertImportedRows(
  trx: Knex | Knex.Transaction,
  userId: string,
  importId: string,
  rows: PreparedRow[],
): Promise<number> {
  return (await insertRowsReturningIds(trx, userId, importId, rows)).length;
}

/** As insertImportedRows, answering the ids of the rows inserted. */
export async function insertRowsReturningIds(
  trx: Knex | Knex.Transaction,
  userId: string,
  importId: string,
  rows: PreparedRow[],
): Promise<string[]> {
  if (!rows.length) return [];
  const result = await trx.raw(
    `INSERT INTO transactions
       (id, user_id, occurred_at, description, amount, type, merchant, source, external_id,
        import_fingerprint, import_id)
     SELECT r.id, ?::uuid, r.occurred_at, r.description, r.amount, r.type, r.merchant, 'import',
            r.external_id, r.fingerprint, ?::uuid
     FROM unnest(?::uuid[], ?::timestamptz[], ?::text[], ?::numeric[], ?::text[], ?::text[],
                 ?::text[], ?::uuid[])
       AS r(id, occurred_at, description, amount, type, merchant, external_id, fingerprint)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      userId,
      importId,
      rows.map((r) => r.id),
      rows.map((r) => `${r.date}T00:00:00Z`),
      rows.map((r) => r.description),
      rows.map((r) => r.amount),
      rows.map((r) => r.type),
      rows.map((r) => r.merchant),
      rows.map((r) => r.externalId),
      rows.map((r) => r.fingerprint),
    ] as unknown as Knex.RawBinding[],
  );
  return ((result as { rows: { id: string }[] }).rows ?? []).map((r) => r.id);
}

/**
 * The user's existing transactions with any of these fingerprints or bank ids, with what
 * deduplication compares (domain/import/dedupe.ts).
 */
export async function findExistingImported(
  db: Knex,
  userId: string,
  fingerprints: string[],
  externalIds: string[],
): Promise<Existing> {
  const byFingerprint = new Map<string, KnownRow>();
  const byExternalId = new Map<string, KnownRow>();
  if (!fingerprints.length && !externalIds.length) return { byFingerprint, byExternalId };
  const result = await db.raw(
    `SELECT id, import_fingerprint, external_id, type, amount::text AS amount,
            to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date
     FROM transactions
     WHERE user_id = ?
       AND (import_fingerprint = ANY(?::uuid[]) OR external_id = ANY(?::text[]))`,
    [userId, fingerprints, externalIds] as unknown as Knex.RawBinding[],
  );
  for (const row of result.rows as {
    id: string;
    import_fingerprint: string | null;
    external_id: string | null;
    type: 'debit' | 'credit';
    amount: string;
    date: string;
  }[]) {
    const known: KnownRow = {
      id: row.id,
      date: row.date,
      amount: row.amount,
      type: row.type,
      externalId: row.external_id,
    };
    if (row.import_fingerprint) byFingerprint.set(row.import_fingerprint, known);
    if (row.external_id) byExternalId.set(row.external_id, known);
  }
  return { byFingerprint, byExternalId };
}

/** The ids of the rows an import created (capped). */
export async function importedTransactionIds(
  db: Knex,
  userId: string,
  importId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db('transactions')
    .where({ user_id: userId, import_id: importId })
    .select('id')
    .limit(limit);
  return (rows as { id: string }[]).map((r) => r.id);
}

/**
 * Adds one committed batch to an import: its number and counts. Only the worker holding the
 * import's lease may, and a batch counts once.
 */
export async function recordBatch(
  trx: Knex.Transaction,
  id: string,
  workerId: string,
  batchNo: number,
  tally: ImportTally,
  leaseMs: number,
): Promise<boolean> {
  const updated = await trx(IMPORTS)
    .where({ id, locked_by: workerId, status: 'running' })
    .whereRaw('NOT (?::int = ANY(done_batches))', [batchNo])
    .update({
      done_batches: trx.raw('array_append(done_batches, ?::int)', [batchNo]),
      processed_rows: trx.raw('processed_rows + ?', [tally.processed]),
      imported: trx.raw('imported + ?', [tally.imported]),
      duplicates: trx.raw('duplicates + ?', [tally.duplicates]),
      skipped: trx.raw('skipped + ?', [tally.skipped]),
      error_count: trx.raw('error_count + ?', [tally.errorCount]),
      errors: tally.errors.length
        ? trx.raw('errors || ?::jsonb', [JSON.stringify(tally.errors)])
        : trx.raw('errors'),
      ...appendReport(trx, tally),
      locked_until: trx.raw(`now() + ? * interval '1 millisecond'`, [leaseMs]),
      updated_at: trx.fn.now(),
    });
  return updated > 0;
}

const REPORT_LISTS = [
  ['duplicate_rows', 'duplicateRows'],
  ['warnings', 'warnings'],
  ['skipped_rows', 'skippedRows'],
] as const;

/** The report lists of a batch appended to the import's (only those the batch has). */
function appendReport(trx: Knex.Transaction, tally: ImportTally): Record<string, Knex.Raw> {
  const out: Record<string, Knex.Raw> = {};
  for (const [column, key] of REPORT_LISTS) {
    const items = tally[key];
    if (items?.length) out[column] = trx.raw(`${column} || ?::jsonb`, [JSON.stringify(items)]);
  }
  return out;
}

/** A jsonb list of {line, …} put in line order. */
const byLine = (trx: Knex | Knex.Transaction, column: string) =>
  trx.raw(
    `coalesce((SELECT jsonb_agg(e ORDER BY (e->>'line')::int)
               FROM jsonb_array_elements(${column}) AS e), '[]'::jsonb)`,
  );

/** Marks an import finished with its final counts (sync imports: everything at once). */
export async function completeImport(
  trx: Knex | Knex.Transaction,
  id: string,
  fields: { totalRows: number; layout?: Record<string, unknown>; workerId?: string },
): Promise<boolean> {
  const query = trx(IMPORTS).where({ id });
  if (fields.workerId) query.where({ locked_by: fields.workerId, status: 'running' });
  const updated = await query.update({
    status: 'completed',
    total_rows: fields.totalRows,
    // Batches may commit out of order: the kept errors are listed by line.
    errors: byLine(trx, 'errors'),
    duplicate_rows: byLine(trx, 'duplicate_rows'),
    warnings: byLine(trx, 'warnings'),
    skipped_rows: byLine(trx, 'skipped_rows'),
    ...(fields.layout ? { layout: JSON.stringify(fields.layout) } : {}),
    locked_by: null,
    locked_until: null,
    finished_at: trx.fn.now(),
    updated_at: trx.fn.now(),
  });
  if (updated) await trx(FILES).where({ import_id: id }).delete();
  return updated > 0;
}

/** Sets a sync import's counts (it is written once, inside the import's transaction). */
export async function setTally(
  trx: Knex.Transaction,
  id: string,
  tally: ImportTally,
): Promise<void> {
  await trx(IMPORTS)
    .where({ id })
    .update({
      processed_rows: tally.processed,
      imported: tally.imported,
      duplicates: tally.duplicates,
      skipped: tally.skipped,
      error_count: tally.errorCount,
      errors: JSON.stringify(tally.errors),
      duplicate_rows: JSON.stringify(tally.duplicateRows ?? []),
      warnings: JSON.stringify(tally.warnings ?? []),
      skipped_rows: JSON.stringify(tally.skippedRows ?? []),
    });
}

export async function failImport(db: Knex, id: string, failure: string): Promise<void> {
  await db(IMPORTS).where({ id }).update({
    status: 'failed',
    failure,
    locked_by: null,
    locked_until: null,
    finished_at: db.fn.now(),
    updated_at: db.fn.now(),
  });
  await db(FILES).where({ import_id: id }).delete();
}

export async function appendFileChunk(
  db: Knex,
  importId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db(FILES).insert({ import_id: importId, seq, data });
  await db(IMPORTS).where({ id: importId }).update({ updated_at: db.fn.now() });
}

/** The upload is complete: the import may be claimed by a worker. */
export async function queueImport(
  db: Knex,
  id: string,
  byteSize: number,
  estimatedRows: number,
): Promise<ImportRow> {
  const [row] = await db(IMPORTS)
    .where({ id, status: 'receiving' })
    .update({
      status: 'queued',
      byte_size: byteSize,
      estimated_rows: estimatedRows,
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row as ImportRow;
}

/** An upload that did not complete leaves nothing behind. */
export async function discardImport(db: Knex, id: string): Promise<void> {
  await db(IMPORTS).where({ id, status: 'receiving' }).delete();
}

/**
 * The stored bytes of a background import, in order: one stored chunk per query, handed on in
 * pieces of `pieceBytes` so the rows parsed from one piece stay few.
 */
export async function* readFileChunks(
  db: Knex,
  importId: string,
  pieceBytes = 64 * 1024,
): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const row = (await db(FILES).where({ import_id: importId, seq }).first('data')) as
      { data: Buffer } | undefined;
    if (!row) return;
    for (let at = 0; at < row.data.length; at += pieceBytes)
      yield row.data.subarray(at, at + pieceBytes);
  }
}

/**
 * Claims the oldest import waiting for a worker: queued, or running under a lease that ran out
 * (its worker died). SKIP LOCKED lets several workers, in several replicas, claim at once
 * without taking the same one.
 */
export async function claimImport(
  db: Knex,
  workerId: string,
  leaseMs: number,
): Promise<ImportRow | undefined> {
  const result = await db.raw(
    `UPDATE imports
     SET status = 'running', locked_by = ?, locked_until = now() + ? * interval '1 millisecond',
         attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
     WHERE id = (
       SELECT id FROM imports
       WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
       ORDER BY created_at
       FOR UPDATE SKIP LOCKED
       LIMIT 1
     )
     RETURNING *`,
    [workerId, leaseMs],
  );
  return result.rows[0] as ImportRow | undefined;
}

/** Extends a running import's lease; false when another worker has taken it over. */
export async function renewLease(
  db: Knex,
  id: string,
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const updated = await db(IMPORTS)
    .where({ id, locked_by: workerId, status: 'running' })
    .update({ locked_until: db.raw(`now() + ? * interval '1 millisecond'`, [leaseMs]) });
  return updated > 0;
}

/** Uploads cut off by a crash mid-way: their import never started and never will. */
export async function deleteAbandonedUploads(db: Knex, olderThanMs: number): Promise<number> {
  return db(IMPORTS)
    .where({ status: 'receiving' })
    .where('updated_at', '<', db.raw(`now() - ? * interval '1 millisecond'`, [olderThanMs]))
    .delete();
}

/** Hands a running import back to the queue (its worker is shutting down) for another to resume. */
export async function releaseImport(db: Knex, id: string, workerId: string): Promise<void> {
  await db(IMPORTS)
    .where({ id, locked_by: workerId, status: 'running' })
    .update({ status: 'queued', locked_by: null, locked_until: null, updated_at: db.fn.now() });
}
