import type { Knex, Migration } from '@pfs/kit';

/**
 * The deductions report reads a user's deductible debits of a date range: a partial index over
 * just those rows, covering the columns it sums, makes it an index-only range scan however
 * many other transactions the user has. (The GST report reads every transaction of the range
 * and uses transactions_user_date_idx.)
 */
export const taxReportIndex: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE INDEX transactions_user_deductible_date_idx
      ON transactions (user_id, occurred_at)
      INCLUDE (category_id, amount, business_use_percentage)
      WHERE is_tax_deductible AND type = 'debit'`);
  },

  async down(db: Knex) {
    await db.raw('DROP INDEX IF EXISTS transactions_user_deductible_date_idx');
  },
};
