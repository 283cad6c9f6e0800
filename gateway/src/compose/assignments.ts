import { createLogger, isTransportFailure, type Logger } from '@pfs/kit';
import { AssignMode, AssignmentServiceClient } from '@pfs/proto/categorization/v1/assignments';
import type { Transaction } from '@pfs/proto/ledger';
import type { Upstreams } from '../upstreams';

let log: Logger | undefined;
const logger = () => (log ??= createLogger('gateway', process.env.LOG_LEVEL ?? 'info'));

/**
 * A category set directly on a transaction (POST/PATCH with categoryId) is the user's primary
 * assignment too, so the assignment history shows who changed it, when, from and to. The
 * ledger write already succeeded: a categorization outage is logged, not returned.
 */
export async function recordUserCategory(
  upstreams: Upstreams,
  transaction: Transaction | undefined,
  userId: string,
): Promise<void> {
  if (!transaction?.categoryId) return;
  try {
    await upstreams.categorization
      .service(AssignmentServiceClient)
      .call((c) => c.assignCategories, {
        transactionId: transaction.id,
        items: [{ categoryId: transaction.categoryId, isPrimary: true }],
        mode: AssignMode.ASSIGN_MODE_ADD,
        assignedBy: 'user',
        actor: userId,
      });
  } catch (err) {
    logger()[isTransportFailure(err) ? 'warn' : 'error'](
      { err: (err as Error).message, transactionId: transaction.id },
      'could not record the category assignment (the transaction write itself succeeded)',
    );
  }
}
