import type { Logger } from '@pfs/kit';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { Authenticator } from './auth/authenticator';
import type { GatewayConfig } from './config';
import { errorHandler } from './http/errors';
import { buildRouter, notFoundHandler, type PipelineDeps } from './http/pipeline';
import { requestContext } from './http/request-context';
import { corsPolicy, parseCorsOrigins, securityHeaders } from './http/security';
import { MemoryIdempotencyStore, RedisIdempotencyStore } from './limits/idempotency';
import { RateLimiter } from './limits/rate-limit';
import { connectRedis, type Redis } from './limits/redis';
import { buildAsyncApi } from './asyncapi';
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
  let asyncApi: object | undefined;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  // Browser origins that may use /mcp besides this server itself (routes/mcp.ts).
  app.locals.mcpAllowedOrigins = parseCorsOrigins(config.MCP_ALLOWED_ORIGINS);
  app.use(requestContext);
  app.use(securityHeaders({ hstsMaxAgeSeconds: config.HSTS_MAX_AGE_SECONDS }));
  const cors = corsPolicy({
    origins: parseCorsOrigins(config.CORS_ORIGINS),
    credentials: config.CORS_CREDENTIALS,
    maxAgeSeconds: config.CORS_MAX_AGE_SECONDS,
  });
  if (cors) app.use(cors);
  // Cookies are parsed only when sent: API clients (Bearer, X-API-Key) skip the parser.
  const parseCookies = cookieParser();
  app.use((req, res, next) => {
    if (req.headers.cookie) return parseCookies(req, res, next);
    req.cookies = {};
    next();
  });
  // The event catalogue (AsyncAPI 3.0), next to the OpenAPI document; public like it.
  app.get('/api/asyncapi.json', (_req, res) => {
    res.json((asyncApi ??= buildAsyncApi({ version: VERSION })));
  });
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
