import type { Knex, Migration } from '@pfs/kit';

/**
 * The import report accounts for every line (issue 12): besides the row errors, the first 1000
 * duplicates with the transaction each matched, the first 1000 warnings (a bank id reused for
 * another transaction: imported, not dropped) and the first 1000 skipped lines with why.
 */
export const importReport: Migration = {
  async up(db: Knex) {
    await db.raw(`
      ALTER TABLE imports
        ADD COLUMN duplicate_rows jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN skipped_rows jsonb NOT NULL DEFAULT '[]'
    `);
  },

  async down(db: Knex) {
    await db.raw(`
      ALTER TABLE imports
        DROP COLUMN IF EXISTS duplicate_rows,
        DROP COLUMN IF EXISTS warnings,
        DROP COLUMN IF EXISTS skipped_rows
    `);
  },
};
