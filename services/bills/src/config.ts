import { booleanFlag, intSetting } from '@pfs/kit';
import { z } from 'zod';

export const configSchema = z.object({
  DATABASE_URL: z.string({ error: 'is required' }).min(1, 'is required'),
  GRPC_PORT: intSetting(50054, 1).refine((port) => port <= 65_535, 'must be a port number'),
  /** The ledger's gRPC address: pattern detection and autopay read transactions there. */
  LEDGER_GRPC_URL: z.string().default('127.0.0.1:50052'),
  /** Categorization, which owns the custom rules applied to new and updated bills and patterns. */
  CATEGORIZATION_GRPC_URL: z.string().optional(),
  /** Occurrences of patterns are generated this many days ahead. */
  BILL_HORIZON_DAYS: intSetting(90, 1).refine((d) => d <= 731, 'must be at most 731'),
  /** bill.due_soon window for users who have not chosen one (0–60 days). */
  BILL_DUE_SOON_DAYS: intSetting(3, 0).refine((d) => d <= 60, 'must be at most 60'),
  /** How often each replica's job runner looks for due jobs. */
  BILL_JOBS_POLL_MS: intSetting(30_000, 10),
  /** Period of the generate-occurrences job (default hourly). */
  BILL_GENERATE_EVERY_MS: intSetting(60 * 60_000, 10),
  /** Period of the due-soon job (default daily). */
  BILL_DUE_SOON_EVERY_MS: intSetting(24 * 60 * 60_000, 10),
  /** Period of the rules catch-up job: bills and patterns saved while categorization was away. */
  BILL_RULES_CATCHUP_MS: intSetting(5_000, 10),
  /** Run the background jobs in this process (several replicas may: jobs are claimed in PostgreSQL). */
  BILL_JOBS_ENABLED: booleanFlag(true),
  /** Pay unpaid bills from matching new transactions (transaction.created / transaction.imported). */
  BILL_AUTOPAY_ENABLED: booleanFlag(true),
});

export type BillsConfig = z.infer<typeof configSchema>;
