import { AppError } from '@pfs/kit';
import { z } from 'zod';
import { categoryNames, summarize } from '../ledger';
import { transactionSummary, uuid } from '../schemas';
import { defineTool } from '../tool';

export const getTransaction = defineTool({
  name: 'get_transaction',
  title: 'Get a transaction',
  description: 'One of the user’s transactions by id, with its category and attached files.',
  scope: 'read',
  destructive: false,
  input: z.object({ id: uuid.describe('Transaction id') }),
  output: z.object({ transaction: transactionSummary }),
  async run({ id }, ctx) {
    const { transaction } = await ctx.services.ledger.call(
      (c) => c.getTransaction,
      { id },
      { userId: ctx.userId },
    );
    if (!transaction) throw AppError.notFound('Transaction');
    const names = await categoryNames(ctx, [transaction.categoryId]);
    const { attachments } = await ctx.services.documents.call(
      (c) => c.listAttachments,
      { entityType: 'transaction', entityIds: [id] },
      { userId: ctx.userId },
    );
    return {
      transaction: {
        ...summarize(transaction, names),
        attachments: attachments
          .filter((a) => a.file)
          .map((a) => ({
            fileName: a.file!.fileName,
            assetUrl: `/api/chat/files/${ctx.userId}/${a.file!.fileName}`,
          })),
      },
    };
  },
});
