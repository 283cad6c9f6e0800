import { intSetting } from '@pfs/kit';
import { z } from 'zod';

export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type CategorizationDeps } from './server';
export { RULE_EXECUTED, type RuleTargetAddresses } from './rules-server';
export {
  startCategorizationConsumers,
  TRANSACTION_DELETED_CONSUMER,
} from './events/transaction-deleted';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'categorization';

export const configSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  GRPC_PORT: intSetting(50053, 1),
  /** RuleTargetService of the ledger (transactions, expenses) and bills (bills, patterns). */
  LEDGER_GRPC_URL: z.string().optional(),
  BILLS_GRPC_URL: z.string().optional(),
});

export type CategorizationConfig = z.infer<typeof configSchema>;
