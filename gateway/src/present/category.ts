import { decimalToNumber } from '@pfs/kit';
import type { Category } from '@pfs/proto/categorization';
import { z } from 'zod';

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
  isTaxDeductible: z.boolean(),
  taxCategory: z.string().nullable(),
  defaultGstRate: z.number().describe('Fraction: 0.1 means 10%'),
  categorySetId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type CategoryJson = z.output<typeof categorySchema>;

export function presentCategory(c: Category): CategoryJson {
  return {
    id: c.id,
    name: c.name,
    icon: c.icon,
    color: c.color,
    isTaxDeductible: c.isTaxDeductible,
    taxCategory: c.taxCategory || null,
    defaultGstRate: decimalToNumber(c.defaultGstRate || '0'),
    categorySetId: c.categorySetId || null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
