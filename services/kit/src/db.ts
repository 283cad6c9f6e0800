import knex, { type Knex } from 'knex';
import pg from 'pg';

// DATE columns stay 'YYYY-MM-DD' strings: turning them into JS Dates shifts them by the
// process time zone. NUMERIC already arrives as a string, which keeps money exact.
pg.types.setTypeParser(1082, (v: string) => v);
// COUNT(*) is int8: a page total always fits a JS number.
pg.types.setTypeParser(20, (v: string) => Number(v));

export type { Knex } from 'knex';

export interface DbOptions {
  connectionString: string;
  /** The service's own schema; every unqualified table name resolves inside it. */
  schema: string;
  poolMax?: number;
}

export function createDb({ connectionString, schema, poolMax = 10 }: DbOptions): Knex {
  return knex({
    client: 'pg',
    connection: connectionString,
    searchPath: [schema, 'public'],
    pool: { min: 0, max: Math.max(poolMax, 2) },
  });
}

export interface Migration {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * Runs a service's migrations inside its schema. Migrations are code modules listed in order
 * (not files found on disk), so the same list works from TypeScript sources and compiled output.
 */
export async function migrateSchema(
  db: Knex,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  // Replicas starting together take turns: knex's own lock fails instead of waiting.
  const lock = (await db.client.acquireConnection()) as pg.Client;
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
    return await runMigrations(db, schema, migrations);
  } finally {
    await lock
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`])
      .catch(() => {});
    await db.client.releaseConnection(lock);
  }
}

async function runMigrations(
  db: Knex,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  const names = Object.keys(migrations).sort();
  const [, applied] = (await db.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: {
      getMigrations: async () => names,
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => migrations[name],
    },
  })) as [number, string[]];
  return applied;
}

/** Resolves when the database answers, retrying while it starts. */
export async function waitForDb(db: Knex, attempts = 30, delayMs = 500): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await db.raw('select 1');
      return;
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

/**
 * SQLSTATEs of a connection that died under a query: an administrator or a failover
 * terminated it (57P01), the server shut down or restarted (57P02, 57P03), or the link broke
 * (class 08).
 */
const LOST_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);

/** Whether a query failed because its connection died (not because of the query itself). */
export function isLostConnection(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && LOST_CONNECTION_CODES.has(code)) return true;
  // node-postgres reports a socket closed mid-query without a SQLSTATE.
  return (
    typeof message === 'string' &&
    /Connection terminated unexpectedly|Connection ended unexpectedly/.test(message)
  );
}

/**
 * Runs a read again when its connection died under it, on a live connection from the pool, so
 * a database failover or a terminated connection costs the caller nothing. The pool may hand
 * back the dying connection before its close is seen, so the retry waits a moment and there
 * are two of them. Reads only: a write may have committed before its connection died.
 */
export async function readWithReconnect<T>(read: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= retries || !isLostConnection(err)) throw err;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}
