import { randomUUID } from 'node:crypto';
import type { Stack } from '../../src';
import {
  client,
  expectError,
  registerUser,
  setTier,
  startTestStack,
  type Api,
  type TestUser,
} from './harness';

type Json = Record<string, unknown>;

let stack: Stack;
let api: Api;
let alice: TestUser;
let bob: TestUser;
let aliceCategories: Json[];
let bobCategories: Json[];

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  alice = await registerUser(api);
  bob = await registerUser(api);
  await setTier(api, alice.id, 'elite');
  await setTier(api, bob.id, 'elite');
  aliceCategories = (await api('GET', '/api/categories', { token: alice.token })).body.categories;
  bobCategories = (await api('GET', '/api/categories', { token: bob.token })).body.categories;
});
afterAll(() => stack.close());

const ASSIGNMENT_KEYS = [
  'id',
  'transactionId',
  'categoryId',
  'categorySetId',
  'userId',
  'isPrimary',
  'confidence',
  'assignedBy',
  'assignedAt',
  'notes',
  'category',
].sort();

const HISTORY_KEYS = [
  'id',
  'transactionId',
  'categoryId',
  'action',
  'fromCategoryId',
  'toCategoryId',
  'assignedBy',
  'actor',
  'at',
  'notes',
].sort();

async function newTransaction(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { date: '2025-03-14', description: 'Officeworks', amount: 42, type: 'debit', ...body },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.transaction;
}

