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
import { utcDay } from './domain/dates';
import type { BillRulesSource } from './rules';

/**
 * Rules over stored bills and patterns (ADR 010): categorization's RunRules and TestRule
 * call RuleTargetService.ApplyRules here, and the rules catch-up job settles the records
 * saved while categorization was away (rules_pending). Mirrors the ledger's implementation.
 */

/** Rows read, evaluated and written back per round of a run (one UPDATE each). */
export const RUN_BATCH = 2000;

export type BillTarget = 'bills' | 'patterns';

/** How one target's rows are read as rule records and written back. */
interface TargetTable {
  table: string;
  select: string;
  /** Newest first, for dry runs over the most recent records. */
  recent: string;
  toRecord(row: Record<string, unknown>): RuleRecord;
}

const BILLS: TargetTable = {
  table: 'bills',
  select: `id, name, merchant, amount::text AS amount, due_date::text AS due_date, category_id`,
  recent: 'due_date DESC, id DESC',
  toRecord: (r) => ({
    name: r.name as string,
    merchant: r.merchant as string | null,
    amount: r.amount as string,
    dueDate: r.due_date as string,
    categoryId: r.category_id as string | null,
  }),
};

const PATTERNS: TargetTable = {
  table: 'bill_patterns',
  select: `id, name, merchant, amount::text AS amount, frequency, category_id`,
  recent: 'created_at DESC, id DESC',
  toRecord: (r) => ({
    name: r.name as string,
    merchant: r.merchant as string | null,
    amount: r.amount as string,
    frequency: r.frequency as string,
    categoryId: r.category_id as string | null,
  }),
};

export const TARGET_TABLES: Record<BillTarget, TargetTable> = {
  bills: BILLS,
  patterns: PATTERNS,
};

/** The columns rules write (category and merchant), as a jsonb_to_recordset row. */
function toColumns(row: Record<string, unknown>, out: RuleOutcome): Record<string, unknown> {
  return {
    id: row.id,
    category_id: out.record.categoryId ?? null,
    merchant: out.record.merchant ?? null,
  };
}

/**
 * One UPDATE for every changed row of a batch; clears rules_pending on them too. For
 * patterns, their future unpaid occurrences take the new category and merchant (as a
 * PATCH of the pattern would give them).
 */
export async function writeBatch(
  db: Knex,
  target: BillTarget,
  userId: string,
  rows: Record<string, unknown>[],
  today: string,
): Promise<number> {
  if (!rows.length) return 0;
  const { table } = TARGET_TABLES[target];
  const json = JSON.stringify(rows);
  const write = async (trx: Knex) => {
    const result = await trx.raw(
      `UPDATE ${table} AS t SET category_id = v.category_id, merchant = v.merchant,
         rules_pending = false, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, category_id uuid, merchant text)
       WHERE t.user_id = ? AND t.id = v.id`,
      [json, userId],
    );
    if (target === 'patterns') {
      await trx.raw(
        `UPDATE bills AS b SET category_id = v.category_id, merchant = v.merchant, updated_at = now()
         FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, category_id uuid, merchant text)
         WHERE b.user_id = ? AND b.pattern_id = v.id AND NOT b.paid AND b.due_date >= ?`,
        [json, userId, today],
      );
    }
    return (result as { rowCount: number }).rowCount;
  };
  return target === 'patterns' && !db.isTransaction ? db.transaction(write) : write(db);
}

export interface RunTotals {
  processed: number;
  matched: number;
  updated: number;
  byRule: Map<string, number>;
}

/**
 * Applies compiled rules to every one of the user's rows of a target, keyset-paged by id in
 * batches of RUN_BATCH: each batch is read, evaluated in memory and written with one UPDATE
 * (a run is not all-or-nothing; running it again is harmless).
 */
