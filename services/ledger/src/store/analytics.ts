import type { Knex } from '@pfs/kit';
import type { DateRange, GroupBy, Interval } from '../domain/analytics';
import type { TransactionFilter } from '../domain/listing';
import { applyFilter } from './transactions';
import { NO_CATEGORY_KEY } from '../migrations/0004_transaction_daily_totals';

/**
 * Analytics read the per-day totals the triggers of migration 0004 keep exact, so a year of a
 * million transactions is an aggregate over a few thousand rows. Sums are NUMERIC and leave
 * PostgreSQL as decimal text. Every query filters by user_id.
 */

export interface CategoryTotalRow {
  categoryId: string | null;
  income: string;
  expenses: string;
  count: number;
}

export interface PeriodTotalRow {
  /** First day of the period, YYYY-MM-DD. */
  period: string;
  income: string;
  expenses: string;
  net: string;
  /** Cumulative net from the first period through this one. */
  balance: string;
}

export interface MerchantTotalRow {
  merchant: string;
  total: string;
  count: number;
}

export interface SummaryRows {
  income: string;
  expenses: string;
  count: number;
  byCategory: CategoryTotalRow[];
  byMonth: PeriodTotalRow[];
  topMerchants: MerchantTotalRow[];
}

const TOP_MERCHANTS = 10;

/**
 * Whole-range totals and per-category totals in one pass (GROUPING SETS); categories with the
 * largest expenses first, then the largest income.
 */
const CATEGORY_TOTALS = `
  SELECT category_key,
         GROUPING(category_key) = 1 AS is_total,
         coalesce(sum(amount_total) FILTER (WHERE type = 'credit'), 0) AS income,
         coalesce(sum(amount_total) FILTER (WHERE type = 'debit'), 0) AS expenses,
         coalesce(sum(tx_count), 0) AS count
  FROM transaction_daily_totals
  WHERE user_id = :userId AND day BETWEEN :from AND :to
  GROUP BY GROUPING SETS ((category_key), ())
  ORDER BY is_total DESC, expenses DESC, income DESC, category_key`;

/**
 * Income and expenses per period, every period of the range present (generate_series), with
 * the running balance. Periods are truncated on timestamp without time zone so the session's
 * TimeZone cannot shift a day.
 */
const PERIOD_TOTALS = `
  WITH totals AS (
    SELECT date_trunc(:unit, day::timestamp)::date AS period,
           sum(amount_total) FILTER (WHERE type = 'credit') AS income,
           sum(amount_total) FILTER (WHERE type = 'debit') AS expenses
    FROM transaction_daily_totals
    WHERE user_id = :userId AND day BETWEEN :from AND :to
    GROUP BY 1
  ),
  periods AS (
    SELECT p::date AS period
    FROM generate_series(:first::timestamp, :last::timestamp, :step::interval) AS p
  )
  SELECT to_char(periods.period, 'YYYY-MM-DD') AS period,
         coalesce(totals.income, 0) AS income,
         coalesce(totals.expenses, 0) AS expenses,
         coalesce(totals.income, 0) - coalesce(totals.expenses, 0) AS net,
         sum(coalesce(totals.income, 0) - coalesce(totals.expenses, 0))
           OVER (ORDER BY periods.period) AS balance
  FROM periods LEFT JOIN totals USING (period)
  ORDER BY periods.period`;

/** Debit totals per merchant (case-insensitive), largest first. */
const TOP_MERCHANT_TOTALS = `
  SELECT min(merchant) AS merchant, sum(amount_total) AS total, sum(tx_count) AS count
  FROM merchant_daily_totals
  WHERE user_id = :userId AND type = 'debit' AND day BETWEEN :from AND :to
  GROUP BY merchant_key
  HAVING sum(tx_count) > 0
  ORDER BY total DESC, merchant_key
  LIMIT :limit`;

interface CategoryQueryRow {
  category_key: string | null;
  is_total: boolean;
  income: string;
  expenses: string;
  count: number | string;
}

const STEP: Record<Interval, string> = { day: '1 day', week: '1 week', month: '1 month' };

async function periodTotals(
  db: Knex | Knex.Transaction,
  userId: string,
  range: DateRange,
  interval: Interval,
  periods: { first: string; last: string },
): Promise<PeriodTotalRow[]> {
  const { rows } = (await db.raw(PERIOD_TOTALS, {
    userId,
    from: range.from,
    to: range.to,
    unit: interval,
    first: periods.first,
    last: periods.last,
    step: STEP[interval],
  })) as { rows: PeriodTotalRow[] };
  return rows;
}

/**
 * The summary's figures, read in one repeatable-read snapshot so the totals, months and
 * merchants agree with each other even while the user writes.
 */
