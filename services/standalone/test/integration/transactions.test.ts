import type { Stack } from '../../src';
import { randomUUID } from 'node:crypto';
import {
  client,
  expectError,
  registerUser,
  startTestStack,
  type Api,
  type Json,
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

async function create(user: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/api/bank/transactions', { token: user.token, body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.transaction;
}

describe('POST /api/bank/transactions', () => {
  it('creates with exactly the SPEC fields and derives GST (included)', async () => {
    const res = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      body: { ...base, merchant: 'Officeworks', gstRate: 0.1, gstIncluded: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.transaction).toMatchObject({
      date: '2025-03-14T00:00:00.000Z',
      description: 'Officeworks stationery',
      amount: 110,
      type: 'debit',
      categoryId: null,
      category: null,
      merchant: 'Officeworks',
      isTaxDeductible: false,
      gstRate: 0.1,
      gstAmount: 10,
      gstIncluded: true,
    });
    expect(res.body.transaction.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('derives GST excluded and rounds half away from zero at the cent', async () => {
    const t = await create(alice, { ...base, amount: 0.05, gstRate: 0.1, gstIncluded: false });
    expect(t.gstAmount).toBe(0.01);
    const incl = await create(alice, { ...base, amount: 10, gstRate: 0.1 });
    expect(incl.gstAmount).toBe(0.91);
  });

  it('keeps a given gstAmount and embeds the category', async () => {
    const categories = (await api('GET', '/api/categories', { token: alice.token })).body
      .categories;
    const t = await create(alice, {
      ...base,
      gstAmount: 7.5,
      gstRate: 0.1,
      categoryId: categories[0].id,
    });
    expect(t.gstAmount).toBe(7.5);
    expect(t.category).toMatchObject({ id: categories[0].id, name: categories[0].name });
  });

  it('rejects a category of another user as a validation error', async () => {
    const bobsCategory = (await api('GET', '/api/categories', { token: bob.token })).body
      .categories[0];
    const res = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      body: { ...base, categoryId: bobsCategory.id },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues[0].field).toBe('categoryId');
  });

  it('lists every bad field', async () => {
    const res = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      body: {
        date: '2025-02-30',
        description: 'x'.repeat(1001),
        amount: 12.345,
        type: 'withdrawal',
        categoryId: 'nope',
        gstRate: 1.5,
        businessUsePercentage: 101,
        isTaxDeductible: 'yes',
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    const fields = res.body.details.issues.map((i: { field: string }) => i.field).sort();
    expect(fields).toEqual([
      'amount',
      'businessUsePercentage',
      'categoryId',
      'date',
      'description',
      'gstRate',
      'isTaxDeductible',
      'type',
    ]);
  });

  it.each([
    ['negative amount', { amount: -5 }],
    ['zero amount', { amount: 0 }],
    ['string amount', { amount: '12.00' }],
    ['missing date', { date: undefined }],
    ['empty description', { description: '   ' }],
  ])('rejects %s', async (_label, patch) => {
    expectError(
      await api('POST', '/api/bank/transactions', {
        token: alice.token,
        body: { ...base, ...patch },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('replays the first response for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const key = randomUUID();
    const first = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      headers: { 'idempotency-key': key },
      body: base,
    });
    const again = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      headers: { 'idempotency-key': key },
      body: base,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.transaction.id).toBe(first.body.transaction.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      headers: { 'idempotency-key': key },
      body: { ...base, amount: 1 },
    });
    expectError(other, 409, 'CONFLICT');
    // Another user's identical key is independent.
    const bobs = await api('POST', '/api/bank/transactions', {
      token: bob.token,
      headers: { 'idempotency-key': key },
      body: base,
    });
    expect(bobs.status).toBe(201);
    expect(bobs.body.transaction.id).not.toBe(first.body.transaction.id);
  });
});

describe('GET /api/bank/transactions', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(api);
    const rows = [
      {
        date: '2025-01-05',
        description: 'Woolworths groceries',
        amount: 82.4,
        type: 'debit',
        merchant: 'Woolworths',
      },
      {
        date: '2025-01-20',
        description: 'Salary ACME',
        amount: 4200,
        type: 'credit',
        merchant: 'ACME Pty Ltd',
      },
      {
        date: '2025-02-03',
        description: 'Qantas flight SYD-MEL',
        amount: 310.15,
        type: 'debit',
        merchant: 'Qantas',
        isTaxDeductible: true,
      },
      {
        date: '2025-02-28',
        description: 'Woolworths metro',
        amount: 12.5,
        type: 'debit',
        merchant: 'woolworths',
      },
      {
        date: '2025-03-31T23:30:00+00:00',
        description: '100% pure_coffee',
        amount: 5,
        type: 'debit',
      },
    ];
    for (const r of rows) await create(user, r);
  });

  const list = (query: string) =>
    api('GET', `/api/bank/transactions${query}`, { token: user.token });
  const descriptions = (res: { body: Json }): string[] =>
    res.body.transactions.map((t: { description: string }) => t.description);

  it('pages with an exact total, newest first by default', async () => {
    const res = await list('?limit=2&page=2');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    expect(descriptions(res)).toEqual(['Qantas flight SYD-MEL', 'Salary ACME']);
    const past = await list('?page=9');
    expect(past.body.transactions).toEqual([]);
    expect(past.body.pagination.total).toBe(5);
  });

  it('clamps limit above 200 and rejects bad page values', async () => {
    expect((await list('?limit=500')).body.pagination.limit).toBe(200);
    for (const q of ['?limit=0', '?limit=abc', '?page=0', '?page=1.5', '?limit=-1']) {
      expectError(await list(q), 400, 'VALIDATION_ERROR');
    }
  });

  it('filters by date range, type, merchant, text, amounts and deductibility', async () => {
    expect(descriptions(await list('?from=2025-02-01&to=2025-02-28'))).toEqual([
      'Woolworths metro',
      'Qantas flight SYD-MEL',
    ]);
    expect(descriptions(await list('?to=2025-03-31'))).toHaveLength(5);
    expect(descriptions(await list('?type=credit'))).toEqual(['Salary ACME']);
    expect(descriptions(await list('?merchant=WOOLWORTHS'))).toHaveLength(2);
    expect(descriptions(await list('?q=qantas'))).toEqual(['Qantas flight SYD-MEL']);
    expect(descriptions(await list('?q=100%25'))).toEqual(['100% pure_coffee']);
    expect(descriptions(await list('?q=_'))).toEqual(['100% pure_coffee']);
    expect(descriptions(await list('?minAmount=12.5&maxAmount=82.4'))).toEqual([
      'Woolworths metro',
      'Woolworths groceries',
    ]);
    expect(descriptions(await list('?isTaxDeductible=true'))).toEqual(['Qantas flight SYD-MEL']);
    expect((await list('?uncategorized=true')).body.pagination.total).toBe(5);
  });

  it('sorts by amount both ways', async () => {
    expect(descriptions(await list('?sort=amount'))[0]).toBe('100% pure_coffee');
    expect(descriptions(await list('?sort=-amount'))[0]).toBe('Salary ACME');
    expect(descriptions(await list('?sort=date'))[0]).toBe('Woolworths groceries');
  });

  it('rejects bad filters', async () => {
    for (const q of [
      '?from=2025-13-01',
      '?from=2025-03-01&to=2025-01-01',
      '?type=both',
      '?categoryId=x',
      '?minAmount=-1',
      '?sort=name',
      '?isTaxDeductible=maybe',
    ]) {
      expectError(await list(q), 400, 'VALIDATION_ERROR');
    }
  });

  it('never shows another user’s transactions', async () => {
    const mine = (await list('?limit=200')).body.transactions.map((t: { id: string }) => t.id);
    const res = await api('GET', '/api/bank/transactions?limit=200', { token: bob.token });
    const bobs = res.body.transactions.map((t: { id: string }) => t.id);
    expect(bobs.filter((id: string) => mine.includes(id))).toEqual([]);
    expect(
      (await api('GET', '/api/bank/transactions?q=Qantas', { token: bob.token })).body.pagination
        .total,
    ).toBe(0);
  });
});

describe('GET/PATCH/DELETE /api/bank/transactions/{id}', () => {
  it('reads, updates (re-deriving GST) and deletes the owner’s transaction', async () => {
    const t = await create(alice, { ...base, gstRate: 0.1, merchant: 'Officeworks' });
    const got = await api('GET', `/api/bank/transactions/${t.id}`, { token: alice.token });
    expect(got.status).toBe(200);
    expect(got.body.transaction).toEqual(t);

    const patched = await api('PATCH', `/api/bank/transactions/${t.id}`, {
      token: alice.token,
      body: { amount: 220, merchant: null, isTaxDeductible: true, businessUsePercentage: 50 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.transaction).toMatchObject({
      amount: 220,
      gstAmount: 20,
      merchant: null,
      isTaxDeductible: true,
      businessUsePercentage: 50,
    });

    expectError(
      await api('PATCH', `/api/bank/transactions/${t.id}`, {
        token: alice.token,
        body: { amount: 'lots' },
      }),
      400,
      'VALIDATION_ERROR',
    );

    const deleted = await api('DELETE', `/api/bank/transactions/${t.id}`, { token: alice.token });
    expect(deleted.status).toBe(200);
    expectError(
      await api('GET', `/api/bank/transactions/${t.id}`, { token: alice.token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api('DELETE', `/api/bank/transactions/${t.id}`, { token: alice.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 404 for another user’s id, and changes nothing', async () => {
    const t = await create(alice, base);
    expectError(
      await api('GET', `/api/bank/transactions/${t.id}`, { token: bob.token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api('PATCH', `/api/bank/transactions/${t.id}`, {
        token: bob.token,
        body: { amount: 1 },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api('DELETE', `/api/bank/transactions/${t.id}`, { token: bob.token }),
      404,
      'NOT_FOUND',
    );
    const still = await api('GET', `/api/bank/transactions/${t.id}`, { token: alice.token });
    expect(still.body.transaction.amount).toBe(110);
  });

  it('answers 404 for ids that are not UUIDs', async () => {
    expectError(
      await api('GET', '/api/bank/transactions/12345', { token: alice.token }),
      404,
      'NOT_FOUND',
    );
  });
});
