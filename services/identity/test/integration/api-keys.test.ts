import { createHash, randomUUID } from 'node:crypto';
import { signUp, startIdentity, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startIdentity();
});

afterAll(async () => {
  await h.close();
});

const createKey = (
  userId: string,
  req: Partial<{ name: string; scopes: string[]; expiresInDays: number }> = {},
) =>
  h.client.call(
    (c) => c.createApiKey,
    { name: 'CI', scopes: [], expiresInDays: 0, ...req },
    { userId },
  );

const authenticate = (credential: string) => h.client.call((c) => c.authenticate, { credential });

describe('CreateApiKey', () => {
  it('returns the secret once, with default scope and no expiry', async () => {
    const { user } = await signUp(h);
    const { apiKey, key } = await createKey(user.id, { name: '  My laptop ' });
    expect(key).toMatch(/^pfs_[0-9A-Za-z]{40}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'My laptop',
      scopes: ['mcp:full'],
      prefix: key.slice(0, 12),
      createdAt: expect.any(String),
      expiresAt: '',
      lastUsedAt: '',
      revokedAt: '',
    });
    const row = await h.db('api_keys').where({ id: apiKey!.id }).first();
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('keeps the given scopes without duplicates and sets the expiry', async () => {
    const { user } = await signUp(h);
    const { apiKey } = await createKey(user.id, {
      scopes: ['mcp:read', 'mcp:tools:call', 'mcp:read'],
      expiresInDays: 30,
    });
    expect(apiKey?.scopes).toEqual(['mcp:read', 'mcp:tools:call']);
    const days = (Date.parse(apiKey!.expiresAt) - Date.parse(apiKey!.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('names an unknown scope', async () => {
    const { user } = await signUp(h);
    await expect(createKey(user.id, { scopes: ['mcp:read', 'admin:all'] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'scopes', message: expect.stringContaining('admin:all') }] },
    });
  });

  it('refuses bad names and expiries', async () => {
    const { user } = await signUp(h);
    for (const req of [{ name: '' }, { name: 'x'.repeat(201) }]) {
      await expect(createKey(user.id, req)).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { issues: [{ field: 'name' }] },
      });
    }
    for (const expiresInDays of [-1, 3651]) {
      await expect(createKey(user.id, { expiresInDays })).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { issues: [{ field: 'expiresInDays' }] },
      });
    }
  });

  it('allows at most 100 active keys, even under concurrent creation', async () => {
    const { user } = await signUp(h);
    const results = await Promise.allSettled(
      Array.from({ length: 101 }, (_, i) => createKey(user.id, { name: `key ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.map((r) => r.reason)).toMatchObject([{ code: 'CONFLICT' }]);

    // A revoked key frees its place.
    const [first] = (await h.client.call((c) => c.listApiKeys, {}, { userId: user.id })).apiKeys;
    await h.client.call((c) => c.revokeApiKey, { id: first.id }, { userId: user.id });
    await expect(createKey(user.id)).resolves.toBeDefined();
  });

  it('refuses a call without caller identity', async () => {
    await expect(
      h.client.call((c) => c.createApiKey, { name: 'x', scopes: [], expiresInDays: 0 }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('ListApiKeys', () => {
  it("lists the caller's live keys newest first, without secrets", async () => {
    const { user } = await signUp(h);
    const other = await signUp(h);
    const a = await createKey(user.id, { name: 'a' });
    const b = await createKey(user.id, { name: 'b' });
    const c = await createKey(user.id, { name: 'c' });
    await createKey(other.user.id, { name: 'not mine' });
    await h.client.call((cl) => cl.revokeApiKey, { id: b.apiKey!.id }, { userId: user.id });

    const { apiKeys } = await h.client.call((cl) => cl.listApiKeys, {}, { userId: user.id });
    expect(apiKeys.map((k) => k.name)).toEqual(['c', 'a']);
    expect(apiKeys[0]).toEqual(c.apiKey);
    expect(JSON.stringify(apiKeys)).not.toContain(a.key);
  });

  it('shows when a key was last used', async () => {
    const { user } = await signUp(h);
    const { key } = await createKey(user.id);
    await authenticate(key);
    const { apiKeys } = await h.client.call((c) => c.listApiKeys, {}, { userId: user.id });
    expect(Date.parse(apiKeys[0].lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('RevokeApiKey', () => {
  it('makes the key stop working', async () => {
    const { user } = await signUp(h);
    const { apiKey, key } = await createKey(user.id);
    await expect(authenticate(key)).resolves.toBeDefined();
    await expect(
      h.client.call((c) => c.revokeApiKey, { id: apiKey!.id }, { userId: user.id }),
    ).resolves.toEqual({});
    await expect(authenticate(key)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const row = await h.db('api_keys').where({ id: apiKey!.id }).first();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it("answers NOT_FOUND for another user's key, an unknown id and a malformed id", async () => {
    const owner = await signUp(h);
    const intruder = await signUp(h);
    const { apiKey, key } = await createKey(owner.user.id);
    for (const id of [apiKey!.id, randomUUID(), 'not-a-uuid']) {
      await expect(
        h.client.call((c) => c.revokeApiKey, { id }, { userId: intruder.user.id }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(authenticate(key)).resolves.toBeDefined();
  });
});

describe('Authenticate with an API key', () => {
  it('answers the principal with the key scopes and expiry', async () => {
    const { user } = await signUp(h, { businessType: 'business', countryCode: 'us' });
    const { apiKey, key } = await createKey(user.id, {
      scopes: ['mcp:tools:list', 'mcp:resources:read'],
      expiresInDays: 7,
    });
    const { principal } = await authenticate(key);
    expect(principal).toEqual({
      userId: user.id,
      tier: 'free',
      rateLimit: 0,
      scopes: ['mcp:tools:list', 'mcp:resources:read'],
      method: 'api_key',
      sessionId: '',
      apiKeyId: apiKey!.id,
      countryCode: 'US',
      businessType: 'business',
      expiresAt: apiKey!.expiresAt,
    });
  });

  it('answers no expiry for a key that never expires', async () => {
    const { user } = await signUp(h);
    const { key } = await createKey(user.id);
    expect((await authenticate(key)).principal?.expiresAt).toBe('');
  });

  it('refuses an expired key', async () => {
    const { user } = await signUp(h);
    const { apiKey, key } = await createKey(user.id, { expiresInDays: 1 });
    await h
      .db('api_keys')
      .where({ id: apiKey!.id })
      .update({ expires_at: h.db.raw("now() - interval '1 second'") });
    await expect(authenticate(key)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses unknown and malformed keys', async () => {
    for (const credential of [`pfs_${'a'.repeat(40)}`, 'pfs_short', `pfs_${'-'.repeat(40)}`]) {
      await expect(authenticate(credential)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('records use at most once a minute', async () => {
    const { user } = await signUp(h);
    const { apiKey, key } = await createKey(user.id);
    await authenticate(key);
    const first = (await h.db('api_keys').where({ id: apiKey!.id }).first()).last_used_at as Date;
    await authenticate(key);
    const second = (await h.db('api_keys').where({ id: apiKey!.id }).first()).last_used_at as Date;
    expect(second.getTime()).toBe(first.getTime());

    await h
      .db('api_keys')
      .where({ id: apiKey!.id })
      .update({ last_used_at: h.db.raw("now() - interval '2 minutes'") });
    await authenticate(key);
    const third = (await h.db('api_keys').where({ id: apiKey!.id }).first()).last_used_at as Date;
    expect(Date.now() - third.getTime()).toBeLessThan(60_000);
  });
});
