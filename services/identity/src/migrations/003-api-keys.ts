import type { Knex, Migration } from '@pfs/kit';

export const apiKeys: Migration = {
  async up(db: Knex) {
    await db.schema.createTable('api_keys', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.text('name').notNullable();
      t.text('prefix').notNullable();
      t.text('key_hash').notNullable().unique({ indexName: 'api_keys_key_hash_key' });
      t.specificType('scopes', 'text[]').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('expires_at', { useTz: true }).nullable();
      t.timestamp('last_used_at', { useTz: true }).nullable();
      t.timestamp('revoked_at', { useTz: true }).nullable();
      t.index(['user_id', 'created_at'], 'api_keys_user_id_created_at_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('api_keys');
  },
};
