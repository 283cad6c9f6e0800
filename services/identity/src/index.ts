export { configSchema, type IdentityConfig } from './config';
export { migrations } from './migrations';
export { createServer, type IdentityDeps } from './server';

/** The Postgres schema that holds every identity table. */
export const SCHEMA = 'identity';
