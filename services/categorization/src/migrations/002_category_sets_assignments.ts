import type { Knex, Migration } from '@pfs/kit';

/**
 * Category sets as a user-facing feature, and transaction category assignments with their
 * history.
 *
 * - Set names become unique per user (case-insensitive).
 * - Category names become unique per set instead of per user, so a duplicated set keeps its
 *   categories' names ("Groceries" may be in "Personal" and in "Business"). The index keeps
 *   its name, so the categories store's duplicate-name translation still applies.
 * - transaction_category_assignments: which categories a ledger transaction carries (no
 *   foreign key to the ledger's schema), at most one primary per transaction.
 * - assignment_history: append-only log of every change. A category deleted through any path
 *   leaves "removed" rows behind (a trigger), since its assignments go with it (cascade).
 */
export const categorySetsAssignments002: Migration = {
  async up(db: Knex) {
    await db.raw(
      'CREATE UNIQUE INDEX category_sets_user_lower_name_unique ON category_sets (user_id, lower(name))',
    );
    await db.raw(
      'ALTER TABLE category_sets ADD CONSTRAINT category_sets_name_not_blank CHECK (length(btrim(name)) > 0)',
    );

    await db.raw('DROP INDEX categories_user_lower_name_unique');
    // A category without a set (legacy rows) is compared with the other set-less ones.
    await db.raw(`
      CREATE UNIQUE INDEX categories_user_lower_name_unique ON categories
        (user_id, coalesce(category_set_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))
    `);
    // The list order (lower(name), id) per user no longer comes from the unique index.
    await db.raw(
      'CREATE INDEX categories_user_lower_name_idx ON categories (user_id, lower(name), id)',
    );

    await db.schema.createTable('transaction_category_assignments', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      // The ledger owns transactions: a plain uuid, no cross-schema foreign key.
      t.uuid('transaction_id').notNullable();
      t.uuid('category_id')
        .notNullable()
        .references('id')
        .inTable('categories')
        .onDelete('CASCADE');
      t.uuid('category_set_id')
        .nullable()
        .references('id')
        .inTable('category_sets')
        .onDelete('SET NULL');
      t.boolean('is_primary').notNullable().defaultTo(false);
      t.decimal('confidence', 4, 3).notNullable().defaultTo(1);
      t.string('assigned_by', 32).notNullable();
      t.string('actor', 200).notNullable();
      t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.text('notes').nullable();
      t.unique(['user_id', 'transaction_id', 'category_id'], {
        indexName: 'tca_user_transaction_category_unique',
      });
      t.index(['category_id'], 'tca_category_idx');
    });
    await db.raw(
      'CREATE UNIQUE INDEX tca_one_primary_per_transaction ON transaction_category_assignments (user_id, transaction_id) WHERE is_primary',
    );
    await db.raw(
      'ALTER TABLE transaction_category_assignments ADD CONSTRAINT tca_confidence_fraction CHECK (confidence >= 0 AND confidence <= 1)',
    );

    await db.schema.createTable('assignment_history', (t) => {
      t.uuid('id').primary();
      // Insertion order: rows written by one request share their timestamp.
      t.bigIncrements('seq', { primaryKey: false });
      t.uuid('user_id').notNullable();
      t.uuid('transaction_id').notNullable();
      // No foreign keys: the history outlives deleted categories.
      t.uuid('category_id').notNullable();
      t.string('action', 32).notNullable();
      t.uuid('from_category_id').nullable();
      t.uuid('to_category_id').nullable();
      t.string('assigned_by', 32).notNullable();
      t.string('actor', 200).notNullable();
      t.timestamp('at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.text('notes').nullable();
      t.index(['user_id', 'transaction_id', 'seq'], 'assignment_history_transaction_idx');
    });

    // Deleting a category cascades to its assignments; the history records that too.
    await db.raw(`
      CREATE FUNCTION record_category_assignment_removal() RETURNS trigger
      LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO assignment_history
          (id, user_id, transaction_id, category_id, action, from_category_id, to_category_id,
           assigned_by, actor, notes)
        SELECT gen_random_uuid(), a.user_id, a.transaction_id, a.category_id, 'removed',
               a.category_id, NULL, 'system', 'system', 'Category deleted'
          FROM transaction_category_assignments a
         WHERE a.category_id = OLD.id;
        INSERT INTO assignment_history
          (id, user_id, transaction_id, category_id, action, from_category_id, to_category_id,
           assigned_by, actor, notes)
        SELECT gen_random_uuid(), a.user_id, a.transaction_id, a.category_id, 'primary_changed',
               a.category_id, NULL, 'system', 'system', 'Category deleted'
          FROM transaction_category_assignments a
         WHERE a.category_id = OLD.id AND a.is_primary;
        RETURN OLD;
      END
      $$
    `);
    await db.raw(`
      CREATE TRIGGER categories_record_assignment_removal
        BEFORE DELETE ON categories
        FOR EACH ROW EXECUTE FUNCTION record_category_assignment_removal()
    `);
  },

  async down(db: Knex) {
    await db.raw('DROP TRIGGER IF EXISTS categories_record_assignment_removal ON categories');
    await db.raw('DROP FUNCTION IF EXISTS record_category_assignment_removal()');
    await db.schema.dropTableIfExists('assignment_history');
    await db.schema.dropTableIfExists('transaction_category_assignments');
    await db.raw('DROP INDEX IF EXISTS categories_user_lower_name_idx');
    await db.raw('DROP INDEX IF EXISTS categories_user_lower_name_unique');
    await db.raw(
      'CREATE UNIQUE INDEX categories_user_lower_name_unique ON categories (user_id, lower(name))',
    );
    await db.raw(
      'ALTER TABLE category_sets DROP CONSTRAINT IF EXISTS category_sets_name_not_blank',
    );
    await db.raw('DROP INDEX IF EXISTS category_sets_user_lower_name_unique');
  },
};
