import { isUuid, newId, offsetOf, type Knex, type Page } from '@pfs/kit';
import {
  checkItemCategories,
  planAssignment,
  type Assignment,
  type AssignmentRequest,
  type AssignmentState,
  type HistoryEntry,
} from '../domain/assignment';
import { findCategories } from './categories';

const TABLE = 'transaction_category_assignments';
const HISTORY_TABLE = 'assignment_history';

interface AssignmentRow {
  id: string;
  user_id: string;
  transaction_id: string;
  category_id: string;
  category_set_id: string | null;
  is_primary: boolean;
  /** NUMERIC(4,3) arrives as text, e.g. "0.500". */
  confidence: string;
  assigned_by: string;
  actor: string;
  assigned_at: Date;
  notes: string | null;
}

interface HistoryRow {
  id: string;
  transaction_id: string;
  category_id: string;
  action: string;
  from_category_id: string | null;
  to_category_id: string | null;
  assigned_by: string;
  actor: string;
  at: Date;
  notes: string | null;
}

function toAssignment(row: AssignmentRow): Assignment {
  return {
    id: row.id,
    userId: row.user_id,
    transactionId: row.transaction_id,
    categoryId: row.category_id,
    categorySetId: row.category_set_id,
    isPrimary: row.is_primary,
    confidence: Number(row.confidence),
    assignedBy: row.assigned_by,
    actor: row.actor,
    assignedAt: row.assigned_at,
    notes: row.notes,
  };
}

function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    categoryId: row.category_id,
    action: row.action,
    fromCategoryId: row.from_category_id,
    toCategoryId: row.to_category_id,
    assignedBy: row.assigned_by,
    actor: row.actor,
    at: row.at,
    notes: row.notes,
  };
}

function stateColumns(state: AssignmentState) {
  return {
    category_set_id: state.categorySetId,
    is_primary: state.isPrimary,
    confidence: String(state.confidence),
    notes: state.notes,
  };
}

/**
 * The transaction's assignments with their categories embedded: the primary first, then in
 * the order they were made (by category name within one request).
 */
export async function listAssignments(
  db: Knex,
  userId: string,
  transactionId: string,
): Promise<Assignment[]> {
  if (!isUuid(transactionId)) return [];
  const rows = await db<AssignmentRow>(TABLE)
    .where({ user_id: userId, transaction_id: transactionId })
    .select('*');
  const categories = new Map(
    (
      await findCategories(
        db,
        userId,
        rows.map((r) => r.category_id),
      )
    ).map((c) => [c.id, c]),
  );
  return rows
    .map((row) => ({ ...toAssignment(row), category: categories.get(row.category_id) }))
    .sort(
      (a, b) =>
        Number(b.isPrimary) - Number(a.isPrimary) ||
        a.assignedAt.getTime() - b.assignedAt.getTime() ||
        (a.category?.name ?? '').localeCompare(b.category?.name ?? '') ||
        a.id.localeCompare(b.id),
    );
}

export interface AssignResult {
  assignments: Assignment[];
  primaryBefore: string | null;
  primaryAfter: string | null;
}

/**
 * Applies an add or replace request in one database transaction: the assignments and the
 * history rows describing each change commit together or not at all. Requests for the same
 * transaction queue on an advisory lock, so each plans against the state the previous left.
 */
export async function assignCategories(
  db: Knex,
  userId: string,
  transactionId: string,
  request: AssignmentRequest,
): Promise<AssignResult> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [
      `categorization:assignments:${userId}:${transactionId}`,
    ]);
    const categories = new Map(
      (
        await findCategories(
          trx,
          userId,
          request.items.map((i) => i.categoryId),
        )
      ).map((c) => [c.id, c]),
    );
    checkItemCategories(request.items, categories);

    const current = (
      await trx<AssignmentRow>(TABLE)
        .where({ user_id: userId, transaction_id: transactionId })
        .select('*')
    ).map(toAssignment);
    const plan = planAssignment(
      current,
      request,
      new Map([...categories].map(([id, c]) => [id, c.categorySetId])),
    );

    if (plan.remove.length) {
      await trx(TABLE)
        .where({ user_id: userId })
        .whereIn(
          'id',
          plan.remove.map((a) => a.id),
        )
        .del();
    }
    // Demotions first: the partial unique index allows one primary at any moment.
    const updates = [...plan.update].sort((a, b) => Number(a.isPrimary) - Number(b.isPrimary));
    for (const u of updates) {
      await trx(TABLE)
        .where({ user_id: userId, id: u.id })
        .update({
          ...stateColumns(u),
          ...(u.reassigned
            ? { assigned_by: u.assignedBy, actor: u.actor, assigned_at: trx.fn.now() }
            : {}),
        });
    }
    if (plan.insert.length) {
      await trx(TABLE).insert(
        plan.insert.map((a) => ({
          id: newId(),
          user_id: userId,
          transaction_id: transactionId,
          category_id: a.categoryId,
          assigned_by: a.assignedBy,
          actor: a.actor,
          ...stateColumns(a),
        })),
      );
    }
    if (plan.history.length) {
      // One multi-row insert: seq follows the array order.
      await trx(HISTORY_TABLE).insert(
        plan.history.map((h) => ({
          id: newId(),
          user_id: userId,
          transaction_id: transactionId,
          category_id: h.categoryId,
          action: h.action,
          from_category_id: h.fromCategoryId,
          to_category_id: h.toCategoryId,
          assigned_by: h.assignedBy,
          actor: h.actor,
          notes: h.notes,
        })),
      );
    }
    return {
      assignments: await listAssignments(trx, userId, transactionId),
      primaryBefore: plan.primaryBefore,
      primaryAfter: plan.primaryAfter,
    };
  });
}

/** Every change to the transaction's assignments, newest first. */
export async function listAssignmentHistory(
  db: Knex,
  userId: string,
  transactionId: string,
  page: Page,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  if (!isUuid(transactionId)) return { entries: [], total: 0 };
  const mine = db<HistoryRow & { user_id: string }>(HISTORY_TABLE).where({
    user_id: userId,
    transaction_id: transactionId,
  });
  const [rows, [{ total }]] = await Promise.all([
    mine
      .clone()
      .select('id', 'transaction_id', 'category_id', 'action', 'from_category_id')
      .select('to_category_id', 'assigned_by', 'actor', 'at', 'notes')
      .orderBy('seq', 'desc')
      .limit(page.limit)
      .offset(offsetOf(page)),
    mine.clone().count<{ total: number }[]>({ total: '*' }),
  ]);
  return { entries: (rows as HistoryRow[]).map(toHistoryEntry), total };
}
