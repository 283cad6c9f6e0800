import { createLogger } from '@pfs/kit';
import { startStack, type Stack } from '../../src';
import { randomUUID } from 'node:crypto';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** The whole service (gateway + real gRPC services) against the test run's embedded PostgreSQL. */
export async function startTestStack(env: Record<string, string> = {}): Promise<Stack> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl)
    throw new Error('TEST_DATABASE_URL is not set (jest globalSetup starts PostgreSQL)');
  return startStack({
    databaseUrl,
    logger: createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent'),
    poolMax: 4,
    env: {
      ...process.env,
      JWT_SECRET: 'integration-test-secret-0123456789abcdef',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOGIN_SLOWDOWN_MS: '0',
      ADMIN_TOKEN,
      AUTH_CACHE_TTL_MS: '5000',
      BREAKER_RESET_MS: '60000',
      // The write path's 300 ms rules lookup is a production budget; on a CI machine whose two
      // cores also run other test files it can run out, and the record is then saved for the
      // catch-up instead of with the rules applied, which is what the rules tests assert.
      // Tests of categorization being away stop it, and that refusal comes at once.
      RULES_DEADLINE_MS: '5000',
      ...env,
    },
  });
}

/**
 * Response bodies are asserted field by field in the tests; typing every shape here would
 * duplicate the OpenAPI schemas the routes already declare.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface ApiResponse<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

export function client(stack: Stack) {
  return async function api<T = Json>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (
      body !== undefined &&
      !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    ) {
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${stack.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (CSV, HTML): keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

export type Api = ReturnType<typeof client>;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export async function registerUser(
  api: Api,
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const res = await api('POST', '/api/auth/register', {
    body: { email, password, firstName: 'Test', lastName: 'User', ...overrides },
  });
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.user.id,
    email: String(overrides.email ?? email),
    password: String(overrides.password ?? password),
    token: res.body.token,
    refreshToken: res.body.refreshToken,
  };
}

export async function setTier(
  api: Api,
  userId: string,
  tier: string,
  rateLimit?: number,
): Promise<void> {
  const res = await api('PUT', `/api/admin/users/${userId}/tier`, {
    headers: { 'x-admin-token': ADMIN_TOKEN },
    body: { tier, ...(rateLimit === undefined ? {} : { rateLimit }) },
  });
  if (res.status !== 200)
    throw new Error(`setTier failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Parses Set-Cookie headers into name → value. */
export function cookiesOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    out[pair.slice(0, i)] = decodeURIComponent(pair.slice(i + 1));
  }
  return out;
}

export function expectError(res: ApiResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.body.success).toBe(false);
  expect(typeof res.body.error).toBe('string');
  expect(typeof res.body.requestId).toBe('string');
  expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
}
