import { applyRulesToImported } from './rules/imported';
import type { RuleAssignmentRecord, RulesSource } from './rules/source';
import { AppError, runWithContext, type Knex, type Logger } from '@pfs/kit';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { MappingOverrides, SavedMapping } from './domain/import/mapping';
import { parseImportOptions, type ImportSettings } from './domain/import/options';
import {
  describePlan,
  inspectStatement,
  readRows,
  SAMPLE_BYTES,
  settleDateOrder,
  type ImportPlan,
} from './domain/import/reader';
import {
  ERRORS_KEPT,
  EVENT_IDS_MAX,
  forEachBatch,
  publishImportCompleted,
  reportRoomOf,
  storeBatch,
  tallyBatch,
  type StorePace,
} from './import-runner';
import {
  claimImport,
  completeImport,
  deleteAbandonedUploads,
  failImport,
  importedTransactionIds,
  readFileChunks,
  recordBatch,
  releaseImport,
  renewLease,
  type ImportRow,
} from './store/imports';

/**
 * Runs background imports. Jobs live in PostgreSQL (ledger.imports): a worker claims one with
 * FOR UPDATE SKIP LOCKED under a lease and commits it batch by batch, each batch together with
 * its number and counts, renewing the lease as it goes. A worker that dies leaves a lease that
 * runs out; the next claim resumes with the batches not yet committed (and the dedupe indexes
 * would make even a repeated batch harmless). Any number of replicas may run workers.
 */

export interface ImportWorkerOptions {
  db: Knex;
  logger: Logger;
  batchRows: number;
  /** How often an idle worker looks for work it was not told about (other replicas, crashes). */
  pollMs: number;
  /**
   * Batches of one import written at once. Two keep PostgreSQL busy on two cores while the
   * ledger's per-user totals triggers still serialise the short end of each batch.
   */
  writers?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /**
   * Custom rules (ADR 010), fetched once per run and applied to each batch inside its
   * transaction, as a request-sized import does. Without it (or while categorization is away)
   * the rows are marked for the rules catch-up job instead.
   */
  rules?: RulesSource;
}

/** Stored with a background import: what it needs to read the file the same way again. */
export interface StoredImportOptions {
  fileName: string;
  mapping?: MappingOverrides;
  dateFormat?: string;
  countryCode: string;
  /** The account chosen of a multi-account file. */
  account?: string;
  /** Fixed on the first run, so every attempt numbers batches alike. */
  batchRows?: number;
  /** The saved mapping the layout was read with, as it was then (later edits do not apply). */
  savedMapping?: SavedMapping;
}

/** What a background run needs to read the file exactly as it was planned on receipt. */
export function storedOptions(settings: ImportSettings, plan?: ImportPlan): StoredImportOptions {
  const savedId = plan?.csv?.detection.savedMapping?.id;
  const savedMapping = savedId ? settings.savedMappings?.find((m) => m.id === savedId) : undefined;
  return {
    fileName: settings.fileName,
    ...(settings.mapping ? { mapping: settings.mapping } : {}),
    ...(settings.dateFormat ? { dateFormat: settings.dateFormat } : {}),
    countryCode: settings.countryCode,
    ...(settings.account ? { account: settings.account } : {}),
    ...(savedMapping ? { savedMapping } : {}),
  };
}

class LeaseLost extends Error {}
class Stopping extends Error {}

const ABANDONED_UPLOAD_MS = 60 * 60_000;

