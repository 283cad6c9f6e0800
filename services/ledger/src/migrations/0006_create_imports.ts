import type { Knex, Migration } from '@pfs/kit';

/**
 * Statement imports.
 *
 * - transactions.import_fingerprint: how an imported row is recognised when it comes again
 *   (domain/import/fingerprint.ts); transactions.external_id: the bank's own id of the row
 *   (OFX FITID, a transaction-id column). Each is unique per user where set, so an insert
 *   `ON CONFLICT DO NOTHING` creates nothing twice, even for two imports running at once.
 * - imports: one row per import, synchronous or background, with its progress and counts.
 * - import_files: the bytes of a background import, in order, until it has run.
 */
export const createImports: Migration = {
  async up(db: Knex) {
    await db.raw(`
      ALTER TABLE transactions
        ADD COLUMN import_id uuid,
        ADD COLUMN import_fingerprint uuid
    `);
    await db.raw(`
      CREATE UNIQUE INDEX transactions_user_import_fingerprint_key
      ON transactions (user_id, import_fingerprint) WHERE import_fingerprint IS NOT NULL
    `);
    await db.raw(`
      CREATE UNIQUE INDEX transactions_user_external_id_key
      ON transactions (user_id, external_id) WHERE external_id IS NOT NULL
    `);

    await db.raw(`
      CREATE TABLE imports (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        status text NOT NULL
          CONSTRAINT imports_status_known
          CHECK (status IN ('receiving', 'queued', 'running', 'completed', 'failed')),
        file_name text NOT NULL DEFAULT '',
        format text NOT NULL,
        byte_size bigint NOT NULL DEFAULT 0,
        -- The client's options (mapping, dateFormat, countryCode): a background run needs them.
        options jsonb NOT NULL DEFAULT '{}',
        -- What was detected: format, encoding, date order, effective mapping.
        layout jsonb,
        estimated_rows integer NOT NULL DEFAULT 0,
        total_rows integer,
        processed_rows integer NOT NULL DEFAULT 0,
        -- Background imports: the batches committed so far (a resumed run leaves them out).
        done_batches integer[] NOT NULL DEFAULT '{}',
        imported integer NOT NULL DEFAULT 0,
        duplicates integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        -- The first 1000 row errors: [{line, error}].
        errors jsonb NOT NULL DEFAULT '[]',
        failure text,
        attempts integer NOT NULL DEFAULT 0,
        locked_by text,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )
    `);
    await db.raw(
      'CREATE INDEX imports_user_created_idx ON imports (user_id, created_at DESC, id DESC)',
    );
    // The job queue: what a worker may claim.
    await db.raw(`
      CREATE INDEX imports_pending_idx ON imports (created_at)
      WHERE status IN ('queued', 'running', 'receiving')
    `);

    await db.raw(`
      CREATE TABLE import_files (
        import_id uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (import_id, seq)
      )
    `);
    // Statements are stored once and read once or twice: compressing them costs more than it saves.
    await db.raw('ALTER TABLE import_files ALTER COLUMN data SET STORAGE EXTERNAL');
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS import_files');
    await db.raw('DROP TABLE IF EXISTS imports');
    await db.raw('DROP INDEX IF EXISTS transactions_user_external_id_key');
    await db.raw('DROP INDEX IF EXISTS transactions_user_import_fingerprint_key');
    await db.raw(
      'ALTER TABLE transactions DROP COLUMN IF EXISTS import_fingerprint, DROP COLUMN IF EXISTS import_id',
    );
  },
};
