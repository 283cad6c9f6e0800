/**
 * Custom rules (SPEC.md "What the service does" rule 3, CONTRACT.md Categorization → Rules).
 * Pure data: categorization stores them, the owning services (ledger, bills) evaluate them
 * locally with compileRules/applyRules, so no record needs a per-record RPC.
 */

export const RULE_TARGETS = ['transactions', 'bills', 'expenses', 'patterns'] as const;
export type RuleTarget = (typeof RULE_TARGETS)[number];

export const CONDITION_TYPES = [
  'contains',
  'equals',
  'regex',
  'startsWith',
  'endsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'in',
  'isEmpty',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const ACTION_TYPES = [
  'setCategory',
  'addCategory',
  'setTaxFlags',
  'setBusinessUse',
  'setMerchant',
  'setGst',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export type MatchMode = 'all' | 'any';

/** How a field's values compare: text (case-insensitive by default), decimal, calendar date, flag. */
export type FieldKind = 'text' | 'number' | 'date' | 'boolean';

export interface RuleCondition {
  field: string;
  type: ConditionType;
  /**
   * string for text types and regex; number (or decimal string) / 'YYYY-MM-DD' for gt..lte;
   * [min, max] for between; an array for in; boolean for equals on a flag; ignored for isEmpty.
   */
  value: unknown;
  /** Text comparisons ignore case unless true. */
  caseSensitive?: boolean;
  /** Inverts the condition's outcome ("does not contain", "not between", ...). */
  negate?: boolean;
}

export interface RuleAction {
  type: ActionType;
  value: unknown;
}

/** What a client defines (after validation every field is present). */
export interface RuleDefinition {
  name: string;
  /** Lower runs first. */
  priority: number;
  enabled: boolean;
  appliesTo: RuleTarget[];
  match: MatchMode;
  conditions: RuleCondition[];
  actions: RuleAction[];
  /** When this rule matches, later rules do not run on the record. */
  stopProcessing: boolean;
}

export interface Rule extends RuleDefinition {
  id: string;
  /** ISO 8601; the tie-breaker after priority. */
  createdAt: string;
  updatedAt?: string;
}

/**
 * A record as rules see it: the target's fields by their REST names. Money and other
 * decimals are decimal strings ("12.30"), dates 'YYYY-MM-DD', absent values null.
 */
export type RuleRecord = Record<string, string | number | boolean | null | undefined>;

/** One field a rule changed on one record. */
export interface RuleChange {
  ruleId: string;
  ruleName: string;
  field: string;
  from: unknown;
  to: unknown;
}

export interface RuleOutcome<R extends RuleRecord = RuleRecord> {
  /** The record after every matching rule's actions (a copy; the input is not modified). */
  record: R;
  /** Field changes in the order they were made (a field changed twice appears twice). */
  changes: RuleChange[];
  /** Categories addCategory actions attach besides the primary, with the rule that did it. */
  addCategories: { categoryId: string; ruleId: string }[];
  /** Rules whose conditions matched, in the order they ran. */
  matchedRuleIds: string[];
}
