import type { Knex, Migration } from '@pfs/kit';

/**
 * rules_pending: the record was saved while categorization (which owns the rules) could not
 * be reached; the rules catch-up job applies them later (ADR 010). Partial indexes keep the
 * job's scan to the few pending rows.
 */
export const rulesPending: Migration = {
  async up(db: Knex) {
    for (const table of ['transactions', 'expenses']) {
      await db.raw(`ALTER TABLE ${table} ADD COLUMN rules_pending boolean NOT NULL DEFAULT false`);
      await db.raw(
        `CREATE INDEX ${table}_rules_pending_idx ON ${table} (user_id, id) WHERE rules_pending`,
      );
    }
  },

  async down(db: Knex) {
    for (const table of ['transactions', 'expenses']) {
      await db.raw(`DROP INDEX IF EXISTS ${table}_rules_pending_idx`);
      await db.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS rules_pending`);
    }
  },
};
