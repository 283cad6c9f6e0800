import type { Category } from '@pfs/proto/categorization';

/**
 * Categories are flat (no parent); `type` says whether spending in it is tax-deductible
 * ("deductible") or not ("standard"), the one distinction the categorization service keeps.
 */
export function presentCategory(c: Category) {
  return {
    id: c.id,
    name: c.name,
    parentId: null,
    type: c.isTaxDeductible ? 'deductible' : 'standard',
  };
}
