import type { TransactionFacts } from '@pfs/proto/categorization/v1/classification';
import type { Transaction } from '@pfs/proto/ledger';
import type { ToolContext } from './tool';

export function factsOf(t: Transaction): TransactionFacts {
  return {
    id: t.id,
    description: t.description,
    merchant: t.merchant,
    amount: t.amount,
    type: t.type,
    date: t.date.slice(0, 10),
    categoryId: t.categoryId,
    gstRate: t.gstRate,
    gstAmount: t.gstAmount,
    gstIncluded: t.gstIncluded,
  };
}

/** The caller's transactions by id, in order (another user's id is NOT_FOUND). */
export async function transactionFacts(
  ctx: ToolContext,
  ids: string[],
): Promise<TransactionFacts[]> {
  const found = await Promise.all(
    [...new Set(ids)].map((id) =>
      ctx.services.ledger.call((c) => c.getTransaction, { id }, { userId: ctx.userId }),
    ),
  );
  return found.flatMap((r) => (r.transaction ? [factsOf(r.transaction)] : []));
}
