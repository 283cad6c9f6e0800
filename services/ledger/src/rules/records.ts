import { applyRules, type CompiledRuleSet, type RuleOutcome, type RuleRecord } from '@pfs/kit';
import type { ExpenseFields } from '../domain/expenses';
import { deriveGstAmount, type TransactionFields } from '../domain/transactions';
import type { LedgerTarget } from './apply';
import type { RulesSource } from './source';

/** A transaction as rules see it (CONTRACT.md field names; decimals as strings). */
export function transactionRecord(t: TransactionFields): RuleRecord {
  return {
    description: t.description,
    merchant: t.merchant,
    amount: t.amount,
    type: t.type,
    date: t.occurredAt.toISOString().slice(0, 10),
    categoryId: t.categoryId,
    isTaxDeductible: t.isTaxDeductible,
    businessUsePercentage: t.businessUsePercentage,
    gstRate: t.gstRate,
    gstIncluded: t.gstIncluded,
  };
}

/** The transaction's fields after the rules' changes (GST re-derived when setGst changed it). */
export function ruledTransaction<T extends TransactionFields>(t: T, out: RuleOutcome): T {
  if (!out.changes.length) return t;
  const r = out.record;
  const next: T = {
    ...t,
    merchant: (r.merchant as string | null) ?? null,
    categoryId: (r.categoryId as string | null) ?? null,
    isTaxDeductible: r.isTaxDeductible === true,
    businessUsePercentage: String(r.businessUsePercentage ?? t.businessUsePercentage),
    gstRate: r.gstRate === null || r.gstRate === undefined ? null : String(r.gstRate),
    gstIncluded: r.gstIncluded !== false,
  };
  const gstChanged = out.changes.some((c) => c.field === 'gstRate' || c.field === 'gstIncluded');
  if (gstChanged && next.gstRate !== null)
    next.gstAmount = deriveGstAmount(next.amount, next.gstRate, next.gstIncluded);
  return next;
}

/** An expense as rules see it (CONTRACT.md field names; decimals as strings). */
export function expenseRecord(e: ExpenseFields): RuleRecord {
  return {
    description: e.description,
    amount: e.amount,
    date: e.date,
    categoryId: e.categoryId,
    isTaxDeductible: e.isTaxDeductible,
  };
}

/** The expense's fields after the rules' changes (an expense stores only these two). */
export function ruledExpense<T extends ExpenseFields>(e: T, out: RuleOutcome): T {
  if (!out.changes.length) return e;
  return {
    ...e,
    categoryId: (out.record.categoryId as string | null) ?? null,
    isTaxDeductible: out.record.isTaxDeductible === true,
  };
}

/** The fields of a new record of each ledger target. */
export interface LedgerFields {
  transactions: TransactionFields;
  expenses: ExpenseFields;
}

/** How a target's new record is seen by the rules and takes their effect. */
const RECORDS: {
  [K in LedgerTarget]: {
    toRecord(f: LedgerFields[K]): RuleRecord;
    ruled<T extends LedgerFields[K]>(f: T, out: RuleOutcome): T;
  };
} = {
  transactions: { toRecord: transactionRecord, ruled: ruledTransaction },
  expenses: { toRecord: expenseRecord, ruled: ruledExpense },
};

export interface Ruled<T> {
  fields: T;
  outcome: RuleOutcome;
}

/** Applies compiled rules to a new record of a target: its fields after them, and the outcome. */
export function applyToRecord<K extends LedgerTarget, T extends LedgerFields[K]>(
  set: CompiledRuleSet,
  target: K,
  fields: T,
): Ruled<T> {
  const adapter = RECORDS[target] as {
    toRecord(f: T): RuleRecord;
    ruled(f: T, out: RuleOutcome): T;
  };
  const outcome = applyRules(set, adapter.toRecord(fields));
  return { fields: adapter.ruled(fields, outcome), outcome };
}

export type RuledTransaction<T extends TransactionFields> = Ruled<T>;

export function applyToTransaction<T extends TransactionFields>(
  set: CompiledRuleSet,
  t: T,
): RuledTransaction<T> {
  return applyToRecord(set, 'transactions', t);
}

/** A new record after the user's rules, ready to insert. */
export interface RuledNew<T> {
  fields: T;
  /** The rules applied (undefined when none were fetched). */
  set?: CompiledRuleSet;
  outcome?: RuleOutcome;
  /** Categorization was away: save as sent with rules_pending, for the catch-up job. */
  pending: boolean;
}

/**
 * Custom rules on a record about to be created (ADR 010): fetches the user's rules for the
 * target through the cached source (short deadline) and applies them, so the create answer
 * already shows their effect. Without a source nothing is applied and nothing is pending.
 */
export async function ruleNewRecord<K extends LedgerTarget, T extends LedgerFields[K]>(
  rules: RulesSource | undefined,
  userId: string,
  target: K,
  fields: T,
): Promise<RuledNew<T>> {
  if (!rules) return { fields, pending: false };
  const set = await rules.rulesFor(userId, target);
  if (!set) return { fields, pending: true };
  return { ...applyToRecord(set, target, fields), set, pending: false };
}

/**
 * The category assignments rules made: the primary is the category the record ended with,
 * credited to the last matching rule whose setCategory named it; addCategory ones besides.
 */
export function assignmentsOf(
  set: CompiledRuleSet,
  outcome: RuleOutcome,
): { categoryId: string; ruleId: string; primary: boolean }[] {
  const items: { categoryId: string; ruleId: string; primary: boolean }[] = [];
  const finalCategory = outcome.record.categoryId;
  if (typeof finalCategory === 'string') {
    let credited: string | undefined;
    for (const { rule } of set.rules) {
      if (!outcome.matchedRuleIds.includes(rule.id)) continue;
      if (rule.actions.some((a) => a.type === 'setCategory' && a.value === finalCategory))
        credited = rule.id;
    }
    if (credited) items.push({ categoryId: finalCategory, ruleId: credited, primary: true });
  }
  for (const a of outcome.addCategories)
    if (a.categoryId !== finalCategory)
      items.push({ categoryId: a.categoryId, ruleId: a.ruleId, primary: false });
  return items;
}
