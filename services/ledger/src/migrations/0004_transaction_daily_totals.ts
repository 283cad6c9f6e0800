import type { Knex, Migration } from '@pfs/kit';

/** Stands for "no category" in the totals' key (a key column cannot be NULL). */
export const NO_CATEGORY_KEY = '00000000-0000-0000-0000-000000000000';

const UTC_DAY = `(occurred_at AT TIME ZONE 'UTC')::date`;

/**
 * Folds a set of changed transactions into both totals tables. `changes` is a SELECT of
 * (user_id, occurred_at, category_id, type, is_tax_deductible, merchant, amount, sign), sign
 * being +1 for a row that now exists and -1 for one that no longer does. Keys are upserted in
 * key order so concurrent statements lock the same rows in the same order.
 */
function applyChanges(changes: string): string {
  return `
    INSERT INTO transaction_daily_totals AS t
      (user_id, day, category_key, type, is_tax_deductible, tx_count, amount_total)
    SELECT user_id, ${UTC_DAY}, coalesce(category_id, '${NO_CATEGORY_KEY}'::uuid), type,
           is_tax_deductible, sum(sign), sum(sign * amount)
    FROM (${changes}) AS c
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, day, category_key, type, is_tax_deductible) DO UPDATE
      SET tx_count = t.tx_count + excluded.tx_count,
          amount_total = t.amount_total + excluded.amount_total;

    INSERT INTO merchant_daily_totals AS t
      (user_id, day, merchant_key, type, merchant, tx_count, amount_total)
    SELECT user_id, ${UTC_DAY}, lower(merchant), type, min(merchant), sum(sign), sum(sign * amount)
    FROM (${changes}) AS c
    WHERE merchant IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, day, merchant_key, type) DO UPDATE
      SET tx_count = t.tx_count + excluded.tx_count,
          amount_total = t.amount_total + excluded.amount_total;`;
}

/** Drops the totals rows that reached zero on the days the old rows lived on. */
const DROP_EMPTY = `
    DELETE FROM transaction_daily_totals t
    USING (SELECT DISTINCT user_id, ${UTC_DAY} AS day FROM old_rows) o
    WHERE t.user_id = o.user_id AND t.day = o.day AND t.tx_count = 0;
    DELETE FROM merchant_daily_totals t
    USING (SELECT DISTINCT user_id, ${UTC_DAY} AS day FROM old_rows) o
    WHERE t.user_id = o.user_id AND t.day = o.day AND t.tx_count = 0;`;

const COLUMNS = 'user_id, occurred_at, category_id, type, is_tax_deductible, merchant, amount';

/**
 * Per-user daily totals of transactions, kept exact by statement-level triggers in the same
 * transaction as every write (one aggregated upsert per statement, so a 10,000-row import costs
 * one extra statement, not 10,000). They make the list's exact total and the analytics a read
 * of a few thousand rows instead of an aggregate over up to millions:
 *
 * - transaction_daily_totals (user, UTC day, category, type, deductible): counts for the date,
 *   category, uncategorized, type and isTaxDeductible filters; income/expenses by category,
 *   month and cashflow period.
 * - merchant_daily_totals (user, UTC day, lower(merchant), type): counts for the merchant filter
 *   and the top merchants.
 */
export const transactionDailyTotals: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE transaction_daily_totals (
        user_id uuid NOT NULL,
        day date NOT NULL,
        category_key uuid NOT NULL,
        type text NOT NULL,
        is_tax_deductible boolean NOT NULL,
        tx_count bigint NOT NULL,
        amount_total numeric NOT NULL,
        PRIMARY KEY (user_id, day, category_key, type, is_tax_deductible)
      )
    `);
    await db.raw(
      `CREATE INDEX transaction_daily_totals_category_idx
       ON transaction_daily_totals (user_id, category_key, day)`,
    );
    await db.raw(`
      CREATE TABLE merchant_daily_totals (
        user_id uuid NOT NULL,
        day date NOT NULL,
        merchant_key text NOT NULL,
        type text NOT NULL,
        merchant text NOT NULL,
        tx_count bigint NOT NULL,
        amount_total numeric NOT NULL,
        PRIMARY KEY (user_id, day, merchant_key, type)
      )
    `);
    await db.raw(
      `CREATE INDEX merchant_daily_totals_merchant_idx
       ON merchant_daily_totals (user_id, merchant_key, day)`,
    );

    // SET search_path FROM CURRENT: the functions find the totals in this schema whatever the
    // search_path of the session that writes transactions (e.g. a bulk loader).
    const fn = (name: string, body: string) =>
      db.raw(`
        CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $fn$
        BEGIN
          ${body}
          RETURN NULL;
        END
        $fn$`);
    await fn(
      'transaction_totals_after_insert',
      applyChanges(`SELECT ${COLUMNS}, 1 AS sign FROM new_rows`),
    );
    await fn(
      'transaction_totals_after_update',
      applyChanges(
        `SELECT ${COLUMNS}, 1 AS sign FROM new_rows UNION ALL SELECT ${COLUMNS}, -1 FROM old_rows`,
      ) + DROP_EMPTY,
    );
    await fn(
      'transaction_totals_after_delete',
      applyChanges(`SELECT ${COLUMNS}, -1 AS sign FROM old_rows`) + DROP_EMPTY,
    );
    await fn(
      'transaction_totals_after_truncate',
      'DELETE FROM transaction_daily_totals; DELETE FROM merchant_daily_totals;',
    );

    // The triggers first: creating them locks out writers until this migration commits, so the
    // backfill below sees every committed row and no write can slip between the two.
    await db.raw(`
      CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION transaction_totals_after_insert()`);
    await db.raw(`
      CREATE TRIGGER transactions_totals_update AFTER UPDATE ON transactions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION transaction_totals_after_update()`);
    await db.raw(`
      CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION transaction_totals_after_delete()`);
    await db.raw(`
      CREATE TRIGGER transactions_totals_truncate AFTER TRUNCATE ON transactions
      FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_truncate()`);

    await db.raw(applyChanges(`SELECT ${COLUMNS}, 1 AS sign FROM transactions`));
  },

  async down(db: Knex) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await db.raw(`DROP TRIGGER IF EXISTS transactions_totals_${event} ON transactions`);
      await db.raw(`DROP FUNCTION IF EXISTS transaction_totals_after_${event}()`);
    }
    await db.raw('DROP TABLE IF EXISTS merchant_daily_totals');
    await db.raw('DROP TABLE IF EXISTS transaction_daily_totals');
  },
};
