import { intSetting } from '@pfs/kit';
import { z } from 'zod';

export const configSchema = z.object({
  DATABASE_URL: z.string({ error: 'is required' }).min(1, 'is required'),
  GRPC_PORT: intSetting(50052, 1).refine((port) => port <= 65_535, 'must be a port number'),
});

export type LedgerConfig = z.infer<typeof configSchema>;
