import { intSetting } from '@pfs/kit';
import { z } from 'zod';

export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type CategorizationDeps } from './server';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'categorization';

export const configSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  GRPC_PORT: intSetting(50053, 1),
});

export type CategorizationConfig = z.infer<typeof configSchema>;
