import { booleanFlag, intSetting, optionalString } from '@pfs/kit';
import { z } from 'zod';

export const configSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  GRPC_PORT: intSetting(50058, 1),
  /** Development and tests only: allows http and private, loopback and link-local addresses. */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag(false),
  /** Seals signing secrets at rest (AES-256-GCM); unset: stored as is (ADR 012). */
  WEBHOOK_SECRET_KEY: optionalString,
  /** Runs the delivery worker (claims due deliveries and sends them). */
  WEBHOOK_WORKER_ENABLED: booleanFlag(true),
  WEBHOOK_POLL_MS: intSetting(500, 10),
  /** A request not answered with a 2xx within this is a failure. */
  WEBHOOK_TIMEOUT_MS: intSetting(10_000, 1),
  /** How long a claimed delivery is held by its worker before another may take it again. */
  WEBHOOK_LEASE_MS: intSetting(60_000, 1),
  /** Requests in flight per endpoint across one worker (and roughly across replicas). */
  WEBHOOK_ENDPOINT_CONCURRENCY: intSetting(4, 1),
  /** Requests in flight per worker. */
  WEBHOOK_WORKER_CONCURRENCY: intSetting(32, 1),
  /** An endpoint failing without a success for this many days is disabled. */
  WEBHOOK_DISABLE_AFTER_DAYS: intSetting(5, 1),
  /** Bytes of the partner's response kept (and read at most). */
  WEBHOOK_RESPONSE_CAP_BYTES: intSetting(4_096, 0),
  /** Succeeded and failed deliveries are deleted this many days after they were created. */
  WEBHOOK_DELIVERY_RETENTION_DAYS: intSetting(30, 1),
});

export type WebhooksConfig = z.infer<typeof configSchema>;
