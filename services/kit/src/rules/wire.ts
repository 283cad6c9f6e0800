import type { Rule as RuleMessage } from '@pfs/proto/categorization/v1/rules';
import type { ActionType, ConditionType, Rule, RuleTarget } from './types';

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
