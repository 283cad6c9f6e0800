import type { Knex } from '@pfs/kit';
import type { BatchUpdate } from '../domain/batch';
import type { Transaction, TransactionFields } from '../domain/transactions';
import { fromRow, type TransactionRow } from './transactions';

/** The row values one batch item writes, as JSON for jsonb_to_recordset. */
interface BatchValues {
  id: string;
  occurred_at: string;
  description: string;
  amount: string;
  type: string;
  category_id: string | null;
  merchant: string | null;
  is_tax_deductible: boolean;
  business_use_percentage: string;
  gst_rate: string | null;
  gst_amount: string;
  gst_included: boolean;
}

function valuesOf(id: string, t: TransactionFields): BatchValues {
  return {
    id,
    occurred_at: t.occurredAt.toISOString(),
    description: t.description,
    amount: t.amount,
    type: t.type,
    category_id: t.categoryId,
    merchant: t.merchant,
    is_tax_deductible: t.isTaxDeductible,
    business_use_percentage: t.businessUsePercentage,
    gst_rate: t.gstRate,
    gst_amount: t.gstAmount,
    gst_included: t.gstIncluded,
  };
}

/**
 * Every item's complete new row travels in one JSON document and is applied by one UPDATE …
 * FROM jsonb_to_recordset, whatever the batch size. Columns an item does not change are
 * written back with their stored value, which is safe because the rows are locked.
 */
const UPDATE_FROM_JSON = `
  UPDATE transactions AS t SET
    occurred_at = v.occurred_at,
    description = v.description,
    amount = v.amount,
    type = v.type,
    category_id = v.category_id,
    merchant = v.merchant,
    is_tax_deductible = v.is_tax_deductible,
    business_use_percentage = v.business_use_percentage,
    gst_rate = v.gst_rate,
    gst_amount = v.gst_amount,
    gst_included = v.gst_included,
    updated_at = now()
  FROM jsonb_to_recordset(?::jsonb) AS v(
    id uuid, occurred_at timestamptz, description text, amount numeric, type text,
    category_id uuid, merchant text, is_tax_deductible boolean, business_use_percentage numeric,
    gst_rate numeric, gst_amount numeric, gst_included boolean
  )
  WHERE t.id = v.id AND t.user_id = ?
  RETURNING t.*`;

/** Thrown inside the transaction so it rolls back; mapped to "not found" for the batch. */
class MissingRows extends Error {}

/**
 * Applies a validated batch all or nothing, in a constant number of statements: the user's
 * rows for every id are locked in id order (so concurrent batches cannot deadlock), `resolve`
 * completes the changes against them (it may throw, rolling everything back), then a single
 * UPDATE writes every changed row. Undefined when any id is not one of the user's
 * transactions; nothing is changed then. The result follows the order of `updates`.
 */
export async function batchUpdateTransactions(
  db: Knex,
  userId: string,
  updates: BatchUpdate[],
  resolve: (current: ReadonlyMap<string, Transaction>) => BatchUpdate[],
): Promise<Transaction[] | undefined> {
  const ids = updates.map((u) => u.id);
  try {
    return await db.transaction(async (trx) => {
      const locked = (await trx<TransactionRow>('transactions')
        .where('user_id', userId)
        .whereIn('id', ids)
        .orderBy('id')
        .forUpdate()
        .select('*')) as TransactionRow[];
      if (locked.length !== ids.length) throw new MissingRows();
      const current = new Map(locked.map((row) => [row.id, fromRow(row)]));

      const changed = resolve(current).filter((u) => Object.keys(u.changes).length > 0);
      const result = new Map(current);
      if (changed.length) {
        const values = changed.map((u) =>
          valuesOf(u.id, { ...(current.get(u.id) as Transaction), ...u.changes }),
        );
        const { rows } = (await trx.raw(UPDATE_FROM_JSON, [JSON.stringify(values), userId])) as {
          rows: TransactionRow[];
        };
        if (rows.length !== changed.length) throw new MissingRows();
        for (const row of rows) result.set(row.id, fromRow(row));
      }
      return ids.map((id) => result.get(id) as Transaction);
    });
  } catch (err) {
    if (err instanceof MissingRows) return undefined;
    throw err;
  }
}
