import type { Stack } from '../../src';
import { randomUUID } from 'node:crypto';
import {
  client,
  expectError,
  registerUser,
  setTier,
  startTestStack,
  type Api,
  type TestUser,
} from './harness';

let stack: Stack;
let api: Api;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  alice = await registerUser(api);
  bob = await registerUser(api);
});
afterAll(() => stack.close());

const base = {
  date: '2025-03-14',
  description: 'Officeworks stationery',
  amount: 110,
  type: 'debit',
};

async function create(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { ...base, ...body },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.transaction;
}
const get = async (user: TestUser, id: string) =>
  (await api('GET', `/api/bank/transactions/${id}`, { token: user.token })).body.transaction;
const batch = (user: TestUser, body: unknown) =>
  api('POST', '/api/bank-batch/update', { token: user.token, body });

describe('POST /api/bank-batch/update', () => {
  it('updates every item with PATCH semantics and embeds categories', async () => {
    const category = (await api('GET', '/api/categories', { token: alice.token })).body
      .categories[0];
    const a = await create(alice, { gstRate: 0.1 });
    const b = await create(alice, { merchant: 'Officeworks' });
    const res = await batch(alice, {
      updates: [
        { id: a.id, amount: 220 },
        {
          id: b.id,
          categoryId: category.id,
          merchant: null,
          isTaxDeductible: true,
          businessUsePercentage: 50,
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.updated).toBe(2);
    expect(res.body.transactions.map((t: { id: string }) => t.id)).toEqual([a.id, b.id]);
    expect(res.body.transactions[0]).toMatchObject({ amount: 220, gstAmount: 20, gstRate: 0.1 });
    expect(res.body.transactions[1]).toMatchObject({
      categoryId: category.id,
      category: expect.objectContaining({ id: category.id, name: category.name }),
      merchant: null,
      isTaxDeductible: true,
      businessUsePercentage: 50,
    });
    expect(await get(alice, a.id)).toEqual(res.body.transactions[0]);
    expect(await get(alice, b.id)).toEqual(res.body.transactions[1]);
  });

  it('is all or nothing: one invalid item → 400 naming it, nothing changed', async () => {
    const a = await create(alice);
    const b = await create(alice);
    const res = await batch(alice, {
      updates: [
        { id: a.id, description: 'changed' },
        { id: b.id, description: 'fine' },
        { id: b.id, amount: 12.345, type: 'refund' },
      ],
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'updates.2.amount',
      'updates.2.type',
    ]);
    // A batch valid field by field but failing against a stored row (GST above the new amount).
    const withGst = await create(alice, { amount: 10, gstAmount: 5 });
    const rowLevel = await batch(alice, {
      updates: [
        { id: a.id, description: 'changed' },
        { id: withGst.id, amount: 4 },
      ],
    });
    expectError(rowLevel, 400, 'VALIDATION_ERROR');
    expect(rowLevel.body.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'updates.1.amount',
    ]);
    expect(await get(alice, a.id)).toEqual(a);
    expect(await get(alice, b.id)).toEqual(b);
    expect(await get(alice, withGst.id)).toEqual(withGst);
  });

  it('refuses a repeated id', async () => {
    const a = await create(alice);
    const res = await batch(alice, {
      updates: [
        { id: a.id, description: 'x' },
        { id: a.id.toUpperCase(), description: 'y' },
      ],
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'updates.1.id',
    ]);
    expect(await get(alice, a.id)).toEqual(a);
  });

  it.each([
    ['no body', undefined],
    ['updates missing', {}],
    ['updates not an array', { updates: 'all' }],
    ['an empty batch', { updates: [] }],
    ['an item without id', { updates: [{ description: 'x' }] }],
    ['a malformed id', { updates: [{ id: 'not-a-uuid', description: 'x' }] }],
    ['an item that is not an object', { updates: [42] }],
  ])('rejects %s', async (_label, body) => {
    expectError(await batch(alice, body), 400, 'VALIDATION_ERROR');
  });

  it('allows 500 items and refuses 501', async () => {
    const t = await create(alice);
    const many = (n: number) =>
      Array.from({ length: n }, () => ({ id: randomUUID(), description: 'x' }));
    const tooMany = await batch(alice, { updates: many(501) });
    expectError(tooMany, 400, 'VALIDATION_ERROR');
    expect(tooMany.body.details.issues.map((i: { field: string }) => i.field)).toEqual(['updates']);
    // 500 items are accepted for validation: unknown ids then make it a 404.
    expectError(
      await batch(alice, { updates: [{ id: t.id, description: 'y' }, ...many(499)] }),
      404,
      'NOT_FOUND',
    );
    expect(await get(alice, t.id)).toEqual(t);
  });

  it("answers 404 for the whole batch when one id is another user's, changing nothing", async () => {
    const mine = await create(alice);
    const bobs = await create(bob);
    const res = await batch(alice, {
      updates: [
        { id: mine.id, description: 'changed' },
        { id: bobs.id, description: 'hijacked' },
      ],
    });
    expectError(res, 404, 'NOT_FOUND');
    expect(await get(alice, mine.id)).toEqual(mine);
    expect(await get(bob, bobs.id)).toEqual(bobs);
  });

  it("refuses another user's category, naming the item", async () => {
    const mine = await create(alice);
    const bobsCategory = (await api('GET', '/api/categories', { token: bob.token })).body
      .categories[0];
    const res = await batch(alice, {
      updates: [
        { id: mine.id, description: 'ok' },
        { id: mine.id.replace(/.$/, '0'), categoryId: bobsCategory.id },
      ],
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'updates.1.categoryId',
    ]);
  });

  it('records each category it sets as the primary assignment, as PATCH does', async () => {
    const user = await registerUser(api);
    await setTier(api, user.id, 'elite');
    const [a, b] = (await api('GET', '/api/categories', { token: user.token })).body.categories;
    const one = await create(user);
    const two = await create(user, { categoryId: a.id });
    const untouched = await create(user);
    const res = await batch(user, {
      updates: [
        { id: one.id, categoryId: a.id },
        { id: two.id, categoryId: b.id },
        { id: untouched.id, description: 'no category change' },
      ],
    });
    expect(res.status).toBe(200);
    const primaryOf = async (id: string) =>
      (await api('GET', `/api/transaction-categories/${id}`, { token: user.token })).body.categories
        .filter((c: { isPrimary: boolean }) => c.isPrimary)
        .map((c: { categoryId: string }) => c.categoryId);
    expect(await primaryOf(one.id)).toEqual([a.id]);
    expect(await primaryOf(two.id)).toEqual([b.id]);
    expect(await primaryOf(untouched.id)).toEqual([]);
  });

  it('needs a scope that allows writes and authentication', async () => {
    expectError(
      await api('POST', '/api/bank-batch/update', { body: { updates: [] } }),
      401,
      'UNAUTHORIZED',
    );
    const key = await api('POST', '/api/api-keys', {
      token: alice.token,
      body: { name: 'read only', scopes: ['mcp:read'] },
    });
    const t = await create(alice);
    expectError(
      await api('POST', '/api/bank-batch/update', {
        apiKey: key.body.key,
        body: { updates: [{ id: t.id, description: 'x' }] },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});
