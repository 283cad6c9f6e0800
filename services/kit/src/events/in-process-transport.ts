import type { Logger } from '../logger';
import { backoffMs } from './backoff';
import { subjectMatches, type EventEnvelope } from './envelope';
import {
  assertConsumerName,
  type ConsumeOptions,
  type ConsumerHandle,
  type Delivery,
  type EventTransport,
  type PublishResult,
  type Settlement,
} from './transport';

export interface InProcessTransportOptions {
  logger?: Logger;
  /** A republished id within this window is dropped, as JetStream does (default 2 min). */
  duplicateWindowMs?: number;
  /**
   * Recent events kept for a consumer that subscribes for the first time: at most this many
   * (default 1 000) ...
   */
  historySize?: number;
  /** ... and none older than this (default 60 s). */
  historyMs?: number;
}

interface Message {
  subject: string;
  /** Serialized once, as on the wire: every delivery gets its own copy, nothing is shared. */
  body: string;
  publishedAt: number;
}

interface Pending {
  message: Message;
  deliveries: number;
}

interface Durable {
  name: string;
  subjects: string[];
  queue: Pending[];
  handle?: ConsumeOptions['handle'];
  busy?: Promise<void>;
  timers: Set<NodeJS.Timeout>;
}

/**
 * The embedded default's bus: JetStream's contract in memory. Publishing dedupes by event id
 * within a window; each durable consumer has its own queue, handles one delivery at a time,
 * retries after the delay its handler asks for (other events flow meanwhile) and keeps
 * collecting while it is stopped. A consumer name seen for the first time starts with the
 * retained history, like a new JetStream durable with DeliverPolicy.All. In one process every
 * consumer subscribes while the stack starts, so the history only has to bridge the seconds
 * between a service publishing and a later one subscribing: it is bounded by count and age,
 * which keeps the bus's memory flat however many events pass (each one is about a kilobyte).
 *
 * What it cannot do is survive its process: deliveries not yet handled when the process
 * stops are gone (the outbox already counts them as published). ADR 004 weighs this.
 */
export class InProcessTransport implements EventTransport {
  readonly kind = 'in-process' as const;
  private readonly log?: Logger;
  private readonly duplicateWindowMs: number;
  private readonly historySize: number;
  private readonly historyMs: number;
  private readonly seen = new Map<string, number>();
  private readonly history: Message[] = [];
  private readonly durables = new Map<string, Durable>();
  private closed = false;

  constructor(options: InProcessTransportOptions = {}) {
    this.log = options.logger?.child({ component: 'event-bus', bus: 'in-process' });
    this.duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
    this.historySize = options.historySize ?? 1_000;
    this.historyMs = options.historyMs ?? 60_000;
  }

  async publish(subject: string, event: EventEnvelope): Promise<PublishResult> {
    if (this.closed) throw new Error('event bus is closed');
    this.forgetExpiredIds();
    if (this.seen.has(event.id)) return { duplicate: true };
    const now = Date.now();
    const message: Message = { subject, body: JSON.stringify(event), publishedAt: now };
    this.seen.set(event.id, now);
    this.history.push(message);
    this.trimHistory(now);
    for (const durable of this.durables.values()) {
      if (!matches(durable.subjects, subject)) continue;
      durable.queue.push({ message, deliveries: 0 });
      this.pump(durable);
    }
    return { duplicate: false };
  }

  async consume(options: ConsumeOptions): Promise<ConsumerHandle> {
    if (this.closed) throw new Error('event bus is closed');
    assertConsumerName(options.consumer);
    let durable = this.durables.get(options.consumer);
    if (!durable) {
      this.trimHistory(Date.now());
      durable = {
        name: options.consumer,
        subjects: options.subjects,
        queue: this.history
          .filter((m) => matches(options.subjects, m.subject))
          .map((message) => ({ message, deliveries: 0 })),
        timers: new Set(),
      };
      this.durables.set(options.consumer, durable);
    } else if (durable.handle) {
      throw new Error(`consumer "${options.consumer}" is already subscribed on this bus`);
    }
    durable.subjects = options.subjects;
    durable.handle = options.handle;
    this.pump(durable);
    const own = durable;
    const handle = options.handle;
    return {
      stop: async () => {
        if (own.handle === handle) own.handle = undefined;
        await own.busy;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const durable of this.durables.values()) {
      durable.handle = undefined;
      for (const timer of durable.timers) clearTimeout(timer);
      durable.timers.clear();
    }
    await Promise.all([...this.durables.values()].map((d) => d.busy));
  }

  private pump(durable: Durable): void {
    const handle = durable.handle;
    if (!handle || durable.busy || this.closed) return;
    const next = durable.queue.shift();
    if (!next) return;
    durable.busy = this.deliver(durable, handle, next).finally(() => {
      durable.busy = undefined;
      this.pump(durable);
    });
  }

  private async deliver(
    durable: Durable,
    handle: NonNullable<Durable['handle']>,
    pending: Pending,
  ): Promise<void> {
    pending.deliveries++;
    const delivery: Delivery = {
      subject: pending.message.subject,
      event: JSON.parse(pending.message.body) as EventEnvelope,
      attempt: pending.deliveries,
    };
    let settlement: Settlement;
    try {
      settlement = await handle(delivery);
    } catch (err) {
      settlement = { action: 'retry', delayMs: backoffMs(delivery.attempt) };
      this.log?.warn(
        { err, consumer: durable.name, eventId: delivery.event.id },
        'event handler threw; will redeliver',
      );
    }
    if (settlement.action !== 'retry' || this.closed) return;
    const timer = setTimeout(() => {
      durable.timers.delete(timer);
      // Redeliveries go first, as JetStream gives them priority over new messages.
      durable.queue.unshift(pending);
      this.pump(durable);
    }, settlement.delayMs);
    timer.unref();
    durable.timers.add(timer);
  }

  private trimHistory(now: number): void {
    const cutoff = now - this.historyMs;
    let drop = Math.max(0, this.history.length - this.historySize);
    while (drop < this.history.length && this.history[drop].publishedAt < cutoff) drop++;
    if (drop) this.history.splice(0, drop);
  }

  private forgetExpiredIds(): void {
    const cutoff = Date.now() - this.duplicateWindowMs;
    // A Map iterates in insertion order, i.e. oldest first.
    for (const [id, at] of this.seen) {
      if (at >= cutoff) break;
      this.seen.delete(id);
    }
  }
}

function matches(patterns: string[], subject: string): boolean {
  return patterns.some((p) => subjectMatches(p, subject));
}