async function ledgerCategoryOf(user: TestUser, id: string) {
  const res = await api('GET', `/api/bank/transactions/${id}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.transaction.categoryId as string | null;
}

const add = (user: TestUser, txId: string, categories: unknown) =>
  api('POST', `/api/transaction-categories/${txId}/multiple`, {
    token: user.token,
    body: { categories },
  });
const replace = (user: TestUser, txId: string, categories: unknown) =>
  api('PUT', `/api/transaction-categories/${txId}`, { token: user.token, body: { categories } });
const history = (user: TestUser, txId: string, query = '') =>
  api('GET', `/api/transaction-categories/${txId}/history${query}`, { token: user.token });

describe('tiers and scopes', () => {
  it('refuses every route below elite with TIER_REQUIRED', async () => {
    const free = await registerUser(api);
    const tx = await newTransaction(free);
    const body = { categories: [{ categoryId: randomUUID() }] };
    for (const [method, path] of [
      ['GET', `/api/transaction-categories/${tx.id}`],
      ['POST', `/api/transaction-categories/${tx.id}/multiple`],
      ['PUT', `/api/transaction-categories/${tx.id}`],
      ['GET', `/api/transaction-categories/${tx.id}/history`],
    ]) {
      const res = await api(method, path, {
        token: free.token,
        body: method === 'GET' ? undefined : body,
      });
      expectError(res, 403, 'TIER_REQUIRED');
      expect(res.body.details.requiredTier).toBe('elite');
    }
  });

  it('lets an mcp:read key read but not write', async () => {
    const tx = await newTransaction(alice);
    const key = (
      await api('POST', '/api/api-keys', {
        token: alice.token,
        body: { name: 'reader', scopes: ['mcp:read'] },
      })
    ).body.key;
    expect((await api('GET', `/api/transaction-categories/${tx.id}`, { apiKey: key })).status).toBe(
      200,
    );
    expect(
      (await api('GET', `/api/transaction-categories/${tx.id}/history`, { apiKey: key })).status,
    ).toBe(200);
    const body = { categories: [{ categoryId: aliceCategories[0].id }] };
    expectError(
      await api('POST', `/api/transaction-categories/${tx.id}/multiple`, { apiKey: key, body }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api('PUT', `/api/transaction-categories/${tx.id}`, { apiKey: key, body }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});

describe('assigning categories', () => {
  it('adds categories, answers the SPEC fields and sets the ledger categoryId from the primary', async () => {
    const tx = await newTransaction(alice);
    const [a, b] = aliceCategories;
    const res = await add(alice, tx.id, [
      {
        categoryId: a.id,
        categorySetId: a.categorySetId,
        isPrimary: true,
        confidence: 0.5,
        notes: 'receipt',
      },
      { categoryId: b.id },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.categories).toHaveLength(2);
    const [first, second] = res.body.categories;
    expect(Object.keys(first).sort()).toEqual(ASSIGNMENT_KEYS);
    expect(first).toMatchObject({
      transactionId: tx.id,
      categoryId: a.id,
      categorySetId: a.categorySetId,
      userId: alice.id,
      isPrimary: true,
      confidence: 0.5,
      assignedBy: 'user',
      notes: 'receipt',
      category: { id: a.id, name: a.name },
    });
    expect(Date.parse(first.assignedAt)).not.toBeNaN();
    expect(second).toMatchObject({
      categoryId: b.id,
      isPrimary: false,
      confidence: 1,
      notes: null,
    });

    expect(await ledgerCategoryOf(alice, tx.id)).toBe(a.id);
    const listed = await api('GET', `/api/transaction-categories/${tx.id}`, { token: alice.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ success: true, categories: res.body.categories });
  });

  it('updates an assignment of the same category instead of duplicating it', async () => {
    const tx = await newTransaction(alice);
    const [a] = aliceCategories;
    await add(alice, tx.id, [{ categoryId: a.id, confidence: 0.4, assignedBy: 'classifier' }]);
    const res = await add(alice, tx.id, [{ categoryId: a.id, confidence: 0.9 }]);
    expect(res.body.categories).toHaveLength(1);
    expect(res.body.categories[0]).toMatchObject({ confidence: 0.9, assignedBy: 'user' });
  });

  it('lets a new primary demote the old one and follows it in the ledger', async () => {
    const tx = await newTransaction(alice);
    const [a, b] = aliceCategories;
    await add(alice, tx.id, [{ categoryId: a.id, isPrimary: true }]);
    const res = await add(alice, tx.id, [{ categoryId: b.id, isPrimary: true }]);
    expect(res.body.categories.map((x: Json) => [x.categoryId, x.isPrimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(await ledgerCategoryOf(alice, tx.id)).toBe(b.id);
  });

  it('replaces all categories, and clears the ledger categoryId when no primary remains', async () => {
    const tx = await newTransaction(alice);
    const [a, b, c] = aliceCategories;
    await add(alice, tx.id, [{ categoryId: a.id, isPrimary: true }, { categoryId: b.id }]);
    expect(await ledgerCategoryOf(alice, tx.id)).toBe(a.id);

    const res = await replace(alice, tx.id, [{ categoryId: b.id }, { categoryId: c.id }]);
    expect(res.status).toBe(200);
    expect(res.body.categories.map((x: Json) => x.categoryId).sort()).toEqual([b.id, c.id].sort());
    expect(res.body.categories.every((x: Json) => !x.isPrimary)).toBe(true);
    expect(await ledgerCategoryOf(alice, tx.id)).toBeNull();

    await replace(alice, tx.id, [{ categoryId: c.id, isPrimary: true }]);
    expect(await ledgerCategoryOf(alice, tx.id)).toBe(c.id);
    const cleared = await replace(alice, tx.id, []);
    expect(cleared.body.categories).toEqual([]);
    expect(await ledgerCategoryOf(alice, tx.id)).toBeNull();
  });

  it('leaves a categoryId set on the transaction alone while no primary is involved', async () => {
    const [a, b] = aliceCategories;
    const tx = await newTransaction(alice, { categoryId: a.id });
    await add(alice, tx.id, [{ categoryId: b.id }]);
    expect(await ledgerCategoryOf(alice, tx.id)).toBe(a.id);
  });

  it('follows its category into another set', async () => {
    const tx = await newTransaction(alice);
    const category = (
      await api('POST', '/api/categories', {
        token: alice.token,
        body: { name: `Mover ${randomUUID()}` },
      })
    ).body.category;
    await add(alice, tx.id, [{ categoryId: category.id }]);
    const set = (
      await api('POST', '/api/category-sets', {
        token: alice.token,
        body: { name: `Set ${randomUUID()}` },
      })
    ).body.set;
    await api('POST', '/api/category-sets/move-category', {
      token: alice.token,
      body: { categoryId: category.id, targetSetId: set.id },
    });
    const listed = await api('GET', `/api/transaction-categories/${tx.id}`, { token: alice.token });
    expect(listed.body.categories[0]).toMatchObject({
      categorySetId: set.id,
      category: { categorySetId: set.id },
    });
  });
});

describe('bad input and other users', () => {
  it('answers 400 naming each bad field', async () => {
    const tx = await newTransaction(alice);
    const [a, b] = aliceCategories;
    const twoPrimaries = await add(alice, tx.id, [
      { categoryId: a.id, isPrimary: true },
      { categoryId: b.id, isPrimary: true },
    ]);
    expectError(twoPrimaries, 400, 'VALIDATION_ERROR');
    expect(twoPrimaries.body.details.issues).toEqual([
      { field: 'categories.1.isPrimary', message: expect.any(String) },
    ]);

    const shapes = await add(alice, tx.id, [
      {
        categoryId: 'nope',
        confidence: 2,
        assignedBy: 'robot',
        isPrimary: 'yes',
        notes: 'n'.repeat(5001),
      },
    ]);
    expectError(shapes, 400, 'VALIDATION_ERROR');
    expect(shapes.body.details.issues.map((i: Json) => i.field).sort()).toEqual(
      [
        'categories.0.categoryId',
        'categories.0.confidence',
        'categories.0.assignedBy',
        'categories.0.isPrimary',
        'categories.0.notes',
      ].sort(),
    );

    const twice = await add(alice, tx.id, [{ categoryId: a.id }, { categoryId: a.id }]);
    expectError(twice, 400, 'VALIDATION_ERROR');
    expect(twice.body.details.issues[0].field).toBe('categories.1.categoryId');

    expectError(await add(alice, tx.id, []), 400, 'VALIDATION_ERROR');
    expectError(
      await api('POST', `/api/transaction-categories/${tx.id}/multiple`, {
        token: alice.token,
        body: {},
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await replace(alice, tx.id, 'x'), 400, 'VALIDATION_ERROR');
    const many = Array.from({ length: 51 }, () => ({ categoryId: randomUUID() }));
    expectError(await replace(alice, tx.id, many), 400, 'VALIDATION_ERROR');

    // Nothing was assigned and the ledger is untouched.
    expect(
      (await api('GET', `/api/transaction-categories/${tx.id}`, { token: alice.token })).body
        .categories,
    ).toEqual([]);
    expect(await ledgerCategoryOf(alice, tx.id)).toBeNull();
  });

  it('answers 400 for another user’s category or a set that is not the category’s', async () => {
    const tx = await newTransaction(alice);
    const res = await add(alice, tx.id, [
      { categoryId: aliceCategories[0].id, isPrimary: true },
      { categoryId: bobCategories[0].id },
    ]);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues).toEqual([
      { field: 'categories.1.categoryId', message: 'is not one of your categories' },
    ]);

    const wrongSet = await add(alice, tx.id, [
      { categoryId: aliceCategories[0].id, categorySetId: bobCategories[0].categorySetId },
    ]);
    expectError(wrongSet, 400, 'VALIDATION_ERROR');
    expect(wrongSet.body.details.issues[0].field).toBe('categories.0.categorySetId');
    expect(await ledgerCategoryOf(alice, tx.id)).toBeNull();
  });

  it('answers 404 for another user’s, unknown and malformed transactions', async () => {
    const bobsTx = await newTransaction(bob);
    await add(bob, bobsTx.id, [{ categoryId: bobCategories[0].id, isPrimary: true }]);
    for (const id of [bobsTx.id, randomUUID(), 'not-a-uuid']) {
      expectError(
        await api('GET', `/api/transaction-categories/${id}`, { token: alice.token }),
        404,
        'NOT_FOUND',
      );
      expectError(await history(alice, id), 404, 'NOT_FOUND');
      expectError(await add(alice, id, [{ categoryId: aliceCategories[0].id }]), 404, 'NOT_FOUND');
      expectError(await replace(alice, id, []), 404, 'NOT_FOUND');
    }
    // Bob's assignment and transaction are untouched.
    const bobs = await api('GET', `/api/transaction-categories/${bobsTx.id}`, { token: bob.token });
    expect(bobs.body.categories).toHaveLength(1);
    expect(await ledgerCategoryOf(bob, bobsTx.id)).toBe(bobCategories[0].id);
  });
});

describe('GET /api/transaction-categories/{transactionId}/history', () => {
  it('records every change with who, when, from and to, newest first', async () => {
    const tx = await newTransaction(alice);
    const [a, b] = aliceCategories;
    await add(alice, tx.id, [
      { categoryId: a.id, isPrimary: true, assignedBy: 'classifier', notes: 'model v1' },
    ]);
    await add(alice, tx.id, [{ categoryId: b.id, isPrimary: true }]);
    await replace(alice, tx.id, [{ categoryId: b.id, isPrimary: true }]);

    const res = await history(alice, tx.id);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.history[0]).sort()).toEqual(HISTORY_KEYS);
    expect(
      res.body.history.map((e: Json) => [
        e.action,
        e.categoryId,
        e.fromCategoryId,
        e.toCategoryId,
        e.assignedBy,
      ]),
    ).toEqual([
      ['removed', a.id, a.id, null, 'user'],
      ['primary_changed', b.id, a.id, b.id, 'user'],
      ['assigned', b.id, null, b.id, 'user'],
      ['primary_changed', a.id, null, a.id, 'classifier'],
      ['assigned', a.id, null, a.id, 'classifier'],
    ]);
    expect(
      res.body.history.every((e: Json) => e.actor === alice.id && e.transactionId === tx.id),
    ).toBe(true);
    expect(res.body.history[4].notes).toBe('model v1');
    const times = res.body.history.map((e: Json) => Date.parse(String(e.at)));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(res.body.pagination).toEqual({ page: 1, limit: 50, total: 5, pages: 1 });

    const page2 = await history(alice, tx.id, '?page=2&limit=2');
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    expect(page2.body.history.map((e: Json) => e.action)).toEqual(['assigned', 'primary_changed']);
    expectError(await history(alice, tx.id, '?limit=0'), 400, 'VALIDATION_ERROR');
  });

  it('records a category set directly on the transaction as the user’s primary assignment', async () => {
    const [a, b] = aliceCategories;
    const tx = await newTransaction(alice, { categoryId: a.id });
    const patched = await api('PATCH', `/api/bank/transactions/${tx.id}`, {
      token: alice.token,
      body: { categoryId: b.id },
    });
    expect(patched.status).toBe(200);
    const res = await history(alice, tx.id);
    expect(
      res.body.history.map((e: Json) => [
        e.action,
        e.fromCategoryId,
        e.toCategoryId,
        e.assignedBy,
        e.actor,
      ]),
    ).toEqual([
      ['primary_changed', a.id, b.id, 'user', alice.id],
      ['assigned', null, b.id, 'user', alice.id],
      ['primary_changed', null, a.id, 'user', alice.id],
      ['assigned', null, a.id, 'user', alice.id],
    ]);
    const current = await api('GET', `/api/transaction-categories/${tx.id}`, {
      token: alice.token,
    });
    expect(
      current.body.categories.filter((c: Json) => c.isPrimary).map((c: Json) => c.categoryId),
    ).toEqual([b.id]);
  });

  it('keeps the history when a category is deleted', async () => {
    const tx = await newTransaction(alice);
    const category = (
      await api('POST', '/api/categories', {
        token: alice.token,
        body: { name: `Gone ${randomUUID()}` },
      })
    ).body.category;
    await add(alice, tx.id, [{ categoryId: category.id }]);
    expect(
      (await api('DELETE', `/api/categories/${category.id}`, { token: alice.token })).status,
    ).toBe(200);
    expect(
      (await api('GET', `/api/transaction-categories/${tx.id}`, { token: alice.token })).body
        .categories,
    ).toEqual([]);
    const res = await history(alice, tx.id);
    expect(res.body.history.map((e: Json) => [e.action, e.categoryId, e.assignedBy])).toEqual([
      ['removed', category.id, 'system'],
      ['assigned', category.id, 'user'],
    ]);
  });
});
