import { randomUUID } from 'node:crypto';
import {
  createDeliveryHandler,
  eventSubject,
  InProcessTransport,
  OutboxRelay,
  subscribe,
  type EventEnvelope,
  type EventTransport,
  type Knex,
  type OutboxRelayOptions,
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
 * The outbox, relay and idempotent consumer against real PostgreSQL (the run's embedded
 * server), with the in-process bus. The NATS side is test/distributed/events-nats.test.ts.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup provides it)');

let s: EventSchema;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s = await createEventSchema(url, 'evt_test');
});

afterEach(async () => {
  // Relays and subscriptions first, then buses: the reverse of how a test starts them.
  for (const close of cleanups.splice(0).reverse()) await close();
});

afterAll(async () => {
  await s.drop();
});

const TYPE = 'thing.created';
const subjectOf = (type = TYPE) => eventSubject(s.schema, type);

function newBus(
  options: ConstructorParameters<typeof InProcessTransport>[0] = {},
): InProcessTransport {
  const bus = new InProcessTransport({ logger: silent, ...options });
  cleanups.push(() => bus.close());
  return bus;
}

function startRelay(
  transport: EventTransport,
  options: Partial<OutboxRelayOptions> = {},
): OutboxRelay {
  const relay = new OutboxRelay({
    db: s.db,
    service: s.schema,
    transport,
    logger: silent,
    retry: { baseMs: 20, maxMs: 200 },
    ...options,
  });
  relay.start();
  cleanups.push(() => relay.stop());
  return relay;
}

type Handler = (event: EventEnvelope<{ note: string }>, trx: Knex.Transaction) => Promise<void>;

/** A consumer that records every handler call; by default it writes a row through trx. */
async function startConsumer(
  transport: EventTransport,
  handler?: Handler,
  options: { maxAttempts?: number; types?: string[] } = {},
): Promise<{ sub: Subscription; calls: EventEnvelope<{ note: string }>[] }> {
  const calls: EventEnvelope<{ note: string }>[] = [];
  const sub = await subscribe<{ note: string }>({
    transport,
    db: s.db,
    logger: silent,
    consumer: `c-${randomUUID()}`,
    subjects: (options.types ?? [TYPE]).map(subjectOf),
    maxAttempts: options.maxAttempts,
    retry: { baseMs: 20, maxMs: 100, jitter: 0 },
    handler: async (event, trx) => {
      calls.push(event);
      if (handler) await handler(event, trx);
      else await trx('things').insert({ id: randomUUID(), note: `handled ${event.id}` });
    },
  });
  cleanups.push(() => sub.stop());
  return { sub, calls };
}

/** A change and its event, in one transaction. */
async function writeThing(
  note: string,
  opts: { rollback?: boolean; type?: string } = {},
): Promise<EventEnvelope> {
  let envelope: EventEnvelope | undefined;
  const write = s.db.transaction(async (trx) => {
    const id = randomUUID();
    await trx('things').insert({ id, note });
    envelope = await s.outbox.enqueueEvent(trx, {
      type: opts.type ?? TYPE,
      userId: randomUUID(),
      data: { note },
    });
    if (opts.rollback) throw new Error('rolled back on purpose');
  });
  if (opts.rollback) await expect(write).rejects.toThrow('rolled back on purpose');
  else await write;
  return envelope!;
}

const handledRows = async (eventId: string) =>
  Number(
    (
      await s
        .db('things')
        .where({ note: `handled ${eventId}` })
        .count({ n: '*' })
    )[0].n,
  );

