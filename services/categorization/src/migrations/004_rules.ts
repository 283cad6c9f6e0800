import type { Knex, Migration } from '@pfs/kit';

/**
 * Custom rules (ADR 010).
 *
 * - rules: one row per rule; conditions and actions as jsonb in kit's validated shape.
 *   Evaluation order is (priority, created_at, id).
 * - rule_versions: a per-user version bumped in the same transaction as every rule change,
 *   so the services that evaluate rules can keep a compiled copy and ask only "still V?".
 */
export const rules004: Migration = {
  async up(db: Knex) {
    await db.schema.createTable('rules', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.string('name', 200).notNullable();
      t.integer('priority').notNullable().defaultTo(100);
      t.boolean('enabled').notNullable().defaultTo(true);
      t.specificType('applies_to', 'text[]').notNullable();
      t.string('match', 3).notNullable().defaultTo('all');
      t.jsonb('conditions').notNullable();
      t.jsonb('actions').notNullable();
      t.boolean('stop_processing').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['user_id', 'priority', 'created_at', 'id'], 'rules_user_order_idx');
    });
    await db.schema.createTable('rule_versions', (t) => {
      t.uuid('user_id').primary();
      t.bigInteger('version').notNullable().defaultTo(0);
    });
  },

  async down(db: Knex) {
    await db.schema.dropTableIfExists('rule_versions');
    await db.schema.dropTableIfExists('rules');
  },
};
