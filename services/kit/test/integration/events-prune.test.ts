import { randomUUID } from 'node:crypto';
import {
  EventPruner,
  eventRetentionConfigSchema,
  eventRetentionOf,
  loadConfig,
  pruneEventTables,
} from '../../src';
import { createEventSchema, silent, type EventSchema } from '../events-harness';

/** Pruning of processed inbox entries and parked events (ADR 004), against real PostgreSQL. */
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup provides it)');

const DAY = 24 * 3_600_000;
let s: EventSchema;

beforeAll(async () => {
  s = await createEventSchema(url, 'evt_prune');
});

afterAll(async () => {
  await s.drop();
});

beforeEach(async () => {
  await s.db.raw('TRUNCATE ??.inbox, ??.parked_events', [s.schema, s.schema]);
});

async function seed(daysAgo: number[], table: 'inbox' | 'parked_events'): Promise<string[]> {
  const ids: string[] = [];
  for (const days of daysAgo) {
    const id = randomUUID();
    ids.push(id);
    const at = new Date(Date.now() - days * DAY);
    if (table === 'inbox')
      await s.db
        .withSchema(s.schema)
        .table('inbox')
        .insert({ consumer: 'c-one', event_id: id, processed_at: at });
    else
      await s.db
        .withSchema(s.schema)
        .table('parked_events')
        .insert({
          consumer: 'c-one',
          event_id: id,
          subject: 'pfs.x.y',
          payload: JSON.stringify({ id }),
          attempts: 5,
          parked_at: at,
        });
  }
  return ids;
}

const remaining = async (table: string) =>
  (await s.db.withSchema(s.schema).table(table).select('event_id'))
    .map((r: { event_id: string }) => r.event_id)
    .sort();

describe('pruneEventTables', () => {
  it('deletes inbox entries and parked events older than their retention, and nothing newer', async () => {
    const inbox = await seed([20, 15, 13, 1, 0], 'inbox');
    const parked = await seed([40, 31, 29, 2], 'parked_events');
    const result = await pruneEventTables(s.db, {
      schema: s.schema,
      inboxMs: 14 * DAY,
      parkedMs: 30 * DAY,
    });
    expect(result).toEqual({ inbox: 2, parked: 2 });
    expect(await remaining('inbox')).toEqual(inbox.slice(2).sort());
    expect(await remaining('parked_events')).toEqual(parked.slice(2).sort());
    // A second run finds nothing more.
    expect(
      await pruneEventTables(s.db, { schema: s.schema, inboxMs: 14 * DAY, parkedMs: 30 * DAY }),
    ).toEqual({ inbox: 0, parked: 0 });
  });

  it('works through a backlog in batches', async () => {
    await s.db.raw(
      `INSERT INTO ??.inbox (consumer, event_id, processed_at)
       SELECT 'c-bulk', gen_random_uuid(), now() - interval '30 days' FROM generate_series(1, 2500)`,
      [s.schema],
    );
    await seed([0], 'inbox');
    const result = await pruneEventTables(s.db, {
      schema: s.schema,
      inboxMs: DAY,
      parkedMs: DAY,
      batchSize: 1000,
    });
    expect(result.inbox).toBe(2500);
    expect(await remaining('inbox')).toHaveLength(1);
  });

  it('finds the tables through the search path when no schema is given', async () => {
    await seed([10], 'inbox');
    // createDb pins the pool's search path to the service's schema.
    expect((await pruneEventTables(s.db, { inboxMs: DAY, parkedMs: DAY })).inbox).toBe(1);
  });
});

describe('EventPruner', () => {
  it('runs on its interval, joins a run in progress, and stops', async () => {
    await seed([3, 0], 'inbox');
    const pruner = new EventPruner(s.db, {
      schema: s.schema,
      service: s.schema,
      logger: silent,
      inboxMs: DAY,
      parkedMs: DAY,
      intervalMs: 50,
    });
    const [a, b] = await Promise.all([pruner.runOnce(), pruner.runOnce()]);
    expect(a).toEqual({ inbox: 1, parked: 0 });
    expect(b).toBe(a);
    await seed([5], 'inbox');
    pruner.start();
    for (let i = 0; i < 200 && (await remaining('inbox')).length > 1; i++)
      await new Promise((r) => setTimeout(r, 20));
    await pruner.stop();
    expect(await remaining('inbox')).toHaveLength(1);
  });

  it('reports a failed run in the log and resolves undefined', async () => {
    const pruner = new EventPruner(s.db, {
      schema: 'no_such_schema_here',
      service: 'x',
      logger: silent,
      inboxMs: DAY,
      parkedMs: DAY,
    });
    await expect(pruner.runOnce()).resolves.toBeUndefined();
    await pruner.stop();
  });
});

describe('retention settings', () => {
  it('defaults to 14 days of inbox, 30 days of parked events, every 10 minutes', () => {
    expect(eventRetentionOf(loadConfig(eventRetentionConfigSchema, {}))).toEqual({
      inboxMs: 14 * DAY,
      parkedMs: 30 * DAY,
      intervalMs: 600_000,
    });
    expect(
      eventRetentionOf(
        loadConfig(eventRetentionConfigSchema, {
          EVENTS_INBOX_RETENTION_DAYS: '8',
          EVENTS_PARKED_RETENTION_DAYS: '90',
          EVENTS_PRUNE_INTERVAL_MS: '60000',
        }),
      ),
    ).toEqual({ inboxMs: 8 * DAY, parkedMs: 90 * DAY, intervalMs: 60_000 });
    expect(() =>
      loadConfig(eventRetentionConfigSchema, { EVENTS_INBOX_RETENTION_DAYS: '0' }),
    ).toThrow();
  });
});
