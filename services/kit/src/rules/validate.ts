import { AppError, type FieldIssue } from '../errors';
import { money } from '../money';
import { CONDITION_FIELDS, fieldKind } from './fields';
import { regexError } from './regex';
import {
  ACTION_TYPES,
  CONDITION_TYPES,
  RULE_TARGETS,
  type ActionType,
  type ConditionType,
  type FieldKind,
  type RuleAction,
  type RuleCondition,
  type RuleDefinition,
  type RuleTarget,
} from './types';

export const RULE_LIMITS = {
  name: 200,
  conditions: 50,
  actions: 20,
  regex: 500,
  text: 1000,
  inValues: 500,
  rulesPerUser: 500,
  priorityMin: -1_000_000,
  priorityMax: 1_000_000,
} as const;

export const DEFAULT_PRIORITY = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Which condition types each field kind accepts. */
const TYPES_FOR: Record<FieldKind, ReadonlySet<ConditionType>> = {
  text: new Set(['contains', 'equals', 'regex', 'startsWith', 'endsWith', 'in', 'isEmpty']),
  number: new Set(['equals', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'isEmpty']),
  date: new Set(['equals', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'isEmpty']),
  boolean: new Set(['equals']),
};

class Issues {
  readonly list: FieldIssue[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isDecimal(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'string' || !/^-?\d+(\.\d+)?$/.test(v.trim())) return false;
  return true;
}

function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A scalar that fits the field's kind (decimals normalised to strings). */
function scalarFor(kind: FieldKind, v: unknown): unknown {
  switch (kind) {
    case 'number':
      return isDecimal(v)
        ? money(typeof v === 'string' ? v.trim() : (v as number)).toString()
        : undefined;
    case 'date':
      return isCalendarDate(v) ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'text':
      return typeof v === 'string' && v.length <= RULE_LIMITS.text ? v : undefined;
  }
}

const KIND_MESSAGE: Record<FieldKind, string> = {
  number: 'must be a number',
  date: 'must be a date YYYY-MM-DD',
  boolean: 'must be true or false',
  text: `must be a string of at most ${RULE_LIMITS.text} characters`,
};

function validateCondition(
  issues: Issues,
  at: string,
  input: unknown,
  targets: RuleTarget[],
): RuleCondition | undefined {
  if (!isObject(input)) {
    issues.add(at, 'must be an object');
    return undefined;
  }
  const before = issues.list.length;
  const field = input.field;
  const type = input.type as ConditionType;
  let kind: FieldKind | undefined;
  if (typeof field !== 'string' || !field) issues.add(`${at}.field`, 'is required');
  else {
    kind = fieldKind(targets, field);
    if (!kind) {
      const known = [...new Set(targets.flatMap((t) => Object.keys(CONDITION_FIELDS[t])))];
      issues.add(`${at}.field`, `must be one of ${known.join(', ')}`);
    }
  }
  if (!CONDITION_TYPES.includes(type)) {
    issues.add(`${at}.type`, `must be one of ${CONDITION_TYPES.join(', ')}`);
  } else if (kind && !TYPES_FOR[kind].has(type)) {
    issues.add(`${at}.type`, `cannot be used on the ${kind} field ${String(field)}`);
  }
  for (const flag of ['caseSensitive', 'negate'] as const) {
    if (input[flag] !== undefined && typeof input[flag] !== 'boolean')
      issues.add(`${at}.${flag}`, 'must be true or false');
  }
  if (issues.list.length > before || !kind) return undefined;

  let value: unknown = input.value;
  const valueAt = `${at}.value`;
  switch (type) {
    case 'isEmpty':
      value = null;
      break;
    case 'regex':
      if (typeof value !== 'string' || !value) issues.add(valueAt, 'must be a regular expression');
      else if (value.length > RULE_LIMITS.regex)
        issues.add(valueAt, `must be at most ${RULE_LIMITS.regex} characters`);
      else {
        const error = regexError(value);
        if (error) issues.add(valueAt, `is not a valid regular expression (RE2 syntax): ${error}`);
      }
      break;
    case 'contains':
    case 'startsWith':
    case 'endsWith':
      if (typeof value !== 'string' || !value || value.length > RULE_LIMITS.text)
        issues.add(valueAt, `must be a non-empty string of at most ${RULE_LIMITS.text} characters`);
      break;
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) {
        issues.add(valueAt, 'must be [min, max]');
        break;
      }
      const [lo, hi] = value.map((v) => scalarFor(kind, v));
      if (lo === undefined || hi === undefined) {
        issues.add(valueAt, `both bounds ${KIND_MESSAGE[kind]}`);
        break;
      }
      const ordered =
        kind === 'number' ? money(lo as string).lte(money(hi as string)) : String(lo) <= String(hi);
      if (!ordered) issues.add(valueAt, 'min must not be greater than max');
      value = [lo, hi];
      break;
    }
    case 'in': {
      if (!Array.isArray(value) || !value.length || value.length > RULE_LIMITS.inValues) {
        issues.add(valueAt, `must be a non-empty array of at most ${RULE_LIMITS.inValues} values`);
        break;
      }
      const items = value.map((v) => scalarFor(kind, v));
      if (items.some((v) => v === undefined))
        issues.add(valueAt, `every value ${KIND_MESSAGE[kind]}`);
      value = items;
      break;
    }
    default: {
      const v = scalarFor(kind, value);
      if (v === undefined) issues.add(valueAt, KIND_MESSAGE[kind]);
      value = v;
    }
  }
  if (issues.list.length > before) return undefined;
  const condition: RuleCondition = { field: field as string, type, value };
  if (input.caseSensitive === true) condition.caseSensitive = true;
  if (input.negate === true) condition.negate = true;
  return condition;
}

