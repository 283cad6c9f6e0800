/** The ledger service: bank transactions of each user, served over gRPC. */
export { configSchema, type LedgerConfig } from './config';
export { migrations } from './migrations';
export { createServer, type LedgerDeps } from './server';

/** The PostgreSQL schema holding every ledger table. */
export const SCHEMA = 'ledger';
