import { newId, offsetOf, type Knex, type Page } from '@pfs/kit';
import {
  type Expense,
  type ExpenseChanges,
  type ExpenseFields,
  type ExpenseFilter,
  type TaxDeduction,
} from '../domain/expenses';

const TABLE = 'expenses';

/** A row of ledger.expenses as pg returns it (date as 'YYYY-MM-DD', NUMERIC as text). */
interface ExpenseRow {
  id: string;
  user_id: string;
  expense_date: string;
  description: string;
  amount: string;
  category_id: string | null;
  is_tax_deductible: boolean;
  tax_deductions: TaxDeduction[];
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMN_OF: { [K in keyof ExpenseFields]: keyof ExpenseRow } = {
  date: 'expense_date',
  description: 'description',
  amount: 'amount',
  categoryId: 'category_id',
  isTaxDeductible: 'is_tax_deductible',
  taxDeductions: 'tax_deductions',
  notes: 'notes',
};

function toColumns(changes: ExpenseChanges): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    // jsonb travels as JSON text: pg would otherwise send a JS array as a PostgreSQL array.
    columns[COLUMN_OF[field as keyof ExpenseFields]] =
      field === 'taxDeductions' ? JSON.stringify(value) : value;
  }
  return columns;
}

function fromRow(row: ExpenseRow): Expense {
  return {
    id: row.id,
    date: row.expense_date,
    description: row.description,
    amount: row.amount,
    categoryId: row.category_id,
    isTaxDeductible: row.is_tax_deductible,
    taxDeductions: row.tax_deductions,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertExpense(
  db: Knex,
  userId: string,
  fields: ExpenseFields,
  opts: { rulesPending?: boolean } = {},
): Promise<Expense> {
  const [row] = await db(TABLE)
    .insert({
      ...toColumns(fields),
      id: newId(),
      user_id: userId,
      // Saved while categorization was away: the rules catch-up job applies them later.
      ...(opts.rulesPending ? { rules_pending: true } : {}),
    })
    .returning('*');
  return fromRow(row as ExpenseRow);
}

export async function findExpense(
  db: Knex,
  userId: string,
  id: string,
): Promise<Expense | undefined> {
  const row = await db<ExpenseRow>(TABLE).where({ id, user_id: userId }).first();
  return row && fromRow(row as ExpenseRow);
}

/**
 * Updates one of the user's expenses. `decide` sees the stored row, locked until commit, and
 * returns the changes; no changes leaves the row and its updated_at untouched. Undefined when
 * the user has no such expense.
 */
export async function updateExpense(
  db: Knex,
  userId: string,
  id: string,
  decide: (current: Expense) => ExpenseChanges,
): Promise<Expense | undefined> {
  return db.transaction(async (trx) => {
    const locked = await trx<ExpenseRow>(TABLE).where({ id, user_id: userId }).forUpdate().first();
    if (!locked) return undefined;
    const current = fromRow(locked as ExpenseRow);
    const columns = toColumns(decide(current));
    if (!Object.keys(columns).length) return current;
    const [row] = await trx(TABLE)
      .where({ id, user_id: userId })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning('*');
    return fromRow(row as ExpenseRow);
  });
}

/** True when the user's expense existed and is now gone. */
export async function deleteExpense(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db(TABLE).where({ id, user_id: userId }).delete()) > 0;
}

export interface ExpensePage {
  expenses: Expense[];
  total: number;
}

/** One page of the user's matching expenses, newest first, plus the exact total. */
export async function listExpenses(
  db: Knex,
  userId: string,
  filter: ExpenseFilter,
  page: Page,
): Promise<ExpensePage> {
  const matching = () => {
    const query = db<ExpenseRow>(TABLE).where('user_id', userId);
    if (filter.from) query.where('expense_date', '>=', filter.from);
    if (filter.to) query.where('expense_date', '<=', filter.to);
    if (filter.categoryId) query.where('category_id', filter.categoryId);
    if (filter.isTaxDeductible !== undefined)
      query.where('is_tax_deductible', filter.isTaxDeductible);
    return query;
  };
  const offset = offsetOf(page);
  const count = async (): Promise<number> => {
    const [row] = (await matching().count({ total: '*' })) as { total: number | string }[];
    return Number(row?.total ?? 0);
  };
  const fetchPage = async (): Promise<Expense[]> => {
    const rows = await matching()
      .select('*')
      .orderBy([
        { column: 'expense_date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(offset);
    return (rows as ExpenseRow[]).map(fromRow);
  };
  if (offset === 0) {
    const [expenses, total] = await Promise.all([fetchPage(), count()]);
    return { expenses, total };
  }
  const total = await count();
  return { expenses: offset < total ? await fetchPage() : [], total };
}
