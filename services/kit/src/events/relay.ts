import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger';
import { backoffMs, type BackoffOptions } from './backoff';
import { loadConfig } from '../config';
import { eventPublishFailures, eventsPublished } from './metrics';
import {
  EventPruner,
  eventRetentionConfigSchema,
  eventRetentionOf,
  type EventRetention,
} from './prune';
import { envelopeOf, outboxChannel, type OutboxRow } from './outbox';
import type { EventTransport } from './transport';

export interface OutboxRelayOptions {
  /** The service's pool; the relay opens one extra connection of its own for LISTEN. */
  db: Knex;
  /** The service whose outbox (in the schema of that name) this relay drains. */
  service: string;
  transport: EventTransport;
  logger: Logger;
  /** Rows claimed per round (default 100). */
  batchSize?: number;
  /** Safety-net poll for a missed or lost NOTIFY (default 1000 ms). */
  pollIntervalMs?: number;
  /** Delay before a row whose publish failed is tried again. */
  retry?: BackoffOptions;
  /** Wake on NOTIFY (default true); without it the relay only polls. */
  listen?: boolean;
  /**
   * After a round, a wake-up that came during it starts the next round this much later
   * (default 5 ms), so a steady stream of commits is published in batches instead of one
   * claim transaction per event. 0: at once.
   */
  coalesceMs?: number;
  /** Published rows older than this are deleted (default 7 days; 0 keeps them). */
  retainPublishedMs?: number;
  /**
   * The prune job of the service's processed inbox entries and parked events (kit
   * EventPruner), run beside the relay: retention and interval from env
   * (`EVENTS_INBOX_RETENTION_DAYS`, `EVENTS_PARKED_RETENTION_DAYS`, `EVENTS_PRUNE_INTERVAL_MS`)
   * unless given here; `false` runs none.
   */
  eventRetention?: (EventRetention & { intervalMs?: number }) | false;
}

export interface RelayRound {
  claimed: number;
  published: number;
  duplicates: number;
  failed: number;
}

const PRUNE_EVERY_MS = 10 * 60_000;
const LISTEN_RETRY_MS = 1_000;
/** A claim waits at most this long for a lock (SKIP LOCKED makes row locks no wait anyway). */
const LOCK_TIMEOUT_MS = 5_000;

/**
 * Publishes a service's outbox. Each round, in one transaction: claim up to `batchSize`
 * ready rows with FOR UPDATE SKIP LOCKED (replicas running relays take disjoint rows),
 * publish them in order, mark the published ones and put a failed one back with a growing
 * delay. A crash between publish and mark rolls the claim back; the rows are published again
 * with the same id, which the bus drops as a duplicate (JetStream msgID).
 */
export class OutboxRelay {
  private readonly db: Knex;
  private readonly service: string;
  private readonly transport: EventTransport;
  private readonly log: Logger;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly retry: BackoffOptions;
  private readonly listenEnabled: boolean;
  private readonly retainPublishedMs: number;
  private readonly coalesceMs: number;
  private coalesceTimer?: NodeJS.Timeout;

  private stopped = true;
  private running?: Promise<void>;
  private again = false;
  private poll?: NodeJS.Timeout;
  private listener?: pg.Client;
  private listening?: Promise<void>;
  private cancelListenWait?: () => void;
  private lastPrune = 0;
  private readonly pruner?: EventPruner;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.service = options.service;
    this.transport = options.transport;
    this.log = options.logger.child({ component: 'outbox-relay', outbox: options.service });
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.retry = options.retry ?? {};
    this.listenEnabled = options.listen ?? true;
    this.retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * 3_600_000;
    this.coalesceMs = options.coalesceMs ?? 5;
    if (options.eventRetention !== false) {
      const retention =
        options.eventRetention ?? eventRetentionOf(loadConfig(eventRetentionConfigSchema));
      this.pruner = new EventPruner(this.db, {
        ...retention,
        schema: this.service,
        service: this.service,
        logger: options.logger,
      });
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.poll = setInterval(() => this.wake(), this.pollIntervalMs);
    this.poll.unref();
    if (this.listenEnabled) this.listening = this.listenLoop();
    this.pruner?.start();
    this.wake();
  }

