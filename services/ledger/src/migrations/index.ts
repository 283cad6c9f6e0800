import type { Migration } from '@pfs/kit';
import { createTransactions } from './0001_create_transactions';
import { transactionsTextSearch } from './0002_transactions_text_search';

/** Applied in key order by kit migrateSchema inside the ledger schema. */
export const migrations: Record<string, Migration> = {
  '0001_create_transactions': createTransactions,
  '0002_transactions_text_search': transactionsTextSearch,
};
