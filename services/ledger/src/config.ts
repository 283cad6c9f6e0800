import { intSetting } from '@pfs/kit';
import { z } from 'zod';

export const configSchema = z.object({
  DATABASE_URL: z.string({ error: 'is required' }).min(1, 'is required'),
  GRPC_PORT: intSetting(50052, 1).refine((port) => port <= 65_535, 'must be a port number'),
  /** Largest statement file accepted (413 above). */
  IMPORT_MAX_BYTES: intSetting(50 * 1024 * 1024, 1),
  /** Files larger than this are stored and imported in the background (202). */
  IMPORT_BACKGROUND_BYTES: intSetting(2 * 1024 * 1024, 1),
  /** Rows per INSERT (and, in the background, per committed batch). */
  IMPORT_BATCH_ROWS: intSetting(2000, 1),
  /** How often an idle import worker looks for queued or abandoned imports. */
  IMPORT_POLL_MS: intSetting(2000, 10),
  /** Batches of one background import written at once (each in its own transaction). */
  IMPORT_WRITERS: intSetting(2, 1),
  /** Categorization, which owns the custom rules applied to new records (ADR 010). */
  CATEGORIZATION_GRPC_URL: z.string().optional(),
  /** Deadline of the rules lookup on create and import; past it the record is saved pending. */
  RULES_DEADLINE_MS: intSetting(300, 10),
  /** How often the rules catch-up job looks for records saved while categorization was away. */
  RULES_CATCHUP_MS: intSetting(2000, 10),
});

export type LedgerConfig = z.infer<typeof configSchema>;
