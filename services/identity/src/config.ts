import { intSetting, optionalString } from '@pfs/kit';
import { z } from 'zod';

const DAY_SECONDS = 24 * 60 * 60;

export const configSchema = z.object({
  /** Required by main.ts only: an embedding process (standalone) passes its own pool. */
  DATABASE_URL: optionalString,
  GRPC_PORT: intSetting(50051, 0).pipe(z.number().max(65535)),
  // HS256 is only as strong as its key: shorter secrets are guessable offline from one token.
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: intSetting(3600, 60),
  REFRESH_TOKEN_TTL_SECONDS: intSetting(30 * DAY_SECONDS, 60),
  // OWASP's argon2id baseline: 19 MiB, two passes, one lane.
  ARGON2_MEMORY_KIB: intSetting(19456, 1024),
  ARGON2_TIME_COST: intSetting(2, 1),
  LOGIN_MAX_FAILURES_PER_EMAIL: intSetting(5, 1),
  LOGIN_MAX_FAILURES_PER_ADDRESS: intSetting(20, 1),
  LOGIN_FAILURE_WINDOW_SECONDS: intSetting(900, 1),
  LOGIN_SLOWDOWN_MS: intSetting(200, 0),
});

export type IdentityConfig = z.infer<typeof configSchema>;
