import { outboxMigration, type Migration } from '@pfs/kit';
import { createTransactions } from './0001_create_transactions';
import { transactionsTextSearch } from './0002_transactions_text_search';
import { createExpenses } from './0003_create_expenses';
import { transactionDailyTotals } from './0004_transaction_daily_totals';
import { createImports } from './0006_create_imports';
import { transactionVersions } from './0007_transaction_versions';
import { taxReportIndex } from './0008_tax_report_index';
import { transactionsSearchCover } from './0009_transactions_search_cover';
import { rulesPending } from './0010_rules_pending';
import { importReport } from './0011_import_report';
import { importMappings } from './0012_import_mappings';

/** Applied in key order by kit migrateSchema inside the ledger schema. */
export const migrations: Record<string, Migration> = {
  '0001_create_transactions': createTransactions,
  '0002_transactions_text_search': transactionsTextSearch,
  '0003_create_expenses': createExpenses,
  '0004_transaction_daily_totals': transactionDailyTotals,
  // kit's outbox, inbox and parked_events tables (ADR 004).
  '0005_events_outbox': outboxMigration,
  '0006_create_imports': createImports,
  '0007_transaction_versions': transactionVersions,
  '0008_tax_report_index': taxReportIndex,
  '0009_transactions_search_cover': transactionsSearchCover,
  '0010_rules_pending': rulesPending,
  '0011_import_report': importReport,
  '0012_import_mappings': importMappings,
};
