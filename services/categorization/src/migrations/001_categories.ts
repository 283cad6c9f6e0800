import type { Knex, Migration } from '@pfs/kit';

/**
 * Category sets and categories. Users live in the identity service's schema, so user_id is
 * a plain uuid (no foreign key across services); every query filters by it.
 */
export const categories001: Migration = {
  async up(db: Knex) {
    await db.schema.createTable('category_sets', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.string('name', 200).notNullable();
      t.text('description').notNullable().defaultTo('');
      t.string('color', 7).notNullable();
      t.string('icon', 50).notNullable().defaultTo('');
      t.boolean('is_default').notNullable().defaultTo(false);
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['user_id'], 'category_sets_user_idx');
    });
    // "Each user has exactly one default set": the database enforces it, so concurrent
    // provisioning can never leave two behind.
    await db.raw(
      'CREATE UNIQUE INDEX category_sets_one_default_per_user ON category_sets (user_id) WHERE is_default',
    );
    await db.raw(
      `ALTER TABLE category_sets ADD CONSTRAINT category_sets_color_hex CHECK (color ~ '^#[0-9A-Fa-f]{6}$')`,
    );

    await db.schema.createTable('categories', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.uuid('category_set_id')
        .nullable()
        .references('id')
        .inTable('category_sets')
        .onDelete('SET NULL');
      t.string('name', 200).notNullable();
      t.string('icon', 50).notNullable().defaultTo('');
      t.string('color', 7).notNullable();
      t.boolean('is_tax_deductible').notNullable().defaultTo(false);
      t.string('tax_category', 100).nullable();
      t.decimal('default_gst_rate', 7, 5).notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['user_id', 'name'], 'categories_user_name_idx');
      t.index(['category_set_id'], 'categories_set_idx');
    });
    // Names are unique per user regardless of case; this index also serves the list order.
    await db.raw(
      'CREATE UNIQUE INDEX categories_user_lower_name_unique ON categories (user_id, lower(name))',
    );
    await db.raw(`
      ALTER TABLE categories
        ADD CONSTRAINT categories_color_hex CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
        ADD CONSTRAINT categories_name_not_blank CHECK (length(btrim(name)) > 0),
        ADD CONSTRAINT categories_gst_rate_fraction CHECK (default_gst_rate >= 0 AND default_gst_rate < 1)
    `);
  },

  async down(db: Knex) {
    await db.schema.dropTableIfExists('categories');
    await db.schema.dropTableIfExists('category_sets');
  },
};
