import { AppError, money, newId, offsetOf, type Knex, type Page } from '@pfs/kit';
import type { Bill, BillChanges, NewBill } from '../domain/bills';
import type { BillPattern } from '../domain/patterns';

/** Every query names the user: a bill of another user is simply not there. */

export interface BillRow {
  id: string;
  user_id: string;
  name: string;
  amount: string;
  due_date: string;
  paid: boolean;
  paid_at: Date | null;
  transaction_id: string | null;
  category_id: string | null;
  notes: string | null;
  merchant: string | null;
  recurring: boolean;
  pattern_id: string | null;
  due_soon_notified_at: Date | null;
  rules_pending?: boolean;
  created_at: Date;
  updated_at: Date;
}

export function toBill(row: BillRow): Bill {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    amount: money(row.amount),
    dueDate: row.due_date,
    paid: row.paid,
    paidAt: row.paid_at,
    transactionId: row.transaction_id,
    categoryId: row.category_id,
    notes: row.notes,
    merchant: row.merchant,
    recurring: row.recurring,
    patternId: row.pattern_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === UNIQUE_VIOLATION && e.constraint === constraint;
}

/** Turns the unique indexes' errors into the contract's CONFLICT. */
function conflicts(err: unknown): never {
  if (isUniqueViolation(err, 'bills_transaction_key')) {
    throw new AppError('CONFLICT', 'That transaction already pays another bill');
  }
  if (isUniqueViolation(err, 'bills_occurrence_key')) {
    throw new AppError('CONFLICT', 'The pattern already has a bill due on that date');
  }
  throw err;
}

export async function insertBill(
  db: Knex,
  userId: string,
  bill: NewBill,
  rulesPending = false,
): Promise<Bill> {
  const [row] = await db<BillRow>('bills')
    .insert({
      rules_pending: rulesPending,
      id: newId(),
      user_id: userId,
      name: bill.name,
      amount: bill.amount.toFixed(2),
      due_date: bill.dueDate,
      category_id: bill.categoryId,
      notes: bill.notes,
      merchant: bill.merchant,
      recurring: false,
    })
    .returning('*');
  return toBill(row as BillRow);
}

