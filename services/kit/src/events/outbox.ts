import type { Knex } from 'knex';
import type { Migration } from '../db';
import { buildEnvelope, eventSubject, type EventEnvelope, type NewEvent } from './envelope';

/**
 * The three event tables every service keeps in its own schema (add this to the service's
 * migration list):
 * - `outbox`: events written in the same transaction as the change they describe; the relay
 *   publishes the unpublished ones and marks them.
 * - `inbox`: the event ids each consumer has processed, written in the same transaction as
 *   the consumer's effects, so a redelivery is recognised and skipped.
 * - `parked_events`: deliveries that kept failing, set aside so later events still flow.
 */
export const outboxMigration: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        subject text NOT NULL,
        user_id uuid,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        available_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The relay's claim query walks only this (small) index in publication order; published
    // rows drop out of it.
    await db.raw(
      'CREATE INDEX outbox_unpublished_idx ON outbox (occurred_at, id) WHERE published_at IS NULL',
    );
    // Pruning old published rows.
    await db.raw(
      'CREATE INDEX outbox_published_idx ON outbox (published_at) WHERE published_at IS NOT NULL',
    );
    await db.raw(`
      CREATE TABLE inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )
    `);
    await db.raw(`
      CREATE TABLE parked_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        error text,
        attempts integer NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )
    `);
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS parked_events');
    await db.raw('DROP TABLE IF EXISTS inbox');
    await db.raw('DROP TABLE IF EXISTS outbox');
  },
};

/** The LISTEN/NOTIFY channel a service's relay wakes on. */
export function outboxChannel(service: string): string {
  return `pfs_outbox_${service}`;
}

export interface Outbox {
  /** The publishing service: its schema name and the second token of its subjects. */
  readonly service: string;
  /**
   * Writes an event into the outbox inside the caller's transaction, so it exists exactly when
   * the change it describes commits, and wakes the relay at commit (pg_notify is
   * transactional). Given a plain Knex (no transaction), the one statement is atomic alone.
   */
  enqueueEvent<T>(db: Knex | Knex.Transaction, event: NewEvent<T>): Promise<EventEnvelope<T>>;
  /**
   * The pieces of an enqueue, for a caller that folds the event into the statement making the
   * change (one round trip, atomic without a transaction):
   *
   *     const w = outbox.prepareEvent(db, event);
   *     await db.raw(`WITH t AS (?), e AS (?) SELECT t.*, pg_notify(?, '') FROM t`,
   *       [db('things').insert(row).returning('*'), w.insert, w.channel]);
   */
  prepareEvent<T>(db: Knex | Knex.Transaction, event: NewEvent<T>): PreparedEvent<T>;
}

export interface PreparedEvent<T = unknown> {
  envelope: EventEnvelope<T>;
  /** The INSERT of the outbox row (schema-qualified). */
  insert: Knex.QueryBuilder;
  /** The channel to pg_notify in the same statement or transaction. */
  channel: string;
}

/**
 * The outbox of one service. The service name is its PostgreSQL schema (the table is written
 * schema-qualified, whatever the caller's search path) and names its subjects
 * `pfs.<service>.<type>`:
 *
 *     const outbox = createOutbox('ledger');
 *     await db.transaction(async (trx) => {
 *       const tx = await insertTransaction(trx, ...);
 *       await outbox.enqueueEvent(trx, { type: 'transaction.created', userId, data: summary(tx) });
 *     });
 */
export function createOutbox(service: string): Outbox {
  eventSubject(service, 'probe'); // fails fast on a service name that cannot be a subject token
  return {
    service,
    async enqueueEvent<T>(
      db: Knex | Knex.Transaction,
      event: NewEvent<T>,
    ): Promise<EventEnvelope<T>> {
      const envelope = buildEnvelope(service, event);
      // One statement, one round trip: the row and the wake-up. Atomic by itself, so a plain
      // Knex needs no BEGIN/COMMIT of its own; in the caller's trx both commit with the change.
      await db.raw('WITH o AS (?) SELECT pg_notify(?, ?)', [
        db.withSchema(service).table('outbox').insert(toOutboxRow(envelope)),
        outboxChannel(service),
        '',
      ]);
      return envelope;
    },
    prepareEvent<T>(db: Knex | Knex.Transaction, event: NewEvent<T>): PreparedEvent<T> {
      const envelope = buildEnvelope(service, event);
      return {
        envelope,
        insert: db.withSchema(service).table('outbox').insert(toOutboxRow(envelope)),
        channel: outboxChannel(service),
      };
    },
  };
}

export interface OutboxRow {
  id: string;
  type: string;
  subject: string;
  user_id: string | null;
  payload: unknown;
  occurred_at: Date | string;
  attempts: number;
}

function toOutboxRow(envelope: EventEnvelope) {
  return {
    id: envelope.id,
    type: envelope.type,
    subject: eventSubject(envelope.source, envelope.type),
    user_id: envelope.userId,
    // Stringified by hand: pg would turn a top-level array into a PostgreSQL array literal.
    payload: JSON.stringify(envelope.data ?? null),
    occurred_at: envelope.occurredAt,
  };
}

/** The envelope a stored outbox row stands for (what the relay publishes). */
export function envelopeOf(service: string, row: OutboxRow): EventEnvelope {
  const occurredAt = row.occurred_at instanceof Date ? row.occurred_at : new Date(row.occurred_at);
  return {
    id: row.id,
    type: row.type,
    source: service,
    userId: row.user_id,
    occurredAt: occurredAt.toISOString(),
    data: row.payload,
  };
}
