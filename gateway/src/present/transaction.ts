import { decimalToNumber, moneyToNumber } from '@pfs/kit';
import type { Transaction } from '@pfs/proto/ledger';
import { z } from 'zod';
import { categorySchema, type CategoryJson } from './category';

export const transactionSchema = z.object({
  id: z.string(),
  date: z.string().describe('ISO 8601 date-time (UTC)'),
  description: z.string(),
  amount: z.number().describe('Positive; see type for direction'),
  type: z.enum(['debit', 'credit']),
  categoryId: z.string().nullable(),
  category: categorySchema.nullable(),
  merchant: z.string().nullable(),
  isTaxDeductible: z.boolean(),
  businessUsePercentage: z.number(),
  gstAmount: z.number(),
  gstRate: z.number().describe('Fraction: 0.1 means 10%'),
  gstIncluded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TransactionJson = z.output<typeof transactionSchema>;

export function presentTransaction(
  t: Transaction,
  categories: Map<string, CategoryJson>,
): TransactionJson {
  return {
    id: t.id,
    date: t.date,
    description: t.description,
    amount: moneyToNumber(t.amount),
    type: t.type as TransactionJson['type'],
    categoryId: t.categoryId ?? null,
    category: (t.categoryId && categories.get(t.categoryId)) || null,
    merchant: t.merchant ?? null,
    isTaxDeductible: t.isTaxDeductible,
    businessUsePercentage: decimalToNumber(t.businessUsePercentage || '0'),
    gstAmount: moneyToNumber(t.gstAmount || '0'),
    gstRate: decimalToNumber(t.gstRate || '0'),
    gstIncluded: t.gstIncluded,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}
