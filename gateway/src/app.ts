import type { Logger } from '@pfs/kit';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { Authenticator } from './auth/authenticator';
import type { GatewayConfig } from './config';
import { errorHandler } from './http/errors';
import { buildRouter, notFoundHandler, type PipelineDeps } from './http/pipeline';
import { requestContext } from './http/request-context';
import { MemoryIdempotencyStore, RedisIdempotencyStore } from './limits/idempotency';
import { RateLimiter } from './limits/rate-limit';
import { connectRedis, type Redis } from './limits/redis';
import { buildOpenApi } from './openapi';
import { routes } from './routes';
import { systemRouter } from './routes/system';
import { createUpstreams, type Upstreams } from './upstreams';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** Injected by tests; created from config otherwise. */
  upstreams?: Upstreams;
}

export interface Gateway {
  app: Express;
  upstreams: Upstreams;
  close(): Promise<void>;
}

const VERSION = '0.1.0';

export function createGateway({
  config,
  logger,
  upstreams = createUpstreams(config),
}: GatewayDeps): Gateway {
  const redis: Redis | undefined = config.REDIS_URL ? connectRedis(config.REDIS_URL) : undefined;
  redis?.on('error', (err) =>
    logger.warn({ err: err.message }, 'redis error (falling back to memory limits)'),
  );

  const deps: PipelineDeps = {
    upstreams,
    authenticator: new Authenticator(upstreams, config.AUTH_CACHE_TTL_MS),
    rateLimiter: new RateLimiter(config.RATE_LIMIT_WINDOW_SECONDS, redis),
    idempotency: redis ? new RedisIdempotencyStore(redis) : new MemoryIdempotencyStore(),
    cookies: { secure: config.COOKIE_SECURE },
    adminToken: config.ADMIN_TOKEN,
    anonymousLimit: config.RATE_LIMIT_ANONYMOUS,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
  };

  let openApi: object | undefined;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  app.use(requestContext);
  app.use(cookieParser());
  app.use(systemRouter(upstreams, () => (openApi ??= buildOpenApi(routes, VERSION))));
  app.use(buildRouter(routes, deps));
  app.use(notFoundHandler(deps));
  app.use(errorHandler(logger));

  return {
    app,
    upstreams,
    async close() {
      for (const u of Object.values(upstreams)) u.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