function validateAction(issues: Issues, at: string, input: unknown): RuleAction | undefined {
  if (!isObject(input)) {
    issues.add(at, 'must be an object');
    return undefined;
  }
  const type = input.type as ActionType;
  const v = input.value;
  const valueAt = `${at}.value`;
  const before = issues.list.length;
  let value: unknown;
  switch (type) {
    case 'setCategory':
    case 'addCategory':
      if (typeof v !== 'string' || !UUID.test(v)) issues.add(valueAt, 'must be a category id');
      else value = v.toLowerCase();
      break;
    case 'setTaxFlags': {
      if (!isObject(v) || typeof v.isTaxDeductible !== 'boolean') {
        issues.add(valueAt, 'must be {isTaxDeductible: boolean, taxCategory?: string}');
        break;
      }
      if (
        v.taxCategory !== undefined &&
        v.taxCategory !== null &&
        (typeof v.taxCategory !== 'string' || v.taxCategory.length > 100)
      ) {
        issues.add(`${valueAt}.taxCategory`, 'must be a string of at most 100 characters');
        break;
      }
      value = {
        isTaxDeductible: v.isTaxDeductible,
        ...(typeof v.taxCategory === 'string' ? { taxCategory: v.taxCategory } : {}),
      };
      break;
    }
    case 'setBusinessUse': {
      const n = isObject(v) ? v.percentage : v;
      if (!isDecimal(n) || money(n as string).lt(0) || money(n as string).gt(100))
        issues.add(valueAt, 'must be a percentage from 0 to 100');
      else value = money(n as string).toString();
      break;
    }
    case 'setMerchant':
      if (typeof v !== 'string' || !v.trim() || v.length > 200)
        issues.add(valueAt, 'must be a non-empty string of at most 200 characters');
      else value = v.trim();
      break;
    case 'setGst': {
      const rate = isObject(v) ? v.gstRate : v;
      if (!isDecimal(rate) || money(rate as string).lt(0) || money(rate as string).gt(1)) {
        issues.add(valueAt, 'must be {gstRate: 0..1, gstIncluded?: boolean}');
        break;
      }
      if (isObject(v) && v.gstIncluded !== undefined && typeof v.gstIncluded !== 'boolean') {
        issues.add(`${valueAt}.gstIncluded`, 'must be true or false');
        break;
      }
      value = {
        gstRate: money(rate as string).toString(),
        ...(isObject(v) && typeof v.gstIncluded === 'boolean'
          ? { gstIncluded: v.gstIncluded }
          : {}),
      };
      break;
    }
    default:
      issues.add(`${at}.type`, `must be one of ${ACTION_TYPES.join(', ')}`);
  }
  if (issues.list.length > before) return undefined;
  return { type, value };
}

