import type { Stack } from '../../src';
import { randomUUID } from 'node:crypto';
import {
  client,
  expectError,
  registerUser,
  startTestStack,
  type Api,
  type TestUser,
} from './harness';

let stack: Stack;
let api: Api;
let alice: TestUser;
let bob: TestUser;
let aliceCategories: { id: string; name: string }[];
let bobCategory: { id: string };

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  alice = await registerUser(api);
  bob = await registerUser(api);
  aliceCategories = (await api('GET', '/api/categories', { token: alice.token })).body.categories;
  bobCategory = (await api('GET', '/api/categories', { token: bob.token })).body.categories[0];
});
afterAll(() => stack.close());

const base = { date: '2025-03-14', description: 'Printer ink', amount: 89.95 };

async function create(user: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/api/expenses', { token: user.token, body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.expense;
}

describe('POST /api/expenses', () => {
  it('creates with the SPEC fields, tax deductions and the embedded category', async () => {
    const res = await api('POST', '/api/expenses', {
      token: alice.token,
      body: {
        ...base,
        categoryId: aliceCategories[0].id,
        notes: 'receipt in the drawer',
        taxDeductions: [
          { taxCategory: 'Office supplies', amount: 40, percentage: 50 },
          { taxCategory: 'Home office', amount: 4.95, notes: 'estimate' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      expense: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        date: '2025-03-14',
        description: 'Printer ink',
        amount: 89.95,
        categoryId: aliceCategories[0].id,
        category: expect.objectContaining({
          id: aliceCategories[0].id,
          name: aliceCategories[0].name,
        }),
        isTaxDeductible: true,
        taxDeductions: [
          { taxCategory: 'Office supplies', amount: 40, percentage: 50, notes: null },
          { taxCategory: 'Home office', amount: 4.95, percentage: null, notes: 'estimate' },
        ],
        notes: 'receipt in the drawer',
        attachments: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it('defaults the optional fields', async () => {
    expect(await create(alice, base)).toMatchObject({
      categoryId: null,
      category: null,
      isTaxDeductible: false,
      taxDeductions: [],
      notes: null,
    });
  });

  it('lists every bad field, deduction items by index', async () => {
    const res = await api('POST', '/api/expenses', {
      token: alice.token,
      body: {
        date: '2025-02-30',
        description: 'x'.repeat(1001),
        amount: 12.345,
        categoryId: 'nope',
        isTaxDeductible: 'yes',
        notes: 'n'.repeat(5001),
        taxDeductions: [{ taxCategory: '', amount: -1, percentage: 101 }],
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'amount',
      'categoryId',
      'date',
      'description',
      'isTaxDeductible',
      'notes',
      'taxDeductions.0.amount',
      'taxDeductions.0.percentage',
      'taxDeductions.0.taxCategory',
    ]);
  });

  it.each([
    ['a negative amount', { amount: -5 }],
    ['a zero amount', { amount: 0 }],
    ['a string amount', { amount: '12.00' }],
    ['a missing date', { date: undefined }],
    ['a date-time', { date: '2025-03-14T10:00:00Z' }],
    ['an empty description', { description: '  ' }],
    ['too many deductions', { taxDeductions: Array(51).fill({ taxCategory: 'a', amount: 1 }) }],
    ['a deduction above the amount', { taxDeductions: [{ taxCategory: 'a', amount: 89.96 }] }],
    [
      'deductions adding up above the amount',
      {
        taxDeductions: [
          { taxCategory: 'a', amount: 50 },
          { taxCategory: 'b', amount: 40 },
        ],
      },
    ],
    ['a deduction with 3 decimals', { taxDeductions: [{ taxCategory: 'a', amount: 1.005 }] }],
    ['a deduction that is not an object', { taxDeductions: ['a'] }],
  ])('rejects %s', async (_label, patch) => {
    expectError(
      await api('POST', '/api/expenses', { token: alice.token, body: { ...base, ...patch } }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it("rejects another user's category as a validation error", async () => {
    const res = await api('POST', '/api/expenses', {
      token: alice.token,
      body: { ...base, categoryId: bobCategory.id },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues[0].field).toBe('categoryId');
  });

  it('replays a repeated Idempotency-Key', async () => {
    const key = randomUUID();
    const first = await api('POST', '/api/expenses', {
      token: alice.token,
      headers: { 'idempotency-key': key },
      body: base,
    });
    const again = await api('POST', '/api/expenses', {
      token: alice.token,
      headers: { 'idempotency-key': key },
      body: base,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.expense.id).toBe(first.body.expense.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(
      await api('POST', '/api/expenses', {
        token: alice.token,
        headers: { 'idempotency-key': key },
        body: { ...base, amount: 1 },
      }),
      409,
      'CONFLICT',
    );
  });
});

describe('GET /api/expenses', () => {
  let user: TestUser;
  let category: string;
  beforeAll(async () => {
    user = await registerUser(api);
    category = (await api('GET', '/api/categories', { token: user.token })).body.categories[0].id;
    await create(user, { date: '2025-01-05', description: 'A', amount: 10, categoryId: category });
    await create(user, { date: '2025-02-10', description: 'B', amount: 20, isTaxDeductible: true });
    await create(user, {
      date: '2025-02-28',
      description: 'C',
      amount: 30,
      taxDeductions: [{ taxCategory: 't', amount: 1 }],
    });
    await create(user, { date: '2025-03-31', description: 'D', amount: 40, categoryId: category });
  });
  const list = (query: string) => api('GET', `/api/expenses${query}`, { token: user.token });
  const names = (res: { body: Record<string, unknown> }): string[] =>
    (res.body.expenses as { description: string }[]).map((e) => e.description);

  it('pages newest first with an exact total', async () => {
    const res = await list('?limit=3&page=2');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    expect(names(res)).toEqual(['A']);
    expect(names(await list(''))).toEqual(['D', 'C', 'B', 'A']);
    expect((await list('?limit=500')).body.pagination.limit).toBe(200);
    expect((await list('?page=9')).body.expenses).toEqual([]);
  });

  it('filters by from, to, categoryId and isTaxDeductible and embeds categories', async () => {
    expect(names(await list('?from=2025-02-01&to=2025-02-28'))).toEqual(['C', 'B']);
    expect(names(await list('?to=2025-01-05'))).toEqual(['A']);
    const byCategory = await list(`?categoryId=${category}`);
    expect(names(byCategory)).toEqual(['D', 'A']);
    expect(byCategory.body.expenses[0].category.id).toBe(category);
    expect(names(await list('?isTaxDeductible=true'))).toEqual(['C', 'B']);
    expect(names(await list('?isTaxDeductible=false&from=2025-03-01'))).toEqual(['D']);
  });

  it('rejects bad filters and pages', async () => {
    for (const q of [
      '?from=2025-13-01',
      '?to=yesterday',
      '?from=2025-03-01&to=2025-01-01',
      '?categoryId=x',
      '?isTaxDeductible=maybe',
      '?page=0',
      '?limit=abc',
    ]) {
      expectError(await list(q), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('GET/PATCH/DELETE /api/expenses/{id}', () => {
  it('reads, updates and deletes the owner’s expense', async () => {
    const e = await create(alice, {
      ...base,
      categoryId: aliceCategories[0].id,
      notes: 'n',
      taxDeductions: [{ taxCategory: 't', amount: 80 }],
    });
    const got = await api('GET', `/api/expenses/${e.id}`, { token: alice.token });
    expect(got.status).toBe(200);
    expect(got.body.expense).toEqual(e);

    const patched = await api('PATCH', `/api/expenses/${e.id}`, {
      token: alice.token,
      body: {
        amount: 100.1,
        categoryId: null,
        notes: null,
        description: 'Ink and paper',
        date: '2025-04-01',
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.expense).toMatchObject({
      amount: 100.1,
      categoryId: null,
      category: null,
      notes: null,
      description: 'Ink and paper',
      date: '2025-04-01',
      taxDeductions: [{ taxCategory: 't', amount: 80, percentage: null, notes: null }],
    });
    const cleared = await api('PATCH', `/api/expenses/${e.id}`, {
      token: alice.token,
      body: { taxDeductions: null },
    });
    expect(cleared.body.expense.taxDeductions).toEqual([]);

    const del = await api('DELETE', `/api/expenses/${e.id}`, { token: alice.token });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ success: true });
    expectError(
      await api('GET', `/api/expenses/${e.id}`, { token: alice.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a patch that lowers the amount under the deductions, or has bad fields', async () => {
    const e = await create(alice, {
      ...base,
      amount: 10,
      taxDeductions: [{ taxCategory: 't', amount: 8 }],
    });
    const lowered = await api('PATCH', `/api/expenses/${e.id}`, {
      token: alice.token,
      body: { amount: 7.99 },
    });
    expectError(lowered, 400, 'VALIDATION_ERROR');
    expect(lowered.body.details.issues.map((i: { field: string }) => i.field)).toEqual(['amount']);
    for (const body of [
      { amount: 'x' },
      { date: '2025-02-30' },
      { categoryId: bobCategory.id },
      { taxDeductions: [{ amount: 1 }] },
      { description: '' },
    ]) {
      expectError(
        await api('PATCH', `/api/expenses/${e.id}`, { token: alice.token, body }),
        400,
        'VALIDATION_ERROR',
      );
    }
    expect(
      (await api('GET', `/api/expenses/${e.id}`, { token: alice.token })).body.expense,
    ).toEqual(e);
  });

  it("answers 404 for another user's, unknown and malformed ids, and changes nothing", async () => {
    const mine = await create(alice, base);
    for (const id of [mine.id, randomUUID(), 'not-a-uuid']) {
      const as = id === mine.id ? bob : alice;
      expectError(await api('GET', `/api/expenses/${id}`, { token: as.token }), 404, 'NOT_FOUND');
      expectError(
        await api('PATCH', `/api/expenses/${id}`, { token: as.token, body: { description: 'x' } }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('DELETE', `/api/expenses/${id}`, { token: as.token }),
        404,
        'NOT_FOUND',
      );
    }
    expect(
      (await api('GET', `/api/expenses/${mine.id}`, { token: alice.token })).body.expense,
    ).toEqual(mine);
    const bobs = await api('GET', '/api/expenses', { token: bob.token });
    expect(bobs.body.expenses.map((e: { id: string }) => e.id)).not.toContain(mine.id);
  });

  it('requires authentication', async () => {
    expectError(await api('GET', '/api/expenses'), 401, 'UNAUTHORIZED');
    expectError(await api('POST', '/api/expenses', { body: base }), 401, 'UNAUTHORIZED');
  });
});
