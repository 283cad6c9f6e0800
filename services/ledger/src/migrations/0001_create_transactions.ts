import type { Knex, Migration } from '@pfs/kit';

/**
 * The ledger's transactions. Money is NUMERIC (exact); category_id has no foreign key because
 * categories belong to the categorization service. Every index leads with user_id since
 * every query is scoped to one user.
 */
export const createTransactions: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE transactions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL,
        description text NOT NULL
          CONSTRAINT transactions_description_length CHECK (char_length(description) BETWEEN 1 AND 1000),
        amount numeric(14, 2) NOT NULL
          CONSTRAINT transactions_amount_positive CHECK (amount > 0),
        type text NOT NULL
          CONSTRAINT transactions_type_known CHECK (type IN ('debit', 'credit')),
        category_id uuid,
        merchant text
          CONSTRAINT transactions_merchant_length CHECK (char_length(merchant) <= 200),
        is_tax_deductible boolean NOT NULL DEFAULT false,
        business_use_percentage numeric(5, 2) NOT NULL DEFAULT 100
          CONSTRAINT transactions_business_use_range CHECK (business_use_percentage BETWEEN 0 AND 100),
        gst_rate numeric(7, 5)
          CONSTRAINT transactions_gst_rate_range CHECK (gst_rate >= 0 AND gst_rate < 1),
        gst_amount numeric(14, 2) NOT NULL DEFAULT 0
          CONSTRAINT transactions_gst_amount_range CHECK (gst_amount >= 0 AND gst_amount <= amount),
        gst_included boolean NOT NULL DEFAULT true,
        source text NOT NULL DEFAULT 'manual',
        external_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // Default listing (-date) and date sort/range filters; the id tie-break is part of the key
    // so a page is an index range scan.
    await db.raw(
      'CREATE INDEX transactions_user_date_idx ON transactions (user_id, occurred_at DESC, id DESC)',
    );
    await db.raw('CREATE INDEX transactions_user_amount_idx ON transactions (user_id, amount, id)');
    // Category filter under the date sort, id included for the same tie-break.
    await db.raw(
      `CREATE INDEX transactions_user_category_date_idx
       ON transactions (user_id, category_id, occurred_at DESC, id DESC)`,
    );
    await db.raw(
      `CREATE INDEX transactions_user_uncategorized_idx ON transactions (user_id, occurred_at DESC, id DESC)
       WHERE category_id IS NULL`,
    );
    // The merchant filter is a case-insensitive exact match.
    await db.raw(
      'CREATE INDEX transactions_user_merchant_idx ON transactions (user_id, lower(merchant))',
    );
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS transactions');
  },
};
