import type { UserCategory } from '../../src/domain/classifier/categories';
import { defaultCategorySet } from '../../src/domain/default-categories';
import type { BusinessType } from '../../src/domain/user-profile';

/**
 * Categories as a user named them (no default catalogue behind them), ids `${prefix}0`,
 * `${prefix}1`…: what the classifier's unit tests give it.
 */
export function namedCategories(names: readonly string[], prefix = 'c'): UserCategory[] {
  return names.map((name, i) => ({
    id: `${prefix}${i}`,
    name,
    icon: 'tag',
    color: '#000000',
    isTaxDeductible: false,
    taxCategory: null,
  }));
}

/** A country's default categories as a new user gets them, ids `${countryCode}-0`, `…-1`…. */
export function defaultCategories(
  countryCode: string,
  businessType: BusinessType = 'individual',
): UserCategory[] {
  return defaultCategorySet({ countryCode, businessType }).categories.map((c, i) => ({
    id: `${countryCode}-${i}`,
    name: c.name,
    icon: c.icon,
    color: c.color,
    isTaxDeductible: c.isTaxDeductible,
    taxCategory: c.taxCategory,
  }));
}
