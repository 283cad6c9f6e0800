import {
  AckPolicy,
  connect,
  DeliverPolicy,
  nanos,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type NatsError,
} from 'nats';
import type { Logger } from '../logger';
import { backoffMs } from './backoff';
import { parseEnvelope, subjectMatches, SUBJECT_PREFIX, type EventEnvelope } from './envelope';
import {
  assertConsumerName,
  type ConsumeOptions,
  type ConsumerHandle,
  type EventTransport,
  type PublishResult,
  type Settlement,
} from './transport';

export const EVENTS_STREAM = 'PFS_EVENTS';

export interface NatsTransportOptions {
  servers: string | string[];
  logger: Logger;
  /** Connection name shown by the NATS server, e.g. the service name. */
  name?: string;
  stream?: string;
  /** JetStream drops a msgID it has seen within this window (default 2 min). */
  duplicateWindowMs?: number;
  /** How long the stream keeps events (default 7 days). */
  maxAgeMs?: number;
  /** Wait for a PubAck at most this long (default 5 s). */
  publishTimeoutMs?: number;
  /** Give up on one connection attempt after this long (default 2 s); the next use tries again. */
  connectTimeoutMs?: number;
  /** Messages a consumer pulls ahead of the one it is handling (default 10). */
  prefetch?: number;
}

interface Connection {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;
const REATTACH_MS = 1_000;

/**
 * NATS JetStream: one file-backed stream `PFS_EVENTS` on `pfs.>`, durable pull consumers with
 * explicit ack. Publishing carries `msgID = event id`, so a relay that publishes a row again
 * after a crash adds nothing to the stream.
 *
 * The connection is opened on first use, not at construction: a service whose relay cannot
 * reach NATS keeps serving writes (they wait in the outbox), and each later publish tries to
 * connect again. Once connected, the client reconnects by itself. `consume` needs NATS at
 * the time it is called (it creates the durable consumer) and rejects otherwise, so a
 * consuming process fails fast at start-up and its orchestrator restarts it.
 */
export class NatsTransport implements EventTransport {
  readonly kind = 'nats' as const;
  readonly stream: string;
  private readonly log: Logger;
  private connecting?: Promise<Connection>;
  private readonly consumers = new Set<ConsumerHandle>();
  private closed = false;

  constructor(private readonly options: NatsTransportOptions) {
    this.stream = options.stream ?? EVENTS_STREAM;
    this.log = options.logger.child({ component: 'event-bus', bus: 'nats' });
  }

  async publish(subject: string, event: EventEnvelope): Promise<PublishResult> {
    const { js } = await this.connection();
    const ack = await js.publish(subject, JSON.stringify(event), { msgID: event.id });
    return { duplicate: ack.duplicate };
  }

