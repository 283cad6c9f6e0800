import {
  AppError,
  applyRules,
  compileRules,
  dryRunReport,
  ruleFromMessage,
  unary,
  type CompiledRuleSet,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
  type RuleOutcome,
  type RuleRecord,
} from '@pfs/kit';
import {
  RuleTargetServiceService,
  type ApplyRulesResponse,
  type RuleTargetServiceServer,
} from '@pfs/proto/categorization/v1/rules';
import { deriveGstAmount } from '../domain/transactions';
import { assignmentsOf } from './records';
import type { RuleAssignmentRecord, RulesSource } from './source';

/** Rows read, evaluated and written back per round of a run (one UPDATE each). */
export const RUN_BATCH = 2000;

/** How one target's rows are read as rule records and written back. */
interface TargetTable {
  table: string;
  select: string;
  /** Newest first, for dry runs over the most recent records. */
  recent: string;
  toRecord(row: Record<string, unknown>): RuleRecord;
  /** Column values of a changed record, as a jsonb_to_recordset row. */
  toColumns(row: Record<string, unknown>, out: RuleOutcome): Record<string, unknown>;
  /** The recordset's column definitions and the SET list. */
  recordset: string;
  set: string;
}

const TRANSACTIONS: TargetTable = {
  table: 'transactions',
  select: `id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, description, merchant, amount::text AS amount, type, category_id,
    is_tax_deductible, business_use_percentage::text AS business_use_percentage,
    gst_rate::text AS gst_rate, gst_included, gst_amount::text AS gst_amount`,
  recent: 'occurred_at DESC, id DESC',
  toRecord: (r) => ({
    id: r.id as string,
    description: r.description as string,
    merchant: r.merchant as string | null,
    amount: r.amount as string,
    type: r.type as string,
    date: r.date as string,
    categoryId: r.category_id as string | null,
    isTaxDeductible: r.is_tax_deductible as boolean,
    businessUsePercentage: r.business_use_percentage as string,
    gstRate: r.gst_rate as string | null,
    gstIncluded: r.gst_included as boolean,
  }),
  toColumns: (row, out) => {
    const r = out.record;
    const gstRate = r.gstRate === null || r.gstRate === undefined ? null : String(r.gstRate);
    const gstIncluded = r.gstIncluded !== false;
    const gstChanged = out.changes.some((c) => c.field === 'gstRate' || c.field === 'gstIncluded');
    return {
      id: row.id,
      category_id: r.categoryId ?? null,
      merchant: r.merchant ?? null,
      is_tax_deductible: r.isTaxDeductible === true,
      business_use_percentage: String(r.businessUsePercentage),
      gst_rate: gstRate,
      gst_included: gstIncluded,
      gst_amount:
        gstChanged && gstRate !== null
          ? deriveGstAmount(row.amount as string, gstRate, gstIncluded)
          : (row.gst_amount as string),
    };
  },
  recordset: `id uuid, category_id uuid, merchant text, is_tax_deductible boolean,
    business_use_percentage numeric, gst_rate numeric, gst_included boolean, gst_amount numeric`,
  set: `category_id = v.category_id, merchant = v.merchant, is_tax_deductible = v.is_tax_deductible,
    business_use_percentage = v.business_use_percentage, gst_rate = v.gst_rate,
    gst_included = v.gst_included, gst_amount = v.gst_amount`,
};

const EXPENSES: TargetTable = {
  table: 'expenses',
  select: `id, expense_date::text AS date, description, amount::text AS amount, category_id,
    is_tax_deductible`,
  recent: 'expense_date DESC, id DESC',
  toRecord: (r) => ({
    id: r.id as string,
    description: r.description as string,
    amount: r.amount as string,
    date: r.date as string,
    categoryId: r.category_id as string | null,
    isTaxDeductible: r.is_tax_deductible as boolean,
  }),
  toColumns: (row, out) => ({
    id: row.id,
    category_id: out.record.categoryId ?? null,
    is_tax_deductible: out.record.isTaxDeductible === true,
  }),
  recordset: 'id uuid, category_id uuid, is_tax_deductible boolean',
  set: 'category_id = v.category_id, is_tax_deductible = v.is_tax_deductible',
};

export const TARGET_TABLES = { transactions: TRANSACTIONS, expenses: EXPENSES } as const;
export type LedgerTarget = keyof typeof TARGET_TABLES;

export interface RunTotals {
  processed: number;
  matched: number;
  updated: number;
  byRule: Map<string, number>;
  /** Where the time went (ms): reading, evaluating, writing. */
  timings: { read: number; evaluate: number; write: number };
}

/**
 * The category a rule set on a stored transaction, for the assignment history: only when the
 * category actually changed, credited to the last matching rule whose setCategory named it.
 */
export function ruleAssignmentOf(
  set: CompiledRuleSet,
  row: Record<string, unknown>,
  out: RuleOutcome,
): RuleAssignmentRecord | undefined {
  const before = (row.category_id as string | null) ?? null;
  const after = out.record.categoryId;
  if (typeof after !== 'string' || after === before) return undefined;
  const primary = assignmentsOf(set, out).find((i) => i.primary);
  if (!primary) return undefined;
  return {
    transactionId: row.id as string,
    categoryId: after,
    ruleId: primary.ruleId,
    previousCategoryId: before,
  };
}

