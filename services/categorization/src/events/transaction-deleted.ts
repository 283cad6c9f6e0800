import {
  eventSubject,
  isUuid,
  newId,
  type EventBus,
  type EventHandler,
  type Knex,
  type Logger,
  type Subscription,
} from '@pfs/kit';

/**
 * Categorization's consumer of the ledger's `transaction.deleted` (issue 13): a deleted
 * transaction takes its category assignments along. Durable and idempotent through kit's
 * consumer (the inbox row and the deletes commit in one transaction); the history keeps a
 * `removed` entry per assignment, as a category deletion does.
 */
export const TRANSACTION_DELETED_CONSUMER = 'categorization-transaction-deleted';
export const TRANSACTION_DELETED_SUBJECTS = [eventSubject('ledger', 'transaction.deleted')];

interface DeletedTransaction {
  id?: unknown;
}

interface RemovedAssignment {
  user_id: string;
  transaction_id: string;
  category_id: string;
}

/** Removes the deleted transaction's assignments; returns how many there were. */
export async function removeAssignmentsOfTransaction(
  trx: Knex.Transaction | Knex,
  userId: string,
  transactionId: string,
): Promise<number> {
  const removed = (await trx('transaction_category_assignments')
    .where({ user_id: userId, transaction_id: transactionId })
    .delete()
    .returning(['user_id', 'transaction_id', 'category_id'])) as RemovedAssignment[];
  if (removed.length)
    await trx('assignment_history').insert(
      removed.map((a) => ({
        id: newId(),
        user_id: a.user_id,
        transaction_id: a.transaction_id,
        category_id: a.category_id,
        action: 'removed',
        from_category_id: a.category_id,
        to_category_id: null,
        assigned_by: 'system',
        actor: 'system',
        notes: 'Transaction deleted',
      })),
    );
  return removed.length;
}

export function transactionDeletedHandler(logger: Logger): EventHandler<DeletedTransaction> {
  const log = logger.child({ component: TRANSACTION_DELETED_CONSUMER });
  return async (event, trx) => {
    const transactionId = event.data?.id;
    // Not ours to fix: a malformed event has nothing we could remove.
    if (!event.userId || typeof transactionId !== 'string' || !isUuid(transactionId)) {
      log.warn(
        { eventId: event.id },
        'transaction.deleted without user or transaction id; ignored',
      );
      return;
    }
    const removed = await removeAssignmentsOfTransaction(
      trx,
      event.userId,
      transactionId.toLowerCase(),
    );
    if (removed)
      log.debug({ transactionId, removed }, 'assignments of a deleted transaction removed');
  };
}

/** Subscribes categorization's event consumers on the process's bus. */
export async function startCategorizationConsumers(opts: {
  db: Knex;
  logger: Logger;
  bus: Pick<EventBus, 'subscribe'>;
}): Promise<{ subscriptions: Subscription[]; stop(): Promise<void> }> {
  const deleted = await opts.bus.subscribe({
    consumer: TRANSACTION_DELETED_CONSUMER,
    subjects: TRANSACTION_DELETED_SUBJECTS,
    db: opts.db,
    logger: opts.logger,
    handler: transactionDeletedHandler(opts.logger),
  });
  return {
    subscriptions: [deleted],
    async stop() {
      await deleted.stop();
    },
  };
}
