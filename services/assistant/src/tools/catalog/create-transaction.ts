import { AppError, formatMoney, money } from '@pfs/kit';
import { z } from 'zod';
import { recordCategory } from '../categorize';
import { assertOwnCategory, categoryNames, summarize } from '../ledger';
import { dateString, moneyString, transactionSummary, uuid } from '../schemas';
import { defineTool } from '../tool';

export const createTransaction = defineTool({
  name: 'create_transaction',
  title: 'Create a transaction',
  description:
    'Records a transaction in the user’s ledger. amount is the size (a negative amount is ' +
    'taken as money out); type defaults to expense (money out).',
  scope: 'write',
  destructive: false,
  input: z.object({
    date: dateString,
    description: z.string().min(1).max(1000),
    amount: moneyString,
    type: z.enum(['income', 'expense']).optional(),
    categoryId: uuid.optional(),
    merchant: z.string().min(1).max(200).optional(),
  }),
  output: z.object({ transaction: transactionSummary }),
  async run(input, ctx) {
    const amount = money(input.amount);
    if (amount.isZero())
      throw AppError.validation([{ field: 'amount', message: 'must not be zero' }]);
    if (input.categoryId) await assertOwnCategory(ctx, input.categoryId);
    const { transaction } = await ctx.services.ledger.call(
      (c) => c.createTransaction,
      {
        transaction: {
          date: input.date,
          description: input.description,
          amount: formatMoney(amount.abs()),
          type: input.type === 'income' ? 'credit' : 'debit',
          categoryId: input.categoryId,
          merchant: input.merchant,
        },
      },
      { userId: ctx.userId },
    );
    if (!transaction) throw new AppError('INTERNAL_ERROR', 'The ledger returned no transaction');
    await recordCategory(ctx, transaction);
    const names = await categoryNames(ctx, [transaction.categoryId]);
    return { transaction: summarize(transaction, names) };
  },
});
