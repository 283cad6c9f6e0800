import { ACTION_TYPES, CONDITION_TYPES, RULE_TARGETS, ruleFromMessage } from '@pfs/kit';
import type { Rule, RuleChange } from '@pfs/proto/categorization/v1/rules';
import { z } from 'zod';

export const conditionSchema = z.object({
  field: z
    .string()
    .describe('A field of the target, e.g. description, merchant, amount, date, type, categoryId'),
  type: z.enum(CONDITION_TYPES),
  value: z
    .unknown()
    .describe(
      'string (text types, regex in RE2 syntax), number or "YYYY-MM-DD" (gt…lte), [min, max] (between), array (in); none for isEmpty',
    ),
  caseSensitive: z.boolean().optional().describe('Text comparisons ignore case unless true'),
  negate: z
    .boolean()
    .optional()
    .describe('Inverts the condition (does not contain, not between, …)'),
});

export const actionSchema = z.object({
  type: z.enum(ACTION_TYPES),
  value: z
    .unknown()
    .describe(
      'setCategory/addCategory: category id; setTaxFlags: {isTaxDeductible, taxCategory?}; setBusinessUse: 0–100; setMerchant: string; setGst: {gstRate (fraction), gstIncluded?}',
    ),
});

export const ruleSchema = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.number().int().describe('Lower runs first; ties run oldest first'),
  enabled: z.boolean(),
  appliesTo: z.array(z.enum(RULE_TARGETS)),
  match: z.enum(['all', 'any']),
  conditions: z.array(conditionSchema),
  actions: z.array(actionSchema),
  stopProcessing: z
    .boolean()
    .describe('When this rule matches, later rules do not run on the record'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type RuleJson = z.output<typeof ruleSchema>;

export function presentRule(m: Rule): RuleJson {
  const r = ruleFromMessage(m);
  return {
    id: r.id,
    name: r.name,
    priority: r.priority,
    enabled: r.enabled,
    appliesTo: r.appliesTo,
    match: r.match,
    conditions: r.conditions.map((c) => ({
      field: c.field,
      type: c.type,
      value: c.value,
      caseSensitive: c.caseSensitive === true,
      negate: c.negate === true,
    })),
    actions: r.actions.map((a) => ({ type: a.type, value: a.value })),
    stopProcessing: r.stopProcessing,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
  };
}

export const ruleChangeSchema = z.object({
  recordId: z.string(),
  description: z.string(),
  field: z.string().describe('The field that would change; "categories" for addCategory'),
  from: z.unknown(),
  to: z.unknown(),
  ruleId: z.string(),
});

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function presentRuleChange(c: RuleChange): z.output<typeof ruleChangeSchema> {
  return {
    recordId: c.recordId,
    description: c.description,
    field: c.field,
    from: parse(c.fromJson),
    to: parse(c.toJson),
    ruleId: c.ruleId,
  };
}
