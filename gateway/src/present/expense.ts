import { decimalToNumber, moneyToNumber } from '@pfs/kit';
import type { Expense } from '@pfs/proto/ledger/v1/expenses';
import { z } from 'zod';
import { categorySchema, type CategoryJson } from './category';

export const taxDeductionSchema = z.object({
  taxCategory: z.string(),
  amount: z.number().describe('Amount claimed, at most the expense amount'),
  percentage: z.number().nullable().describe('Percent, 0–100 (null when not given)'),
  notes: z.string().nullable(),
});

export const expenseSchema = z.object({
  id: z.string(),
  date: z.string().describe('Calendar date YYYY-MM-DD'),
  description: z.string(),
  amount: z.number().describe('Positive, at most 2 decimals'),
  categoryId: z.string().nullable(),
  category: categorySchema.nullable(),
  isTaxDeductible: z.boolean(),
  taxDeductions: z.array(taxDeductionSchema),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ExpenseJson = z.output<typeof expenseSchema>;

export function presentExpense(e: Expense, categories: Map<string, CategoryJson>): ExpenseJson {
  return {
    id: e.id,
    date: e.date,
    description: e.description,
    amount: moneyToNumber(e.amount),
    categoryId: e.categoryId ?? null,
    category: (e.categoryId && categories.get(e.categoryId)) || null,
    isTaxDeductible: e.isTaxDeductible,
    taxDeductions: e.taxDeductions.map((d) => ({
      taxCategory: d.taxCategory,
      amount: moneyToNumber(d.amount),
      percentage: d.percentage === undefined ? null : decimalToNumber(d.percentage),
      notes: d.notes ?? null,
    })),
    notes: e.notes ?? null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
