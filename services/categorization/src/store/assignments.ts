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

/** One category the rules engine set on a transaction (already written by the ledger). */
export interface RuleAssignmentInput {
  transactionId: string;
  categoryId: string;
  ruleId: string;
  previousCategoryId: string | null;
}

/** The most items one RecordRuleAssignments call may carry. */
export const MAX_RULE_ASSIGNMENTS = 5000;

/**
 * Makes each item's category the transaction's primary assignment (assigned by "rule", the
 * rule id as actor) and records the changes, for a whole batch in one database transaction
 * with a fixed number of set-based statements: lock, read, demote, upsert, history. Items
 * whose category is not the user's are skipped. Items must name distinct transactions.
 */
export async function recordRuleAssignments(
  db: Knex,
  userId: string,
  items: readonly RuleAssignmentInput[],
): Promise<{ recorded: number; skipped: number }> {
  if (!items.length) return { recorded: 0, skipped: 0 };
  const input = JSON.stringify(
    items.map((i) => ({
      transaction_id: i.transactionId,
      category_id: i.categoryId,
      rule_id: i.ruleId,
      previous_category_id: i.previousCategoryId,
    })),
  );
  return db.transaction(async (trx) => {
    // The same per-transaction locks as AssignCategories, taken in one statement in a fixed
    // order so two batches cannot deadlock on each other.
    await trx.raw(
      `SELECT count(pg_advisory_xact_lock(k)) FROM (
         SELECT hashtext('categorization:assignments:' || ? || ':' || v.transaction_id) AS k
         FROM jsonb_to_recordset(?::jsonb) AS v(transaction_id uuid)
         ORDER BY k) AS keys`,
      [userId, input],
    );
    // The user's categories only; each with the transaction's current primary.
    const rows = (
      await trx.raw(
        `SELECT v.transaction_id, v.category_id, v.rule_id, v.previous_category_id,
                c.category_set_id, p.category_id AS primary_id
         FROM jsonb_to_recordset(?::jsonb)
           AS v(transaction_id uuid, category_id uuid, rule_id text, previous_category_id uuid)
         JOIN categories c ON c.id = v.category_id AND c.user_id = ?
         LEFT JOIN ${TABLE} p
           ON p.user_id = ? AND p.transaction_id = v.transaction_id AND p.is_primary`,
        [input, userId, userId],
      )
    ).rows as {
      transaction_id: string;
      category_id: string;
      rule_id: string;
      previous_category_id: string | null;
      category_set_id: string | null;
      primary_id: string | null;
    }[];
    const skipped = items.length - rows.length;
    // Already the primary: nothing changes, nothing is recorded (as AssignCategories).
    const changes = rows.filter((r) => r.primary_id !== r.category_id);
    if (!changes.length) return { recorded: rows.length, skipped };
    const changeSet = JSON.stringify(changes);

    // Demotions first: the partial unique index allows one primary at any moment.
    await trx.raw(
      `UPDATE ${TABLE} AS a SET is_primary = false
       FROM jsonb_to_recordset(?::jsonb) AS v(transaction_id uuid)
       WHERE a.user_id = ? AND a.transaction_id = v.transaction_id AND a.is_primary`,
      [changeSet, userId],
    );
    // A category already assigned (not as primary) becomes the primary and is credited to
    // the rule; its confidence and notes stay. xmax = 0 tells a new row from an updated one.
    const upserted = (
      await trx.raw(
        `INSERT INTO ${TABLE} AS a (id, user_id, transaction_id, category_id, category_set_id,
           is_primary, confidence, assigned_by, actor)
         SELECT gen_random_uuid(), ?, v.transaction_id, v.category_id, v.category_set_id,
           true, 1, 'rule', v.rule_id
         FROM jsonb_to_recordset(?::jsonb)
           AS v(transaction_id uuid, category_id uuid, category_set_id uuid, rule_id text)
         ON CONFLICT (user_id, transaction_id, category_id) DO UPDATE
           SET is_primary = true, category_set_id = excluded.category_set_id,
               assigned_by = 'rule', actor = excluded.actor, assigned_at = now()
         RETURNING a.transaction_id, (xmax = 0) AS inserted`,
        [userId, changeSet],
      )
    ).rows as { transaction_id: string; inserted: boolean }[];
    const inserted = new Set(upserted.filter((u) => u.inserted).map((u) => u.transaction_id));

    // The history, in the order AssignCategories writes it: the assignment, then the primary
    // change (seq follows the ordinality).
    const history = changes.flatMap((r) => [
      ...(inserted.has(r.transaction_id)
        ? [
            {
              transaction_id: r.transaction_id,
              category_id: r.category_id,
              action: 'assigned',
              from_category_id: null,
              to_category_id: r.category_id,
              actor: r.rule_id,
            },
          ]
        : []),
      {
        transaction_id: r.transaction_id,
        category_id: r.category_id,
        action: 'primary_changed',
        from_category_id: r.primary_id ?? r.previous_category_id,
        to_category_id: r.category_id,
        actor: r.rule_id,
      },
    ]);
    await trx.raw(
      `INSERT INTO ${HISTORY_TABLE} (id, user_id, transaction_id, category_id, action,
         from_category_id, to_category_id, assigned_by, actor)
       SELECT gen_random_uuid(), ?, h.transaction_id, h.category_id, h.action,
         h.from_category_id, h.to_category_id, 'rule', h.actor
       FROM jsonb_to_recordset(?::jsonb)
         AS h(n int, transaction_id uuid, category_id uuid, action text, from_category_id uuid,
              to_category_id uuid, actor text)
       ORDER BY h.n`,
      [userId, JSON.stringify(history.map((h, n) => ({ n, ...h })))],
    );
    return { recorded: rows.length, skipped };
  });
}
