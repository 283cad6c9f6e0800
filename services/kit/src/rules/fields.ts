import type { ActionType, FieldKind, RuleTarget } from './types';

/** The fields conditions may test, per target, and how they compare. */
export const CONDITION_FIELDS: Record<RuleTarget, Record<string, FieldKind>> = {
  transactions: {
    description: 'text',
    merchant: 'text',
    amount: 'number',
    type: 'text',
    date: 'date',
    categoryId: 'text',
    isTaxDeductible: 'boolean',
    businessUsePercentage: 'number',
  },
  expenses: {
    description: 'text',
    amount: 'number',
    date: 'date',
    categoryId: 'text',
    isTaxDeductible: 'boolean',
  },
  bills: {
    name: 'text',
    merchant: 'text',
    amount: 'number',
    dueDate: 'date',
    categoryId: 'text',
  },
  patterns: {
    name: 'text',
    merchant: 'text',
    amount: 'number',
    frequency: 'text',
    categoryId: 'text',
  },
};

/** The record fields each action writes. */
export const ACTION_FIELDS: Record<ActionType, string[]> = {
  setCategory: ['categoryId'],
  addCategory: [],
  setTaxFlags: ['isTaxDeductible', 'taxCategory'],
  setBusinessUse: ['businessUsePercentage'],
  setMerchant: ['merchant'],
  setGst: ['gstRate', 'gstIncluded'],
};

/** The record fields each target stores, so an action never invents a field a target lacks. */
export const WRITABLE_FIELDS: Record<RuleTarget, ReadonlySet<string>> = {
  transactions: new Set([
    'categoryId',
    'isTaxDeductible',
    'businessUsePercentage',
    'merchant',
    'gstRate',
    'gstIncluded',
  ]),
  expenses: new Set(['categoryId', 'isTaxDeductible']),
  bills: new Set(['categoryId', 'merchant']),
  patterns: new Set(['categoryId', 'merchant']),
};

export function fieldKind(targets: readonly RuleTarget[], field: string): FieldKind | undefined {
  for (const t of targets) {
    const kind = CONDITION_FIELDS[t][field];
    if (kind) return kind;
  }
  return undefined;
}