/** One UPDATE for every changed row of a batch; clears rules_pending on them too. */
export async function writeBatch(
  db: Knex,
  spec: TargetTable,
  userId: string,
  rows: Record<string, unknown>[],
  extraWhere = '',
): Promise<number> {
  if (!rows.length) return 0;
  const result = await db.raw(
    `UPDATE ${spec.table} AS t SET ${spec.set}, rules_pending = false, updated_at = now()
     FROM jsonb_to_recordset(?::jsonb) AS v(${spec.recordset})
     WHERE t.user_id = ? AND t.id = v.id ${extraWhere}`,
    [JSON.stringify(rows), userId],
  );
  return (result as { rowCount: number }).rowCount;
}

/**
 * Applies compiled rules to every one of the user's rows of a target, keyset-paged by id in
 * batches of RUN_BATCH: each batch is read, evaluated in memory and written with one UPDATE
 * in its own transaction (a run is not all-or-nothing; running it again is harmless).
 */
export async function runOverTable(
  db: Knex,
  target: LedgerTarget,
  userId: string,
  set: CompiledRuleSet,
  /**
   * Told, once per batch after its UPDATE committed, which transactions a rule gave a new
   * category (for the assignment history); it must not throw.
   */
  recordAssignments?: (items: RuleAssignmentRecord[]) => Promise<unknown>,
): Promise<RunTotals> {
  const spec = TARGET_TABLES[target];
  const totals: RunTotals = {
    processed: 0,
    matched: 0,
    updated: 0,
    byRule: new Map(),
    timings: { read: 0, evaluate: 0, write: 0 },
  };
  let after: string | undefined;
  let writing: Promise<number> = Promise.resolve(0);
  for (;;) {
    let t = Date.now();
    const rows = (
      await db.raw(
        `SELECT ${spec.select} FROM ${spec.table}
       WHERE user_id = ? ${after ? 'AND id > ?' : ''} ORDER BY id LIMIT ${RUN_BATCH}`,
        after ? [userId, after] : [userId],
      )
    ).rows as Record<string, unknown>[];
    totals.timings.read += Date.now() - t;
    t = Date.now();
    if (!rows.length) break;
    after = rows[rows.length - 1].id as string;
    totals.processed += rows.length;
    const changed: Record<string, unknown>[] = [];
    const assigned: RuleAssignmentRecord[] = [];
    for (const row of rows) {
      const out = applyRules(set, spec.toRecord(row));
      if (!out.matchedRuleIds.length) continue;
      totals.matched++;
      for (const id of out.matchedRuleIds) totals.byRule.set(id, (totals.byRule.get(id) ?? 0) + 1);
      if (!out.changes.length) continue;
      changed.push(spec.toColumns(row, out));
      const assignment = target === 'transactions' ? ruleAssignmentOf(set, row, out) : undefined;
      if (assignment) assigned.push(assignment);
    }
    totals.timings.evaluate += Date.now() - t;
    t = Date.now();
    // One write in flight while the next batch is read and evaluated (another connection):
    // rows of different batches are disjoint, and one writer at a time keeps the statement
    // triggers (daily totals, versions) from contending with each other.
    totals.updated += await writing;
    totals.timings.write += Date.now() - t;
    writing = writeBatch(db, spec, userId, changed).then(async (n) => {
      // After the batch's UPDATE committed; a failure to record leaves the write standing.
      if (recordAssignments && assigned.length) await recordAssignments(assigned);
      return n;
    });
    writing.catch(() => undefined); // awaited (and rethrown) on the next round
    if (rows.length < RUN_BATCH) break;
  }
  const t = Date.now();
  totals.updated += await writing;
  totals.timings.write += Date.now() - t;
  return totals;
}

/** RuleTargetService of the ledger: rules over stored transactions and expenses. */
export function ruleTargetBinding({
  db,
  logger,
  rules,
}: {
  db: Knex;
  logger: Logger;
  /** Where rule-made categories are recorded (assignment history); absent: not recorded. */
  rules?: Pick<RulesSource, 'recordRuleAssignments'>;
}): GrpcServiceBinding {
  const log = logger.child({ component: 'rules-run' });
  const implementation: RuleTargetServiceServer = {
    applyRules: unary(async (req, { userId }): Promise<ApplyRulesResponse> => {
      if (req.target !== 'transactions' && req.target !== 'expenses')
        throw AppError.validation([
          { field: 'target', message: 'must be transactions or expenses' },
        ]);
      const target: LedgerTarget = req.target;
      const set = compileRules(req.rules.map(ruleFromMessage), target);
      if (req.dryRun) {
        const spec = TARGET_TABLES[target];
        const limit = Math.min(Math.max(req.limit || 100, 1), 500);
        const rows = (
          await db.raw(
            `SELECT ${spec.select} FROM ${spec.table} WHERE user_id = ? ORDER BY ${spec.recent} LIMIT ${limit}`,
            [userId],
          )
        ).rows as Record<string, unknown>[];
        return dryRunReport(set, rows, (row) => ({
          id: row.id as string,
          label: row.description as string,
          record: spec.toRecord(row),
        }));
      }
      const started = Date.now();
      const totals = await runOverTable(
        db,
        target,
        userId,
        set,
        rules && ((items) => rules.recordRuleAssignments(userId, items)),
      );
      log.info(
        { target, rules: set.rules.length, ...totals, byRule: undefined, ms: Date.now() - started },
        'rules applied to stored records',
      );
      return {
        processed: String(totals.processed),
        matched: String(totals.matched),
        updated: String(totals.updated),
        byRule: [...totals.byRule].map(([ruleId, n]) => ({ ruleId, matched: String(n) })),
        changes: [],
      };
    }),
  };
  return {
    name: 'pfs.categorization.v1.RuleTargetService',
    definition: RuleTargetServiceService,
    implementation,
  };
}
