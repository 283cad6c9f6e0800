import type { Migration } from '@pfs/kit';
import { categories001 } from './001_categories';
import { categorySetsAssignments002 } from './002_category_sets_assignments';
import { classifierLabels003 } from './003_classifier_labels';

/** Applied in key order by kit's migrateSchema inside the "categorization" schema. */
export const migrations: Record<string, Migration> = {
  '001_categories': categories001,
  '002_category_sets_assignments': categorySetsAssignments002,
  '003_classifier_labels': classifierLabels003,
};
