import { money, newId, offsetOf, type Knex, type Page } from '@pfs/kit';
import type { BillPattern, PatternFields } from '../domain/patterns';
import type { Frequency } from '../domain/recurrence';

interface PatternRow {
  id: string;
  user_id: string;
  name: string;
  amount: string;
  frequency: Frequency;
  interval_count: number;
  start_date: string;
  end_date: string | null;
  category_id: string | null;
  merchant: string | null;
  generated_through: string | null;
  rules_pending?: boolean;
  created_at: Date;
  updated_at: Date;
}

function toPattern(row: PatternRow): BillPattern {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    amount: money(row.amount),
    frequency: row.frequency,
    interval: row.interval_count,
    startDate: row.start_date,
    endDate: row.end_date,
    categoryId: row.category_id,
    merchant: row.merchant,
    generatedThrough: row.generated_through,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function columns(fields: PatternFields) {
  return {
    name: fields.name,
    amount: fields.amount.toFixed(2),
    frequency: fields.frequency,
    interval_count: fields.interval,
    start_date: fields.startDate,
    end_date: fields.endDate,
    category_id: fields.categoryId,
    merchant: fields.merchant,
  };
}

export async function insertPattern(
  db: Knex,
  userId: string,
  fields: PatternFields,
  rulesPending = false,
): Promise<BillPattern> {
  const [row] = await db<PatternRow>('bill_patterns')
    .insert({ id: newId(), user_id: userId, ...columns(fields), rules_pending: rulesPending })
    .returning('*');
  return toPattern(row as PatternRow);
}

export async function findPattern(
  db: Knex,
  userId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<BillPattern | undefined> {
  const query = db<PatternRow>('bill_patterns').where({ user_id: userId, id }).first();
  if (opts.forUpdate) void query.forUpdate();
  const row = (await query) as PatternRow | undefined;
  return row ? toPattern(row) : undefined;
}

export async function listPatterns(
  db: Knex,
  userId: string,
  page: Page,
): Promise<{ patterns: BillPattern[]; total: number }> {
  const base = db<PatternRow>('bill_patterns').where({ user_id: userId });
  const [rows, [{ count }]] = await Promise.all([
    base
      .clone()
      .select('*')
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(page.limit)
      .offset(offsetOf(page)),
    base.clone().count<{ count: number }[]>({ count: '*' }),
  ]);
  return { patterns: (rows as PatternRow[]).map(toPattern), total: Number(count) };
}

/** Every pattern's merchant (or name) of one user: what suggestions leave out. */
export async function patternPayees(db: Knex, userId: string): Promise<string[]> {
  const rows = await db<PatternRow>('bill_patterns')
    .where({ user_id: userId })
    .select('name', 'merchant');
  return rows.map((r) => r.merchant || r.name);
}

export async function updatePattern(
  db: Knex,
  userId: string,
  id: string,
  fields: PatternFields,
  opts: { resetGeneration: boolean; now: Date; rulesPending?: boolean },
): Promise<BillPattern> {
  const [row] = await db<PatternRow>('bill_patterns')
    .where({ user_id: userId, id })
    .update({
      ...columns(fields),
      ...(opts.resetGeneration ? { generated_through: null } : {}),
      ...(opts.rulesPending !== undefined ? { rules_pending: opts.rulesPending } : {}),
      updated_at: opts.now,
    })
    .returning('*');
  return toPattern(row as PatternRow);
}

export async function deletePattern(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db('bill_patterns').where({ user_id: userId, id }).delete()) > 0;
}

export async function setGeneratedThrough(db: Knex, id: string, date: string): Promise<void> {
  await db('bill_patterns').where({ id }).update({ generated_through: date });
}

/**
 * Patterns (of every user) whose occurrences stop short of the horizon and that have not
 * ended before it, locked with SKIP LOCKED: concurrent generators take disjoint patterns.
 */
export async function claimPatternsToGenerate(
  trx: Knex.Transaction,
  horizon: string,
  limit: number,
): Promise<BillPattern[]> {
  const rows = await trx<PatternRow>('bill_patterns')
    .where((q) => void q.whereNull('generated_through').orWhere('generated_through', '<', horizon))
    .where(
      (q) =>
        void q
          .whereNull('end_date')
          .orWhereNull('generated_through')
          .orWhereRaw('generated_through < end_date'),
    )
    .orderByRaw('generated_through NULLS FIRST, id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return (rows as PatternRow[]).map(toPattern);
}
