import type { Stack } from '../../src';
import {
  ADMIN_TOKEN,
  client,
  expectError,
  registerUser,
  setTier,
  startTestStack,
  type Api,
} from './harness';

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ RATE_LIMIT_ANONYMOUS: '1000' });
  api = client(stack);
});
afterAll(() => stack.close());

describe('rate limits', () => {
  it('sends the headers on every response, success and error alike', async () => {
    const user = await registerUser(api);
    for (const res of [
      await api('GET', '/api/auth/me', { token: user.token }),
      await api('GET', '/api/bank/transactions/00000000-0000-4000-8000-000000000000', {
        token: user.token,
      }),
      await api('GET', '/api/no-such-route', { token: user.token }),
      await api('GET', '/api/no-such-route'),
    ]) {
      expect(Number(res.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
      expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
  });

  it('uses the tier default (free: 100) and counts down', async () => {
    const user = await registerUser(api);
    const a = await api('GET', '/api/auth/me', { token: user.token });
    const b = await api('GET', '/api/auth/me', { token: user.token });
    expect(a.headers.get('x-ratelimit-limit')).toBe('100');
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(
      Number(a.headers.get('x-ratelimit-remaining')) - 1,
    );
  });

  it('answers 429 with Retry-After once the user budget is spent, for JWT and API key alike', async () => {
    const user = await registerUser(api);
    await setTier(api, user.id, 'starter', 6);
    const key = (await api('POST', '/api/api-keys', { token: user.token, body: { name: 'k' } }))
      .body.key;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 8; i++) {
      last = await api(
        'GET',
        '/api/bank/transactions',
        i % 2 ? { apiKey: key } : { token: user.token },
      );
      statuses.push(last.status);
    }
    // one request was spent creating the key
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expectError(last!, 429, 'RATE_LIMITED');
    expect(last!.headers.get('x-ratelimit-limit')).toBe('6');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits unauthenticated clients per address', async () => {
    const small = await startTestStack({ RATE_LIMIT_ANONYMOUS: '3' });
    try {
      const anon = client(small);
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (await anon('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x' } }))
            .status,
        );
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('operator API', () => {
  it('sets tier and rate limit with X-Admin-Token', async () => {
    const user = await registerUser(api);
    const res = await api('PUT', `/api/admin/users/${user.id}/tier`, {
      headers: { 'x-admin-token': ADMIN_TOKEN },
      body: { tier: 'elite', rateLimit: 1234 },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, tier: 'elite', rateLimit: 1234 });
    const me = await api('GET', '/api/auth/me', { token: user.token });
    expect(me.body.user.tier).toBe('elite');
    expect(me.headers.get('x-ratelimit-limit')).toBe('1234');
  });

  it('refuses a missing or wrong token (401), bad bodies (400) and unknown users (404)', async () => {
    const user = await registerUser(api);
    const path = `/api/admin/users/${user.id}/tier`;
    expectError(await api('PUT', path, { body: { tier: 'elite' } }), 401, 'UNAUTHORIZED');
    expectError(
      await api('PUT', path, { headers: { 'x-admin-token': 'wrong' }, body: { tier: 'elite' } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await api('PUT', path, { token: user.token, body: { tier: 'elite' } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await api('PUT', path, {
        headers: { 'x-admin-token': ADMIN_TOKEN },
        body: { tier: 'platinum' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/tier', {
        headers: { 'x-admin-token': ADMIN_TOKEN },
        body: { tier: 'elite' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('does not exist when ADMIN_TOKEN is unset', async () => {
    const noAdmin = await startTestStack({ ADMIN_TOKEN: '' });
    try {
      const res = await client(noAdmin)(
        'PUT',
        '/api/admin/users/00000000-0000-4000-8000-000000000000/tier',
        {
          headers: { 'x-admin-token': ADMIN_TOKEN },
          body: { tier: 'elite' },
        },
      );
      expectError(res, 404, 'NOT_FOUND');
    } finally {
      await noAdmin.close();
    }
  });
});
