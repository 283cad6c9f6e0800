import type { Knex, Migration } from '@pfs/kit';

/**
 * Trigram indexes so `q` (ILIKE '%text%' on description and merchant) does not scan all of a
 * user's rows. pg_trgm is optional: where it is not installed, or this role may not create
 * it, the migration still succeeds and search falls back to scanning the user's rows.
 */
export const transactionsTextSearch: Migration = {
  async up(db: Knex) {
    const schema = await ensureTrigramExtension(db);
    if (!schema) return;
    const opclass = `${quoteIdent(schema)}.gin_trgm_ops`;
    await db.raw(
      `CREATE INDEX transactions_description_trgm_idx ON transactions USING gin (description ${opclass})`,
    );
    await db.raw(
      `CREATE INDEX transactions_merchant_trgm_idx ON transactions USING gin (merchant ${opclass})`,
    );
  },

  async down(db: Knex) {
    // The extension stays: other schemas of the same database may use it.
    await db.raw('DROP INDEX IF EXISTS transactions_merchant_trgm_idx');
    await db.raw('DROP INDEX IF EXISTS transactions_description_trgm_idx');
  },
};

/**
 * Returns the schema holding pg_trgm, creating the extension in public when possible, or
 * undefined when it cannot be had. The attempt runs in a savepoint because a failed
 * statement would otherwise abort the whole migration transaction.
 */
async function ensureTrigramExtension(db: Knex): Promise<string | undefined> {
  const available = await db.raw("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
  if (!available.rows.length) return undefined;
  try {
    await db.transaction((savepoint) =>
      savepoint.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'),
    );
  } catch {
    // Lacking privilege, or another service's migration created it at the same moment:
    // either way, the lookup below tells whether it is there.
  }
  // Another service may have installed it in its own schema first; qualify by wherever it is.
  const installed = await db.raw(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'pg_trgm'`,
  );
  return installed.rows[0]?.schema;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
