import type { Migration } from '@pfs/kit';
import { taxRates001 } from './001_tax_rates';
import { loadShippedRates002 } from './002_load_shipped_rates';

/** Applied in key order by kit's migrateSchema inside the "tax" schema. */
export const migrations: Record<string, Migration> = {
  '001_tax_rates': taxRates001,
  '002_load_shipped_rates': loadShippedRates002,
};
