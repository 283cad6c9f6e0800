import { decimalToNumber, moneyToNumber } from '@pfs/kit';
import type { Bill, Pattern, PatternSuggestion } from '@pfs/proto/bills';
import { z } from 'zod';
import { categorySchema, type CategoryJson } from './category';

const frequencySchema = z
  .enum(['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'])
  .describe(
    'weekly (7 days), fortnightly (14 days), monthly, quarterly (3 months) or yearly, times interval',
  );

export const billSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number().describe('Positive, at most 2 decimals'),
  dueDate: z.string().describe('YYYY-MM-DD'),
  paid: z.boolean(),
  categoryId: z.string().nullable(),
  category: categorySchema.nullable(),
  recurring: z.boolean().describe('true for occurrences generated from a pattern'),
  notes: z.string().nullable(),
  merchant: z
    .string()
    .nullable()
    .describe('Payee as it appears on bank statements (autopay matches it)'),
  patternId: z
    .string()
    .nullable()
    .describe('The pattern that generated this bill; null for one-off bills'),
  paidAt: z.string().nullable(),
  transactionId: z.string().nullable().describe('The transaction that paid the bill'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type BillJson = z.output<typeof billSchema>;

export function presentBill(b: Bill, categories: Map<string, CategoryJson>): BillJson {
  return {
    id: b.id,
    name: b.name,
    amount: moneyToNumber(b.amount),
    dueDate: b.dueDate,
    paid: b.paid,
    categoryId: b.categoryId ?? null,
    category: (b.categoryId && categories.get(b.categoryId)) || null,
    recurring: b.recurring,
    notes: b.notes ?? null,
    merchant: b.merchant ?? null,
    patternId: b.patternId ?? null,
    paidAt: b.paidAt ?? null,
    transactionId: b.transactionId ?? null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

export const patternSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number(),
  frequency: frequencySchema,
  interval: z.number().int().describe('Every `interval` periods, 1–52'),
  startDate: z.string().describe('YYYY-MM-DD; the first due date and the day of the month kept'),
  endDate: z.string().nullable().describe('Last day an occurrence may fall on; null: open-ended'),
  categoryId: z.string().nullable(),
  category: categorySchema.nullable(),
  merchant: z.string().nullable(),
  nextDueDate: z
    .string()
    .nullable()
    .describe('The next due date on or after today (UTC); null once ended'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type PatternJson = z.output<typeof patternSchema>;

export function presentPattern(p: Pattern, categories: Map<string, CategoryJson>): PatternJson {
  return {
    id: p.id,
    name: p.name,
    amount: moneyToNumber(p.amount),
    frequency: p.frequency as PatternJson['frequency'],
    interval: p.interval,
    startDate: p.startDate,
    endDate: p.endDate ?? null,
    categoryId: p.categoryId ?? null,
    category: (p.categoryId && categories.get(p.categoryId)) || null,
    merchant: p.merchant ?? null,
    nextDueDate: p.nextDueDate ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export const suggestionSchema = z.object({
  merchant: z.string().describe('The merchant as the bank last wrote it'),
  name: z.string(),
  amount: z.number().describe('The latest amount paid'),
  frequency: frequencySchema,
  interval: z.number().int(),
  nextDueDate: z.string(),
  confidence: z.number().describe('0–1: regularity, amount stability and history length'),
  occurrences: z.number().int(),
  lastDate: z.string(),
  transactionIds: z.array(z.string()),
});

export type SuggestionJson = z.output<typeof suggestionSchema>;

export function presentSuggestion(s: PatternSuggestion): SuggestionJson {
  return {
    merchant: s.merchant,
    name: s.name,
    amount: moneyToNumber(s.amount),
    frequency: s.frequency as SuggestionJson['frequency'],
    interval: s.interval,
    nextDueDate: s.nextDueDate,
    confidence: decimalToNumber(s.confidence),
    occurrences: s.occurrences,
    lastDate: s.lastDate,
    transactionIds: s.transactionIds,
  };
}
