import {
  createOutbox,
  formatMoney,
  type EventEnvelope,
  type Knex,
  type PreparedEvent,
} from '@pfs/kit';
import type { Transaction, TransactionType } from '../domain/transactions';

/**
 * What the ledger publishes. Every event is written with kit's outbox inside the transaction
 * that makes the change, so it exists if and only if the change committed; the relay started
 * by main.ts (or the embedded stack) publishes it as `pfs.ledger.<type>`.
 */

/** The ledger's outbox; 'ledger' is its schema (SCHEMA in index.ts) and its subject token. */
export const ledgerOutbox = createOutbox('ledger');

export const TRANSACTION_CREATED = 'transaction.created';
export const TRANSACTION_IMPORTED = 'transaction.imported';
export const TRANSACTION_UPDATED = 'transaction.updated';
export const TRANSACTION_DELETED = 'transaction.deleted';

/** `transaction.created`: one per transaction a user creates (not per imported row). */
export interface TransactionCreatedData {
  id: string;
  /** ISO 8601 instant, as on the wire. */
  date: string;
  /** Money as on the wire: "12.30". */
  amount: string;
  type: TransactionType;
  description: string;
  merchant: string | null;
  categoryId: string | null;
  isTaxDeductible: boolean;
}

/** `transaction.imported`: one per import, however many rows it added. */
export interface TransactionImportedData {
  importId: string;
  /** Rows that became transactions (their ids are `transactionIds`). */
  imported: number;
  /** Rows matching a transaction the user already had. */
  duplicates: number;
  /** Rows left out (invalid or filtered). */
  skipped: number;
  transactionIds: string[];
}

export function transactionCreatedData(t: Transaction): TransactionCreatedData {
  return {
    id: t.id,
    date: t.occurredAt.toISOString(),
    amount: formatMoney(t.amount),
    type: t.type,
    description: t.description,
    merchant: t.merchant,
    categoryId: t.categoryId,
    isTaxDeductible: t.isTaxDeductible,
  };
}

/** Enqueues `transaction.created`; pass the transaction (`trx`) that inserted it. */
export function enqueueTransactionCreated(
  trx: Knex.Transaction,
  userId: string,
  transaction: Transaction,
): Promise<EventEnvelope<TransactionCreatedData>> {
  return ledgerOutbox.enqueueEvent(trx, {
    type: TRANSACTION_CREATED,
    userId,
    data: transactionCreatedData(transaction),
  });
}

/**
 * `transaction.created` prepared for folding into the insert's own statement
 * (store insertTransactionWith): one round trip for the row, the event and the wake-up.
 */
export function prepareTransactionCreated(
  db: Knex,
  userId: string,
  transaction: Transaction,
): PreparedEvent<TransactionCreatedData> {
  return ledgerOutbox.prepareEvent(db, {
    type: TRANSACTION_CREATED,
    userId,
    data: transactionCreatedData(transaction),
  });
}

/**
 * Enqueues `transaction.imported` for a finished import; call it with the transaction that
 * inserted the imported rows, so the event and the rows commit (or vanish) together.
 */
export function enqueueTransactionImported(
  trx: Knex.Transaction,
  userId: string,
  data: TransactionImportedData,
): Promise<EventEnvelope<TransactionImportedData>> {
  return ledgerOutbox.enqueueEvent(trx, {
    type: TRANSACTION_IMPORTED,
    userId,
    data: {
      importId: data.importId,
      imported: data.imported,
      duplicates: data.duplicates,
      skipped: data.skipped,
      transactionIds: [...data.transactionIds],
    },
  });
}

/**
 * `transaction.updated`: one per update that changed something (a patch that changes nothing
 * writes no event). The transaction as it now is, the names of the fields that changed, and
 * their values before.
 */
export interface TransactionUpdatedData extends TransactionCreatedData {
  changedFields: (keyof TransactionCreatedData)[];
  previous: Partial<TransactionCreatedData>;
}

/**
 * `transaction.deleted`: one per deleted transaction, with what it was. Consumers drop what
 * hangs off it: categorization its category assignments, documents its attachment links.
 */
export type TransactionDeletedData = TransactionCreatedData;

export function transactionUpdatedData(
  before: Transaction,
  after: Transaction,
): TransactionUpdatedData {
  const was = transactionCreatedData(before);
  const now = transactionCreatedData(after);
  const changedFields = (Object.keys(now) as (keyof TransactionCreatedData)[]).filter(
    (key) => was[key] !== now[key],
  );
  const previous: Partial<TransactionCreatedData> = {};
  for (const key of changedFields) (previous as Record<string, unknown>)[key] = was[key];
  return { ...now, changedFields, previous };
}

/** Enqueues `transaction.updated` in the transaction that updated the row, if a field changed. */
export function enqueueTransactionUpdated(
  trx: Knex.Transaction,
  userId: string,
  before: Transaction,
  after: Transaction,
): Promise<EventEnvelope<TransactionUpdatedData> | undefined> {
  const data = transactionUpdatedData(before, after);
  // A patch that sets fields to their current values changes nothing a consumer could see.
  if (!data.changedFields.length) return Promise.resolve(undefined);
  return ledgerOutbox.enqueueEvent(trx, { type: TRANSACTION_UPDATED, userId, data });
}

/** Enqueues `transaction.deleted` in the transaction that deleted the row. */
export function enqueueTransactionDeleted(
  trx: Knex.Transaction,
  userId: string,
  deleted: Transaction,
): Promise<EventEnvelope<TransactionDeletedData>> {
  return ledgerOutbox.enqueueEvent(trx, {
    type: TRANSACTION_DELETED,
    userId,
    data: transactionCreatedData(deleted),
  });
}
