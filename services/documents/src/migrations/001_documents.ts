import type { Knex, Migration } from '@pfs/kit';

export const documents001: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE files (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        file_name text NOT NULL,
        original_name text NOT NULL,
        mime_type text NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        sha256 char(64) NOT NULL,
        blob_key text NOT NULL,
        conversation_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, file_name)
      )
    `);
    await db.raw('CREATE INDEX files_user_created_idx ON files (user_id, created_at DESC, id)');
    await db.raw(
      'CREATE INDEX files_conversation_idx ON files (user_id, conversation_id) WHERE conversation_id IS NOT NULL',
    );
    await db.raw(`
      CREATE TABLE attachments (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        entity_type text NOT NULL CHECK (entity_type IN ('transaction', 'expense')),
        entity_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, file_id, entity_type, entity_id)
      )
    `);
    await db.raw(
      'CREATE INDEX attachments_entity_idx ON attachments (user_id, entity_type, entity_id)',
    );
    // One expense per receipt: a second "create" commit finds the first instead of duplicating.
    await db.raw(
      "CREATE UNIQUE INDEX attachments_one_expense_per_file ON attachments (file_id) WHERE entity_type = 'expense'",
    );
    await db.raw(`
      CREATE TABLE extractions (
        file_id uuid PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        country_code text NOT NULL,
        extracted jsonb NOT NULL,
        warnings jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  },
  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS extractions');
    await db.raw('DROP TABLE IF EXISTS attachments');
    await db.raw('DROP TABLE IF EXISTS files');
  },
};