describe('transactional outbox → relay → idempotent consumer (in-process bus)', () => {
  it('writes the event with the change and delivers it exactly once', async () => {
    const bus = newBus();
    const { sub, calls } = await startConsumer(bus);
    startRelay(bus);
    const envelope = await writeThing('committed');

    await waitFor(() => sub.stats.processed === 1, 'the event to be processed');
    await sleep(300); // room for a stray second delivery
    expect(calls).toEqual([envelope]);
    expect(envelope).toMatchObject({ type: TYPE, source: s.schema, data: { note: 'committed' } });
    expect(sub.stats).toEqual({ processed: 1, duplicates: 0, retried: 0, parked: 0 });
    expect(await handledRows(envelope.id)).toBe(1);
    expect(
      await s.db('inbox').where({ consumer: sub.consumer, event_id: envelope.id }).first(),
    ).toBeDefined();
    const row = await outboxRow(s.db, s.schema, envelope.id);
    expect(row?.published_at).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(0);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const bus = newBus();
    const { sub, calls } = await startConsumer(bus);
    startRelay(bus);
    const lost = await writeThing('rolled back', { rollback: true });
    const marker = await writeThing('after the rollback');

    await waitFor(() => sub.stats.processed === 1, 'the marker event');
    await sleep(200);
    expect(calls.map((e) => e.id)).toEqual([marker.id]);
    expect(await outboxRow(s.db, s.schema, lost.id)).toBeUndefined();
    expect(await s.db('things').where({ note: 'rolled back' }).first()).toBeUndefined();
  });

  it('wakes the relay on NOTIFY at commit, without waiting for the poll', async () => {
    const bus = newBus();
    const { sub } = await startConsumer(bus);
    const relay = startRelay(bus, { pollIntervalMs: 60_000 });
    await sleep(200); // let LISTEN take effect; the start-up round has found nothing
    const started = Date.now();
    await writeThing('notified');
    await waitFor(() => sub.stats.processed === 1, 'the notified event', 5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    await relay.stop();
  });

  it('retries a failing handler, rolling back its writes, and processes the event once', async () => {
    const bus = newBus();
    const attempts: number[] = [];
    const { sub, calls } = await startConsumer(bus, async (event, trx) => {
      attempts.push(calls.length);
      await trx('things').insert({ id: randomUUID(), note: `handled ${event.id}` });
      if (calls.length <= 2) throw new Error(`transient failure ${calls.length}`);
    });
    startRelay(bus);
    const envelope = await writeThing('flaky');

    await waitFor(() => sub.stats.processed === 1, 'the third attempt to succeed');
    await sleep(200);
    expect(calls).toHaveLength(3);
    expect(sub.stats).toEqual({ processed: 1, duplicates: 0, retried: 2, parked: 0 });
    // The two failed attempts' inserts were rolled back with their inbox rows.
    expect(await handledRows(envelope.id)).toBe(1);
    expect(await s.db('inbox').where({ event_id: envelope.id }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
  });

  it('parks a poison event after maxAttempts, and later events still flow', async () => {
    const bus = newBus();
    let poisonId = '';
    const { sub, calls } = await startConsumer(
      bus,
      async (event, trx) => {
        if (event.id === poisonId) throw new Error('cannot handle this one');
        await trx('things').insert({ id: randomUUID(), note: `handled ${event.id}` });
      },
      { maxAttempts: 3 },
    );
    startRelay(bus);
    const poison = await s.db.transaction((trx) =>
      s.outbox.enqueueEvent(trx, { type: TYPE, data: { note: 'poison' } }),
    );
    poisonId = poison.id;
    const after = await writeThing('after the poison');

    await waitFor(
      () => sub.stats.parked === 1 && sub.stats.processed === 1,
      'poison parked, next processed',
    );
    await sleep(200);
    expect(calls.filter((e) => e.id === poison.id)).toHaveLength(3);
    expect(calls.filter((e) => e.id === after.id)).toHaveLength(1);
    const parked = await s
      .db('parked_events')
      .where({ consumer: sub.consumer, event_id: poison.id })
      .first();
    expect(parked).toMatchObject({ subject: subjectOf(), attempts: 3, payload: poison });
    expect(parked.error).toContain('cannot handle this one');
    // Parked is not processed: no inbox row, so a replay can still run it.
    expect(
      await s.db('inbox').where({ consumer: sub.consumer, event_id: poison.id }).first(),
    ).toBeUndefined();
  });

  it('publishes each event once with two relays draining one outbox', async () => {
    const bus = newBus();
    // Slow publishes keep both relays busy at once; only the bus's dedupe could hide a double publish.
    const counted = instrument(bus, { before: () => sleep(2) });
    const ids: string[] = [];
    await s.db.transaction(async (trx) => {
      for (let i = 0; i < 150; i++)
        ids.push((await s.outbox.enqueueEvent(trx, { type: 'thing.bulk', data: { i } })).id);
    });
    const byRelay = [instrument(counted), instrument(counted)];
    for (const transport of byRelay) startRelay(transport, { batchSize: 10 });

    await waitFor(async () => {
      const [{ n }] = await s
        .db('outbox')
        .whereIn('id', ids)
        .whereNull('published_at')
        .count({ n: '*' });
      return Number(n) === 0;
    }, 'every row to be published');
    expect(ids.map((id) => counted.publishes.get(id))).toEqual(ids.map(() => 1));
    expect(byRelay.map((t) => t.publishes.size).every((n) => n > 0)).toBe(true);
    expect(byRelay[0].publishes.size + byRelay[1].publishes.size).toBe(150);
  });

  it('does not run the handler again when an already processed event is redelivered', async () => {
    // A zero duplicate window lets the republished id through to the consumer.
    const bus = newBus({ duplicateWindowMs: 0 });
    const { sub, calls } = await startConsumer(bus);
    startRelay(bus);
    const envelope = await writeThing('delivered twice');
    await waitFor(() => sub.stats.processed === 1, 'first delivery');
    await bus.publish(subjectOf(), envelope);
    await waitFor(() => sub.stats.duplicates === 1, 'the redelivery');
    expect(calls).toHaveLength(1);
    expect(await handledRows(envelope.id)).toBe(1);
  });

  it('serialises two concurrent deliveries of one event on the inbox key', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const { handle, stats } = createDeliveryHandler({
      db: s.db,
      logger: silent,
      consumer: 'concurrent-deliveries',
      subjects: [subjectOf()],
      handler: async (_event, trx) => {
        calls++;
        await trx('things').insert({ id: randomUUID(), note: 'concurrent' });
        await gate;
      },
    });
    const envelope = await writeThing('concurrent');
    const delivery = { subject: subjectOf(), event: envelope, attempt: 1 };
    const first = handle(delivery);
    await sleep(100);
    const second = handle({ ...delivery, attempt: 2 }); // blocks on the uncommitted inbox row
    await sleep(100);
    release();
    expect(await Promise.all([first, second])).toEqual([{ action: 'ack' }, { action: 'ack' }]);
    expect(calls).toBe(1);
    expect(stats).toMatchObject({ processed: 1, duplicates: 1 });
  });

  it('backs off a row whose publish failed, then publishes it', async () => {
    const bus = newBus();
    let failures = 2;
    const flaky = instrument(bus, {
      before: () => {
        if (failures-- > 0) throw new Error('bus unavailable');
      },
    });
    const { sub } = await startConsumer(bus);
    const relay = new OutboxRelay({
      db: s.db,
      service: s.schema,
      transport: flaky,
      logger: silent,
      listen: false,
      retry: { baseMs: 50, jitter: 0 },
    });
    // Rows earlier tests left unpublished would be claimed first.
    await s.db('outbox').whereNull('published_at').update({ published_at: s.db.fn.now() });
    const envelope = await writeThing('bus down');

    expect(await relay.publishBatch()).toMatchObject({ published: 0, failed: 1 });
    const failed = await outboxRow(s.db, s.schema, envelope.id);
    expect(failed).toMatchObject({
      published_at: null,
      attempts: 1,
      last_error: 'bus unavailable',
    });
    // Not ready again until the backoff passes.
    expect(await relay.publishBatch()).toMatchObject({ claimed: 0 });
    await sleep(80);
    expect(await relay.publishBatch()).toMatchObject({ failed: 1 });
    expect((await outboxRow(s.db, s.schema, envelope.id))?.attempts).toBe(2);
    await sleep(150);
    expect(await relay.publishBatch()).toMatchObject({ published: 1, failed: 0 });
    const row = await outboxRow(s.db, s.schema, envelope.id);
    expect(row?.published_at).toBeInstanceOf(Date);
    expect(row?.last_error).toBeNull();
    await waitFor(() => sub.stats.processed === 1, 'the event after the bus came back');
  });

  it('stop() waits for the round in flight, which marks what it published', async () => {
    const bus = newBus();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let publishing = false;
    const slow = instrument(bus, {
      before: async () => {
        publishing = true;
        await gate;
      },
    });
    await s.db('outbox').whereNull('published_at').update({ published_at: s.db.fn.now() });
    const relay = new OutboxRelay({ db: s.db, service: s.schema, transport: slow, logger: silent });
    relay.start();
    const envelope = await writeThing('in flight at shutdown');
    await waitFor(() => publishing, 'the publish to start');
    let stopped = false;
    const stopping = relay.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await outboxRow(s.db, s.schema, envelope.id))?.published_at).toBeInstanceOf(Date);
    // Stopped for good: a new event stays in the outbox.
    const later = await writeThing('after stop');
    await sleep(1_200);
    expect((await outboxRow(s.db, s.schema, later.id))?.published_at).toBeNull();
  });

  it('enqueues outside a transaction by opening its own, and refuses bad names', async () => {
    const envelope = await s.outbox.enqueueEvent(s.db, {
      type: 'thing.standalone',
      data: [1, 2, 3],
    });
    const row = await s.db('outbox').where({ id: envelope.id }).first();
    expect(row).toMatchObject({
      subject: eventSubject(s.schema, 'thing.standalone'),
      payload: [1, 2, 3],
      user_id: null,
    });
    await expect(s.outbox.enqueueEvent(s.db, { type: 'thing.*', data: null })).rejects.toThrow(
      /invalid event type/,
    );
  });
});
