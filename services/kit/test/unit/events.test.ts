import {
  backoffMs,
  buildEnvelope,
  commonWildcard,
  consumerFilter,
  envelopeOf,
  eventSubject,
  InProcessTransport,
  parseEnvelope,
  subjectMatches,
  type Delivery,
  type EventEnvelope,
  type Settlement,
} from '../../src';
import { randomUUID } from 'node:crypto';

describe('backoffMs', () => {
  const exact = { jitter: 0 };

  it('doubles from the base after each failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, { baseMs: 100, ...exact }))).toEqual([
      100, 200, 400, 800, 1600,
    ]);
  });

  it('never exceeds the cap, even for huge attempt numbers', () => {
    expect(backoffMs(7, { baseMs: 1_000, maxMs: 60_000, ...exact })).toBe(60_000);
    expect(backoffMs(5_000, { baseMs: 1_000, maxMs: 60_000, ...exact })).toBe(60_000);
    expect(backoffMs(5_000, { baseMs: 1_000, maxMs: 60_000, jitter: 0.5 }, () => 1)).toBe(60_000);
  });

  it('defaults to 1 s doubling up to 60 s', () => {
    expect(backoffMs(1, exact)).toBe(1_000);
    expect(backoffMs(3, exact)).toBe(4_000);
    expect(backoffMs(20, exact)).toBe(60_000);
  });

  it('treats attempt 0 or less as the first', () => {
    expect(backoffMs(0, { baseMs: 50, ...exact })).toBe(50);
    expect(backoffMs(-3, { baseMs: 50, ...exact })).toBe(50);
  });

  it('spreads by ±jitter around the exponential value', () => {
    const opts = { baseMs: 1_000, jitter: 0.2 };
    expect(backoffMs(1, opts, () => 0)).toBe(800);
    expect(backoffMs(1, opts, () => 0.5)).toBe(1_000);
    expect(backoffMs(1, opts, () => 0.999999)).toBe(1_200);
    for (let i = 0; i < 100; i++) {
      const d = backoffMs(3, opts);
      expect(d).toBeGreaterThanOrEqual(3_200);
      expect(d).toBeLessThanOrEqual(4_800);
    }
  });
});

describe('eventSubject', () => {
  it('is pfs.<service>.<type>', () => {
    expect(eventSubject('ledger', 'transaction.created')).toBe('pfs.ledger.transaction.created');
    expect(eventSubject('evt_test-1', 'x')).toBe('pfs.evt_test-1.x');
  });

  it.each([
    ['', 'transaction.created'],
    ['led.ger', 'transaction.created'],
    ['ledger', ''],
    ['ledger', 'transaction.*'],
    ['ledger', 'transaction.>'],
    ['ledger', 'transaction..created'],
    ['ledger', '.created'],
    ['ledger', 'transaction created'],
  ])('rejects service %j with type %j', (service, type) => {
    expect(() => eventSubject(service, type)).toThrow(/invalid event/);
  });
});

