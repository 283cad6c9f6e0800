import Decimal from 'decimal.js';
import { money } from '../money';
import { CONDITION_FIELDS, WRITABLE_FIELDS } from './fields';
import { compileRegex } from './regex';
import type {
  FieldKind,
  Rule,
  RuleAction,
  RuleChange,
  RuleCondition,
  RuleOutcome,
  RuleRecord,
  RuleTarget,
} from './types';

type Test = (record: RuleRecord) => boolean;

/** A rule ready to evaluate: regexes compiled, text lowered, decimals parsed, once. */
export interface CompiledRule {
  rule: Rule;
  test: Test;
}

/** Rules of one target in evaluation order (priority ascending, then oldest, then id). */
export interface CompiledRuleSet {
  target: RuleTarget;
  rules: CompiledRule[];
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  return String(v);
}

function decimal(v: unknown): Decimal | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  try {
    return money(v as string);
  } catch {
    return undefined;
  }
}

/** Dates compare as 'YYYY-MM-DD' text; an ISO instant is cut to its UTC day. */
function day(v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

function compileCondition(c: RuleCondition, kind: FieldKind): Test {
  const { field } = c;
  const sensitive = c.caseSensitive === true;
  const fold = (s: string) => (sensitive ? s : s.toLowerCase());
  let test: Test;
  if (c.type === 'isEmpty') {
    test = (r) => r[field] === null || r[field] === undefined || r[field] === '';
  } else if (kind === 'boolean') {
    const want = c.value === true;
    test = (r) => r[field] === want;
  } else if (kind === 'text') {
    const get = (r: RuleRecord) => fold(text(r[field]));
    switch (c.type) {
      case 'regex': {
        const re = compileRegex(String(c.value), sensitive);
        test = (r) => re.test(text(r[field]));
        break;
      }
      case 'in': {
        const set = new Set((c.value as unknown[]).map((v) => fold(String(v))));
        test = (r) => set.has(get(r));
        break;
      }
      default: {
        const want = fold(String(c.value));
        const op = {
          contains: (s: string) => s.includes(want),
          equals: (s: string) => s === want,
          startsWith: (s: string) => s.startsWith(want),
          endsWith: (s: string) => s.endsWith(want),
        }[c.type as 'contains'];
        test = op ? (r) => op(get(r)) : () => false;
      }
    }
  } else if (kind === 'number') {
    const get = (r: RuleRecord) => decimal(r[field]);
    if (c.type === 'between') {
      const [lo, hi] = (c.value as string[]).map((v) => money(v));
      test = (r) => {
        const n = get(r);
        return !!n && n.gte(lo) && n.lte(hi);
      };
    } else if (c.type === 'in') {
      const set = (c.value as string[]).map((v) => money(v));
      test = (r) => {
        const n = get(r);
        return !!n && set.some((v) => v.eq(n));
      };
    } else {
      const want = money(c.value as string);
      const op = {
        equals: (n: Decimal) => n.eq(want),
        gt: (n: Decimal) => n.gt(want),
        gte: (n: Decimal) => n.gte(want),
        lt: (n: Decimal) => n.lt(want),
        lte: (n: Decimal) => n.lte(want),
      }[c.type as 'equals'];
      test = (r) => {
        const n = get(r);
        return !!n && !!op && op(n);
      };
    }
  } else {
    const get = (r: RuleRecord) => day(r[field]);
    if (c.type === 'between') {
      const [lo, hi] = c.value as string[];
      test = (r) => {
        const d = get(r);
        return d !== undefined && d >= lo && d <= hi;
      };
    } else if (c.type === 'in') {
      const set = new Set(c.value as string[]);
      test = (r) => {
        const d = get(r);
        return d !== undefined && set.has(d);
      };
    } else {
      const want = String(c.value);
      const op = {
        equals: (d: string) => d === want,
        gt: (d: string) => d > want,
        gte: (d: string) => d >= want,
        lt: (d: string) => d < want,
        lte: (d: string) => d <= want,
      }[c.type as 'equals'];
      test = (r) => {
        const d = get(r);
        return d !== undefined && !!op && op(d);
      };
    }
  }
  return c.negate ? (r) => !test(r) : test;
}

/** Evaluation order: priority ascending, then creation time, then id (stable and total). */
export function compareRules(a: Rule, b: Rule): number {
  return (
    a.priority - b.priority ||
    (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Compiles the enabled rules that apply to `target`, in evaluation order. A condition on a
 * field the target does not have never matches (and so always matches when negated).
 */
export function compileRules(rules: readonly Rule[], target: RuleTarget): CompiledRuleSet {
  const fields = CONDITION_FIELDS[target];
  const compiled = rules
    .filter((r) => r.enabled && r.appliesTo.includes(target))
    .sort(compareRules)
    .map((rule): CompiledRule => {
      const tests = rule.conditions.map((c) => {
        const kind = fields[c.field];
        if (!kind) return c.negate ? () => true : () => false;
        return compileCondition(c, kind);
      });
      const test: Test =
        rule.match === 'any' ? (r) => tests.some((t) => t(r)) : (r) => tests.every((t) => t(r));
      return { rule, test };
    });
  return { target, rules: compiled };
}

/** The [field, value] pairs an action writes. */
function writesOf(action: RuleAction): [string, unknown][] {
  const v = action.value as Record<string, unknown>;
  switch (action.type) {
    case 'setCategory':
      return [['categoryId', action.value]];
    case 'setMerchant':
      return [['merchant', action.value]];
    case 'setBusinessUse':
      return [['businessUsePercentage', action.value]];
    case 'setTaxFlags':
      return [
        ['isTaxDeductible', v.isTaxDeductible],
        ...(v.taxCategory !== undefined ? [['taxCategory', v.taxCategory] as [string, unknown]] : []),
      ];
    case 'setGst':
      return [
        ['gstRate', v.gstRate],
        ...(v.gstIncluded !== undefined ? [['gstIncluded', v.gstIncluded] as [string, unknown]] : []),
      ];
    case 'addCategory':
      return [];
  }
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') {
    const x = decimal(a);
    const y = decimal(b);
    return !!x && !!y && /^-?[\d.]+$/.test(a) && /^-?[\d.]+$/.test(b) && x.eq(y);
  }
  return false;
}

/**
 * Runs the compiled rules over one record, in order. A matching rule's actions apply at once,
 * so later rules see (and may override) what earlier ones set: the last writer of a field
 * wins, and a matching rule with stopProcessing ends the run for this record.
 */
export function applyRules<R extends RuleRecord>(set: CompiledRuleSet, input: R): RuleOutcome<R> {
  const writable = WRITABLE_FIELDS[set.target];
  const record: RuleRecord = { ...input };
  const changes: RuleChange[] = [];
  const addCategories: RuleOutcome['addCategories'] = [];
  const matchedRuleIds: string[] = [];
  for (const { rule, test } of set.rules) {
    if (!test(record)) continue;
    matchedRuleIds.push(rule.id);
    for (const action of rule.actions) {
      if (action.type === 'addCategory') {
        const categoryId = action.value as string;
        if (!addCategories.some((a) => a.categoryId === categoryId))
          addCategories.push({ categoryId, ruleId: rule.id });
        continue;
      }
      for (const [field, to] of writesOf(action)) {
        if (!writable.has(field)) continue;
        const from = record[field] ?? null;
        if (same(from, to)) continue;
        record[field] = to as RuleRecord[string];
        changes.push({ ruleId: rule.id, ruleName: rule.name, field, from, to });
      }
    }
    if (rule.stopProcessing) break;
  }
  return { record: record as R, changes, addCategories, matchedRuleIds };
}

/** The net change per field (first `from`, last `to`), dropping fields that ended where they began. */
export function netChanges(changes: RuleChange[]): Map<string, { from: unknown; to: unknown }> {
  const net = new Map<string, { from: unknown; to: unknown }>();
  for (const c of changes) {
    const prev = net.get(c.field);
    net.set(c.field, { from: prev ? prev.from : c.from, to: c.to });
  }
  for (const [field, { from, to }] of net) if (same(from, to)) net.delete(field);
  return net;
}