export async function findBill(
  db: Knex,
  userId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Bill | undefined> {
  const query = db<BillRow>('bills').where({ user_id: userId, id }).first();
  if (opts.forUpdate) void query.forUpdate();
  const row = (await query) as BillRow | undefined;
  return row ? toBill(row) : undefined;
}

export interface BillQuery {
  paid?: boolean;
  recurring?: boolean;
  from?: string;
  to?: string;
  categoryId?: string;
  patternId?: string;
}

export async function listBills(
  db: Knex,
  userId: string,
  filter: BillQuery,
  page: Page,
): Promise<{ bills: Bill[]; total: number }> {
  const base = db<BillRow>('bills').where({ user_id: userId });
  if (filter.paid !== undefined) void base.where({ paid: filter.paid });
  if (filter.recurring !== undefined) void base.where({ recurring: filter.recurring });
  if (filter.from) void base.where('due_date', '>=', filter.from);
  if (filter.to) void base.where('due_date', '<=', filter.to);
  if (filter.categoryId) void base.where({ category_id: filter.categoryId });
  if (filter.patternId) void base.where({ pattern_id: filter.patternId });
  const [rows, [{ count }]] = await Promise.all([
    base
      .clone()
      .select('*')
      .orderBy([
        { column: 'due_date', order: 'asc' },
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(page.limit)
      .offset(offsetOf(page)),
    base.clone().count<{ count: number }[]>({ count: '*' }),
  ]);
  return { bills: (rows as BillRow[]).map(toBill), total: Number(count) };
}

/** What the rules made of a bill's fields after a patch (undefined: rules pending). */
export type BillRulesHook = (
  next: Pick<Bill, 'name' | 'amount' | 'dueDate' | 'categoryId' | 'merchant'>,
) => { categoryId: string | null; merchant: string | null } | undefined;

/**
 * Applies a validated patch. paid false un-pays (clears paidAt and the linked transaction);
 * paid true on an unpaid bill pays it now. A new due date makes the bill eligible for a new
 * due-soon reminder.
 */
export async function updateBill(
  db: Knex,
  userId: string,
  id: string,
  changes: BillChanges,
  now: Date,
  rules?: BillRulesHook,
): Promise<Bill | undefined> {
  return db.transaction(async (trx) => {
    const current = await findBill(trx, userId, id, { forUpdate: true });
    if (!current) return undefined;
    const set: Record<string, unknown> = { updated_at: now };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.amount !== undefined) set.amount = changes.amount.toFixed(2);
    if (changes.dueDate !== undefined && changes.dueDate !== current.dueDate) {
      set.due_date = changes.dueDate;
      set.due_soon_notified_at = null;
    }
    if (changes.categoryId !== undefined) set.category_id = changes.categoryId;
    if (changes.notes !== undefined) set.notes = changes.notes;
    if (changes.merchant !== undefined) set.merchant = changes.merchant;
    if (changes.paid === false && current.paid) {
      Object.assign(set, { paid: false, paid_at: null, transaction_id: null });
    } else if (changes.paid === true && !current.paid) {
      Object.assign(set, { paid: true, paid_at: now });
    }
    if (rules) {
      // The rules see the bill as patched, like a new bill (ADR 010).
      const ruled = rules({
        name: changes.name ?? current.name,
        amount: changes.amount ?? current.amount,
        dueDate: changes.dueDate ?? current.dueDate,
        categoryId: changes.categoryId !== undefined ? changes.categoryId : current.categoryId,
        merchant: changes.merchant !== undefined ? changes.merchant : current.merchant,
      });
      if (ruled)
        Object.assign(set, {
          category_id: ruled.categoryId,
          merchant: ruled.merchant,
          rules_pending: false,
        });
      else set.rules_pending = true;
    }
    try {
      const [row] = (await trx('bills')
        .where({ user_id: userId, id })
        .update(set)
        .returning('*')) as BillRow[];
      return toBill(row as BillRow);
    } catch (err) {
      return conflicts(err);
    }
  });
}

export async function deleteBill(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db('bills').where({ user_id: userId, id }).delete()) > 0;
}

/** Pays an unpaid bill; CONFLICT when it is paid already or the transaction pays another bill. */
export async function payBill(
  db: Knex,
  userId: string,
  id: string,
  transactionId: string | null,
  now: Date,
): Promise<Bill | undefined> {
  return db.transaction(async (trx) => {
    const current = await findBill(trx, userId, id, { forUpdate: true });
    if (!current) return undefined;
    if (current.paid) throw new AppError('CONFLICT', 'The bill is already paid');
    try {
      const [row] = await trx<BillRow>('bills')
        .where({ user_id: userId, id })
        .update({ paid: true, paid_at: now, transaction_id: transactionId, updated_at: now })
        .returning('*');
      return toBill(row as BillRow);
    } catch (err) {
      return conflicts(err);
    }
  });
}

// ---- occurrences of patterns ----

/** Inserts one bill per date; dates the pattern already has are skipped. Returns how many were new. */
export async function insertOccurrences(
  db: Knex,
  pattern: BillPattern,
  dates: string[],
): Promise<number> {
  if (!dates.length) return 0;
  const rows = dates.map((dueDate) => ({
    id: newId(),
    user_id: pattern.userId,
    name: pattern.name,
    amount: pattern.amount.toFixed(2),
    due_date: dueDate,
    category_id: pattern.categoryId,
    merchant: pattern.merchant,
    recurring: true,
    pattern_id: pattern.id,
  }));
  const inserted = await db('bills')
    .insert(rows)
    .onConflict(['pattern_id', 'due_date'])
    .ignore()
    .returning('id');
  return inserted.length;
}

/** Unpaid occurrences of a pattern due on or after `from`. */
function futureUnpaid(db: Knex, userId: string, patternId: string, from: string) {
  return db<BillRow>('bills')
    .where({ user_id: userId, pattern_id: patternId, paid: false })
    .where('due_date', '>=', from);
}

export async function deleteFutureUnpaidOccurrences(
  db: Knex,
  userId: string,
  patternId: string,
  from: string,
): Promise<number> {
  return futureUnpaid(db, userId, patternId, from).delete();
}

/** Copies a pattern's new name, amount, category and merchant onto its future unpaid bills. */
export async function refreshFutureUnpaidOccurrences(
  db: Knex,
  pattern: BillPattern,
  from: string,
  now: Date,
): Promise<number> {
  return futureUnpaid(db, pattern.userId, pattern.id, from).update({
    name: pattern.name,
    amount: pattern.amount.toFixed(2),
    category_id: pattern.categoryId,
    merchant: pattern.merchant,
    updated_at: now,
  });
}

// ---- autopay ----

/** The user's unpaid bills due in [from, to], locked for the autopay transaction. */
export async function unpaidBillsForUpdate(
  trx: Knex.Transaction,
  userId: string,
  range: { from?: string; to?: string } = {},
  limit = 1000,
): Promise<Bill[]> {
  const query = trx<BillRow>('bills').where({ user_id: userId, paid: false });
  if (range.from) void query.where('due_date', '>=', range.from);
  if (range.to) void query.where('due_date', '<=', range.to);
  const rows = await query.orderBy('due_date', 'desc').limit(limit).forUpdate();
  return (rows as BillRow[]).map(toBill);
}

/** Of the given transaction ids, those that already pay a bill of the user. */
export async function linkedTransactionIds(
  db: Knex,
  userId: string,
  transactionIds: string[],
): Promise<Set<string>> {
  if (!transactionIds.length) return new Set();
  const rows = await db<BillRow>('bills')
    .where({ user_id: userId })
    .whereIn('transaction_id', transactionIds)
    .select('transaction_id');
  return new Set(rows.map((r) => r.transaction_id as string));
}

export async function markPaidByTransaction(
  trx: Knex.Transaction,
  userId: string,
  billId: string,
  transactionId: string,
  now: Date,
): Promise<boolean> {
  const updated = await trx('bills')
    .where({ user_id: userId, id: billId, paid: false })
    .update({ paid: true, paid_at: now, transaction_id: transactionId, updated_at: now });
  return updated > 0;
}

// ---- due-soon reminders ----

export interface DueSoonRow extends BillRow {
  window_days: number;
}

/** The longest reminder window a user may choose (bill_settings check). */
export const MAX_DUE_SOON_DAYS = 60;

/**
 * Unpaid, not yet reminded bills due from today to today + the user's window, locked with
 * SKIP LOCKED so concurrent runs take disjoint bills.
 */
export async function claimDueSoon(
  trx: Knex.Transaction,
  today: string,
  defaultDays: number,
  limit: number,
): Promise<DueSoonRow[]> {
  const { rows } = await trx.raw<{ rows: DueSoonRow[] }>(
    `SELECT b.*, coalesce(s.due_soon_days, ?)::int AS window_days
       FROM bills b
       LEFT JOIN bill_settings s ON s.user_id = b.user_id
      WHERE NOT b.paid
        AND b.due_soon_notified_at IS NULL
        AND b.due_date >= ?::date
        AND b.due_date <= ?::date + ?::int
        AND b.due_date <= ?::date + coalesce(s.due_soon_days, ?)::int
      ORDER BY b.due_date, b.id
      LIMIT ?
      FOR UPDATE OF b SKIP LOCKED`,
    [defaultDays, today, today, MAX_DUE_SOON_DAYS, today, defaultDays, limit],
  );
  return rows;
}

export async function markDueSoonNotified(
  trx: Knex.Transaction,
  ids: string[],
  now: Date,
): Promise<void> {
  if (ids.length) await trx('bills').whereIn('id', ids).update({ due_soon_notified_at: now });
}
