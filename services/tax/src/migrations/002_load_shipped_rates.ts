import type { Knex, Migration } from '@pfs/kit';
import { SHIPPED_RATES } from '../domain/rates';
import { upsertRates } from '../store/rates';

/**
 * Loads the rates shipped with the service. Later releases that revise the data reach existing
 * databases through POST /api/tax/seed-rates (the same idempotent upsert).
 */
export const loadShippedRates002: Migration = {
  async up(db: Knex) {
    await upsertRates(db, SHIPPED_RATES);
  },

  async down(db: Knex) {
    await db('tax_rates').delete();
  },
};
