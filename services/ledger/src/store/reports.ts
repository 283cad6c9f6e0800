import type { Knex } from '@pfs/kit';
import type { ReportBounds } from '../domain/reports';

/**
 * Tax-report aggregates over one user's transactions, summed in PostgreSQL as NUMERIC (exact)
 * and returned as decimal text. Both read the rows of the range through the
 * (user_id, occurred_at) indexes; every query filters by user_id.
 */

export interface GstTotalsRow {
  gstCollected: string;
  gstPaid: string;
  sales: string;
  purchases: string;
  count: number;
}

export interface GstCategoryRow extends GstTotalsRow {
  categoryId: string | null;
}

export interface DeductionRow {
  categoryId: string | null;
  deductible: string;
  gross: string;
  count: number;
}

/** Amount including its GST: where the amount excluded the GST, the GST is added. */
const GROSS = 'amount + CASE WHEN gst_included THEN 0 ELSE gst_amount END';

/**
 * Per-category and overall GST totals in one pass (GROUPING SETS): GST collected on credits,
 * paid on debits, and the sales and purchases they belong to (including GST). Categories with
 * the most GST first.
 */
const GST_TOTALS = `
  SELECT * FROM (
    SELECT category_id,
           GROUPING(category_id) = 1 AS is_total,
           coalesce(sum(gst_amount) FILTER (WHERE type = 'credit'), 0) AS gst_collected,
           coalesce(sum(gst_amount) FILTER (WHERE type = 'debit'), 0) AS gst_paid,
           coalesce(sum(${GROSS}) FILTER (WHERE type = 'credit'), 0) AS sales,
           coalesce(sum(${GROSS}) FILTER (WHERE type = 'debit'), 0) AS purchases,
           count(*) AS count
    FROM transactions
    WHERE user_id = :userId AND occurred_at >= :start::timestamptz AND occurred_at < :end::timestamptz
    GROUP BY GROUPING SETS ((category_id), ())
  ) AS totals
  ORDER BY is_total DESC, gst_collected + gst_paid DESC, sales + purchases DESC, category_id NULLS LAST`;

/**
 * Deductible debits by category, each transaction's business-use share rounded to the cent on
 * its own (NUMERIC round is half away from zero) before the sums, so the figures add up.
 */
const DEDUCTION_TOTALS = `
  SELECT category_id,
         GROUPING(category_id) = 1 AS is_total,
         coalesce(sum(round(amount * business_use_percentage / 100, 2)), 0) AS deductible,
         coalesce(sum(amount), 0) AS gross,
         count(*) AS count
  FROM transactions
  WHERE user_id = :userId AND type = 'debit' AND is_tax_deductible
    AND occurred_at >= :start::timestamptz AND occurred_at < :end::timestamptz
  GROUP BY GROUPING SETS ((category_id), ())
  ORDER BY is_total DESC, deductible DESC, category_id NULLS LAST`;

interface GstQueryRow {
  category_id: string | null;
  is_total: boolean;
  gst_collected: string;
  gst_paid: string;
  sales: string;
  purchases: string;
  count: number | string;
}

interface DeductionQueryRow {
  category_id: string | null;
  is_total: boolean;
  deductible: string;
  gross: string;
  count: number | string;
}

const bind = (userId: string, range: ReportBounds) => ({
  userId,
  start: range.start,
  end: range.end,
});

export async function gstTotals(
  db: Knex,
  userId: string,
  range: ReportBounds,
): Promise<{ totals: GstTotalsRow; byCategory: GstCategoryRow[] }> {
  const { rows } = (await db.raw(GST_TOTALS, bind(userId, range))) as { rows: GstQueryRow[] };
  const toTotals = (r: GstQueryRow): GstTotalsRow => ({
    gstCollected: r.gst_collected,
    gstPaid: r.gst_paid,
    sales: r.sales,
    purchases: r.purchases,
    count: Number(r.count),
  });
  const total = rows.find((r) => r.is_total);
  return {
    totals: total
      ? toTotals(total)
      : { gstCollected: '0', gstPaid: '0', sales: '0', purchases: '0', count: 0 },
    byCategory: rows
      .filter((r) => !r.is_total)
      .map((r) => ({ categoryId: r.category_id, ...toTotals(r) })),
  };
}

export async function deductionTotals(
  db: Knex,
  userId: string,
  range: ReportBounds,
): Promise<{ totals: Omit<DeductionRow, 'categoryId'>; byCategory: DeductionRow[] }> {
  const { rows } = (await db.raw(DEDUCTION_TOTALS, bind(userId, range))) as {
    rows: DeductionQueryRow[];
  };
  const toRow = (r: DeductionQueryRow) => ({
    deductible: r.deductible,
    gross: r.gross,
    count: Number(r.count),
  });
  const total = rows.find((r) => r.is_total);
  return {
    totals: total ? toRow(total) : { deductible: '0', gross: '0', count: 0 },
    byCategory: rows
      .filter((r) => !r.is_total)
      .map((r) => ({ categoryId: r.category_id, ...toRow(r) })),
  };
}
