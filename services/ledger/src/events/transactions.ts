import { createOutbox, formatMoney, type EventEnvelope, type Knex } from '@pfs/kit';
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
