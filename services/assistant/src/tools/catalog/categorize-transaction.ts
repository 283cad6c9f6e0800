import { AppError } from '@pfs/kit';
import { z } from 'zod';
import { recordCategory } from '../categorize';
import { assertOwnCategory, summarize } from '../ledger';
import { transactionSummary, uuid } from '../schemas';
import { defineTool } from '../tool';

export const categorizeTransaction = defineTool({
  name: 'categorize_transaction',
  title: 'Categorize a transaction',
  description:
    'Sets the category of one of the user’s transactions (replacing its current one); the ' +
    'classifier learns from it.',
  scope: 'write',
  destructive: true,
  input: z.object({ transactionId: uuid, categoryId: uuid }),
  output: z.object({ transaction: transactionSummary }),
  async run({ transactionId, categoryId }, ctx) {
    const category = await assertOwnCategory(ctx, categoryId);
    const { transaction } = await ctx.services.ledger.call(
      (c) => c.updateTransaction,
      { id: transactionId, patch: { categoryId, clearCategoryId: false, clearMerchant: false } },
      { userId: ctx.userId },
    );
    if (!transaction) throw AppError.notFound('Transaction');
    await recordCategory(ctx, transaction);
    return { transaction: summarize(transaction, new Map([[category.id, category.name]])) };
  },
});
