import type { Stack } from '../../src';
import { client, expectError, registerUser, startTestStack, type Api } from './harness';

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ AUTH_CACHE_TTL_MS: '0' });
  api = client(stack);
});
afterAll(() => stack.close());

const tx = { date: '2025-02-03', description: 'Stationery', amount: 19.95, type: 'debit' };

async function createKey(token: string, body: Record<string, unknown>) {
  return api('POST', '/api/api-keys', { token, body });
}

describe('API keys', () => {
  it('creates a key shown once, lists it without the secret, and defaults to mcp:full', async () => {
    const user = await registerUser(api);
    const created = await createKey(user.token, { name: 'Partner sync', expiresInDays: 30 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      name: 'Partner sync',
      scopes: ['mcp:full'],
    });
    expect(created.body.key).toMatch(/^pfs_/);
    expect(typeof created.body.warning).toBe('string');
    expect(Date.parse(created.body.expiresAt) - Date.now()).toBeGreaterThan(29 * 86400_000);

    const list = await api('GET', '/api/api-keys', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.apiKeys).toHaveLength(1);
    expect(list.body.apiKeys[0]).toMatchObject({
      id: created.body.id,
      name: 'Partner sync',
      prefix: created.body.key.slice(0, 12),
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
  });

  it('works as X-API-Key and as a bearer token, and records last use', async () => {
    const user = await registerUser(api);
    const { body } = await createKey(user.token, { name: 'k' });
    expect(
      (await api('POST', '/api/bank/transactions', { apiKey: body.key, body: tx })).status,
    ).toBe(201);
    expect((await api('GET', '/api/bank/transactions', { token: body.key })).status).toBe(200);
    const list = await api('GET', '/api/api-keys', { token: user.token });
    expect(list.body.apiKeys[0].lastUsedAt).not.toBeNull();
  });

  it('enforces scopes: mcp:read may GET only; other scopes reach no standard endpoint', async () => {
    const user = await registerUser(api);
    const read = (await createKey(user.token, { name: 'ro', scopes: ['mcp:read'] })).body.key;
    const list = (await createKey(user.token, { name: 'tl', scopes: ['mcp:tools:list'] })).body.key;
    expect((await api('GET', '/api/bank/transactions', { apiKey: read })).status).toBe(200);
    expectError(
      await api('POST', '/api/bank/transactions', { apiKey: read, body: tx }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api('GET', '/api/bank/transactions', { apiKey: list }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });

  it('refuses key creation with an API key (403) and unknown scopes (400)', async () => {
    const user = await registerUser(api);
    const key = (await createKey(user.token, { name: 'full' })).body.key;
    expectError(
      await api('POST', '/api/api-keys', { apiKey: key, body: { name: 'x' } }),
      403,
      'FORBIDDEN',
    );
    const bad = await createKey(user.token, {
      name: 'x',
      scopes: ['mcp:read', 'admin:everything'],
    });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.details.issues[0].field).toBe('scopes.1');
    expectError(
      await createKey(user.token, { name: '', expiresInDays: 0 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await createKey(user.token, { name: 'x', expiresInDays: 1.5 }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('revokes: the next use answers 401; another user cannot revoke it (404)', async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    const created = (await createKey(owner.token, { name: 'temp' })).body;
    expectError(
      await api('DELETE', `/api/api-keys/${created.id}`, { token: other.token }),
      404,
      'NOT_FOUND',
    );
    expect((await api('GET', '/api/auth/me', { apiKey: created.key })).status).toBe(200);
    expect(
      (await api('DELETE', `/api/api-keys/${created.id}`, { token: owner.token })).status,
    ).toBe(200);
    expectError(await api('GET', '/api/auth/me', { apiKey: created.key }), 401, 'UNAUTHORIZED');
    expectError(
      await api('DELETE', `/api/api-keys/not-a-uuid`, { token: owner.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('rejects an expired key with 401', async () => {
    const user = await registerUser(api);
    const created = (await createKey(user.token, { name: 'short', expiresInDays: 1 })).body;
    await stack.services.identity
      .db('api_keys')
      .where({ id: created.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expectError(await api('GET', '/api/auth/me', { apiKey: created.key }), 401, 'UNAUTHORIZED');
  });
});
