import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { backoffMs, type BackoffOptions } from './backoff';
import type { EventEnvelope } from './envelope';
import { eventsConsumed } from './metrics';
import {
  assertConsumerName,
  type Delivery,
  type EventTransport,
  type Settlement,
} from './transport';

export type EventHandler<T = unknown> = (
  event: EventEnvelope<T>,
  trx: Knex.Transaction,
) => Promise<void>;

export interface ConsumerOptions<T = unknown> {
  /** Durable name, unique per purpose across services: `<service>-<purpose>`, e.g. `categorization-rules`. */
  consumer: string;
  /** Subjects (wildcards allowed), e.g. `[eventSubject('ledger', 'transaction.created')]`. */
  subjects: string[];
  /**
   * The consuming service's pool. Its `inbox` and `parked_events` (kit `outboxMigration`) are
   * found through its search path, i.e. in the service's own schema (kit `createDb`).
   */
  db: Knex;
  /** Runs inside the transaction that records the event as processed; write through `trx`. */
  handler: EventHandler<T>;
  logger: Logger;
  /** Deliveries before a failing event is parked (default 5). */
  maxAttempts?: number;
  /** Delay between failed deliveries (default 1 s doubling to 60 s). */
  retry?: BackoffOptions;
  /** NATS only: redeliver a delivery left unacknowledged this long (default 30 s). */
  ackWaitMs?: number;
}

export interface SubscribeOptions<T = unknown> extends ConsumerOptions<T> {
  transport: EventTransport;
}

/** What a subscription has done since it started (also exported as pfs_events_consumed_total). */
export interface ConsumerStats {
  processed: number;
  /** Deliveries of events already in the inbox, skipped without running the handler. */
  duplicates: number;
  retried: number;
  parked: number;
}

export interface Subscription {
  consumer: string;
  stats: ConsumerStats;
  /** Stops receiving; the durable consumer (and what it has not yet received) stays. */
  stop(): Promise<void>;
}

/**
 * The idempotent half of a consumer, separate from any transport: for one delivery, in ONE
 * transaction, claim the event id in the inbox and run the handler. An id already there means
 * it was processed before: skip and ack. A failing handler rolls everything back and asks for
 * a redelivery after a growing delay; the `maxAttempts`-th failure parks the event in
 * `parked_events` and terminates it, so it no longer blocks anything.
 */
export function createDeliveryHandler<T = unknown>(
  options: ConsumerOptions<T>,
): { handle(delivery: Delivery): Promise<Settlement>; stats: ConsumerStats } {
  const { consumer, db, handler } = options;
  assertConsumerName(consumer);
  const maxAttempts = options.maxAttempts ?? 5;
  const log = options.logger.child({ component: 'event-consumer', consumer });
  const stats: ConsumerStats = { processed: 0, duplicates: 0, retried: 0, parked: 0 };
  const count = (outcome: keyof ConsumerStats) => {
    stats[outcome]++;
    eventsConsumed.inc({ consumer, outcome });
  };

  async function handle({ event, subject, attempt }: Delivery): Promise<Settlement> {
    try {
      const fresh = await db.transaction(async (trx) => {
        const claimed = await trx('inbox')
          .insert({ consumer, event_id: event.id })
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        if (!claimed.length) return false;
        await handler(event as EventEnvelope<T>, trx);
        return true;
      });
      count(fresh ? 'processed' : 'duplicates');
      if (!fresh) log.debug({ eventId: event.id, attempt }, 'event already processed; skipped');
      return { action: 'ack' };
    } catch (err) {
      const context = { err, eventId: event.id, type: event.type, subject, attempt, maxAttempts };
      if (attempt < maxAttempts) {
        const delayMs = backoffMs(attempt, options.retry);
        count('retried');
        log.warn({ ...context, retryInMs: delayMs }, 'event handler failed; will retry');
        return { action: 'retry', delayMs };
      }
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      await db('parked_events')
        .insert({
          consumer,
          event_id: event.id,
          subject,
          payload: JSON.stringify(event),
          error: message.slice(0, 4_000),
          attempts: attempt,
        })
        .onConflict(['consumer', 'event_id'])
        .merge(['error', 'attempts', 'parked_at']);
      count('parked');
      log.error(context, 'event handler kept failing; event parked');
      return { action: 'term' };
    }
  }

  return { handle, stats };
}

/**
 * Subscribes a durable, idempotent consumer: each matching event's handler effects commit
 * exactly once, however often the bus delivers it.
 *
 *     await subscribe({
 *       transport: bus.transport, db, logger,
 *       consumer: 'categorization-rules',
 *       subjects: [eventSubject('ledger', 'transaction.created')],
 *       handler: async (event, trx) => { await applyRules(trx, event.data) },
 *     });
 */
export async function subscribe<T = unknown>(options: SubscribeOptions<T>): Promise<Subscription> {
  const { handle, stats } = createDeliveryHandler(options);
  const consumer = await options.transport.consume({
    consumer: options.consumer,
    subjects: options.subjects,
    handle,
    ackWaitMs: options.ackWaitMs,
  });
  return { consumer: options.consumer, stats, stop: () => consumer.stop() };
}
