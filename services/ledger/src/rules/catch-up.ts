import { applyRules, type Knex, type Logger } from '@pfs/kit';
import { assignmentsOf } from './records';
import { TARGET_TABLES, writeBatch, type LedgerTarget } from './apply';
import type { RulesSource } from './source';

/**
 * Applies rules to records saved while categorization was unreachable (rules_pending).
 * A job claimed in PostgreSQL (FOR UPDATE SKIP LOCKED), so any number of ledger replicas can
 * run it without doing the work twice, and it survives downtime of any length: rows stay
 * pending until categorization answers (ADR 010).
 */
export interface RulesCatchUp {
  start(): void;
  /** One pass over every pending row it can claim; the number of rows it settled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const USERS_PER_ROUND = 100;
const ROWS_PER_CLAIM = 500;

export function createRulesCatchUp(opts: {
  db: Knex;
  logger: Logger;
  rules: RulesSource;
  intervalMs?: number;
}): RulesCatchUp {
  const { db, rules } = opts;
  const log = opts.logger.child({ component: 'rules-catch-up' });
  const intervalMs = opts.intervalMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function settleUser(target: LedgerTarget, userId: string): Promise<number | undefined> {
    const set = await rules.rulesFor(userId, target);
    if (!set) return undefined;
    const spec = TARGET_TABLES[target];
    const assignments: { id: string; items: ReturnType<typeof assignmentsOf> }[] = [];
    const settled = await db.transaction(async (trx) => {
      const rows = (
        await trx.raw(
          `SELECT ${spec.select} FROM ${spec.table} WHERE user_id = ? AND rules_pending
         ORDER BY id LIMIT ${ROWS_PER_CLAIM} FOR UPDATE SKIP LOCKED`,
          [userId],
        )
      ).rows as Record<string, unknown>[];
      if (!rows.length) return 0;
      const changed: Record<string, unknown>[] = [];
      for (const row of rows) {
        const out = applyRules(set, spec.toRecord(row));
        changed.push(spec.toColumns(row, { ...out, changes: out.changes }));
        if (target === 'transactions') {
          const items = assignmentsOf(set, out);
          if (items.length) assignments.push({ id: row.id as string, items });
        }
      }
      // Every claimed row is written (unchanged ones too) so rules_pending clears on all.
      await writeBatch(trx, spec, userId, changed);
      return rows.length;
    });
    for (const a of assignments) {
      if (!(await rules.assign(userId, a.id, a.items))) {
        await db(spec.table).where({ user_id: userId, id: a.id }).update({ rules_pending: true });
      }
    }
    return settled;
  }

  async function runOnce(): Promise<number> {
    let total = 0;
    for (const target of Object.keys(TARGET_TABLES) as LedgerTarget[]) {
      const users = (await db(TARGET_TABLES[target].table)
        .distinct('user_id')
        .where({ rules_pending: true })
        .limit(USERS_PER_ROUND)) as { user_id: string }[];
      for (const { user_id: userId } of users) {
        if (stopped) return total;
        try {
          const n = await settleUser(target, userId);
          if (n === undefined) return total; // categorization still away: try next round
          total += n;
        } catch (err) {
          log.error({ err, userId, target }, 'rules catch-up failed for a user');
        }
      }
    }
    if (total)
      log.info({ settled: total }, 'rules applied to records saved while categorization was away');
    return total;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => {
          log.error({ err }, 'rules catch-up round failed');
          return 0;
        })
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
