import { outboxMigration, type Migration } from '@pfs/kit';
import { categories001 } from './001_categories';
import { categorySetsAssignments002 } from './002_category_sets_assignments';
import { classifierLabels003 } from './003_classifier_labels';
import { rules004 } from './004_rules';

/** Applied in key order by kit's migrateSchema inside the "categorization" schema. */
export const migrations: Record<string, Migration> = {
  '001_categories': categories001,
  '002_category_sets_assignments': categorySetsAssignments002,
  '003_classifier_labels': classifierLabels003,
  '004_rules': rules004,
  // kit's outbox, inbox and parked_events tables (ADR 004): rule.executed is published from here.
  '005_events_outbox': outboxMigration,
};
