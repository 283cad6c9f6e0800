import type { Rule } from '@pfs/proto/categorization/v1/rules';

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** A rule as the tools show it: its category (first setCategory action) and its conditions. */
export function presentRule(rule: Rule) {
  const setCategory = rule.actions.find(
    (a) => a.type === 'setCategory' || a.type === 'addCategory',
  );
  const category = setCategory ? parse(setCategory.valueJson) : null;
  return {
    id: rule.id,
    name: rule.name,
    categoryId: typeof category === 'string' ? category : null,
    conditions: rule.conditions.map((c) => ({
      field: c.field,
      type: c.type,
      value: parse(c.valueJson),
      ...(c.caseSensitive ? { caseSensitive: true } : {}),
      ...(c.negate ? { negate: true } : {}),
    })),
  };
}
