import type { Knex, Migration } from '@pfs/kit';

export const loginFailures: Migration = {
  async up(db: Knex) {
    // Kept in Postgres rather than process memory so every replica sees the same counts.
    await db.schema.createTable('login_failures', (t) => {
      t.text('key').primary();
      t.integer('failures').notNullable();
      t.timestamp('window_started_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['window_started_at'], 'login_failures_window_started_at_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('login_failures');
  },
};
