import { randomBytes, randomUUID } from 'node:crypto';
import {
  createDeliveryHandler,
  eventSubject,
  NatsTransport,
  OutboxRelay,
  parseEnvelope,
  subscribe,
  type EventEnvelope,
  type EventTransport,
  type Knex,
  type Subscription,
} from '../../src';
import {
  createEventSchema,
  instrument,
  outboxRow,
  silent,
  sleep,
  waitFor,
  type EventSchema,
} from '../events-harness';

/**
 * The event backbone against the machine's real NATS JetStream and PostgreSQL: what the
 * outbox and msgID dedupe promise when NATS is down, when a relay crashes between publish and
 * mark, and when a consumer crashes between commit and ack. Every run uses its own schema
 * (hence its own subjects, pfs.<schema>.>) and durable names, and removes them at the end.
 */
const { DATABASE_URL, NATS_URL } = process.env;
const describeIf = DATABASE_URL && NATS_URL ? describe : describe.skip;
if (!DATABASE_URL || !NATS_URL) {
  console.warn(
    'events-nats tests skipped: set DATABASE_URL (PostgreSQL) and NATS_URL (NATS with JetStream)',
  );
}

const REFUSING_NATS = 'nats://127.0.0.1:1';

describeIf('events over NATS JetStream', () => {
  let s: EventSchema;
  let live: NatsTransport;
  const durables: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  // A type per test: a new durable starts at the beginning of the stream (DeliverPolicy.All),
  // so each test's consumers must see only that test's subject.
  let type = '';
  const subject = () => eventSubject(s.schema, type);

  beforeEach(() => {
    type = `thing.t${randomBytes(3).toString('hex')}`;
  });

  beforeAll(async () => {
    s = await createEventSchema(DATABASE_URL!, 'evt_nats');
    live = new NatsTransport({ servers: NATS_URL!, logger: silent, name: 'events-nats-test' });
  });

  afterEach(async () => {
    for (const close of cleanups.splice(0).reverse()) await close();
  });

  afterAll(async () => {
    if (live) {
      const { jsm } = await live.connection();
      for (const durable of durables)
        await jsm.consumers.delete(live.stream, durable).catch(() => false);
      await jsm.streams.purge(live.stream, { filter: `pfs.${s.schema}.>` }).catch(() => undefined);
      await live.close();
    }
    await s?.drop();
  });

  const newDurable = () => {
    const name = `evt-test-${randomBytes(4).toString('hex')}`;
    durables.push(name);
    return name;
  };

  const relay = (transport: EventTransport = live) =>
    new OutboxRelay({
      db: s.db,
      service: s.schema,
      transport,
      logger: silent,
      listen: false,
      retry: { baseMs: 20, jitter: 0 },
    });

  /** Messages the stream holds on this run's subject. */
  async function storedOnSubject(): Promise<number> {
    const { jsm } = await live.connection();
    const info = await jsm.streams.info(live.stream, { subjects_filter: subject() });
    return info.state.subjects?.[subject()] ?? 0;
  }

  async function handledRows(eventId: string): Promise<number> {
    const [{ n }] = await s
      .db('things')
      .where({ note: `handled ${eventId}` })
      .count({ n: '*' });
    return Number(n);
  }

  function recordingHandler() {
    const calls: EventEnvelope[] = [];
    return {
      calls,
      handler: async (event: EventEnvelope, trx: Knex.Transaction) => {
        calls.push(event);
        await trx('things').insert({ id: randomUUID(), note: `handled ${event.id}` });
      },
    };
  }

  async function startConsumer(
    durable: string,
    handler: (e: EventEnvelope, trx: Knex.Transaction) => Promise<void>,
    extra = {},
  ): Promise<Subscription> {
    const sub = await subscribe({
      transport: live,
      db: s.db,
      logger: silent,
      consumer: durable,
      subjects: [subject()],
      handler,
      retry: { baseMs: 50, jitter: 0 },
      ...extra,
    });
    cleanups.push(() => sub.stop());
    return sub;
  }

  async function writeThing(note: string): Promise<EventEnvelope> {
    return s.db.transaction(async (trx) => {
      await trx('things').insert({ id: randomUUID(), note });
      return s.outbox.enqueueEvent(trx, { type, userId: randomUUID(), data: { note } });
    });
  }

  /** Rows other tests left unpublished would be claimed first by a hand-driven relay. */
  const settleLeftovers = () =>
    s.db('outbox').whereNull('published_at').update({ published_at: s.db.fn.now() });

  it('keeps the event while NATS is unreachable and delivers it once when NATS is back', async () => {
    const { calls, handler } = recordingHandler();
    const sub = await startConsumer(newDurable(), handler);
    await settleLeftovers();
    const envelope = await writeThing('written while NATS is down');

    const unreachable = new NatsTransport({
      servers: REFUSING_NATS,
      logger: silent,
      connectTimeoutMs: 500,
    });
    cleanups.push(() => unreachable.close());
    expect(await relay(unreachable).publishBatch()).toMatchObject({
      claimed: 1,
      published: 0,
      failed: 1,
    });
    const stuck = await outboxRow(s.db, s.schema, envelope.id);
    expect(stuck).toMatchObject({ published_at: null, attempts: 1 });
    expect(stuck?.last_error).toMatch(/CONNECTION_REFUSED|ECONNREFUSED|refused/i);
    await sleep(300);
    expect(calls).toHaveLength(0);

    const healthy = relay();
    healthy.start();
    cleanups.push(() => healthy.stop());
    await waitFor(() => sub.stats.processed === 1, 'delivery once NATS is reachable');
    await sleep(500);
    expect(calls.map((e) => e.id)).toEqual([envelope.id]);
    expect(await handledRows(envelope.id)).toBe(1);
    expect((await outboxRow(s.db, s.schema, envelope.id))?.published_at).toBeInstanceOf(Date);
    expect(await storedOnSubject()).toBe(1);
  });

  it('publishes no duplicate when the relay crashes between publish and mark', async () => {
    const { calls, handler } = recordingHandler();
    const sub = await startConsumer(newDurable(), handler);
    await settleLeftovers();
    const before = await storedOnSubject();
    const envelope = await writeThing('relay crashes after publishing me');

    // The crash: right after the PubAck, the relay's claim transaction loses its connection,
    // as when the process dies; PostgreSQL rolls the claim back and the row is unpublished.
    const crashing = instrument(live, {
      after: async () => {
        const killed = await s.db.raw(
          `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE ?`,
          [`%"${s.schema}"."outbox"%`],
        );
        expect(killed.rows).toEqual([{ killed: true }]);
      },
    });
    await expect(relay(crashing).publishBatch()).rejects.toThrow();
    expect(crashing.publishes.get(envelope.id)).toBe(1);
    expect(await outboxRow(s.db, s.schema, envelope.id)).toMatchObject({
      published_at: null,
      attempts: 0,
    });
    await waitFor(() => sub.stats.processed === 1, 'the event the crashed relay published');

    // The next relay publishes the row again: JetStream recognises the msgID.
    expect(await relay().publishBatch()).toMatchObject({ claimed: 1, published: 1, duplicates: 1 });
    expect((await outboxRow(s.db, s.schema, envelope.id))?.published_at).toBeInstanceOf(Date);
    expect((await storedOnSubject()) - before).toBe(1);
    await sleep(500);
    expect(calls.map((e) => e.id)).toEqual([envelope.id]);
    expect(sub.stats).toMatchObject({ processed: 1, duplicates: 0 });
  });

  it('turns the redelivery after a consumer crash (committed, not acked) into a no-op', async () => {
    const durable = newDurable();
    const ackWaitMs = 1_500;
    const { calls, handler } = recordingHandler();
    const { nc, js, jsm } = await live.connection();
    await live.ensureConsumer(jsm, nc, {
      consumer: durable,
      subjects: [subject()],
      ackWaitMs,
      handle: async () => ({ action: 'ack' }),
    });
    await settleLeftovers();
    const envelope = await writeThing('consumer crashes before acking me');
    expect(await relay().publishBatch()).toMatchObject({ published: 1 });

    // First consumer process: takes the message, commits the handler's work, dies before ack.
    const msg = await (await js.consumers.get(live.stream, durable)).next({ expires: 5_000 });
    expect(msg).not.toBeNull();
    const crashed = createDeliveryHandler({
      db: s.db,
      logger: silent,
      consumer: durable,
      subjects: [subject()],
      handler,
    });
    const settlement = await crashed.handle({
      subject: msg!.subject,
      event: parseEnvelope(msg!.data),
      attempt: msg!.info.deliveryCount,
    });
    expect(settlement).toEqual({ action: 'ack' }); // ...which never reaches NATS
    expect(calls).toHaveLength(1);

    // Its replacement gets the message again after ack_wait; the inbox already has it.
    const sub = await startConsumer(durable, handler, { ackWaitMs });
    await waitFor(() => sub.stats.duplicates === 1, 'the redelivery after ack_wait');
    expect(calls).toHaveLength(1);
    expect(sub.stats.processed).toBe(0);
    expect(await handledRows(envelope.id)).toBe(1);
    await waitFor(
      async () => (await jsm.consumers.info(live.stream, durable)).num_ack_pending === 0,
      'the ack',
    );
    const info = await jsm.consumers.info(live.stream, durable);
    expect(info).toMatchObject({ num_pending: 0, num_ack_pending: 0 });
    expect(info.delivered.consumer_seq).toBe(2); // delivered twice, handled once
  });

  it('retries with nak(delay), parks a poison event (term) and keeps the stream flowing', async () => {
    let poisonId = '';
    const { calls, handler } = recordingHandler();
    const sub = await startConsumer(
      newDurable(),
      async (event, trx) => {
        if (event.id === poisonId) {
          calls.push(event);
          throw new Error('poison');
        }
        await handler(event, trx);
      },
      { maxAttempts: 3 },
    );
    await settleLeftovers();
    poisonId = (await writeThing('poison')).id;
    const next = await writeThing('after the poison');
    const r = relay();
    r.start();
    cleanups.push(() => r.stop());

    await waitFor(
      () => sub.stats.parked === 1 && sub.stats.processed === 1,
      'poison parked and the next event processed',
    );
    expect(calls.filter((e) => e.id === poisonId)).toHaveLength(3);
    expect(calls.filter((e) => e.id === next.id)).toHaveLength(1);
    expect(sub.stats.retried).toBe(2);
    const parked = await s
      .db('parked_events')
      .where({ consumer: sub.consumer, event_id: poisonId })
      .first();
    expect(parked).toMatchObject({ attempts: 3, subject: subject() });
    await sleep(500);
    expect(calls.filter((e) => e.id === poisonId)).toHaveLength(3); // terminated: no 4th delivery
  });
});
