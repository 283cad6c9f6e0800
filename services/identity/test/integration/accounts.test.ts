import { isUuid } from '@pfs/kit';
import { registration, signUp, startIdentity, uniqueEmail, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startIdentity();
});

afterAll(async () => {
  await h.close();
});

describe('Register', () => {
  it('creates a free-tier user with defaults and signs them in', async () => {
    const { request, user, tokens } = await signUp(h);
    expect(isUuid(user.id)).toBe(true);
    expect(user).toMatchObject({
      email: request.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessType: 'individual',
      countryCode: 'AU',
      emailVerified: false,
      tier: 'free',
      rateLimit: 0,
    });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(tokens.accessToken.split('.')).toHaveLength(3);
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isUuid(tokens.sessionId)).toBe(true);
    const accessTtl = Date.parse(tokens.accessExpiresAt) - Date.now();
    expect(accessTtl).toBeGreaterThan(3590_000);
    expect(accessTtl).toBeLessThanOrEqual(3600_000);
    expect(Date.parse(tokens.refreshExpiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('keeps the given business type and uppercases the country code', async () => {
    const { user } = await signUp(h, { businessType: 'sole_trader', countryCode: 'gb' });
    expect(user).toMatchObject({ businessType: 'sole_trader', countryCode: 'GB' });
  });

  it('stores the password only as an argon2id hash', async () => {
    const { user, request } = await signUp(h);
    const row = await h.db('users').where({ id: user.id }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(request.password);
  });

  it('refuses a duplicate email in another case', async () => {
    const email = uniqueEmail('dup');
    await signUp(h, { email });
    await expect(
      h.client.call((c) => c.register, registration({ email: email.toUpperCase() })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets exactly one of two concurrent sign-ups with one address succeed', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.allSettled([
      h.client.call((c) => c.register, registration({ email })),
      h.client.call((c) => c.register, registration({ email: email.toUpperCase() })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('lists every invalid field with its camelCase name', async () => {
    await expect(
      h.client.call((c) => c.register, {
        email: 'nope',
        password: 'short',
        firstName: '',
        lastName: 'x'.repeat(201),
        businessType: 'corp',
        countryCode: 'A1',
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: [
          { field: 'email', message: expect.any(String) },
          { field: 'password', message: expect.any(String) },
          { field: 'firstName', message: expect.any(String) },
          { field: 'lastName', message: expect.any(String) },
          { field: 'businessType', message: expect.any(String) },
          { field: 'countryCode', message: expect.any(String) },
        ],
      },
    });
  });
});

describe('GetMe', () => {
  it('answers the calling user', async () => {
    const { user } = await signUp(h);
    const me = await h.client.call((c) => c.getMe, {}, { userId: user.id });
    expect(me.user).toEqual(user);
  });

  it('answers NOT_FOUND for a user that does not exist', async () => {
    await expect(
      h.client.call((c) => c.getMe, {}, { userId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a call without caller identity', async () => {
    await expect(h.client.call((c) => c.getMe, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('SetUserTier', () => {
  it('needs operator metadata', async () => {
    const { user } = await signUp(h);
    await expect(
      h.client.call((c) => c.setUserTier, { userId: user.id, tier: 'elite' }, { userId: user.id }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('sets the tier and the per-user limit, keeps it when absent, resets it on 0', async () => {
    const { user, tokens } = await signUp(h);
    const set = await h.client.call(
      (c) => c.setUserTier,
      { userId: user.id, tier: 'elite', rateLimit: 7000 },
      { operator: true },
    );
    expect(set.user).toMatchObject({ id: user.id, tier: 'elite', rateLimit: 7000 });

    const kept = await h.client.call(
      (c) => c.setUserTier,
      { userId: user.id, tier: 'enterprise' },
      { operator: true },
    );
    expect(kept.user).toMatchObject({ tier: 'enterprise', rateLimit: 7000 });
    const { principal } = await h.client.call((c) => c.authenticate, {
      credential: tokens.accessToken,
    });
    expect(principal).toMatchObject({ tier: 'enterprise', rateLimit: 7000 });

    const reset = await h.client.call(
      (c) => c.setUserTier,
      { userId: user.id, tier: 'starter', rateLimit: 0 },
      { operator: true },
    );
    expect(reset.user).toMatchObject({ tier: 'starter', rateLimit: 0 });
    const row = await h.db('users').where({ id: user.id }).first();
    expect(row.rate_limit).toBeNull();
  });

  it('refuses unknown tiers and out-of-range limits', async () => {
    const { user } = await signUp(h);
    await expect(
      h.client.call((c) => c.setUserTier, { userId: user.id, tier: 'gold' }, { operator: true }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [{ field: 'tier' }] } });
    await expect(
      h.client.call(
        (c) => c.setUserTier,
        { userId: user.id, tier: 'free', rateLimit: 10_000_001 },
        { operator: true },
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'rateLimit' }] },
    });
    await expect(
      h.client.call(
        (c) => c.setUserTier,
        { userId: user.id, tier: 'free', rateLimit: -5 },
        { operator: true },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers NOT_FOUND for unknown and malformed user ids', async () => {
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(
        h.client.call((c) => c.setUserTier, { userId, tier: 'free' }, { operator: true }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
