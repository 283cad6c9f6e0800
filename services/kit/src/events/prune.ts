import type { Knex } from 'knex';
import { z } from 'zod';
import { intSetting } from '../config';
import type { Logger } from '../logger';
import { eventRowsPruned } from './metrics';

const DAY_MS = 24 * 3_600_000;

/**
 * How long a service keeps the rows of its event tables (ADR 004), from env:
 * - `EVENTS_INBOX_RETENTION_DAYS` (default 14): processed-event ids in `inbox`. Keep this
 *   longer than the broker can redeliver an event (JetStream's stream max age, 7 days), or a
 *   consumer recreated under the same durable name could process an old event a second time.
 * - `EVENTS_PARKED_RETENTION_DAYS` (default 30): deliveries set aside in `parked_events`,
 *   kept long enough for an operator to inspect and replay them.
 * - `EVENTS_PRUNE_INTERVAL_MS` (default 10 minutes): how often the prune job runs.
 */
export const eventRetentionConfigSchema = z.object({
  EVENTS_INBOX_RETENTION_DAYS: intSetting(14, 1),
  EVENTS_PARKED_RETENTION_DAYS: intSetting(30, 1),
  EVENTS_PRUNE_INTERVAL_MS: intSetting(10 * 60_000, 1_000),
});

export interface EventRetention {
  /** Inbox rows processed longer ago than this are deleted. */
  inboxMs: number;
  /** Parked events parked longer ago than this are deleted. */
  parkedMs: number;
}

export function eventRetentionOf(
  config: z.infer<typeof eventRetentionConfigSchema>,
): EventRetention & { intervalMs: number } {
  return {
    inboxMs: config.EVENTS_INBOX_RETENTION_DAYS * DAY_MS,
    parkedMs: config.EVENTS_PARKED_RETENTION_DAYS * DAY_MS,
    intervalMs: config.EVENTS_PRUNE_INTERVAL_MS,
  };
}

export interface PruneOptions extends EventRetention {
  /**
   * The schema holding the service's `inbox` and `parked_events`; without it the pool's search
   * path finds them (kit `createDb` sets it to the service's schema).
   */
  schema?: string;
  /** Rows deleted per statement, so a large backlog never holds long locks (default 5,000). */
  batchSize?: number;
  /** Clock for tests. */
  now?: () => Date;
}

export interface PruneResult {
  inbox: number;
  parked: number;
}

/**
 * Deletes processed inbox entries and parked events older than their retention, in batches
 * of `batchSize` rows (one short statement each). Safe beside other replicas doing the same:
 * a row deleted by one is simply not found by the other.
 */
export async function pruneEventTables(db: Knex, options: PruneOptions): Promise<PruneResult> {
  const now = options.now?.() ?? new Date();
  const batchSize = options.batchSize ?? 5_000;
  const table = (name: string) => (options.schema ? `${options.schema}.${name}` : name);
  const pruneTable = async (name: string, column: string, retentionMs: number) => {
    const cutoff = new Date(now.getTime() - retentionMs);
    let total = 0;
    for (;;) {
      // ctid batches: a plain DELETE … LIMIT does not exist in PostgreSQL.
      const result = (await db.raw(
        `DELETE FROM ?? WHERE ctid = ANY (ARRAY(SELECT ctid FROM ?? WHERE ?? < ? LIMIT ?))`,
        [table(name), table(name), column, cutoff, batchSize],
      )) as { rowCount: number | null };
      const deleted = result.rowCount ?? 0;
      total += deleted;
      if (deleted < batchSize) return total;
    }
  };
  const inbox = await pruneTable('inbox', 'processed_at', options.inboxMs);
  const parked = await pruneTable('parked_events', 'parked_at', options.parkedMs);
  return { inbox, parked };
}

export interface EventPrunerOptions extends PruneOptions {
  logger: Logger;
  /** The service, for logs and the pfs_event_rows_pruned_total metric. */
  service: string;
  /** Time between runs (default 10 minutes); the first run is one interval after start(). */
  intervalMs?: number;
}

/**
 * The periodic prune job of one service's inbox and parked events. Start it beside the
 * service's consumers (kit's OutboxRelay starts one for its service unless told not to).
 * Every replica may run it: the deletes are idempotent and batched.
 */
export class EventPruner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<PruneResult | undefined>;
  private readonly log: Logger;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Knex,
    private readonly options: EventPrunerOptions,
  ) {
    this.log = options.logger.child({ component: 'event-pruner', service: options.service });
    this.intervalMs = options.intervalMs ?? 10 * 60_000;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One prune now (a run already under way is joined, not doubled); never throws. */
  runOnce(): Promise<PruneResult | undefined> {
    this.running ??= pruneEventTables(this.db, this.options)
      .then((result) => {
        if (result.inbox)
          eventRowsPruned.inc({ service: this.options.service, table: 'inbox' }, result.inbox);
        if (result.parked)
          eventRowsPruned.inc(
            { service: this.options.service, table: 'parked_events' },
            result.parked,
          );
        if (result.inbox || result.parked) this.log.info(result, 'pruned old event rows');
        return result;
      })
      .catch((err: unknown) => {
        this.log.warn({ err }, 'event prune failed; next run retries');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
