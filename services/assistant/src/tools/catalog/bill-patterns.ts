import { formatMoney } from '@pfs/kit';
import { z } from 'zod';
import { noInput } from '../schemas';
import { defineTool } from '../tool';

export const billPatterns = defineTool({
  name: 'bill_patterns',
  title: 'Recurring bills',
  description:
    'The user’s recurring bill patterns (confidence 1) and the recurring payments detected in ' +
    'their transactions that are not patterns yet (with the detector’s confidence).',
  scope: 'read',
  destructive: false,
  input: noInput,
  output: z.object({
    patterns: z.array(
      z.object({
        merchant: z.string(),
        amount: z.string(),
        frequency: z.string(),
        nextDate: z.string().nullable(),
        confidence: z.number(),
      }),
    ),
  }),
  async run(_input, ctx) {
    const [patterns, suggestions] = await Promise.all([
      ctx.services.bills.call(
        (c) => c.listPatterns,
        { page: { page: 1, limit: 200 } },
        { userId: ctx.userId },
      ),
      ctx.services.bills.call((c) => c.listPatternSuggestions, {}, { userId: ctx.userId }),
    ]);
    return {
      patterns: [
        ...patterns.patterns.map((p) => ({
          merchant: p.merchant ?? p.name,
          amount: formatMoney(p.amount),
          frequency: p.frequency,
          nextDate: p.nextDueDate ?? null,
          confidence: 1,
        })),
        ...suggestions.suggestions.map((s) => ({
          merchant: s.merchant || s.name,
          amount: formatMoney(s.amount),
          frequency: s.frequency,
          nextDate: s.nextDueDate || null,
          confidence: Number(s.confidence),
        })),
      ],
    };
  },
});
