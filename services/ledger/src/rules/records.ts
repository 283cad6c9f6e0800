import { applyRules, type CompiledRuleSet, type RuleOutcome, type RuleRecord } from '@pfs/kit';
import { deriveGstAmount, type TransactionFields } from '../domain/transactions';

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

export interface RuledTransaction<T extends TransactionFields> {
  fields: T;
  outcome: RuleOutcome;
}

export function applyToTransaction<T extends TransactionFields>(
  set: CompiledRuleSet,
  t: T,
): RuledTransaction<T> {
  const outcome = applyRules(set, transactionRecord(t));
  return { fields: ruledTransaction(t, outcome), outcome };
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