describe('subjectMatches', () => {
  it.each([
    ['pfs.ledger.transaction.created', 'pfs.ledger.transaction.created', true],
    ['pfs.ledger.transaction.created', 'pfs.ledger.transaction.imported', false],
    ['pfs.ledger.*.created', 'pfs.ledger.transaction.created', true],
    ['pfs.ledger.*', 'pfs.ledger.transaction.created', false],
    ['pfs.ledger.>', 'pfs.ledger.transaction.created', true],
    ['pfs.ledger.>', 'pfs.ledger', false],
    ['pfs.>', 'pfs.ledger.transaction.created', true],
    ['>', 'pfs.x', true],
    ['pfs.ledger.transaction', 'pfs.ledger.transaction.created', false],
  ])('%s ~ %s → %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('NATS consumer filters', () => {
  it('uses the subject itself when there is one (duplicates collapse)', () => {
    expect(consumerFilter(['pfs.a.x', 'pfs.a.x'], false)).toEqual({ filter_subject: 'pfs.a.x' });
  });

  it('uses filter_subjects when the server has them, a common wildcard otherwise', () => {
    expect(consumerFilter(['pfs.a.x', 'pfs.a.y'], true)).toEqual({
      filter_subjects: ['pfs.a.x', 'pfs.a.y'],
    });
    expect(consumerFilter(['pfs.a.x', 'pfs.a.y'], false)).toEqual({ filter_subject: 'pfs.a.>' });
  });

  it('finds the narrowest wildcard covering every subject', () => {
    expect(
      commonWildcard(['pfs.ledger.transaction.created', 'pfs.ledger.transaction.imported']),
    ).toBe('pfs.ledger.transaction.>');
    expect(commonWildcard(['pfs.ledger.a', 'pfs.bills.a'])).toBe('pfs.>');
    // 'pfs.a.>' would not match 'pfs.a' itself.
    expect(commonWildcard(['pfs.a', 'pfs.a.b'])).toBe('pfs.>');
    expect(commonWildcard(['pfs.*.x', 'pfs.*.y'])).toBe('pfs.>');
    expect(commonWildcard(['a.x', 'b.x'])).toBe('>');
  });

  it('refuses a consumer without subjects', () => {
    expect(() => consumerFilter([], true)).toThrow(/at least one subject/);
  });
});

describe('envelopes', () => {
  const userId = randomUUID();

  it('carries id, type, source, user, time and data', () => {
    const now = new Date('2024-07-01T10:00:00.000Z');
    const envelope = buildEnvelope(
      'ledger',
      { type: 'transaction.created', userId, data: { a: 1 } },
      now,
    );
    expect(envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'transaction.created',
      source: 'ledger',
      userId,
      occurredAt: '2024-07-01T10:00:00.000Z',
      data: { a: 1 },
    });
  });

  it('keeps a given id (lower-cased) and makes a fresh one otherwise', () => {
    const id = randomUUID();
    expect(buildEnvelope('ledger', { id: id.toUpperCase(), type: 't', data: null }).id).toBe(id);
    const a = buildEnvelope('ledger', { type: 't', data: null });
    const b = buildEnvelope('ledger', { type: 't', data: null });
    expect(a.id).not.toBe(b.id);
    expect(a.userId).toBeNull();
  });

  it('rejects ids and user ids that are not UUIDs, and bad names', () => {
    expect(() => buildEnvelope('ledger', { id: 'x', type: 't', data: null })).toThrow(/UUID/);
    expect(() => buildEnvelope('ledger', { userId: 'bob', type: 't', data: null })).toThrow(/UUID/);
    expect(() => buildEnvelope('led.ger', { type: 't', data: null })).toThrow(
      /invalid event source/,
    );
  });

  it('round-trips through the wire and an outbox row', () => {
    const envelope = buildEnvelope('ledger', {
      type: 'transaction.imported',
      userId,
      data: [1, 2],
    });
    expect(parseEnvelope(JSON.stringify(envelope))).toEqual(envelope);
    expect(parseEnvelope(Buffer.from(JSON.stringify(envelope)))).toEqual(envelope);
    const row = {
      id: envelope.id,
      type: envelope.type,
      subject: eventSubject('ledger', envelope.type),
      user_id: userId,
      payload: [1, 2],
      occurred_at: new Date(envelope.occurredAt),
      attempts: 0,
    };
    expect(envelopeOf('ledger', row)).toEqual(envelope);
  });

  it.each([
    'null',
    '"text"',
    '{}',
    JSON.stringify({ id: 'nope', type: 't', source: 's', occurredAt: 'x', data: 1 }),
  ])('refuses %s as an envelope', (raw) => {
    expect(() => parseEnvelope(raw)).toThrow();
  });
});

