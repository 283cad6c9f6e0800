import { z } from 'zod';

/** Shared pieces of the tools' zod schemas (money as decimal strings, dates as YYYY-MM-DD). */
export const moneyString = z
  .string()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most 2 places, e.g. "12.30"')
  .describe('Decimal string, e.g. "12.30"');

export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD', abort: true })
  .refine((s) => {
    const day = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
  }, 'must be a real calendar date')
  .describe('YYYY-MM-DD');

export const uuid = z.uuid();

export const period = {
  from: dateString.describe('First day, inclusive (YYYY-MM-DD)'),
  to: dateString.describe('Last day, inclusive (YYYY-MM-DD)'),
};

export const periodOut = z.object({ from: z.string(), to: z.string() });

export const transactionSummary = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  merchant: z.string().nullable(),
  amount: z.string().describe('Signed: negative is money out'),
  type: z.enum(['income', 'expense', 'transfer']),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  attachments: z.array(z.object({ fileName: z.string(), assetUrl: z.string() })).optional(),
});

export const categoryOut = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  type: z.string(),
});

export const ruleOut = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  conditions: z.unknown(),
});

/** An empty arguments object (unknown keys are ignored, as everywhere in the API). */
export const noInput = z.object({}) as unknown as z.ZodType<Record<string, never>>;
