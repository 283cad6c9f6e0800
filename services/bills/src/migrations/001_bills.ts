import type { Knex, Migration } from '@pfs/kit';

/**
 * Bills and recurring bill patterns. Occurrences of a pattern are bills with pattern_id set
 * and recurring true; (pattern_id, due_date) is unique, so however often or by however many
 * replicas generation runs, one date of one pattern is one bill. Deleting a pattern keeps
 * its paid and past occurrences (pattern_id becomes null).
 */
export const bills001: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE bill_patterns (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        name text NOT NULL CONSTRAINT bill_patterns_name_length CHECK (char_length(name) BETWEEN 1 AND 200),
        amount numeric(14, 2) NOT NULL CONSTRAINT bill_patterns_amount_positive CHECK (amount > 0),
        frequency text NOT NULL CONSTRAINT bill_patterns_frequency
          CHECK (frequency IN ('weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly')),
        interval_count integer NOT NULL CONSTRAINT bill_patterns_interval CHECK (interval_count BETWEEN 1 AND 52),
        start_date date NOT NULL,
        end_date date,
        category_id uuid,
        merchant text CONSTRAINT bill_patterns_merchant_length CHECK (char_length(merchant) <= 200),
        generated_through date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bill_patterns_period CHECK (end_date IS NULL OR end_date >= start_date)
      )
    `);
    await db.raw('CREATE INDEX bill_patterns_user_idx ON bill_patterns (user_id, created_at, id)');
    // The generation job walks the patterns whose occurrences do not yet reach the horizon.
    await db.raw(
      'CREATE INDEX bill_patterns_generated_idx ON bill_patterns (generated_through NULLS FIRST)',
    );

    await db.raw(`
      CREATE TABLE bills (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        name text NOT NULL CONSTRAINT bills_name_length CHECK (char_length(name) BETWEEN 1 AND 200),
        amount numeric(14, 2) NOT NULL CONSTRAINT bills_amount_positive CHECK (amount > 0),
        due_date date NOT NULL,
        paid boolean NOT NULL DEFAULT false,
        paid_at timestamptz,
        transaction_id uuid,
        category_id uuid,
        notes text CONSTRAINT bills_notes_length CHECK (char_length(notes) <= 5000),
        merchant text CONSTRAINT bills_merchant_length CHECK (char_length(merchant) <= 200),
        recurring boolean NOT NULL DEFAULT false,
        pattern_id uuid REFERENCES bill_patterns (id) ON DELETE SET NULL,
        due_soon_notified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bills_unpaid_has_no_payment CHECK (paid OR (paid_at IS NULL AND transaction_id IS NULL))
      )
    `);
    // One bill per pattern and date (NULL pattern_ids, one-off bills, never conflict).
    await db.raw('CREATE UNIQUE INDEX bills_occurrence_key ON bills (pattern_id, due_date)');
    // A transaction pays at most one bill.
    await db.raw(
      'CREATE UNIQUE INDEX bills_transaction_key ON bills (user_id, transaction_id) WHERE transaction_id IS NOT NULL',
    );
    await db.raw('CREATE INDEX bills_user_due_idx ON bills (user_id, due_date, created_at, id)');
    // Autopay looks at one user's unpaid bills; the due-soon job at everyone's unnotified ones.
    await db.raw('CREATE INDEX bills_unpaid_idx ON bills (user_id, due_date) WHERE NOT paid');
    await db.raw(
      'CREATE INDEX bills_due_soon_idx ON bills (due_date) WHERE NOT paid AND due_soon_notified_at IS NULL',
    );

    await db.raw(`
      CREATE TABLE bill_settings (
        user_id uuid PRIMARY KEY,
        due_soon_days integer NOT NULL CONSTRAINT bill_settings_due_soon_days CHECK (due_soon_days BETWEEN 0 AND 60),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);

    // Suggestions already announced with pattern.detected: once per user, merchant and frequency.
    await db.raw(`
      CREATE TABLE detected_patterns (
        user_id uuid NOT NULL,
        merchant_key text NOT NULL,
        frequency text NOT NULL,
        first_detected_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, merchant_key, frequency)
      )
    `);
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS detected_patterns');
    await db.raw('DROP TABLE IF EXISTS bill_settings');
    await db.raw('DROP TABLE IF EXISTS bills');
    await db.raw('DROP TABLE IF EXISTS bill_patterns');
  },
};
