import {
  AppError,
  RULE_TARGETS,
  validateRule,
  type Rule,
  type RuleDefinition,
  type RuleTarget,
} from '@pfs/kit';

/** The JSON a RuleInput carries, as an object (400 when it is not one). */
export function parseRuleJson(json: string | undefined): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '');
  } catch {
    throw AppError.validation([{ field: 'body', message: 'must be a JSON object' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw AppError.validation([{ field: 'body', message: 'must be a JSON object' }]);
  return value as Record<string, unknown>;
}

const DEFINITION_KEYS = [
  'name',
  'priority',
  'enabled',
  'appliesTo',
  'match',
  'conditions',
  'actions',
  'stopProcessing',
] as const;

/** A patch over a stored rule: present keys replace, the merged rule is validated whole. */
export function mergeRulePatch(current: Rule, patch: Record<string, unknown>): RuleDefinition {
  const merged: Record<string, unknown> = {};
  for (const key of DEFINITION_KEYS) merged[key] = key in patch ? patch[key] : current[key];
  return validateRule(merged);
}

export function parseTarget(value: string | undefined, field = 'target'): RuleTarget | undefined {
  if (value === undefined || value === '') return undefined;
  if (!RULE_TARGETS.includes(value as RuleTarget))
    throw AppError.validation([{ field, message: `must be one of ${RULE_TARGETS.join(', ')}` }]);
  return value as RuleTarget;
}
