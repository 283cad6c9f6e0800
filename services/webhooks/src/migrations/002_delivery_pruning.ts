import type { Knex, Migration } from '@pfs/kit';

/** Finished deliveries by age, for pruning (DeliveryWorker.prune). */
export const deliveryPruning002: Migration = {
  async up(db: Knex) {
    await db.raw(
      "CREATE INDEX deliveries_finished_idx ON deliveries (created_at) WHERE status <> 'pending'",
    );
  },
  async down(db: Knex) {
    await db.raw('DROP INDEX IF EXISTS deliveries_finished_idx');
  },
};
