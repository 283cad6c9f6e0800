import { outboxMigration, type Migration } from '@pfs/kit';
import { documents001 } from './001_documents';

/** Applied in key order by kit's migrateSchema inside the "documents" schema. */
export const migrations: Record<string, Migration> = {
  // outbox (document.uploaded, receipt.analyzed), inbox and parked_events (transaction.deleted).
  '000_events': outboxMigration,
  '001_documents': documents001,
};
