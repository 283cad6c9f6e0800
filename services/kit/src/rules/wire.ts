import type {
  ApplyRulesResponse,
  RuleChange,
  Rule as RuleMessage,
} from '@pfs/proto/categorization/v1/rules';
import { applyRules, type CompiledRuleSet } from './engine';
import type { ActionType, ConditionType, Rule, RuleOutcome, RuleRecord, RuleTarget } from './types';

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A stored rule as its proto message (values travel as JSON text). */
export function ruleToMessage(rule: Rule): RuleMessage {
  return {
    id: rule.id,
    name: rule.name,
    priority: rule.priority,
    enabled: rule.enabled,
    appliesTo: [...rule.appliesTo],
    match: rule.match,
    conditions: rule.conditions.map((c) => ({
      field: c.field,
      type: c.type,
      valueJson: JSON.stringify(c.value ?? null),
      caseSensitive: c.caseSensitive === true,
      negate: c.negate === true,
    })),
    actions: rule.actions.map((a) => ({
      type: a.type,
      valueJson: JSON.stringify(a.value ?? null),
    })),
    stopProcessing: rule.stopProcessing,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt ?? rule.createdAt,
  };
}

/**
 * A rule from its proto message. The sender (categorization) validated it when it was
 * stored, so this only reshapes it.
 */
export function ruleFromMessage(m: RuleMessage): Rule {
  return {
    id: m.id,
    name: m.name,
    priority: m.priority,
    enabled: m.enabled,
    appliesTo: m.appliesTo as RuleTarget[],
    match: m.match === 'any' ? 'any' : 'all',
    conditions: m.conditions.map((c) => ({
      field: c.field,
      type: c.type as ConditionType,
      value: parseJson(c.valueJson),
      ...(c.caseSensitive ? { caseSensitive: true } : {}),
      ...(c.negate ? { negate: true } : {}),
    })),
    actions: m.actions.map((a) => ({ type: a.type as ActionType, value: parseJson(a.valueJson) })),
    stopProcessing: m.stopProcessing,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** One rule outcome as the change lines a dry run shows (set fields, then added categories). */
export function ruleChangeMessages(
  recordId: string,
  description: string,
  out: RuleOutcome,
): RuleChange[] {
  return [
    ...out.changes.map((c) => ({
      recordId,
      description,
      field: c.field,
      fromJson: JSON.stringify(c.from ?? null),
      toJson: JSON.stringify(c.to ?? null),
      ruleId: c.ruleId,
    })),
    ...out.addCategories.map((a) => ({
      recordId,
      description,
      field: 'categories',
      fromJson: 'null',
      toJson: JSON.stringify(a.categoryId),
      ruleId: a.ruleId,
    })),
  ];
}

/**
 * A dry run over stored records, as every owning service answers ApplyRules with dry_run:
 * what would match and change, per rule, with nothing written.
 */
export function dryRunReport<Row>(
  set: CompiledRuleSet,
  rows: readonly Row[],
  view: (row: Row) => { id: string; label: string; record: RuleRecord },
): ApplyRulesResponse {
  let matched = 0;
  const changes: RuleChange[] = [];
  const byRule = new Map<string, number>();
  for (const row of rows) {
    const { id, label, record } = view(row);
    const out = applyRules(set, record);
    if (!out.matchedRuleIds.length) continue;
    matched++;
    for (const ruleId of out.matchedRuleIds) byRule.set(ruleId, (byRule.get(ruleId) ?? 0) + 1);
    changes.push(...ruleChangeMessages(id, label, out));
  }
  return {
    processed: String(rows.length),
    matched: String(matched),
    updated: '0',
    byRule: [...byRule].map(([ruleId, n]) => ({ ruleId, matched: String(n) })),
    changes,
  };
}
