import { applyRules, type CompiledRuleSet, type Knex } from '@pfs/kit';
import { ruleAssignmentOf, TARGET_TABLES, writeBatch } from './apply';
import type { RuleAssignmentRecord } from './source';

/**
 * Rules for a batch of imported rows, inside the transaction that inserted them (so the
 * import's answer already shows their effect). `set` is the user's rules fetched once per
 * import; null means categorization could not be reached, and the rows are marked for the
 * catch-up job instead. Rows the insert left out (duplicates) are not touched: only ids that
 * belong to this import are read. Returns the rows a rule gave a new category, for the
 * assignment history once the transaction has committed.
 */
export async function applyRulesToImported(
  trx: Knex | Knex.Transaction,
  userId: string,
  importId: string,
  ids: string[],
  set: CompiledRuleSet | null,
): Promise<RuleAssignmentRecord[]> {
  if (!ids.length) return [];
  if (!set) {
    await trx('transactions')
      .where({ user_id: userId, import_id: importId })
      .whereIn('id', ids)
      .update({ rules_pending: true });
    return [];
  }
  if (!set.rules.length) return [];
  const spec = TARGET_TABLES.transactions;
  const rows = (
    await trx.raw(
      `SELECT ${spec.select} FROM transactions
       WHERE user_id = ? AND import_id = ? AND id = ANY(?::uuid[])`,
      [userId, importId, ids],
    )
  ).rows as Record<string, unknown>[];
  const changed: Record<string, unknown>[] = [];
  const assigned: RuleAssignmentRecord[] = [];
  for (const row of rows) {
    const out = applyRules(set, spec.toRecord(row));
    if (!out.changes.length) continue;
    changed.push(spec.toColumns(row, out));
    const assignment = ruleAssignmentOf(set, row, out);
    if (assignment) assigned.push(assignment);
  }
  await writeBatch(trx, spec, userId, changed);
  return assigned;
}
