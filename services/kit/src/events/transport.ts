import type { EventEnvelope } from './envelope';

/**
 * How events leave the outbox and reach consumers. Two implementations with one contract:
 * NATS JetStream (distributed) and an in-memory bus (the embedded default).
 *
 * Contract, the same for both:
 * - `publish` resolves only once the event is durably accepted by the bus; publishing an id
 *   again within the duplicate window is a no-op reported as `duplicate`.
 * - every durable consumer gets each matching event at least once; deliveries to one consumer
 *   are handled one at a time; a consumer that was away gets what it missed when it returns.
 * - the `handle` callback decides each delivery's fate (ack, retry after a delay, terminate);
 *   a callback that throws (it could not even record a failure, e.g. its database is down)
 *   is retried with `backoffMs(attempt)`.
 */
export interface EventTransport {
  readonly kind: 'nats' | 'in-process';
  publish(subject: string, event: EventEnvelope): Promise<PublishResult>;
  consume(options: ConsumeOptions): Promise<ConsumerHandle>;
  close(): Promise<void>;
}

export interface PublishResult {
  /** The bus had this id already (a relay republishing after a crash). */
  duplicate: boolean;
}

export interface Delivery {
  subject: string;
  event: EventEnvelope;
  /** 1 on the first delivery, then counts redeliveries. */
  attempt: number;
}

export type Settlement =
  | { action: 'ack' }
  /** Redeliver after the delay (NATS: nak(delay)). */
  | { action: 'retry'; delayMs: number }
  /** Never deliver again (NATS: term); the consumer has parked it. */
  | { action: 'term' };

export interface ConsumeOptions {
  /** Durable name: letters, digits, `_` or `-`, unique per consuming purpose, e.g. `categorization-rules`. */
  consumer: string;
  /** Subjects or NATS wildcards, e.g. `pfs.ledger.transaction.created` or `pfs.ledger.>`. */
  subjects: string[];
  handle(delivery: Delivery): Promise<Settlement>;
  /** NATS: how long a delivery may stay unacknowledged before it is redelivered (default 30 s). */
  ackWaitMs?: number;
}

export interface ConsumerHandle {
  /** Stops taking deliveries and waits for the one in hand; the durable consumer stays. */
  stop(): Promise<void>;
}

const DURABLE = /^[A-Za-z0-9_-]+$/;

export function assertConsumerName(name: string): void {
  if (!DURABLE.test(name))
    throw new Error(`invalid consumer name "${name}": use letters, digits, _ or -`);
}
