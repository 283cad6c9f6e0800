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
  travel: '#03A9F4',
  fitness: '#8BC34A',
  care: '#F06292',
  pets: '#A1887F',
  family: '#FFB300',
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

/**
 * Everyday spending that leading budgeting apps give a category of its own (Mint's, YNAB's and
 * Monarch's default sets all split these out), so ordinary purchases have somewhere right to go
 * beyond the broad Transport, Health and Shopping. Taxes too (Mint's and Monarch's sets have
 * it): income tax paid to or refunded by the tax office is neither spending on something nor
 * money moved between one's own accounts, where Transfers had put it.
 */
const MORE_EVERYDAY = {
  fuel: ['Fuel', 'fuel', Palette.transport],
  parking: ['Parking & Tolls', 'circle-parking', Palette.transport],
  travel: ['Travel & Holidays', 'plane', Palette.travel],
  pharmacy: ['Pharmacy', 'pill', Palette.health],
  fitness: ['Fitness & Sport', 'dumbbell', Palette.fitness],
  subscriptions: ['Subscriptions & Streaming', 'repeat', Palette.leisure],
  personalCare: ['Personal Care', 'scissors', Palette.care],
  clothing: ['Clothing', 'shirt', Palette.shopping],
  home: ['Home & Garden', 'sofa', Palette.housing],
  pets: ['Pets', 'paw-print', Palette.pets],
  childcare: ['Kids & Childcare', 'baby', Palette.family],
  education: ['Education', 'graduation-cap', Palette.education],
  gifts: ['Gifts', 'gift', Palette.giving],
  cash: ['Cash Withdrawals', 'wallet', Palette.finance],
  taxes: ['Taxes', 'landmark', Palette.tax],
} as const satisfies Record<string, readonly [string, string, string]>;

export type EverydayKind = keyof typeof MORE_EVERYDAY;

/**
 * The everyday categories of MORE_EVERYDAY that a country's set takes, each at the indirect tax
 * rate the country charges on it; a kind left out is one the country already covers (e.g. by a
 * deductible category of the same meaning).
 */
export function moreEveryday(rates: Partial<Record<EverydayKind, string>>): CategorySeed[] {
  return (Object.keys(MORE_EVERYDAY) as EverydayKind[]).flatMap((kind) => {
    const rate = rates[kind];
    if (rate === undefined) return [];
    const [name, icon, color] = MORE_EVERYDAY[kind];
    return [everyday(name, icon, color, rate)];
  });
}
