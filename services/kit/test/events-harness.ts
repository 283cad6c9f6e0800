import { randomBytes } from 'node:crypto';
import {
  createDb,
  createLogger,
  createOutbox,
  migrateSchema,
  outboxMigration,
  type EventEnvelope,
  type EventTransport,
  type Knex,
  type Outbox,
  type PublishResult,
  waitFor as poll,
} from '../src';

/** Shared by the events integration (embedded PostgreSQL) and distributed (real NATS) tests. */

export const silent = createLogger('events-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export interface EventSchema {
  schema: string;
  db: Knex;
  outbox: Outbox;
  /** Drops the schema and closes the pool. */
  drop(): Promise<void>;
}

/**
 * A fresh service schema (`<prefix>_<random>`) with the outbox tables and a `things` table
 * standing for the service's own data: test files and reruns never see each other's rows,
 * and the schema name makes the subjects unique too (`pfs.<schema>.<type>`).
 */
export async function createEventSchema(url: string, prefix: string): Promise<EventSchema> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const db = createDb({ connectionString: url, schema, poolMax: 8 });
  await migrateSchema(db, schema, { '0001_outbox': outboxMigration });
  await db.raw('CREATE TABLE ??.things (id uuid PRIMARY KEY, note text NOT NULL)', [schema]);
  return {
    schema,
    db,
    outbox: createOutbox(schema),
    async drop() {
      await db.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await db.destroy();
    },
  };
}

/** Polls every 20 ms: these waits are for in-process deliveries, not for servers starting. */
export const waitFor = (
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<number> => poll(check, what, timeoutMs, 20);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A transport wrapper that counts publishes per event id and can fail or delay them. */
export function instrument(
  inner: EventTransport,
  behave: {
    before?(event: EventEnvelope): Promise<void> | void;
    after?(event: EventEnvelope): Promise<void> | void;
  } = {},
): EventTransport & { publishes: Map<string, number> } {
  const publishes = new Map<string, number>();
  return {
    kind: inner.kind,
    publishes,
    async publish(subject: string, event: EventEnvelope): Promise<PublishResult> {
      await behave.before?.(event);
      const result = await inner.publish(subject, event);
      publishes.set(event.id, (publishes.get(event.id) ?? 0) + 1);
      await behave.after?.(event);
      return result;
    },
    consume: (options) => inner.consume(options),
    close: () => inner.close(),
  };
}

export interface OutboxState {
  published_at: Date | null;
  attempts: number;
  last_error: string | null;
  available_at: Date;
}

export async function outboxRow(
  db: Knex,
  schema: string,
  id: string,
): Promise<OutboxState | undefined> {
  return db
    .withSchema(schema)
    .table('outbox')
    .where({ id })
    .first('published_at', 'attempts', 'last_error', 'available_at') as Promise<
    OutboxState | undefined
  >;
}
