import { createDb, migrateSchema, waitForDb, type Knex, type Migration } from './db';
import type { Logger } from './logger';
import type { Shutdown } from './shutdown';

/**
 * A service process's database at start-up (distributed mode): the pool, closed by `shutdown`
 * after everything registered later (closers run in reverse, so servers drain first), waited
 * for, and its schema migrated.
 */
export async function openServiceDb(opts: {
  url: string;
  schema: string;
  migrations: Record<string, Migration>;
  logger: Logger;
  shutdown: Shutdown;
}): Promise<Knex> {
  const db = createDb({ connectionString: opts.url, schema: opts.schema });
  opts.shutdown.add('database', () => db.destroy());
  await waitForDb(db);
  const applied = await migrateSchema(db, opts.schema, opts.migrations);
  if (applied.length) opts.logger.info({ applied }, 'migrations applied');
  return db;
}
