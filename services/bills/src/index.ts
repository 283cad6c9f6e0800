/** The bills service: bills, recurring patterns and their occurrences, over gRPC. */
export { configSchema, type BillsConfig } from './config';
export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type BillsDeps } from './server';
export { startBillsWorkers, type BillsWorkers, type BillsWorkersOptions } from './workers';
export { applyBillRules, connectBillRules, type BillRulesSource } from './rules';
export { ruleTargetBinding, runOverTable, settlePendingRules, RUN_BATCH } from './rules-run';
export { connectLedger, grpcLedgerReader, type LedgerReader, type LedgerDebit } from './ledger';
export { JobRunner, type JobDefinition } from './jobs/runner';
export {
  billJobs,
  notifyDueSoon,
  DUE_SOON,
  GENERATE_OCCURRENCES,
  RULES_CATCH_UP,
} from './jobs/bill-jobs';
export { AUTOPAY_CONSUMER, AUTOPAY_SUBJECTS, autopayHandler } from './events/autopay';
export {
  BILL_DUE_SOON,
  PATTERN_DETECTED,
  type BillDueSoonData,
  type PatternDetectedData,
} from './events/publish';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'bills';