export async function summaryTotals(
  db: Knex,
  userId: string,
  range: DateRange,
  months: { first: string; last: string },
): Promise<SummaryRows> {
  return db.transaction(
    async (trx) => {
      const bounds = { userId, from: range.from, to: range.to };
      const categories = (await trx.raw(CATEGORY_TOTALS, bounds)) as { rows: CategoryQueryRow[] };
      const byMonth = await periodTotals(trx, userId, range, 'month', months);
      const merchants = (await trx.raw(TOP_MERCHANT_TOTALS, {
        ...bounds,
        limit: TOP_MERCHANTS,
      })) as {
        rows: { merchant: string; total: string; count: number | string }[];
      };
      const total = categories.rows.find((r) => r.is_total);
      const byCategory = categories.rows
        .filter((r) => !r.is_total)
        .map((r) => ({
          categoryId: r.category_key === NO_CATEGORY_KEY ? null : r.category_key,
          income: r.income,
          expenses: r.expenses,
          count: Number(r.count),
        }));
      return {
        income: total?.income ?? '0',
        expenses: total?.expenses ?? '0',
        count: Number(total?.count ?? 0),
        byCategory,
        byMonth,
        topMerchants: merchants.rows.map((m) => ({
          merchant: m.merchant,
          total: m.total,
          count: Number(m.count),
        })),
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** Cashflow points of the range, every period present, with the running balance. */
export function cashflowTotals(
  db: Knex,
  userId: string,
  range: DateRange,
  interval: Interval,
  periods: { first: string; last: string },
): Promise<PeriodTotalRow[]> {
  return periodTotals(db, userId, range, interval, periods);
}

export interface TransactionGroupRow {
  key: string;
  name: string;
  income: string;
  expenses: string;
  count: number;
}

export interface AggregateRows {
  income: string;
  expenses: string;
  count: number;
  groups: TransactionGroupRow[];
  groupCount: number;
}

/** What a transaction counts under; merchants fall back to the description, as people read them. */
const MERCHANT_NAME = `btrim(coalesce(nullif(btrim(merchant), ''), description))`;
/** What each grouping groups by, and the name shown when it is not the key itself. */
const GROUP_KEY: Record<GroupBy, { key: string; name?: string }> = {
  none: { key: `''` },
  category: { key: `coalesce(category_id::text, 'uncategorized')` },
  merchant: { key: `lower(${MERCHANT_NAME})`, name: MERCHANT_NAME },
  // occurred_at is the UTC day's midnight; AT TIME ZONE keeps the session's zone out of it.
  month: { key: `to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM')` },
};

interface AggregateQueryRow {
  key: string;
  name: string;
  income: string;
  expenses: string;
  count: number | string;
  all_income: string;
  all_expenses: string;
  all_count: number | string;
  group_count: number | string;
}

/**
 * Totals of the transactions a list filter selects, whole and per group, in one statement:
 * the groups are summed once, and window sums over them give the whole before the LIMIT cuts
 * the groups answered. Months come in calendar order, other groups largest first.
 */
export async function aggregateTransactions(
  db: Knex,
  userId: string,
  filter: TransactionFilter,
  groupBy: GroupBy,
  limit: number,
): Promise<AggregateRows> {
  const { key, name = key } = GROUP_KEY[groupBy];
  const grouped = applyFilter(db('transactions').where('user_id', userId), filter)
    .select(
      db.raw(`${key} AS key`),
      db.raw(`min(${name}) AS name`),
      db.raw(`coalesce(sum(amount) FILTER (WHERE type = 'credit'), 0) AS income`),
      db.raw(`coalesce(sum(amount) FILTER (WHERE type = 'debit'), 0) AS expenses`),
      db.raw('count(*) AS count'),
    )
    .groupByRaw('1');
  const order = groupBy === 'month' ? 'key' : '(income + expenses) DESC, count DESC, key';
  const rows = (await db
    .with('groups', grouped)
    .select(
      '*',
      db.raw('sum(income) OVER () AS all_income'),
      db.raw('sum(expenses) OVER () AS all_expenses'),
      db.raw('sum(count) OVER () AS all_count'),
      db.raw('count(*) OVER () AS group_count'),
    )
    .from('groups')
    .orderByRaw(order)
    .limit(limit)) as AggregateQueryRow[];
  const first = rows[0];
  return {
    income: first?.all_income ?? '0',
    expenses: first?.all_expenses ?? '0',
    count: Number(first?.all_count ?? 0),
    groups:
      groupBy === 'none'
        ? []
        : rows.map((r) => ({
            key: r.key,
            name: r.name,
            income: r.income,
            expenses: r.expenses,
            count: Number(r.count),
          })),
    groupCount: groupBy === 'none' ? 0 : Number(first?.group_count ?? 0),
  };
}
