import { z } from 'zod';
import { uuid } from '../schemas';
import { defineTool } from '../tool';
import { transactionFacts } from '../facts';

export const classifyTransactions = defineTool({
  name: 'classify_transactions',
  title: 'Suggest categories',
  description:
    'Suggests a category for each of the given transactions with a confidence (0–1). ' +
    'Changes nothing: apply a suggestion with categorize_transaction.',
  scope: 'read',
  destructive: false,
  input: z.object({ transactionIds: z.array(uuid).min(1).max(50) }),
  output: z.object({
    suggestions: z.array(
      z.object({
        transactionId: z.string(),
        categoryId: z.string().nullable(),
        categoryName: z.string().nullable(),
        confidence: z.number(),
      }),
    ),
  }),
  async run({ transactionIds }, ctx) {
    const transactions = await transactionFacts(ctx, transactionIds);
    const { results } = await ctx.services.classification.call(
      (c) => c.classify,
      {
        profile: { countryCode: ctx.countryCode, businessType: ctx.businessType },
        transactions,
      },
      { userId: ctx.userId },
    );
    return {
      suggestions: results.map((r) => ({
        transactionId: r.id,
        categoryId: r.categoryId || null,
        categoryName: r.categoryName || null,
        confidence: r.confidence,
      })),
    };
  },
});