export async function runOverTable(
  db: Knex,
  target: BillTarget,
  userId: string,
  set: CompiledRuleSet,
  today: string,
): Promise<RunTotals> {
  const spec = TARGET_TABLES[target];
  const totals: RunTotals = { processed: 0, matched: 0, updated: 0, byRule: new Map() };
  let after: string | undefined;
  for (;;) {
    const rows = (
      await db.raw(
        `SELECT ${spec.select} FROM ${spec.table}
       WHERE user_id = ? ${after ? 'AND id > ?' : ''} ORDER BY id LIMIT ${RUN_BATCH}`,
        after ? [userId, after] : [userId],
      )
    ).rows as Record<string, unknown>[];
    if (!rows.length) break;
    after = rows[rows.length - 1].id as string;
    totals.processed += rows.length;
    const changed: Record<string, unknown>[] = [];
    for (const row of rows) {
      const out = applyRules(set, spec.toRecord(row));
      if (!out.matchedRuleIds.length) continue;
      totals.matched++;
      for (const id of out.matchedRuleIds) totals.byRule.set(id, (totals.byRule.get(id) ?? 0) + 1);
      if (out.changes.length) changed.push(toColumns(row, out));
    }
    totals.updated += await writeBatch(db, target, userId, changed, today);
    if (rows.length < RUN_BATCH) break;
  }
  return totals;
}

/** RuleTargetService of bills: rules over stored bills and patterns. */
export function ruleTargetBinding({
  db,
  logger,
  now = () => new Date(),
}: {
  db: Knex;
  logger: Logger;
  now?: () => Date;
}): GrpcServiceBinding {
  const log = logger.child({ component: 'rules-run' });
  const implementation: RuleTargetServiceServer = {
    applyRules: unary(async (req, { userId }): Promise<ApplyRulesResponse> => {
      if (req.target !== 'bills' && req.target !== 'patterns')
        throw AppError.validation([{ field: 'target', message: 'must be bills or patterns' }]);
      const target: BillTarget = req.target;
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
          label: row.name as string,
          record: spec.toRecord(row),
        }));
      }
      const started = Date.now();
      const totals = await runOverTable(db, target, userId, set, utcDay(now()));
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

const USERS_PER_ROUND = 100;
const ROWS_PER_CLAIM = 500;

/**
 * The rules catch-up (a job of the bills job runner): applies the rules to bills and
 * patterns saved while categorization was unreachable (rules_pending). Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so replicas never settle the same row twice, and they stay pending
 * for as long as categorization is away. Returns how many rows it settled and whether it
 * stopped early because categorization still does not answer.
 */
export async function settlePendingRules(
  db: Knex,
  rules: BillRulesSource,
  now: Date,
  logger?: Logger,
): Promise<{ settled: number; waiting: boolean }> {
  const today = utcDay(now);
  let settled = 0;
  for (const target of Object.keys(TARGET_TABLES) as BillTarget[]) {
    const spec = TARGET_TABLES[target];
    const users = (await db(spec.table)
      .distinct('user_id')
      .where({ rules_pending: true })
      .limit(USERS_PER_ROUND)) as { user_id: string }[];
    for (const { user_id: userId } of users) {
      try {
        const set = await rules.rulesFor(userId, target);
        if (!set) return { settled, waiting: true }; // categorization still away
        for (;;) {
          const n = await db.transaction(async (trx) => {
            const rows = (
              await trx.raw(
                `SELECT ${spec.select} FROM ${spec.table} WHERE user_id = ? AND rules_pending
                 ORDER BY id LIMIT ${ROWS_PER_CLAIM} FOR UPDATE SKIP LOCKED`,
                [userId],
              )
            ).rows as Record<string, unknown>[];
            if (!rows.length) return 0;
            // Every claimed row is written (unchanged ones too) so rules_pending clears on all.
            const columns = rows.map((row) => toColumns(row, applyRules(set, spec.toRecord(row))));
            await writeBatch(trx, target, userId, columns, today);
            return rows.length;
          });
          settled += n;
          if (n < ROWS_PER_CLAIM) break;
        }
      } catch (err) {
        logger?.error({ err, userId, target }, 'rules catch-up failed for a user');
      }
    }
  }
  return { settled, waiting: false };
}
