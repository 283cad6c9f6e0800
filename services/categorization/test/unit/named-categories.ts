import type { UserCategory } from '../../src/domain/classifier/categories';

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
