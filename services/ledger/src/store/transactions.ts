import { newId, offsetOf, type Knex, type Page } from '@pfs/kit';
import type { TransactionFilter, TransactionSort } from '../domain/listing';
import type {
  Transaction,
  TransactionChanges,
  TransactionFields,
  TransactionType,
} from '../domain/transactions';
import { countTransactions } from './counts';

const TABLE = 'transactions';

/** A row of ledger.transactions as pg returns it (NUMERIC as strings, timestamptz as Date). */
export interface TransactionRow {
  id: string;
  user_id: string;
  occurred_at: Date;
  description: string;
  amount: string;
  type: TransactionType;
  category_id: string | null;
  merchant: string | null;
  is_tax_deductible: boolean;
  business_use_percentage: string;
  gst_rate: string | null;
  gst_amount: string;
  gst_included: boolean;
  source: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

type Columns = Partial<Omit<TransactionRow, 'occurred_at' | 'created_at' | 'updated_at'>> & {
  occurred_at?: string;
};

const COLUMN_OF: { [K in keyof TransactionFields]: keyof TransactionRow } = {
  occurredAt: 'occurred_at',
  description: 'description',
  amount: 'amount',
  type: 'type',
  categoryId: 'category_id',
  merchant: 'merchant',
  isTaxDeductible: 'is_tax_deductible',
  businessUsePercentage: 'business_use_percentage',
  gstRate: 'gst_rate',
  gstAmount: 'gst_amount',
  gstIncluded: 'gst_included',
};

function toColumns(changes: TransactionChanges): Columns {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    // Dates travel as ISO text so the instant does not depend on the pg driver's time zone.
    columns[COLUMN_OF[field as keyof TransactionFields]] =
      value instanceof Date ? value.toISOString() : value;
  }
  return columns as Columns;
}

export function fromRow(row: TransactionRow): Transaction {
  return {
    id: row.id,
    occurredAt: row.occurred_at,
    description: row.description,
    amount: row.amount,
    type: row.type,
    categoryId: row.category_id,
    merchant: row.merchant,
    isTaxDeductible: row.is_tax_deductible,
    businessUsePercentage: row.business_use_percentage,
    gstRate: row.gst_rate,
    gstAmount: row.gst_amount,
    gstIncluded: row.gst_included,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertTransaction(
  db: Knex,
  userId: string,
  fields: TransactionFields,
): Promise<Transaction> {
  const [row] = await db(TABLE)
    .insert({ ...toColumns(fields), id: newId(), user_id: userId })
    .returning('*');
  return fromRow(row as TransactionRow);
}

/** What a statement writes beside a new row: an outbox event prepared by kit (prepareEvent). */
export interface StatementExtra {
  insert: Knex.QueryBuilder;
  /** pg_notify'd by the same statement. */
  channel: string;
}

/**
 * Inserts a transaction and, in the same statement, what `extra` writes for it (its
 * transaction.created outbox row and the relay's wake-up): one round trip instead of
 * BEGIN, INSERT, INSERT, NOTIFY, COMMIT, and atomic all the same (a statement with
 * data-modifying CTEs commits or fails as a whole). `extra` sees the new transaction before
 * the insert; everything it needs is in the fields and the id.
 */
export async function insertTransactionWith(
  db: Knex,
  userId: string,
  fields: TransactionFields,
  options: { rulesPending?: boolean },
  extra: (transaction: Transaction) => StatementExtra,
): Promise<Transaction> {
  const id = newId();
  const now = new Date();
  const { insert, channel } = extra({ ...fields, id, createdAt: now, updatedAt: now });
  const row = db(TABLE)
    .insert({
      ...toColumns(fields),
      id,
      user_id: userId,
      ...(options.rulesPending ? { rules_pending: true } : {}),
    })
    .returning('*');
  const result = (await db.raw(
    `WITH t AS (?), e AS (?) SELECT t.*, pg_notify(?, '') AS notified FROM t`,
    [row, insert, channel],
  )) as { rows: TransactionRow[] };
  return fromRow(result.rows[0]);
}

export async function findTransaction(
  db: Knex,
  userId: string,
  id: string,
): Promise<Transaction | undefined> {
  const row = await db<TransactionRow>(TABLE).where({ id, user_id: userId }).first();
  return row && fromRow(row as TransactionRow);
}

/**
 * Updates one of the user's transactions. `decide` sees the stored row (locked until commit,
 * so concurrent updates cannot interleave between read and write) and returns the changes;
 * no changes leaves the row, and its updated_at, untouched. Undefined when the user has no
 * such transaction.
 */
export async function updateTransaction(
  db: Knex,
  userId: string,
  id: string,
  decide: (current: Transaction) => TransactionChanges,
  /** Runs in the same transaction after a real change (the transaction.updated event). */
  onChanged?: (trx: Knex.Transaction, before: Transaction, after: Transaction) => Promise<unknown>,
): Promise<Transaction | undefined> {
  return db.transaction(async (trx) => {
    const locked = await trx<TransactionRow>(TABLE)
      .where({ id, user_id: userId })
      .forUpdate()
      .first();
    if (!locked) return undefined;
    const current = fromRow(locked as TransactionRow);
    const columns = toColumns(decide(current));
    if (!Object.keys(columns).length) return current;
    const [row] = await trx(TABLE)
      .where({ id, user_id: userId })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning('*');
    const updated = fromRow(row as TransactionRow);
    await onChanged?.(trx, current, updated);
    return updated;
  });
}

/**
 * True when the user's transaction existed and is now gone. `onDeleted` runs in the same
 * database transaction with the deleted row (the transaction.deleted event).
 */
export async function deleteTransaction(
  db: Knex,
  userId: string,
  id: string,
  onDeleted?: (trx: Knex.Transaction, deleted: Transaction) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [row] = await trx(TABLE).where({ id, user_id: userId }).delete().returning('*');
    if (!row) return false;
    await onDeleted?.(trx, fromRow(row as TransactionRow));
    return true;
  });
}

