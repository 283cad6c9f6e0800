import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Authenticator } from '../auth/authenticator';
import type { CookieSettings } from '../auth/cookies';
import type { Principal, Tier } from '../auth/principal';
import type { Upstreams, UpstreamName } from '../upstreams';

/**
 * public: no credential; user: any credential (JWT, cookie, API key with scope);
 * session: a person's own login (JWT or cookie), never an API key; admin: X-Admin-Token;
 * mcp: any credential, its MCP scopes checked per JSON-RPC method by the handler (the
 * standard endpoints' GET-only rule for mcp:read does not apply).
 */
export type RouteAuth = 'public' | 'user' | 'session' | 'admin' | 'mcp';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Set for user and session routes. */
  principal: Principal;
  upstreams: Upstreams;
  authenticator: Authenticator;
  cookies: CookieSettings;
  req: Request;
  res: Response;
}

/** What a handler answers: a JSON body (status from the route), or a raw response it wrote itself. */
export type RouteResult = Record<string, unknown> | { raw: true };

export interface Route<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. /api/bank/transactions/{id}. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  tier?: Tier;
  /** Upstream services the route calls (documented; each has its own breaker). */
  upstreams?: UpstreamName[];
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Accepts an Idempotency-Key header (creating writes). */
  idempotent?: boolean;
  status?: number;
  response: z.ZodType;
  /** Non-JSON success media types (e.g. text/csv, text/html). */
  produces?: string[];
  /**
   * The OpenAPI request body of a route that reads its body itself (e.g. a multipart upload);
   * `body` describes JSON bodies only.
   */
  requestBody?: { contentType: string; schema: Record<string, unknown>; description?: string };
  /** Further success answers (e.g. 202 for work accepted to run in the background). */
  otherResponses?: { status: number; description: string; schema: z.ZodType }[];
  handler(ctx: RouteContext<P, Q, B>): Promise<RouteResult>;
}

/** Typed route definition: the handler sees the parsed output types of its schemas. */
export function defineRoute<
  PS extends AnyObject | undefined = undefined,
  QS extends AnyObject | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(
  route: Omit<Route, 'params' | 'query' | 'body' | 'handler'> & {
    params?: PS;
    query?: QS;
    body?: BS;
    handler(
      ctx: RouteContext<
        PS extends AnyObject ? z.output<PS> : Record<string, never>,
        QS extends AnyObject ? z.output<QS> : Record<string, never>,
        BS extends z.ZodType ? z.output<BS> : undefined
      >,
    ): Promise<RouteResult>;
  },
): Route {
  return route as unknown as Route;
}