  /** Stops polling and listening, and waits for the round in flight to finish. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.coalesceTimer);
    await this.pruner?.stop();
    this.cancelListenWait?.();
    await this.listener?.end().catch(() => {});
    await this.running;
    await this.listening;
  }

  /** Asks for a round now; a round already running is followed by one more. */
  wake(): void {
    if (this.stopped) return;
    if (this.running || this.coalesceTimer) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (!this.again) return;
      if (this.coalesceMs <= 0) return this.wake();
      // More commits arrived meanwhile: give the stream a moment to gather into one claim.
      this.coalesceTimer = setTimeout(() => {
        this.coalesceTimer = undefined;
        this.wake();
      }, this.coalesceMs);
    });
  }

  /** Rounds until nothing is ready (or a publish failed: the bus may be down, wait for the poll). */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      let round: RelayRound;
      try {
        round = await this.publishBatch();
      } catch (err) {
        this.log.warn({ err }, 'outbox relay round failed');
        return;
      }
      if (round.claimed < this.batchSize || round.failed > 0) break;
    }
    await this.prune();
  }

  /** One claim → publish → mark round; public so tests and tools can drive the relay by hand. */
  async publishBatch(): Promise<RelayRound> {
    return this.db.transaction(async (trx) => {
      const table = () => trx.withSchema(this.service).table('outbox');
      await trx.raw(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
      const claimed = (await table()
        .select('id', 'type', 'subject', 'user_id', 'payload', 'occurred_at', 'attempts')
        .whereNull('published_at')
        .where('available_at', '<=', trx.fn.now())
        .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()) as OutboxRow[];

      const published: string[] = [];
      let duplicates = 0;
      let failure: { row: OutboxRow; err: unknown } | undefined;
      for (const row of claimed) {
        try {
          const result = await this.transport.publish(row.subject, envelopeOf(this.service, row));
          published.push(row.id);
          if (result.duplicate) duplicates++;
        } catch (err) {
          // Later rows wait for the next round: when the bus is down they would all fail too.
          failure = { row, err };
          break;
        }
      }

      if (published.length) {
        await table()
          .whereIn('id', published)
          .update({ published_at: trx.fn.now(), last_error: null });
        eventsPublished.inc(
          { service: this.service, duplicate: 'false' },
          published.length - duplicates,
        );
        if (duplicates)
          eventsPublished.inc({ service: this.service, duplicate: 'true' }, duplicates);
      }
      if (failure) {
        const attempts = failure.row.attempts + 1;
        const delayMs = backoffMs(attempts, this.retry);
        const message = failure.err instanceof Error ? failure.err.message : String(failure.err);
        await table()
          .where('id', failure.row.id)
          .update({
            attempts,
            last_error: message.slice(0, 2_000),
            available_at: trx.raw(`now() + ? * interval '1 millisecond'`, [delayMs]),
          });
        eventPublishFailures.inc({ service: this.service });
        this.log[attempts >= 10 ? 'error' : 'warn'](
          {
            eventId: failure.row.id,
            subject: failure.row.subject,
            attempts,
            retryInMs: delayMs,
            err: failure.err,
          },
          'event publish failed; will retry',
        );
      }
      return {
        claimed: claimed.length,
        published: published.length,
        duplicates,
        failed: failure ? 1 : 0,
      };
    });
  }

  private async prune(): Promise<void> {
    if (!this.retainPublishedMs || Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    try {
      const deleted = await this.db
        .withSchema(this.service)
        .table('outbox')
        .where(
          'published_at',
          '<',
          this.db.raw(`now() - ? * interval '1 millisecond'`, [this.retainPublishedMs]),
        )
        .delete();
      if (deleted) this.log.debug({ deleted }, 'pruned published outbox rows');
    } catch (err) {
      this.log.warn({ err }, 'outbox prune failed');
    }
  }

  /** Holds a dedicated connection LISTENing on the outbox channel; reconnects after a drop. */
  private async listenLoop(): Promise<void> {
    const settings = (this.db.client as { connectionSettings: string | pg.ClientConfig })
      .connectionSettings;
    while (!this.stopped) {
      const client = new pg.Client(settings);
      let lost = (): void => {};
      const ended = new Promise<void>((resolve) => (lost = resolve));
      client.on('error', (err) => {
        if (!this.stopped)
          this.log.warn({ err }, 'outbox LISTEN connection lost; polling until it is back');
        lost();
      });
      client.on('end', () => lost());
      client.on('notification', () => this.wake());
      // Held from the start, so stop() can also end a connection attempt that hangs.
      this.listener = client;
      try {
        await client.connect();
        if (this.stopped) break;
        await client.query(`LISTEN "${outboxChannel(this.service)}"`);
        this.wake(); // anything committed before LISTEN took effect
        await ended;
      } catch (err) {
        if (!this.stopped) this.log.debug({ err }, 'outbox LISTEN connection failed');
      } finally {
        this.listener = undefined;
        await client.end().catch(() => {});
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, LISTEN_RETRY_MS);
        this.cancelListenWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}