export class ImportWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly log: Logger;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private wanted = false;
  private stopping = false;
  private polls = 0;

  constructor(private readonly opts: ImportWorkerOptions) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.log = opts.logger.child({ component: 'import-worker', worker: this.id });
  }

  /** Starts polling; without it the worker still runs the imports it is told about. */
  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setInterval(() => {
      this.kick();
      if (++this.polls % 30 === 0) {
        deleteAbandonedUploads(this.opts.db, ABANDONED_UPLOAD_MS).catch((err: unknown) =>
          this.log.warn({ err }, 'could not delete abandoned uploads'),
        );
      }
    }, this.opts.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (an import was just queued). */
  kick(): void {
    if (this.stopping) return;
    this.wanted = true;
    if (this.draining) return;
    // Its own context: the import outlives the request that queued it.
    this.draining = runWithContext({ requestId: `import-worker:${this.id}` }, () => this.drain())
      .catch((err: unknown) => this.log.error({ err }, 'import worker failed'))
      .finally(() => {
        this.draining = undefined;
      });
  }

  /** Stops claiming; a running import stops after its current batch and goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.draining;
  }

  private async drain(): Promise<void> {
    while (!this.stopping && this.wanted) {
      this.wanted = false;
      for (;;) {
        if (this.stopping) return;
        const job = await claimImport(this.opts.db, this.id, this.leaseMs);
        if (!job) break;
        await this.run(job);
      }
    }
  }

  private async run(job: ImportRow): Promise<void> {
    const { db } = this.opts;
    const log = this.log.child({ importId: job.id, attempt: job.attempts });
    if (job.attempts > this.maxAttempts) {
      log.error('import failed on every attempt; giving up');
      await failImport(db, job.id, `The import failed ${job.attempts - 1} times and was abandoned`);
      return;
    }
    log.info({ batchesDone: job.done_batches.length }, 'import started');
    try {
      const stored = job.options as unknown as StoredImportOptions;
      const batchRows = stored.batchRows ?? this.opts.batchRows;
      if (stored.batchRows === undefined) {
        await db('imports')
          .where({ id: job.id })
          .update({ options: JSON.stringify({ ...stored, batchRows }) });
      }
      const settings = parseImportOptions({
        fileName: stored.fileName ?? job.file_name,
        mapping: stored.mapping,
        dateFormat: stored.dateFormat ?? '',
        dryRun: false,
        countryCode: stored.countryCode ?? '',
        declaredBytes: 0,
        account: stored.account,
      });
      if (stored.savedMapping) settings.savedMappings = [stored.savedMapping];
      const head = await this.readHead(job.id);
      let plan = inspectStatement(head.bytes, head.complete, settings);
      if (!plan.dateOrderProven && !head.complete) {
        plan = {
          ...(await settleDateOrder(plan, readFileChunks(db, job.id), settings)),
          dateOrderProven: true,
        };
        if (!(await renewLease(db, job.id, this.id, this.leaseMs))) throw new LeaseLost();
      }

      // The rules as they are when the rows are written (null: marked for the catch-up job).
      const ruleSet = this.opts.rules
        ? ((await this.opts.rules.rulesFor(job.user_id, 'transactions')) ?? null)
        : null;
      let errorsKept = job.errors.length;
      const pace: StorePace = { lookUpFirst: false };
      const kept = {
        duplicates: job.duplicate_rows?.length ?? 0,
        warnings: job.warnings?.length ?? 0,
        skipped: job.skipped_rows?.length ?? 0,
      };
      // Each batch commits in its own transaction together with its number and counts; several
      // are written at once (PostgreSQL's index upkeep is most of an import's time). A resumed
      // import leaves out the batches already committed.
      const total = await forEachBatch(
        readRows(readFileChunks(db, job.id), plan),
        { batchRows, concurrency: this.opts.writers ?? 2, done: new Set(job.done_batches) },
        async (batch, batchNo) => {
          if (this.stopping) throw new Stopping();
          const room = Math.max(0, ERRORS_KEPT - errorsKept);
          let assigned: RuleAssignmentRecord[] = [];
          const tally = await db.transaction(async (trx) => {
            // Durable at the final commit: a batch lost in a crash is simply not among the
            // committed ones, and is written again on resume.
            await trx.raw('SET LOCAL synchronous_commit = off');
            const report = await storeBatch(trx, job.user_id, job.id, batch, pace);
            assigned = await applyRulesToImported(
              trx,
              job.user_id,
              job.id,
              report.inserted.map((r) => r.id),
              ruleSet,
            );
            const counts = tallyBatch(
              batch,
              report.inserted.length,
              room,
              report,
              reportRoomOf(kept),
            );
            if (!(await recordBatch(trx, job.id, this.id, batchNo, counts, this.leaseMs))) {
              throw new LeaseLost();
            }
            return counts;
          });
          // Committed: the rule-made categories go into categorization's history.
          if (assigned.length) await this.opts.rules?.recordRuleAssignments(job.user_id, assigned);
          errorsKept += tally.errors.length;
          kept.duplicates += tally.duplicateRows?.length ?? 0;
          kept.warnings += tally.warnings?.length ?? 0;
          kept.skipped += tally.skippedRows?.length ?? 0;
        },
      );

      await db.transaction(async (trx) => {
        const completed = await completeImport(trx, job.id, {
          totalRows: total,
          layout: describePlan(plan),
          workerId: this.id,
        });
        if (!completed) throw new LeaseLost();
        const done = (await trx<ImportRow>('imports').where({ id: job.id }).first()) as ImportRow;
        await publishImportCompleted(trx, job.user_id, {
          importId: job.id,
          imported: done.imported,
          duplicates: done.duplicates,
          skipped: done.skipped,
          transactionIds: await importedTransactionIds(trx, job.user_id, job.id, EVENT_IDS_MAX),
        });
      });
      log.info({ rows: total }, 'import completed');
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.warn('another worker took this import over');
      } else if (err instanceof Stopping) {
        await releaseImport(db, job.id, this.id);
        log.info('import handed back to the queue (shutting down)');
      } else if (err instanceof AppError) {
        // The file cannot be read this way: trying again would not help.
        await failImport(db, job.id, err.message);
        log.warn({ err: err.message }, 'import failed');
      } else {
        // The database or the process had a problem: the lease runs out and the import resumes.
        log.error({ err }, 'import interrupted; it will resume');
      }
    }
  }

  /** The file's first bytes (enough to inspect it) and whether that is the whole file. */
  private async readHead(importId: string): Promise<{ bytes: Buffer; complete: boolean }> {
    const pieces: Buffer[] = [];
    let size = 0;
    let complete = true;
    for await (const chunk of readFileChunks(this.opts.db, importId)) {
      if (size >= SAMPLE_BYTES) {
        complete = false;
        break;
      }
      pieces.push(chunk);
      size += chunk.length;
    }
    const bytes = Buffer.concat(pieces);
    return {
      bytes: bytes.subarray(0, SAMPLE_BYTES),
      complete: complete && bytes.length <= SAMPLE_BYTES,
    };
  }
}
