import { booleanFlag, intSetting, optionalString } from '@pfs/kit';
import { z } from 'zod';

export const gatewayConfigSchema = z.object({
  PORT: intSetting(8080, 0),
  IDENTITY_GRPC_URL: z.string().default('127.0.0.1:50051'),
  LEDGER_GRPC_URL: z.string().default('127.0.0.1:50052'),
  CATEGORIZATION_GRPC_URL: z.string().default('127.0.0.1:50053'),
  TAX_GRPC_URL: z.string().default('127.0.0.1:50055'),
  BILLS_GRPC_URL: z.string().default('127.0.0.1:50054'),
  /** Shared store for rate limits and idempotency keys across gateway replicas. */
  REDIS_URL: optionalString,
  ADMIN_TOKEN: optionalString,
  RATE_LIMIT_ANONYMOUS: intSetting(300, 1),
  RATE_LIMIT_WINDOW_SECONDS: intSetting(900, 1),
  GRPC_DEADLINE_MS: intSetting(5000, 1),
  AUTH_CACHE_TTL_MS: intSetting(5000, 0),
  BODY_LIMIT_BYTES: intSetting(1024 * 1024, 1),
  COOKIE_SECURE: booleanFlag(false),
  /** Express "trust proxy" setting, e.g. 1 behind one ingress hop; false uses the socket address. */
  TRUST_PROXY: optionalString,
  BREAKER_RESET_MS: intSetting(10_000, 100),
  BREAKER_ERROR_PERCENT: intSetting(50, 1),
  BREAKER_VOLUME_THRESHOLD: intSetting(5, 1),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
