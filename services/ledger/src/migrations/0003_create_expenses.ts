import type { Knex, Migration } from '@pfs/kit';

/**
 * Expenses: money spent outside the bank feed (cash, receipts), with the tax deductions claimed
 * on each. tax_deductions is a JSON array validated by the domain ({taxCategory, amount,
 * percentage?, notes?}); the checks here are the last line of defence. category_id has no
 * foreign key because categories belong to the categorization service.
 */
export const createExpenses: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE expenses (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        expense_date date NOT NULL,
        description text NOT NULL
          CONSTRAINT expenses_description_length CHECK (char_length(description) BETWEEN 1 AND 1000),
        amount numeric(14, 2) NOT NULL
          CONSTRAINT expenses_amount_positive CHECK (amount > 0),
        category_id uuid,
        is_tax_deductible boolean NOT NULL DEFAULT false,
        tax_deductions jsonb NOT NULL DEFAULT '[]'::jsonb
          CONSTRAINT expenses_tax_deductions_array CHECK (
            jsonb_typeof(tax_deductions) = 'array' AND jsonb_array_length(tax_deductions) <= 50
          ),
        notes text
          CONSTRAINT expenses_notes_length CHECK (char_length(notes) <= 5000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The list: newest first, id as the tie-break so a page is an index range scan.
    await db.raw(
      'CREATE INDEX expenses_user_date_idx ON expenses (user_id, expense_date DESC, id DESC)',
    );
    await db.raw('CREATE INDEX expenses_user_category_idx ON expenses (user_id, category_id)');
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS expenses');
  },
};