  async consume(options: ConsumeOptions): Promise<ConsumerHandle> {
    assertConsumerName(options.consumer);
    const { nc, js, jsm } = await this.connection();
    await this.ensureConsumer(jsm, nc, options);
    const log = this.log.child({ consumer: options.consumer });
    const attach = async (): Promise<ConsumerMessages> => {
      const consumer = await js.consumers.get(this.stream, options.consumer);
      return consumer.consume({ max_messages: this.options.prefetch ?? 10 });
    };
    let messages = await attach();
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        try {
          for await (const msg of messages) await this.settle(msg, options, log);
        } catch (err) {
          log.warn({ err }, 'event consumer failed');
        }
        if (stopped) break;
        // consume() rides out reconnects by itself; ending means something went away for good.
        log.warn('event consumer stopped receiving; attaching again');
        await new Promise((r) => setTimeout(r, REATTACH_MS));
        try {
          await this.ensureConsumer(jsm, nc, options);
          messages = await attach();
        } catch (err) {
          log.warn({ err }, 'attaching the event consumer failed');
        }
      }
    })();
    const handle: ConsumerHandle = {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        this.consumers.delete(handle);
        await messages.close();
        await loop;
      },
    };
    this.consumers.add(handle);
    return handle;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.consumers].map((c) => c.stop()));
    const pending = this.connecting;
    this.connecting = undefined;
    const conn = await pending?.catch(() => undefined);
    if (conn && !conn.nc.isClosed()) await conn.nc.drain().catch(() => conn.nc.close());
  }

  /** Creates the durable consumer, or brings an existing one to this configuration. */
  async ensureConsumer(
    jsm: JetStreamManager,
    nc: NatsConnection,
    options: ConsumeOptions,
  ): Promise<void> {
    const filter = consumerFilter(options.subjects, supportsMultipleFilters(nc));
    const settings: Partial<ConsumerConfig> = {
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      // Unlimited: the consumer parks a poison event itself (in its database, where it can be
      // inspected and replayed); JetStream giving up would drop it silently instead.
      max_deliver: -1,
      ...filter,
    };
    try {
      const info = await jsm.consumers.info(this.stream, options.consumer);
      const current = info.config;
      if (
        current.ack_wait !== settings.ack_wait ||
        current.max_deliver !== settings.max_deliver ||
        (current.filter_subject ?? '') !== (settings.filter_subject ?? '') ||
        !sameSet(current.filter_subjects, settings.filter_subjects)
      ) {
        await jsm.consumers.update(this.stream, options.consumer, settings);
      }
    } catch (err) {
      if ((err as NatsError).api_error?.err_code !== CONSUMER_NOT_FOUND) throw err;
      await jsm.consumers.add(this.stream, {
        ...settings,
        durable_name: options.consumer,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
      });
    }
  }

  /** The live connection, opening it (and ensuring the stream) when there is none. */
  connection(): Promise<Connection> {
    if (this.closed) return Promise.reject(new Error('event bus is closed'));
    this.connecting ??= this.open().catch((err: unknown) => {
      this.connecting = undefined;
      throw err;
    });
    return this.connecting;
  }

  private async open(): Promise<Connection> {
    const nc = await connect({
      servers: this.options.servers,
      name: this.options.name,
      timeout: this.options.connectTimeoutMs ?? 2_000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    try {
      const jsm = await nc.jetstreamManager();
      await this.ensureStream(jsm);
      this.watch(nc).catch((err: unknown) => this.log.debug({ err }, 'NATS status watch ended'));
      this.log.info({ server: nc.getServer(), stream: this.stream }, 'connected to NATS JetStream');
      return { nc, js: nc.jetstream({ timeout: this.options.publishTimeoutMs ?? 5_000 }), jsm };
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect')
        this.log.info({ status: s.type, server: s.data }, `NATS ${s.type}`);
    }
    const err = await nc.closed();
    if (err) this.log.warn({ err }, 'NATS connection closed');
    // A connection that is gone for good is replaced on the next use.
    if (!this.closed) this.connecting = undefined;
  }

  /** Creates the stream, or updates its mutable settings; safe when replicas race. */
  private async ensureStream(jsm: JetStreamManager): Promise<void> {
    const wanted = {
      subjects: [`${SUBJECT_PREFIX}.>`],
      duplicate_window: nanos(this.options.duplicateWindowMs ?? 120_000),
      max_age: nanos(this.options.maxAgeMs ?? 7 * 24 * 3_600_000),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const { config } = await jsm.streams.info(this.stream);
        if (
          !sameSet(config.subjects, wanted.subjects) ||
          config.duplicate_window !== wanted.duplicate_window ||
          config.max_age !== wanted.max_age
        ) {
          await jsm.streams.update(this.stream, { ...config, ...wanted });
        }
        return;
      } catch (err) {
        if ((err as NatsError).api_error?.err_code !== STREAM_NOT_FOUND || attempt > 1) throw err;
      }
      try {
        await jsm.streams.add({ name: this.stream, storage: StorageType.File, ...wanted });
        return;
      } catch (err) {
        // Another replica created it first: loop once more to read and, if needed, update it.
        this.log.debug({ err }, 'creating the event stream failed; reading it again');
      }
    }
  }

  private async settle(msg: JsMsg, options: ConsumeOptions, log: Logger): Promise<void> {
    let event: EventEnvelope;
    try {
      event = parseEnvelope(msg.data);
    } catch (err) {
      log.error({ err, subject: msg.subject, seq: msg.seq }, 'not an event envelope; terminated');
      msg.term('not an event envelope');
      return;
    }
    // Only with a server-side filter wider than the subjects (several subjects, NATS < 2.10).
    if (!options.subjects.some((p) => subjectMatches(p, msg.subject))) {
      msg.ack();
      return;
    }
    const attempt = msg.info.deliveryCount;
    let settlement: Settlement;
    try {
      settlement = await options.handle({ subject: msg.subject, event, attempt });
    } catch (err) {
      settlement = { action: 'retry', delayMs: backoffMs(attempt) };
      log.warn({ err, eventId: event.id }, 'event handler threw; will redeliver');
    }
    switch (settlement.action) {
      case 'ack':
        // Waits for the server's confirmation; a lost ack means one redelivery, which the
        // consumer's inbox turns into a no-op.
        await msg
          .ackAck()
          .catch((err: unknown) => log.warn({ err, eventId: event.id }, 'ack not confirmed'));
        break;
      case 'retry':
        msg.nak(settlement.delayMs);
        break;
      case 'term':
        msg.term();
        break;
    }
  }
}

function sameSet(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = [...new Set(a ?? [])].sort();
  const y = [...new Set(b ?? [])].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function supportsMultipleFilters(nc: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

/**
 * The server-side filter for a consumer's subjects: the subject itself when there is one;
 * several need `filter_subjects` (NATS ≥ 2.10), and older servers get the narrowest common
 * wildcard instead, the rest being filtered (acked and skipped) on the client.
 */
export function consumerFilter(
  subjects: string[],
  multipleFilters: boolean,
): Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'> {
  const unique = [...new Set(subjects)];
  if (unique.length === 0) throw new Error('a consumer needs at least one subject');
  if (unique.length === 1) return { filter_subject: unique[0] };
  if (multipleFilters) return { filter_subjects: unique };
  return { filter_subject: commonWildcard(unique) };
}

/** `['pfs.ledger.a.x', 'pfs.ledger.b']` → `pfs.ledger.>`; no common literal prefix → `>`. */
export function commonWildcard(subjects: string[]): string {
  const split = subjects.map((s) => s.split('.'));
  const prefix: string[] = [];
  for (let i = 0; ; i++) {
    const token = split[0][i];
    const shared = split.every(
      (s) => s.length > i + 1 && s[i] === token && token !== '*' && token !== '>',
    );
    if (!shared) break;
    prefix.push(token);
  }
  return prefix.length ? `${prefix.join('.')}.>` : '>';
}