describe('InProcessTransport', () => {
  const event = (type = 'thing.happened', data: unknown = {}): EventEnvelope =>
    buildEnvelope('svc', { type, data });
  const subject = (e: EventEnvelope) => eventSubject(e.source, e.type);

  function recorder(decide: (d: Delivery) => Settlement = () => ({ action: 'ack' })) {
    const deliveries: Delivery[] = [];
    let wake: () => void = () => {};
    return {
      deliveries,
      handle: async (d: Delivery) => {
        deliveries.push(d);
        wake();
        return decide(d);
      },
      async until(n: number) {
        while (deliveries.length < n) await new Promise<void>((r) => (wake = r));
      },
    };
  }

  it('delivers matching events to each durable consumer, and reports duplicates', async () => {
    const bus = new InProcessTransport();
    const a = recorder();
    const b = recorder();
    await bus.consume({ consumer: 'a', subjects: ['pfs.svc.thing.>'], handle: a.handle });
    await bus.consume({ consumer: 'b', subjects: ['pfs.svc.other'], handle: b.handle });
    const e = event();
    expect(await bus.publish(subject(e), e)).toEqual({ duplicate: false });
    expect(await bus.publish(subject(e), e)).toEqual({ duplicate: true });
    await a.until(1);
    await bus.close();
    expect(a.deliveries).toEqual([{ subject: 'pfs.svc.thing.happened', event: e, attempt: 1 }]);
    expect(b.deliveries).toEqual([]);
  });

  it('redelivers after the asked delay while later events flow', async () => {
    const bus = new InProcessTransport();
    const first = event('thing.one');
    const r = recorder((d) =>
      d.event.id === first.id && d.attempt < 3
        ? { action: 'retry', delayMs: 30 }
        : { action: 'ack' },
    );
    await bus.consume({ consumer: 'c', subjects: ['pfs.svc.>'], handle: r.handle });
    const second = event('thing.two');
    await bus.publish(subject(first), first);
    await bus.publish(subject(second), second);
    await r.until(4);
    await bus.close();
    expect(r.deliveries.map((d) => [d.event.type, d.attempt])).toEqual([
      ['thing.one', 1],
      ['thing.two', 1],
      ['thing.one', 2],
      ['thing.one', 3],
    ]);
  });

  it('keeps events for a stopped consumer and gives a new consumer the history', async () => {
    const bus = new InProcessTransport();
    const r1 = recorder();
    const sub = await bus.consume({ consumer: 'd', subjects: ['pfs.svc.>'], handle: r1.handle });
    const before = event();
    await bus.publish(subject(before), before);
    await r1.until(1);
    await sub.stop();
    const during = event();
    await bus.publish(subject(during), during);
    const r2 = recorder();
    await bus.consume({ consumer: 'd', subjects: ['pfs.svc.>'], handle: r2.handle });
    await r2.until(1);
    const late = recorder();
    await bus.consume({ consumer: 'late', subjects: ['pfs.svc.>'], handle: late.handle });
    await late.until(2);
    await bus.close();
    expect(r2.deliveries.map((d) => d.event.id)).toEqual([during.id]);
    expect(late.deliveries.map((d) => d.event.id)).toEqual([before.id, during.id]);
  });

  it('gives each delivery its own copy and refuses a second live subscriber of one durable', async () => {
    const bus = new InProcessTransport();
    const r = recorder();
    await bus.consume({ consumer: 'e', subjects: ['>'], handle: r.handle });
    await expect(bus.consume({ consumer: 'e', subjects: ['>'], handle: r.handle })).rejects.toThrow(
      /already subscribed/,
    );
    await expect(
      bus.consume({ consumer: 'bad.name', subjects: ['>'], handle: r.handle }),
    ).rejects.toThrow(/invalid consumer/);
    const e = event('thing.happened', { nested: { n: 1 } });
    await bus.publish(subject(e), e);
    await r.until(1);
    expect(r.deliveries[0].event).toEqual(e);
    expect(r.deliveries[0].event).not.toBe(e);
    await bus.close();
    await expect(bus.publish(subject(e), event())).rejects.toThrow(/closed/);
  });

  it('bounds the history a new consumer gets by count and by age', async () => {
    const bus = new InProcessTransport({ historySize: 3, historyMs: 30 });
    const published: string[] = [];
    for (let i = 0; i < 5; i++) {
      const e = event();
      published.push(e.id);
      await bus.publish(subject(e), e);
    }
    const byCount = recorder();
    await bus.consume({ consumer: 'by-count', subjects: ['>'], handle: byCount.handle });
    await byCount.until(3);
    expect(byCount.deliveries.map((d) => d.event.id)).toEqual(published.slice(2));

    await new Promise((r) => setTimeout(r, 50));
    const fresh = event();
    await bus.publish(subject(fresh), fresh);
    const byAge = recorder();
    await bus.consume({ consumer: 'by-age', subjects: ['>'], handle: byAge.handle });
    await byAge.until(1);
    // Older than historyMs: gone, only the fresh one is replayed.
    await new Promise((r) => setTimeout(r, 20));
    expect(byAge.deliveries.map((d) => d.event.id)).toEqual([fresh.id]);
    await bus.close();
  });

  it('forgets ids after the duplicate window', async () => {
    const bus = new InProcessTransport({ duplicateWindowMs: 20 });
    const e = event();
    expect((await bus.publish(subject(e), e)).duplicate).toBe(false);
    await new Promise((r) => setTimeout(r, 40));
    expect((await bus.publish(subject(e), e)).duplicate).toBe(false);
    await bus.close();
  });
});
