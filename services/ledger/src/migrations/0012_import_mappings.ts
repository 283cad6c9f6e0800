import type { Knex, Migration } from '@pfs/kit';

/**
 * Mappings users saved for their banks' CSV layouts (issue 12): the next file whose layout
 * key matches is read with it, so an export that needed a mapping once is one call after.
 * One mapping per layout per user; names are the user's labels (a bank, an account).
 */
export const importMappings: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE import_mappings (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        name text NOT NULL CONSTRAINT import_mappings_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
        layout_key text NOT NULL CONSTRAINT import_mappings_key_length CHECK (char_length(layout_key) <= 4000),
        mapping jsonb NOT NULL,
        date_order text CONSTRAINT import_mappings_date_order CHECK (date_order IN ('DMY', 'MDY', 'YMD')),
        headers jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        CONSTRAINT import_mappings_user_layout UNIQUE (user_id, layout_key)
      )
    `);
    await db.raw(
      'CREATE INDEX import_mappings_user_idx ON import_mappings (user_id, created_at, id)',
    );
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS import_mappings');
  },
};
