import { AppError, unary, type Knex, type Logger } from '@pfs/kit';
import type {
  BatchUpdateTransactionsRequest,
  BatchUpdateTransactionsResponse,
} from '@pfs/proto/ledger';
import { parseBatch, resolveBatch } from './domain/batch';
import { batchUpdateTransactions } from './store/batch';
import { toTransactionMessage } from './wire';

/**
 * LedgerService.BatchUpdateTransactions: every item is validated before the database is
 * touched, then the batch is applied all or nothing (see store/batch.ts). An id the caller
 * does not own fails the whole batch as NOT_FOUND, so it reveals nothing about other users.
 */
export function batchUpdateHandler(db: Knex, logger: Logger) {
  return unary<BatchUpdateTransactionsRequest, BatchUpdateTransactionsResponse>(
    async (req, ctx) => {
      const updates = parseBatch(req.updates);
      const updated = await batchUpdateTransactions(db, ctx.userId, updates, (current) =>
        resolveBatch(updates, current),
      );
      if (!updated) throw AppError.notFound('Transaction');
      logger.debug({ count: updated.length }, 'transactions batch-updated');
      return { transactions: updated.map(toTransactionMessage) };
    },
  );
}
