import type { Knex, Migration } from '@pfs/kit';

/**
 * The text search (`q`, ILIKE on description and merchant) walks the user's transactions newest
 * first until a page of matches is found. With the searched columns in the index, that walk
 * is an index-only scan over contiguous index pages instead of one random heap visit per
 * candidate row (a few thousand for a 1 % match rate); only the page's rows are read after.
 */
export const transactionsSearchCover: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE INDEX transactions_user_date_search_idx
      ON transactions (user_id, occurred_at DESC, id DESC)
      INCLUDE (description, merchant)`);
  },

  async down(db: Knex) {
    await db.raw('DROP INDEX IF EXISTS transactions_user_date_search_idx');
  },
};