/** The list filter as SQL conditions (shared by listing and the aggregate RPC). */
export function applyFilter(
  query: Knex.QueryBuilder,
  filter: TransactionFilter,
): Knex.QueryBuilder {
  if (filter.occurredFrom) query.where('occurred_at', '>=', filter.occurredFrom.toISOString());
  if (filter.occurredBefore) query.where('occurred_at', '<', filter.occurredBefore.toISOString());
  if (filter.categoryId) query.where('category_id', filter.categoryId);
  if (filter.uncategorized) query.whereNull('category_id');
  if (filter.type) query.where('type', filter.type);
  // lower() on both sides matches the (user_id, lower(merchant)) index.
  if (filter.merchant) query.whereRaw('lower(merchant) = lower(?)', [filter.merchant]);
  if (filter.searchPattern) {
    const pattern = filter.searchPattern;
    query.where((q) =>
      q.where('description', 'ilike', pattern).orWhere('merchant', 'ilike', pattern),
    );
  }
  if (filter.minAmount) query.where('amount', '>=', filter.minAmount);
  if (filter.maxAmount) query.where('amount', '<=', filter.maxAmount);
  if (filter.isTaxDeductible !== undefined)
    query.where('is_tax_deductible', filter.isTaxDeductible);
  return query;
}

export interface TransactionPage {
  transactions: Transaction[];
  /** Every matching transaction, not just this page's. */
  total: number;
}

/**
 * One page of the user's matching transactions plus the exact total, as two queries: a
 * window count(*) over() would make PostgreSQL read every matching row before the LIMIT, and
 * it yields no total at all for a page past the end. The first page runs both in parallel;
 * later pages count first, so a page past the end never walks the whole OFFSET.
 */
export async function listTransactions(
  db: Knex,
  userId: string,
  filter: TransactionFilter,
  sort: TransactionSort,
  page: Page,
): Promise<TransactionPage> {
  const matching = () => applyFilter(db<TransactionRow>(TABLE).where('user_id', userId), filter);
  const offset = offsetOf(page);
  // The exact total, remembered per user version, else read from the per-day totals or, for
  // the filters those cannot answer, counted from the rows (store/counts.ts).
  const count = (): Promise<number> =>
    countTransactions(db, userId, filter, async () => {
      const [row] = (await matching().count({ total: '*' })) as { total: number | string }[];
      return Number(row?.total ?? 0);
    });
  const ordered = (query: Knex.QueryBuilder) =>
    query
      // The id tie-break keeps pages stable when dates or amounts repeat.
      .orderBy([
        { column: sort.column, order: sort.direction },
        { column: 'id', order: sort.direction },
      ])
      .limit(page.limit)
      .offset(offset);
  const fetchPage = async (): Promise<Transaction[]> => {
    if (filter.searchPattern) {
      // Text search: the page's ids first, from an index holding the searched columns
      // (migration 0009) without a heap visit per candidate row, then just those rows.
      const ids = ((await ordered(matching().select('id'))) as { id: string }[]).map((r) => r.id);
      if (!ids.length) return [];
      const found = (await db<TransactionRow>(TABLE)
        .where('user_id', userId)
        .whereIn('id', ids)
        .select('*')) as TransactionRow[];
      const byId = new Map(found.map((row) => [row.id, fromRow(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    }
    const rows = await ordered(matching().select('*'));
    return (rows as TransactionRow[]).map(fromRow);
  };
  if (offset === 0) {
    const [transactions, total] = await Promise.all([fetchPage(), count()]);
    return { transactions, total };
  }
  const total = await count();
  return { transactions: offset < total ? await fetchPage() : [], total };
}
