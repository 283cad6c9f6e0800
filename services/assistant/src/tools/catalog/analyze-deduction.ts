import { AppError, formatMoney, money } from '@pfs/kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { transactionFacts } from '../facts';
import { isoDay } from '../ledger';
import { moneyString, uuid } from '../schemas';
import { defineTool } from '../tool';

export const analyzeDeduction = defineTool({
  name: 'analyze_deduction',
  title: 'Is it tax-deductible?',
  description:
    'Judges whether an expense is tax-deductible for the user (their country and business ' +
    'type): either one of their transactions by id, or a description and amount. Changes nothing.',
  scope: 'read',
  destructive: false,
  input: z.object({
    transactionId: uuid.optional(),
    description: z.string().min(1).max(1000).optional(),
    amount: moneyString.optional(),
  }),
  output: z.object({
    isTaxDeductible: z.boolean(),
    businessUsePercentage: z.number(),
    confidence: z.number(),
    reasoning: z.string(),
    taxCategory: z.string(),
  }),
  async run(input, ctx) {
    let facts;
    if (input.transactionId) {
      [facts] = await transactionFacts(ctx, [input.transactionId]);
      if (!facts) throw AppError.notFound('Transaction');
    } else if (input.description) {
      facts = {
        id: randomUUID(),
        description: input.description,
        amount: formatMoney(money(input.amount ?? '0').abs()),
        type: 'debit',
        date: isoDay(ctx.now),
        gstRate: '0',
        gstAmount: '0',
        gstIncluded: false,
      };
    } else {
      throw AppError.validation([
        { field: 'transactionId', message: 'give a transactionId or a description' },
      ]);
    }
    const { results } = await ctx.services.classification.call(
      (c) => c.analyzeTaxDeductions,
      {
        profile: { countryCode: ctx.countryCode, businessType: ctx.businessType },
        transactions: [facts],
      },
      { userId: ctx.userId },
    );
    const r = results[0];
    if (!r) throw new AppError('INTERNAL_ERROR', 'Categorization returned no analysis');
    return {
      isTaxDeductible: r.isTaxDeductible,
      businessUsePercentage: r.businessUsePercentage,
      confidence: r.confidence,
      reasoning: r.reasoning,
      taxCategory: r.taxCategory,
    };
  },
});
