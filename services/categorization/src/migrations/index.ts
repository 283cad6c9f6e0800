import type { Migration } from '@pfs/kit';
import { categories001 } from './001_categories';

/** Applied in key order by kit's migrateSchema inside the "categorization" schema. */
export const migrations: Record<string, Migration> = {
  '001_categories': categories001,
};
