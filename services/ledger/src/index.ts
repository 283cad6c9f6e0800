/** The ledger service: bank transactions of each user, served over gRPC. */
export { configSchema, type LedgerConfig } from './config';
export { migrations } from './migrations';
export { createServer, type LedgerDeps } from './server';
export { createImportWorker } from './imports';
export type { ImportWorker } from './import-worker';
export {
  createRulesCatchUp,
  createRulesSource,
  type RulesCatchUp,
  type RulesSource,
} from './rules';
/** What the gateway's import route validates against (kept in step by a test). */
export { PRESET_IDS } from './domain/import/presets';
export { DATE_FORMATS } from './domain/import/dates';

/** The PostgreSQL schema holding every ledger table. */
export const SCHEMA = 'ledger';
