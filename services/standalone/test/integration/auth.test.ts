import type { Stack } from '../../src';
import { randomUUID } from 'node:crypto';
import { client, cookiesOf, expectError, registerUser, type Api } from './harness';
import { startTestStack } from './harness';

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({
    LOGIN_MAX_FAILURES_PER_EMAIL: '4',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  });
  api = client(stack);
});
afterAll(() => stack.close());

describe('POST /api/auth/register', () => {
  it('creates a free-tier user with defaults and a usable token', async () => {
    const email = `New.${randomUUID()}@Example.com`;
    const res = await api('POST', '/api/auth/register', {
      body: { email, password: 'long enough pw', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      user: {
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        businessType: 'individual',
        countryCode: 'AU',
        emailVerified: false,
        tier: 'free',
      },
    });
    expect(res.body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.body.token).toBe('string');
    const me = await api('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      success: true,
      authenticated: true,
      user: { id: res.body.user.id },
    });
  });

  it('gives the new user a default category set for their country', async () => {
    const user = await registerUser(api, { countryCode: 'au', businessType: 'sole_trader' });
    const res = await api('GET', '/api/categories?limit=200', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.categories.length).toBeGreaterThan(5);
    expect(
      res.body.categories.some((c: { taxCategory: string | null }) =>
        c.taxCategory?.startsWith('D'),
      ),
    ).toBe(true);
  });

  it('rejects a duplicate email regardless of case with 409', async () => {
    const user = await registerUser(api);
    const res = await api('POST', '/api/auth/register', {
      body: {
        email: user.email.toUpperCase(),
        password: 'another password',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expectError(res, 409, 'CONFLICT');
  });

  it('lists every invalid field', async () => {
    const res = await api('POST', '/api/auth/register', {
      body: {
        email: 'not-an-email',
        password: 'short',
        firstName: '',
        lastName: 'x'.repeat(201),
        businessType: 'llc',
        countryCode: 'AUS',
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    const fields = res.body.details.issues.map((i: { field: string }) => i.field).sort();
    expect(fields).toEqual([
      'businessType',
      'countryCode',
      'email',
      'firstName',
      'lastName',
      'password',
    ]);
  });

  it('rejects wrong types and missing fields', async () => {
    const res = await api('POST', '/api/auth/register', { body: { email: 42, password: ['x'] } });
    expectError(res, 400, 'VALIDATION_ERROR');
    const fields = res.body.details.issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'firstName', 'lastName']));
  });

  it('answers malformed JSON with 400 and a non-JSON body with 415', async () => {
    const malformed = await api('POST', '/api/auth/register', { rawBody: '{"email": "a@b.c",' });
    expectError(malformed, 400, 'VALIDATION_ERROR');
    expect(malformed.body.error).toMatch(/Malformed JSON/);
    const text = await api('POST', '/api/auth/register', {
      rawBody: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversized body with 413', async () => {
    const res = await api('POST', '/api/auth/register', {
      rawBody: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token, user and session + CSRF cookies', async () => {
    const user = await registerUser(api);
    const res = await api('POST', '/api/auth/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { id: user.id, email: user.email } });
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('pfs_session='))).toMatch(/HttpOnly/);
    expect(setCookies.find((c) => c.startsWith('pfs_csrf='))).not.toMatch(/HttpOnly/);
  });

  it('answers unknown email and wrong password with the same 401', async () => {
    const user = await registerUser(api);
    const wrong = await api('POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong password!' },
    });
    const unknown = await api('POST', '/api/auth/login', {
      body: { email: `nobody-${randomUUID()}@example.com`, password: 'wrong password!' },
    });
    expectError(wrong, 401, 'UNAUTHORIZED');
    expectError(unknown, 401, 'UNAUTHORIZED');
    expect(wrong.body.error).toBe(unknown.body.error);
  });

  it('throttles repeated failures for one email with 429 and Retry-After', async () => {
    const user = await registerUser(api);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api('POST', '/api/auth/login', {
        body: { email: user.email, password: 'bad password' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    const blocked = await api('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expectError(blocked, 429, 'RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('cookie sessions and CSRF', () => {
  async function cookieSession() {
    const user = await registerUser(api);
    const login = await api('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const jar = cookiesOf(login.headers);
    const cookie = `pfs_session=${jar.pfs_session}; pfs_csrf=${jar.pfs_csrf}`;
    return { user, jar, cookie };
  }

  it('accepts the session cookie for safe methods', async () => {
    const { user, cookie } = await cookieSession();
    const me = await api('GET', '/api/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
  });

  it('refuses an unsafe cookie request without a matching X-CSRF-Token', async () => {
    const { jar, cookie } = await cookieSession();
    const body = { date: '2025-01-02', description: 'Coffee', amount: 4.5, type: 'debit' };
    const missing = await api('POST', '/api/bank/transactions', { headers: { cookie }, body });
    expectError(missing, 403, 'CSRF_FAILED');
    const wrong = await api('POST', '/api/bank/transactions', {
      headers: { cookie, 'x-csrf-token': 'nope' },
      body,
    });
    expectError(wrong, 403, 'CSRF_FAILED');
    const ok = await api('POST', '/api/bank/transactions', {
      headers: { cookie, 'x-csrf-token': jar.pfs_csrf },
      body,
    });
    expect(ok.status).toBe(201);
  });

  it('does not ask bearer requests for a CSRF token', async () => {
    const user = await registerUser(api);
    const res = await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: { date: '2025-01-02', description: 'Tea', amount: 3, type: 'debit' },
    });
    expect(res.status).toBe(201);
  });
});

describe('refresh and logout', () => {
  it('rotates refresh tokens and revokes the session when an old one is replayed', async () => {
    const user = await registerUser(api);
    const first = await api('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    expect((await api('GET', '/api/auth/me', { token: first.body.token })).status).toBe(200);
    const replay = await api('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expectError(replay, 401, 'UNAUTHORIZED');
    const after = await api('POST', '/api/auth/refresh', {
      body: { refreshToken: first.body.refreshToken },
    });
    expectError(after, 401, 'UNAUTHORIZED');
  });

  it('refreshes from the refresh cookie only with the CSRF header', async () => {
    const user = await registerUser(api);
    const login = await api('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const jar = cookiesOf(login.headers);
    const cookie = `pfs_refresh=${jar.pfs_refresh}; pfs_csrf=${jar.pfs_csrf}`;
    expectError(
      await api('POST', '/api/auth/refresh', { headers: { cookie } }),
      403,
      'CSRF_FAILED',
    );
    const ok = await api('POST', '/api/auth/refresh', {
      headers: { cookie, 'x-csrf-token': jar.pfs_csrf },
    });
    expect(ok.status).toBe(200);
  });

  it('logout makes the JWT stop working at once', async () => {
    const user = await registerUser(api);
    expect((await api('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    const out = await api('POST', '/api/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    expectError(await api('GET', '/api/auth/me', { token: user.token }), 401, 'UNAUTHORIZED');
    expectError(
      await api('POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('missing and invalid credentials', () => {
  it.each([
    ['no credential', {}],
    ['a garbage bearer', { authorization: 'Bearer not-a-token' }],
    ['a malformed Authorization header', { authorization: 'Basic abc' }],
    ['an unknown API key', { 'x-api-key': 'pfs_unknownunknownunknownunknownunknown00' }],
    ['a forged JWT', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
  ])('answers %s with 401', async (_label, headers) => {
    const res = await api('GET', '/api/auth/me', { headers: headers as Record<string, string> });
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
  });
});
