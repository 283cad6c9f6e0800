import type { Knex, Migration } from '@pfs/kit';

/**
 * What each user has taught the classifier.
 *
 * - classifier_labels: one row per labelled transaction (the ledger's id, no foreign key
 *   across services), with the description the model learns from. A relabel replaces the
 *   row, so a correction is not a second vote; a category's deletion takes its labels along.
 * - classifier_models: a per-user version, bumped with every change, so each replica knows
 *   whether the model it holds in memory is current without reading the labels.
 */
export const classifierLabels003: Migration = {
  async up(db: Knex) {
    await db.schema.createTable('classifier_labels', (t) => {
      t.uuid('user_id').notNullable();
      t.uuid('transaction_id').notNullable();
      t.string('description', 1000).notNullable();
      t.string('merchant', 200).nullable();
      // The merchant words the model keys its memory on (for inspection and support).
      t.string('merchant_key', 200).notNullable().defaultTo('');
      t.decimal('amount', 14, 2).nullable();
      t.string('type', 10).notNullable().defaultTo('debit');
      t.uuid('category_id')
        .notNullable()
        .references('id')
        .inTable('categories')
        .onDelete('CASCADE');
      t.timestamp('labelled_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.primary(['user_id', 'transaction_id']);
      t.index(['user_id', 'labelled_at'], 'classifier_labels_user_recent_idx');
      t.index(['category_id'], 'classifier_labels_category_idx');
    });

    await db.schema.createTable('classifier_models', (t) => {
      t.uuid('user_id').primary();
      t.bigInteger('version').notNullable().defaultTo(0);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },

  async down(db: Knex) {
    await db.schema.dropTableIfExists('classifier_models');
    await db.schema.dropTableIfExists('classifier_labels');
  },
};
