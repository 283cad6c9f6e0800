import type { Migration } from '@pfs/kit';
import { chat001 } from './001_chat';

/** Applied in key order by kit's migrateSchema inside the "assistant" schema. */
export const migrations: Record<string, Migration> = {
  '001_chat': chat001,
};
