import { AppError, currentContext } from '@pfs/kit';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { checkCsrf, isUnsafeMethod, type Authenticator } from '../auth/authenticator';
import type { CookieSettings } from '../auth/cookies';
import { scopeAllows, tierAtLeast, TIER_RATE_LIMITS, type Principal } from '../auth/principal';
import { fingerprintOf, type IdempotencyStore } from '../limits/idempotency';
import { applyRateLimitHeaders, rateLimitedError, type RateLimiter } from '../limits/rate-limit';
import type { Route, RouteContext } from '../routes/route';
import type { Upstreams } from '../upstreams';
import { toAppError } from './errors';
import { parsePart } from './validate';

export interface PipelineDeps {
  upstreams: Upstreams;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyStore;
  cookies: CookieSettings;
  adminToken?: string;
  anonymousLimit: number;
  bodyLimitBytes: number;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Rate limits by user, or by client address before a user is known; sets the headers. */
async function enforceRateLimit(
  deps: PipelineDeps,
  req: Request,
  res: Response,
  principal: Principal | undefined,
): Promise<void> {
  const key = principal ? `user:${principal.userId}` : `addr:${req.ip}`;
  const max = principal
    ? principal.rateLimit || TIER_RATE_LIMITS[principal.tier]
    : deps.anonymousLimit;
  const decision = await deps.rateLimiter.take(key, max);
  applyRateLimitHeaders(res, decision);
  if (!decision.allowed) {
    res.setHeader('Retry-After', String(decision.retryAfterSeconds));
    throw rateLimitedError(decision);
  }
}

/**
 * The fixed order every request goes through: identify → rate-limit (so even a 401 carries
 * the headers) → require credentials → CSRF → scope → tier → body → validation →
 * idempotency → handler.
 */
export function buildRouter(routes: Route[], deps: PipelineDeps): Router {
  const router = Router();
  const parseJson = express.json({ limit: deps.bodyLimitBytes, strict: false, type: () => true });

  const readJsonBody = (req: Request, res: Response): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const length = Number(req.get('content-length') ?? 0);
      const chunked = req.get('transfer-encoding') !== undefined;
      if (!length && !chunked) return resolve(undefined);
      if (!req.is('application/json') && !req.is('application/*+json')) {
        return reject(
          new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'),
        );
      }
      parseJson(req, res, (err?: unknown) => (err ? reject(toAppError(err)) : resolve(req.body)));
    });

  const limit = (req: Request, res: Response, principal: Principal | undefined) =>
    enforceRateLimit(deps, req, res, principal);

  /** Identifies the caller without failing yet, so the rate limit can run first. */
  const identify = async (req: Request): Promise<{ principal?: Principal; failure?: AppError }> => {
    try {
      return { principal: await deps.authenticator.authenticate(req) };
    } catch (err) {
      const appError = toAppError(err);
      if (appError.code !== 'UNAUTHORIZED') throw appError;
      return { failure: appError };
    }
  };

  // Routes are grouped by their first two path segments (/api/bank, /api/auth, …), so a
  // request is matched against its own group's few routes instead of every route in turn
  // (an unknown path, against none). Within a group the table's order is kept.
  const groups = new Map<string, Router>();
  for (const route of routes) {
    const expressPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    const key = groupKey(expressPath);
    if (key.includes(':'))
      throw new Error(
        `route ${route.path}: a parameter in the first two segments cannot be grouped`,
      );
    let group = groups.get(key);
    if (!group) groups.set(key, (group = Router()));
    group[route.method](expressPath, (req: Request, res: Response, next: NextFunction) => {
      void handle(route, req, res).catch((err: unknown) => next(err));
    });
  }
  router.use((req: Request, res: Response, next: NextFunction) => {
    const group = groups.get(groupKey(req.path));
    if (group) group(req, res, next);
    else next();
  });

  async function handle(route: Route, req: Request, res: Response): Promise<void> {
    let principal: Principal | undefined;
    if (route.auth === 'admin') {
      if (!deps.adminToken) throw AppError.notFound('Route');
      const given = req.get('x-admin-token');
      if (!given || !sameSecret(given, deps.adminToken)) {
        await limit(req, res, undefined);
        throw new AppError('UNAUTHORIZED', 'A valid X-Admin-Token is required');
      }
    } else if (route.auth === 'public') {
      await limit(req, res, undefined);
    } else {
      const identified = await identify(req);
      principal = identified.principal;
      await limit(req, res, principal);
      if (identified.failure) throw identified.failure;
      if (!principal) throw new AppError('UNAUTHORIZED', 'Authentication required');
      const ctx = currentContext();
      if (ctx) ctx.userId = principal.userId;
      if (principal.method === 'session' && isUnsafeMethod(req.method)) checkCsrf(req);
      if (principal.method === 'api_key') {
        if (route.auth === 'session') {
          throw new AppError('FORBIDDEN', 'This operation needs a user login, not an API key');
        }
        if (route.auth !== 'mcp' && !scopeAllows(principal.scopes, req.method)) {
          throw new AppError(
            'INSUFFICIENT_SCOPE',
            'The API key does not have a scope that allows this request',
            {
              scopes: principal.scopes,
            },
          );
        }
      }
      if (route.tier && !tierAtLeast(principal.tier, route.tier)) {
        throw new AppError(
          'TIER_REQUIRED',
          `This feature requires the ${route.tier} tier or above`,
          {
            requiredTier: route.tier,
            currentTier: principal.tier,
          },
        );
      }
    }

    const rawBody = route.body ? await readJsonBody(req, res) : undefined;
    const params = route.params ? parsePart(route.params, req.params, 'params') : {};
    const query = route.query ? parsePart(route.query, req.query, 'query') : {};
    const body = route.body ? parsePart(route.body, rawBody ?? {}, 'body') : undefined;

    const context: RouteContext<unknown, unknown, unknown> = {
      params,
      query,
      body,
      principal: principal as Principal,
      upstreams: deps.upstreams,
      authenticator: deps.authenticator,
      cookies: deps.cookies,
      req,
      res,
    };
    const status = route.status ?? 200;
    const run = async () => {
      const result = await route.handler(context);
      return { status, body: 'raw' in result ? undefined : { success: true, ...result } };
    };

    const idempotencyKey = route.idempotent ? req.get('idempotency-key') : undefined;
    if (idempotencyKey === undefined) {
      const out = await run();
      if (out.body !== undefined) res.status(out.status).json(out.body);
      return;
    }
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw AppError.validation([
        { field: 'Idempotency-Key', message: 'must be 1–255 visible ASCII characters' },
      ]);
    }
    const storeKey = `${principal?.userId ?? req.ip}:${route.method}:${route.path}:${idempotencyKey}`;
    const fingerprint = fingerprintOf(req.method, req.path, rawBody);
    const begun = await deps.idempotency.begin(storeKey, fingerprint);
    if (begun.state === 'mismatch') {
      throw new AppError('CONFLICT', 'This Idempotency-Key was used with a different request');
    }
    if (begun.state === 'in_flight') {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress');
    }
    if (begun.state === 'done') {
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(begun.response.status).json(begun.response.body);
      return;
    }
    try {
      const out = await run();
      await deps.idempotency.complete(storeKey, fingerprint, {
        status: out.status,
        body: out.body,
      });
      res.status(out.status).json(out.body);
    } catch (err) {
      const appError = toAppError(err);
      // A client error is the final answer for this key; a server failure may be retried.
      if (
        appError.httpStatus < 500 &&
        appError.code !== 'RATE_LIMITED' &&
        appError.code !== 'CONFLICT'
      ) {
        const requestId = currentContext()?.requestId ?? '';
        await deps.idempotency.complete(storeKey, fingerprint, {
          status: appError.httpStatus,
          body: {
            success: false,
            error: appError.message,
            code: appError.code,
            ...(appError.details ? { details: appError.details } : {}),
            requestId,
          },
        });
      } else {
        await deps.idempotency.abandon(storeKey);
      }
      throw appError;
    }
  }

  return router;
}

/** `/api/bank` of `/api/bank/transactions/…`; Express matches paths case-insensitively. */
function groupKey(path: string): string {
  const [, first = '', second = ''] = path.toLowerCase().split('/', 3);
  return `/${first}/${second}`;
}

/** Unknown routes: still identified and rate-limited (so the headers are there), then 404. */
export function notFoundHandler(deps: PipelineDeps) {
  return (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const principal = await deps.authenticator.authenticate(req).catch(() => undefined);
      await enforceRateLimit(deps, req, res, principal);
      throw new AppError('NOT_FOUND', `Route ${req.method} ${req.path} not found`);
    })().catch(next);
  };
}
