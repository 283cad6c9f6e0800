import { booleanFlag, intSetting, optionalString } from '@pfs/kit';
import { z } from 'zod';

export const gatewayConfigSchema = z.object({
  PORT: intSetting(8080, 0),
  IDENTITY_GRPC_URL: z.string().default('127.0.0.1:50051'),
  LEDGER_GRPC_URL: z.string().default('127.0.0.1:50052'),
  CATEGORIZATION_GRPC_URL: z.string().default('127.0.0.1:50053'),
  TAX_GRPC_URL: z.string().default('127.0.0.1:50055'),
  BILLS_GRPC_URL: z.string().default('127.0.0.1:50054'),
  WEBHOOKS_GRPC_URL: z.string().default('127.0.0.1:50058'),
  DOCUMENTS_GRPC_URL: z.string().default('127.0.0.1:50056'),
  ASSISTANT_GRPC_URL: z.string().default('127.0.0.1:50057'),
  /** Answers can take a model's time: the chat message routes wait this long for the assistant. */
  ASSISTANT_DEADLINE_MS: intSetting(120_000, 1),
  /** Origins allowed to open /mcp from a browser (comma-separated); requests without Origin always pass. */
  MCP_ALLOWED_ORIGINS: optionalString,
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
  /** Strict-Transport-Security max-age on requests served over TLS (req.secure); 0 sends none. */
  HSTS_MAX_AGE_SECONDS: intSetting(31_536_000, 0),
  /** Browser origins allowed by CORS, comma-separated (https://app.example.com); empty: CORS off. */
  CORS_ORIGINS: optionalString,
  /** Allowed origins may send cookies (session + CSRF header) with their requests. */
  CORS_CREDENTIALS: booleanFlag(false),
  CORS_MAX_AGE_SECONDS: intSetting(600, 0),
  BREAKER_RESET_MS: intSetting(10_000, 100),
  BREAKER_ERROR_PERCENT: intSetting(50, 1),
  BREAKER_VOLUME_THRESHOLD: intSetting(5, 1),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