function arrayOf(issues: Issues, field: string, v: unknown, max: number): unknown[] {
  if (!Array.isArray(v) || !v.length) {
    issues.add(field, 'must be a non-empty array');
    return [];
  }
  if (v.length > max) {
    issues.add(field, `must have at most ${max} items`);
    return [];
  }
  return v;
}

/**
 * Validates a rule as a client sends it (JSON), filling defaults: priority 100, enabled true,
 * appliesTo ['transactions'], match 'all', stopProcessing false. Throws VALIDATION_ERROR
 * listing every problem by field path ("conditions.0.value").
 */
export function validateRule(input: unknown): RuleDefinition {
  const issues = new Issues();
  if (!isObject(input))
    throw AppError.validation([{ field: 'body', message: 'must be an object' }]);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) issues.add('name', 'is required');
  else if (name.length > RULE_LIMITS.name)
    issues.add('name', `must be at most ${RULE_LIMITS.name} characters`);

  let priority = DEFAULT_PRIORITY;
  if (input.priority !== undefined) {
    if (
      typeof input.priority !== 'number' ||
      !Number.isInteger(input.priority) ||
      input.priority < RULE_LIMITS.priorityMin ||
      input.priority > RULE_LIMITS.priorityMax
    )
      issues.add('priority', 'must be an integer');
    else priority = input.priority;
  }
  for (const flag of ['enabled', 'stopProcessing'] as const) {
    if (input[flag] !== undefined && typeof input[flag] !== 'boolean')
      issues.add(flag, 'must be true or false');
  }
  let appliesTo: RuleTarget[] = ['transactions'];
  if (input.appliesTo !== undefined) {
    const list = arrayOf(issues, 'appliesTo', input.appliesTo, RULE_TARGETS.length);
    if (list.some((t) => !RULE_TARGETS.includes(t as RuleTarget)))
      issues.add('appliesTo', `items must be one of ${RULE_TARGETS.join(', ')}`);
    else if (list.length) appliesTo = [...new Set(list as RuleTarget[])];
  }
  const match = input.match ?? 'all';
  if (match !== 'all' && match !== 'any') issues.add('match', 'must be all or any');

  const conditions = arrayOf(issues, 'conditions', input.conditions, RULE_LIMITS.conditions)
    .map((c, i) => validateCondition(issues, `conditions.${i}`, c, appliesTo))
    .filter((c): c is RuleCondition => !!c);
  const actions = arrayOf(issues, 'actions', input.actions, RULE_LIMITS.actions)
    .map((a, i) => validateAction(issues, `actions.${i}`, a))
    .filter((a): a is RuleAction => !!a);
  if (issues.list.length) throw AppError.validation(issues.list);
  return {
    name,
    priority,
    enabled: input.enabled !== false,
    appliesTo,
    match: match as RuleDefinition['match'],
    conditions,
    actions,
    stopProcessing: input.stopProcessing === true,
  };
}

/** The category ids a rule's actions name (to check they are the user's). */
export function categoryIdsOf(rule: Pick<RuleDefinition, 'actions'>): string[] {
  return [
    ...new Set(
      rule.actions
        .filter((a) => a.type === 'setCategory' || a.type === 'addCategory')
        .map((a) => a.value as string),
    ),
  ];
}
