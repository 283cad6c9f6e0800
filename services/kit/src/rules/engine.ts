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

/**
 * Per-record memo of derived field values (lowercased text, parsed numbers), so 100 rules on
 * one record lowercase the description and parse the amount once. A write clears the field.
 */
interface Memo {
  lower: Record<string, string>;
  num: Record<string, Num | undefined>;
}

type Test = (record: RuleRecord, memo: Memo) => boolean;

/**
 * A decimal as an exact integer count of 1/10,000 (fast path: money and percentages fit), or
 * a Decimal when it has more places or digits than a double holds exactly.
 */
type Num = number | Decimal;
const SCALED = /^(-?)(\d{1,10})(?:\.(\d{1,4}))?$/;

function toNum(v: unknown): Num | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const text = typeof v === 'number' ? String(v) : String(v).trim();
  const m = SCALED.exec(text);
  if (m) {
    const n = Number(m[2]) * 10_000 + Number((m[3] ?? '').padEnd(4, '0'));
    return m[1] ? -n : n;
  }
  try {
    return money(text);
  } catch {
    return undefined;
  }
}

/** -1, 0 or 1; exact in both representations. */
function cmp(a: Num, b: Num): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const x = typeof a === 'number' ? money(a).div(10_000) : a;
  const y = typeof b === 'number' ? money(b).div(10_000) : b;
  return x.cmp(y);
}

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

function numOf(r: RuleRecord, memo: Memo, field: string): Num | undefined {
  if (field in memo.num) return memo.num[field];
  return (memo.num[field] = toNum(r[field]));
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
  const lowerOf = (r: RuleRecord, memo: Memo): string => {
    const held = memo.lower[field];
    if (held !== undefined) return held;
    return (memo.lower[field] = text(r[field]).toLowerCase());
  };
  if (c.type === 'isEmpty') {
    test = (r) => r[field] === null || r[field] === undefined || r[field] === '';
  } else if (kind === 'boolean') {
    const want = c.value === true;
    test = (r) => r[field] === want;
  } else if (kind === 'text') {
    const get = sensitive ? (r: RuleRecord) => text(r[field]) : lowerOf;
    switch (c.type) {
      case 'regex': {
        const re = compileRegex(String(c.value), sensitive);
        test = (r) => re.test(text(r[field]));
        break;
      }
      case 'in': {
        const set = new Set((c.value as unknown[]).map((v) => fold(String(v))));
        test = (r, m) => set.has(get(r, m));
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
        test = op ? (r, m) => op(get(r, m)) : () => false;
      }
    }
  } else if (kind === 'number') {
    if (c.type === 'between') {
      const [lo, hi] = (c.value as string[]).map((v) => toNum(v) as Num);
      test = (r, m) => {
        const n = numOf(r, m, field);
        return n !== undefined && cmp(n, lo) >= 0 && cmp(n, hi) <= 0;
      };
    } else if (c.type === 'in') {
      const set = (c.value as string[]).map((v) => toNum(v) as Num);
      test = (r, m) => {
        const n = numOf(r, m, field);
        return n !== undefined && set.some((v) => cmp(n, v) === 0);
      };
    } else {
      const want = toNum(c.value) as Num;
      const op = {
        equals: (x: number) => x === 0,
        gt: (x: number) => x > 0,
        gte: (x: number) => x >= 0,
        lt: (x: number) => x < 0,
        lte: (x: number) => x <= 0,
      }[c.type as 'equals'];
      test = (r, m) => {
        const n = numOf(r, m, field);
        return n !== undefined && !!op && op(cmp(n, want));
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
  return c.negate ? (r, m) => !test(r, m) : test;
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
        rule.match === 'any'
          ? (r, m) => tests.some((t) => t(r, m))
          : (r, m) => tests.every((t) => t(r, m));
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
        ...(v.taxCategory !== undefined
          ? [['taxCategory', v.taxCategory] as [string, unknown]]
          : []),
      ];
    case 'setGst':
      return [
        ['gstRate', v.gstRate],
        ...(v.gstIncluded !== undefined
          ? [['gstIncluded', v.gstIncluded] as [string, unknown]]
          : []),
      ];
    case 'addCategory':
      return [];
  }
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Equal values, numbers compared as decimals ("100" and "100.00" are the same percentage). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string' && NUMERIC.test(a) && NUMERIC.test(b)) {
    const x = toNum(a);
    const y = toNum(b);
    return x !== undefined && y !== undefined && cmp(x, y) === 0;
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
  const memo: Memo = { lower: {}, num: {} };
  for (const { rule, test } of set.rules) {
    if (!test(record, memo)) continue;
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
        delete memo.lower[field];
        delete memo.num[field];
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
