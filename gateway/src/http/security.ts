import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Edge hardening (issue 13, item 7): response headers every answer carries, a stricter
 * Content-Security-Policy for the HTML docs page, HSTS over TLS, and CORS for an allow-list of
 * browser origins (off by default). Header values are built once, so the hot path only copies
 * strings.
 */

export interface SecurityOptions {
  /** Strict-Transport-Security max-age in seconds on requests served over TLS; 0 sends none. */
  hstsMaxAgeSeconds: number;
}

/**
 * The API answers JSON, never a page to be framed or a script to be run: `default-src 'none'`
 * and `frame-ancestors 'none'` (OWASP REST Security cheat sheet).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The Swagger UI page: its own script and styles only (the bundle sets inline `style`
 * attributes, hence 'unsafe-inline' for styles but never for scripts), fetches only
 * /api/openapi.json, cannot be framed, cannot post forms elsewhere.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const DOCS_PREFIX = '/api/docs';

/**
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`,
 * a CSP (the docs page's own under /api/docs) and, when the request came over TLS (directly
 * or, with TRUST_PROXY, by `X-Forwarded-Proto: https`), `Strict-Transport-Security`. HSTS over
 * plain HTTP is ignored by browsers (RFC 6797 §7.2), so it is not sent there.
 */
export function securityHeaders({ hstsMaxAgeSeconds }: SecurityOptions): RequestHandler {
  const hsts = hstsMaxAgeSeconds > 0 ? `max-age=${hstsMaxAgeSeconds}; includeSubDomains` : '';
  return function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Content-Security-Policy', req.path.startsWith(DOCS_PREFIX) ? DOCS_CSP : API_CSP);
    if (hsts && req.secure) res.setHeader('Strict-Transport-Security', hsts);
    next();
  };
}

export interface CorsOptions {
  /** Exact origins (`https://app.example.com`) allowed to call the API from a browser. */
  origins: readonly string[];
  /** Let allowed origins send cookies (session + CSRF) and read credentialed answers. */
  credentials: boolean;
  /** How long a browser may cache a preflight answer. */
  maxAgeSeconds: number;
}

export const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-API-Key',
  'X-CSRF-Token',
  'X-Request-Id',
].join(', ');
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'Location',
  'Content-Disposition',
].join(', ');

/** Parses `CORS_ORIGINS`: comma-separated origins; each must be `scheme://host[:port]`. */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (!value) return [];
  const origins = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin such as https://app.example.com`);
    }
    if (url.origin !== origin)
      throw new Error(
        `CORS_ORIGINS: "${origin}" is not an origin (no path, no trailing slash); did you mean "${url.origin}"?`,
      );
  }
  return origins;
}

/**
 * CORS for an allow-list of origins, or undefined when the list is empty (the default: no
 * browser on another origin may read any answer). An allowed origin gets its own origin echoed
 * (never `*`), `Vary: Origin`, and a preflight (`OPTIONS` with `Access-Control-Request-Method`)
 * answered 204 here, before authentication, since browsers send preflights without
 * credentials. A preflight from another origin is answered 204 without CORS headers, which
 * the browser reads as a refusal; a simple request from another origin is served as usual but
 * without CORS headers, so its page cannot read the answer.
 */
export function corsPolicy(options: CorsOptions): RequestHandler | undefined {
  if (!options.origins.length) return undefined;
  const allowed = new Set(options.origins);
  const maxAge = String(options.maxAgeSeconds);
  return function corsMiddleware(req: Request, res: Response, next: NextFunction) {
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'];
    res.vary('Origin');
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      if (options.credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (preflight) {
        res.vary('Access-Control-Request-Headers');
        res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
        res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
        res.setHeader('Access-Control-Max-Age', maxAge);
        res.status(204).end();
        return;
      }
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
    } else if (preflight) {
      res.status(204).end();
      return;
    }
    next();
  };
}
