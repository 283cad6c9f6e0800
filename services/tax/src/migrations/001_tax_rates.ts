import type { Knex, Migration } from '@pfs/kit';

/**
 * GST/VAT/sales-tax rates by country (and state or province), each with the dates it applied,
 * so a historic transaction uses the rate of its date. Reference data: no user_id.
 */
export const taxRates001: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE tax_rates (
        id uuid PRIMARY KEY,
        country_code char(2) NOT NULL
          CONSTRAINT tax_rates_country_code_format CHECK (country_code ~ '^[A-Z]{2}$'),
        state_province text
          CONSTRAINT tax_rates_state_province_format CHECK (state_province ~ '^[A-Z0-9-]{1,10}$'),
        tax_type text NOT NULL
          CONSTRAINT tax_rates_tax_type_format CHECK (tax_type ~ '^[A-Z][A-Z0-9_]{0,29}$'),
        tax_name text NOT NULL,
        standard_rate numeric(7, 5) NOT NULL,
        reduced_rate numeric(7, 5),
        zero_rate numeric(7, 5),
        combined_rate numeric(7, 5),
        description text NOT NULL DEFAULT '',
        effective_from date NOT NULL,
        effective_to date,
        source text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tax_rates_fractions CHECK (
          standard_rate >= 0 AND standard_rate < 1
          AND (reduced_rate IS NULL OR (reduced_rate >= 0 AND reduced_rate < 1))
          AND (zero_rate IS NULL OR zero_rate = 0)
          AND (combined_rate IS NULL OR (combined_rate >= 0 AND combined_rate < 1))
        ),
        CONSTRAINT tax_rates_period CHECK (effective_to IS NULL OR effective_to >= effective_from)
      )
    `);
    // One row per tax, place and start date: the key seed-rates upserts on.
    await db.raw(`
      CREATE UNIQUE INDEX tax_rates_natural_key
      ON tax_rates (country_code, (coalesce(state_province, '')), tax_type, effective_from)
    `);
  },

  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS tax_rates');
  },
};
