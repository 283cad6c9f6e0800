import type { Knex, Migration } from '@pfs/kit';

/**
 * A per-user version number of the user's transactions, bumped by statement-level triggers in
 * the same transaction as every insert, update, delete (and truncate) of their rows. A reader
 * that sees version V sees every change up to V, so an exact figure computed at V (the list's
 * total for a filter, store/counts.ts) stays valid for as long as the version stays V.
 */
export const transactionVersions: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE transaction_versions (
        user_id uuid PRIMARY KEY,
        version bigint NOT NULL
      )
    `);
    // Users in key order, so concurrent multi-user statements lock them in the same order.
    const bump = (users: string) => `
      INSERT INTO transaction_versions AS v (user_id, version)
      SELECT DISTINCT user_id, 1 FROM (${users}) AS u ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;`;
    const fn = (name: string, body: string) =>
      db.raw(`
        CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $fn$
        BEGIN
          ${body}
          RETURN NULL;
        END
        $fn$`);
    await fn('transaction_versions_after_insert', bump('SELECT user_id FROM new_rows'));
    await fn(
      'transaction_versions_after_update',
      bump('SELECT user_id FROM new_rows UNION ALL SELECT user_id FROM old_rows'),
    );
    await fn('transaction_versions_after_delete', bump('SELECT user_id FROM old_rows'));
    await fn(
      'transaction_versions_after_truncate',
      'UPDATE transaction_versions SET version = version + 1;',
    );
    await db.raw(`
      CREATE TRIGGER transactions_versions_insert AFTER INSERT ON transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION transaction_versions_after_insert()`);
    await db.raw(`
      CREATE TRIGGER transactions_versions_update AFTER UPDATE ON transactions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION transaction_versions_after_update()`);
    await db.raw(`
      CREATE TRIGGER transactions_versions_delete AFTER DELETE ON transactions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION transaction_versions_after_delete()`);
    await db.raw(`
      CREATE TRIGGER transactions_versions_truncate AFTER TRUNCATE ON transactions
      FOR EACH STATEMENT EXECUTE FUNCTION transaction_versions_after_truncate()`);
  },

  async down(db: Knex) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await db.raw(`DROP TRIGGER IF EXISTS transactions_versions_${event} ON transactions`);
      await db.raw(`DROP FUNCTION IF EXISTS transaction_versions_after_${event}()`);
    }
    await db.raw('DROP TABLE IF EXISTS transaction_versions');
  },
};
