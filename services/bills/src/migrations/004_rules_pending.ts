import type { Knex, Migration } from '@pfs/kit';

/**
 * rules_pending: the bill or pattern was saved while categorization (which owns the rules)
 * could not be reached; the rules catch-up job applies the rules to it later (ADR 010).
 */
const TABLES = ['bills', 'bill_patterns'];

export const rulesPending: Migration = {
  async up(db: Knex) {
    for (const table of TABLES) {
      await db.raw(`ALTER TABLE ${table} ADD COLUMN rules_pending boolean NOT NULL DEFAULT false`);
      await db.raw(
        `CREATE INDEX ${table}_rules_pending_idx ON ${table} (user_id, id) WHERE rules_pending`,
      );
    }
  },
  async down(db: Knex) {
    for (const table of TABLES) {
      await db.raw(`DROP INDEX IF EXISTS ${table}_rules_pending_idx`);
      await db.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS rules_pending`);
    }
  },
};
