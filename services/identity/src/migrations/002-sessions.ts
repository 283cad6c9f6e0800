import type { Knex, Migration } from '@pfs/kit';

export const sessions: Migration = {
  async up(db: Knex) {
    await db.schema.createTable('sessions', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.text('refresh_hash').notNullable().unique({ indexName: 'sessions_refresh_hash_key' });
      // Kept after rotation to recognise a replayed (stolen) refresh token.
      t.text('previous_refresh_hash').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('revoked_at', { useTz: true }).nullable();
      t.timestamp('last_used_at', { useTz: true }).nullable();
      t.index(['user_id'], 'sessions_user_id_idx');
    });
    await db.raw(
      'CREATE INDEX sessions_previous_refresh_hash_idx ON sessions (previous_refresh_hash) WHERE previous_refresh_hash IS NOT NULL',
    );
  },
  async down(db: Knex) {
    await db.schema.dropTable('sessions');
  },
};
