import { runWithContext, type Knex, type Logger, type Migration } from '@pfs/kit';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Scheduled background work that is safe with any number of replicas. Each job has one row
 * in the service's `jobs` table saying when it is next due. Every replica runs a JobRunner
 * that polls; to run a job a runner claims its row in ONE statement:
 *
 *     UPDATE jobs SET locked_by = me, locked_until = now + lease …
 *     WHERE name = (SELECT name … WHERE next_run_at <= now AND lease free FOR UPDATE SKIP LOCKED)
 *
 * so of several replicas polling at once exactly one gets it: the others skip the locked row,
 * and after the winner commits they see a lease that has not run out. When the run finishes
 * the winner moves `next_run_at` on by the job's period and frees the lease. A runner that
 * dies mid-run leaves a lease that runs out, and the job is run again by someone else:
 * so a job must be idempotent (ours are: ON CONFLICT DO NOTHING, "notified at" columns).
 *
 * Nothing here is specific to bills; it would move to the kit when a second service needs it.
 */

export const jobsMigration: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE jobs (
        name text PRIMARY KEY,
        next_run_at timestamptz NOT NULL,
        locked_by text,
        locked_until timestamptz,
        last_started_at timestamptz,
        last_finished_at timestamptz,
        last_error text,
        runs integer NOT NULL DEFAULT 0,
        failures integer NOT NULL DEFAULT 0
      )
    `);
  },
  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS jobs');
  },
};

export interface JobDefinition {
  /** Unique in the service, e.g. `generate-occurrences`. */
  name: string;
  /** Time from the start of one run to the next one being due. */
  everyMs: number;
  /** Does the work as of `now`; what it returns is logged. Must be idempotent. */
  run(now: Date): Promise<unknown>;
}

export interface JobRunnerOptions {
  db: Knex;
  logger: Logger;
  jobs: JobDefinition[];
  /** The clock (tests pin it). */
  now?: () => Date;
  /** How often the runner looks for due jobs (default 30 s). */
  pollMs?: number;
  /** A claimed run not finished within this long may be taken over (default 10 min). */
  leaseMs?: number;
  /** A failed run is tried again after this long, or the job's period if shorter (default 60 s). */
  retryMs?: number;
}

interface ClaimRow {
  name: string;
}

export class JobRunner {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly db: Knex;
  private readonly log: Logger;
  private readonly jobs: JobDefinition[];
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<string[]>;
  private registered = false;
  private stopping = false;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.log = options.logger.child({ component: 'job-runner', runner: this.id });
    this.jobs = options.jobs;
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.retryMs = options.retryMs ?? 60_000;
  }

  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setInterval(() => void this.tickSafely(), this.pollMs);
    this.timer.unref();
    void this.tickSafely();
  }

  /** Stops polling and waits for the run in hand. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking?.catch(() => undefined);
  }

  private async tickSafely(): Promise<void> {
    try {
      await this.tick();
    } catch (err) {
      this.log.error({ err }, 'job runner tick failed');
    }
  }

  /**
   * One pass: claims and runs every job that is due. Returns the names of the jobs this
   * runner ran. Passes of one runner never overlap (a call during a pass joins it).
   */
  tick(): Promise<string[]> {
    if (this.stopping) return Promise.resolve([]);
    this.ticking ??= runWithContext({ requestId: `jobs:${this.id}` }, () => this.runDue()).finally(
      () => {
        this.ticking = undefined;
      },
    );
    return this.ticking;
  }

  /** Makes a job due now (operators and tests); the next pass of any runner runs it. */
  async trigger(name: string): Promise<void> {
    await this.register();
    await this.db('jobs').where({ name }).update({ next_run_at: this.now() });
  }

  private async register(): Promise<void> {
    if (this.registered) return;
    const now = this.now();
    await this.db('jobs')
      .insert(this.jobs.map((j) => ({ name: j.name, next_run_at: now })))
      .onConflict('name')
      .ignore();
    this.registered = true;
  }

  private async runDue(): Promise<string[]> {
    await this.register();
    const ran: string[] = [];
    for (const job of this.jobs) {
      if (this.stopping) break;
      if (await this.runIfDue(job)) ran.push(job.name);
    }
    return ran;
  }

  private async runIfDue(job: JobDefinition): Promise<boolean> {
    const started = this.now();
    const leaseUntil = new Date(started.getTime() + this.leaseMs);
    const claimed = await this.db.raw<{ rows: ClaimRow[] }>(
      `UPDATE jobs
          SET locked_by = ?, locked_until = ?, last_started_at = ?, runs = runs + 1
        WHERE name = (
          SELECT name FROM jobs
           WHERE name = ? AND next_run_at <= ? AND (locked_until IS NULL OR locked_until <= ?)
           FOR UPDATE SKIP LOCKED)
        RETURNING name`,
      [this.id, leaseUntil, started, job.name, started, started],
    );
    if (!claimed.rows.length) return false;

    const log = this.log.child({ job: job.name });
    const clock = process.hrtime.bigint();
    try {
      const result = await job.run(started);
      await this.release(job.name, new Date(started.getTime() + job.everyMs), null);
      log.info(
        { result, ms: Number((process.hrtime.bigint() - clock) / 1_000_000n) },
        'job run finished',
      );
    } catch (err) {
      const retryAt = new Date(this.now().getTime() + Math.min(this.retryMs, job.everyMs));
      await this.release(job.name, retryAt, err instanceof Error ? err.message : String(err));
      log.error({ err }, 'job run failed; will retry');
    }
    return true;
  }

  /** Frees the lease (only if still ours) and sets when the job is due next. */
  private async release(name: string, nextRunAt: Date, error: string | null): Promise<void> {
    await this.db('jobs')
      .where({ name, locked_by: this.id })
      .update({
        next_run_at: nextRunAt,
        locked_by: null,
        locked_until: null,
        last_finished_at: this.now(),
        last_error: error,
        ...(error ? { failures: this.db.raw('failures + 1') } : {}),
      });
  }
}
