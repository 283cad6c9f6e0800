import { AssignMode } from '@pfs/proto/categorization/v1/assignments';
import type { Transaction } from '@pfs/proto/ledger';
import type { ToolContext } from './tool';

/**
 * A category the user set (through the assistant) is their primary assignment too, so the
 * assignment history shows it and the classifier learns from it, as when they set it in the
 * app (the gateway does the same for PATCH /api/bank/transactions/{id}).
 */
export async function recordCategory(ctx: ToolContext, transaction: Transaction): Promise<void> {
  if (!transaction.categoryId) return;
  await ctx.services.assignments.call(
    (c) => c.assignCategories,
    {
      transactionId: transaction.id,
      items: [{ categoryId: transaction.categoryId, isPrimary: true }],
      mode: AssignMode.ASSIGN_MODE_ADD,
      assignedBy: 'user',
      actor: ctx.userId,
    },
    { userId: ctx.userId },
  );
  await ctx.services.classification.call(
    (c) => c.recordLabels,
    {
      labels: [
        {
          transactionId: transaction.id,
          description: transaction.description,
          merchant: transaction.merchant,
          amount: transaction.amount,
          type: transaction.type,
          categoryId: transaction.categoryId,
        },
      ],
    },
    { userId: ctx.userId },
  );
}
