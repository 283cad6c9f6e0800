import { outboxMigration, type Migration } from '@pfs/kit';
import { jobsMigration } from '../jobs/runner';
import { bills001 } from './001_bills';
import { rulesPending } from './004_rules_pending';

/** Applied in key order by kit's migrateSchema inside the "bills" schema. */
export const migrations: Record<string, Migration> = {
  '001_bills': bills001,
  // kit's outbox, inbox and parked_events tables (ADR 004).
  '002_events_outbox': outboxMigration,
  // The scheduled jobs (generate-occurrences, due-soon), claimed with FOR UPDATE SKIP LOCKED.
  '003_jobs': jobsMigration,
  // rules_pending on bills and patterns saved while categorization was away (ADR 010).
  '004_rules_pending': rulesPending,
};
