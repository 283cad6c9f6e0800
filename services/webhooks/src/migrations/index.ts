import { outboxMigration, type Migration } from '@pfs/kit';
import { webhooks001 } from './001_webhooks';
import { deliveryPruning002 } from './002_delivery_pruning';

/** Applied in key order by kit's migrateSchema inside the "webhooks" schema. */
export const migrations: Record<string, Migration> = {
  // inbox and parked_events for the durable consumer (webhooks publishes nothing itself).
  '000_events': outboxMigration,
  '001_webhooks': webhooks001,
  '002_delivery_pruning': deliveryPruning002,
};
