import type { CategoryFields } from '../category';

/** One category of a default catalogue: the same fields a user could create. */
export type CategorySeed = CategoryFields;

/** A country's default categories: everyone's, plus those a business needs. */
export interface CountryCatalogue {
  /** ISO 3166-1 alpha-2, or '*' for the generic fallback. */
  countryCode: string;
  personal: readonly CategorySeed[];
  /** Added for sole traders and businesses. */
  business: readonly CategorySeed[];
}

/** One colour per kind of spending, so a category looks alike in every country's set. */
export const Palette = {
  food: '#4CAF50',
  dining: '#FF9800',
  utilities: '#FFC107',
  housing: '#795548',
  transport: '#2196F3',
  leisure: '#9C27B0',
  health: '#E91E63',
  shopping: '#FF5722',
  income: '#2E7D32',
  transfer: '#607D8B',
  finance: '#455A64',
  insurance: '#00897B',
  work: '#3F51B5',
  education: '#673AB7',
  giving: '#D81B60',
  tax: '#546E7A',
  savings: '#00ACC1',
  business: '#1565C0',
} as const;

/** Everyday spending or money movement: not deductible, no tax label. */
export function everyday(
  name: string,
  icon: string,
  color: string,
  defaultGstRate: string,
): CategorySeed {
  return { name, icon, color, isTaxDeductible: false, taxCategory: null, defaultGstRate };
}

/** A deductible expense, labelled with the tax-return item it is claimed at. */
export function deduction(
  name: string,
  icon: string,
  color: string,
  defaultGstRate: string,
  taxCategory: string,
): CategorySeed {
  return { name, icon, color, isTaxDeductible: true, taxCategory, defaultGstRate };
}

/** Income: not deductible, but labelled where a return reports it. */
export function income(
  name: string,
  icon: string,
  color: string,
  defaultGstRate: string,
  taxCategory: string | null = null,
): CategorySeed {
  return { name, icon, color, isTaxDeductible: false, taxCategory, defaultGstRate };
}
