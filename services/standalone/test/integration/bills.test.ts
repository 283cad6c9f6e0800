import type { Stack } from '../../src';
import { client, expectError, registerUser, setTier, type Api, type TestUser } from './harness';
import { eventually, startIsolatedStack } from './isolated-stack';

/**
 * Bills through the gateway: CRUD, filters, pagination, pay, validation, isolation between
 * users, scopes, idempotency, and autopay from created and imported transactions (the
 * ledger's events reach bills' consumer on the stack's bus; hence a database of its own).
 */

let stack: Stack;
let close: () => Promise<void>;
let api: Api;

beforeAll(async () => {
  ({ stack, close } = await startIsolatedStack('stack_bills'));
  api = client(stack);
});
afterAll(() => close?.());

const DAY = 86_400_000;
const day = (offset = 0) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function newUser(): Promise<TestUser> {
  const user = await registerUser(api);
  await setTier(api, user.id, 'enterprise');
  return user;
}

async function createBill(
  user: TestUser,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return api('POST', '/api/bills', {
    token: user.token,
    body: { name: 'Rent', amount: 1500, dueDate: '2030-02-01', ...body },
    headers,
  });
}

describe('bills CRUD', () => {
  let alice: TestUser;
  let bob: TestUser;
  let categoryId: string;

  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
    const categories = await api('GET', '/api/categories', { token: alice.token });
    categoryId = categories.body.categories[0].id;
  });

  it('creates a bill: 201 {success, bill}, keeping notes and embedding the category', async () => {
    const res = await createBill(alice, {
      name: 'Electricity',
      amount: 212.4,
      dueDate: '2030-03-15',
      categoryId,
      notes: 'Account 1234 — pay by BPAY',
      merchant: 'Origin Energy',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      bill: {
        id: expect.any(String),
        name: 'Electricity',
        amount: 212.4,
        dueDate: '2030-03-15',
        paid: false,
        categoryId,
        category: expect.objectContaining({ id: categoryId, name: expect.any(String) }),
        recurring: false,
        notes: 'Account 1234 — pay by BPAY',
        merchant: 'Origin Energy',
        patternId: null,
        paidAt: null,
        transactionId: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const got = await api('GET', `/api/bills/${res.body.bill.id}`, { token: alice.token });
    expect(got.status).toBe(200);
    expect(got.body.bill).toEqual(res.body.bill);
  });

  it('replays a create with the same Idempotency-Key and creates nothing new', async () => {
    const user = await newUser();
    const first = await createBill(user, { name: 'Once' }, { 'idempotency-key': 'bill-key-1' });
    const again = await createBill(user, { name: 'Once' }, { 'idempotency-key': 'bill-key-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.bill.id).toBe(first.body.bill.id);
    const list = await api('GET', '/api/bills', { token: user.token });
    expect(list.body.pagination.total).toBe(1);
  });

  it('lists with filters paid, recurring, from, to, categoryId, and paginates', async () => {
    const user = await newUser();
    const categories = await api('GET', '/api/categories', { token: user.token });
    const cat = categories.body.categories[1].id;
    const ids: string[] = [];
    for (const [i, due] of [
      '2030-01-05',
      '2030-01-20',
      '2030-02-10',
      '2030-03-01',
      '2030-04-15',
    ].entries()) {
      const res = await createBill(user, {
        name: `Bill ${i}`,
        dueDate: due,
        ...(i % 2 ? { categoryId: cat } : {}),
      });
      ids.push(res.body.bill.id);
    }
    await api('POST', `/api/bills/${ids[1]}/pay`, { token: user.token });
    const list = (query: string) => api('GET', `/api/bills?${query}`, { token: user.token });

    const all = await list('');
    expect(all.body.bills.map((b: { name: string }) => b.name)).toEqual([
      'Bill 0',
      'Bill 1',
      'Bill 2',
      'Bill 3',
      'Bill 4',
    ]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 5, pages: 1 });
    expect((await list('paid=true')).body.bills.map((b: { id: string }) => b.id)).toEqual([ids[1]]);
    expect((await list('paid=false')).body.pagination.total).toBe(4);
    expect((await list('recurring=true')).body.bills).toEqual([]);
    expect((await list('recurring=false')).body.pagination.total).toBe(5);
    expect(
      (await list('from=2030-01-20&to=2030-03-01')).body.bills.map((b: { name: string }) => b.name),
    ).toEqual(['Bill 1', 'Bill 2', 'Bill 3']);
    const byCategory = await list(`categoryId=${cat}`);
    expect(byCategory.body.bills.map((b: { name: string }) => b.name)).toEqual([
      'Bill 1',
      'Bill 3',
    ]);
    expect(byCategory.body.bills[0].category.id).toBe(cat);

    const page2 = await list('limit=2&page=2');
    expect(page2.body.bills.map((b: { name: string }) => b.name)).toEqual(['Bill 2', 'Bill 3']);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    expect((await list('limit=500')).body.pagination.limit).toBe(200);

    for (const bad of [
      'limit=0',
      'page=x',
      'paid=yes',
      'from=2030-02-30',
      'categoryId=abc',
      'from=2030-03-01&to=2030-01-01',
    ]) {
      expectError(await list(bad), 400, 'VALIDATION_ERROR');
    }
  });

  it('updates fields, clears notes, and un-pays with paid: false', async () => {
    const { body } = await createBill(alice, { name: 'Water', notes: 'old', amount: 80 });
    const id = body.bill.id;
    const patched = await api('PATCH', `/api/bills/${id}`, {
      token: alice.token,
      body: {
        name: 'Water & sewage',
        amount: 95.5,
        dueDate: '2030-05-01',
        notes: null,
        categoryId,
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.bill).toMatchObject({
      name: 'Water & sewage',
      amount: 95.5,
      dueDate: '2030-05-01',
      notes: null,
      categoryId,
    });
    expect(patched.body.bill.category.id).toBe(categoryId);

    const paid = await api('POST', `/api/bills/${id}/pay`, { token: alice.token });
    expect(paid.status).toBe(200);
    expect(paid.body.bill).toMatchObject({
      paid: true,
      paidAt: expect.any(String),
      transactionId: null,
    });
    const unpaid = await api('PATCH', `/api/bills/${id}`, {
      token: alice.token,
      body: { paid: false },
    });
    expect(unpaid.body.bill).toMatchObject({ paid: false, paidAt: null, transactionId: null });

    const removed = await api('DELETE', `/api/bills/${id}`, { token: alice.token });
    expect(removed.status).toBe(200);
    expect(removed.body.success).toBe(true);
    expectError(await api('GET', `/api/bills/${id}`, { token: alice.token }), 404, 'NOT_FOUND');
  });

  it('pays once (409 after), linking only the user’s own transaction', async () => {
    const own = await api('POST', '/api/bank/transactions', {
      token: alice.token,
      body: { date: '2030-01-02', description: 'Rent January', amount: 1500, type: 'debit' },
    });
    const foreign = await api('POST', '/api/bank/transactions', {
      token: bob.token,
      body: { date: '2030-01-02', description: 'Bob rent', amount: 1500, type: 'debit' },
    });
    const { body } = await createBill(alice, { name: 'Rent January', dueDate: '2030-01-01' });
    const id = body.bill.id;

    const notMine = await api('POST', `/api/bills/${id}/pay`, {
      token: alice.token,
      body: { transactionId: foreign.body.transaction.id },
    });
    expectError(notMine, 400, 'VALIDATION_ERROR');
    expect(notMine.body.details.issues).toEqual([
      { field: 'transactionId', message: 'is not one of your transactions' },
    ]);
    expectError(
      await api('POST', `/api/bills/${id}/pay`, {
        token: alice.token,
        body: { transactionId: 'nope' },
      }),
      400,
      'VALIDATION_ERROR',
    );

    const paid = await api('POST', `/api/bills/${id}/pay`, {
      token: alice.token,
      body: { transactionId: own.body.transaction.id },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.bill).toMatchObject({ paid: true, transactionId: own.body.transaction.id });
    expectError(await api('POST', `/api/bills/${id}/pay`, { token: alice.token }), 409, 'CONFLICT');

    // One transaction pays one bill.
    const other = await createBill(alice, { name: 'Other' });
    expectError(
      await api('POST', `/api/bills/${other.body.bill.id}/pay`, {
        token: alice.token,
        body: { transactionId: own.body.transaction.id },
      }),
      409,
      'CONFLICT',
    );
  });

  it('rejects bad input with every field in details', async () => {
    const res = await api('POST', '/api/bills', {
      token: alice.token,
      body: {
        name: '',
        amount: -5,
        dueDate: '2030-02-30',
        notes: 'x'.repeat(5001),
        merchant: 'm'.repeat(201),
        categoryId: 'abc',
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'amount',
      'categoryId',
      'dueDate',
      'merchant',
      'name',
      'notes',
    ]);
    const missing = await api('POST', '/api/bills', { token: alice.token, body: {} });
    expect(missing.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'amount',
      'dueDate',
      'name',
    ]);
    for (const body of [
      { name: 'x', amount: 0, dueDate: '2030-01-01' },
      { name: 'x', amount: 1.234, dueDate: '2030-01-01' },
      { name: 'x', amount: '12', dueDate: '2030-01-01' },
      { name: 'x', amount: 12, dueDate: '01/02/2030' },
      { name: 'x'.repeat(201), amount: 12, dueDate: '2030-01-01' },
    ]) {
      expectError(
        await api('POST', '/api/bills', { token: alice.token, body }),
        400,
        'VALIDATION_ERROR',
      );
    }
    expectError(
      await api('POST', '/api/bills', { token: alice.token, rawBody: '{"name":' }),
      400,
      'VALIDATION_ERROR',
    );
    const bobsCategory = (await api('GET', '/api/categories', { token: bob.token })).body
      .categories[0].id;
    const foreignCategory = await createBill(alice, { categoryId: bobsCategory });
    expectError(foreignCategory, 400, 'VALIDATION_ERROR');
    expect(foreignCategory.body.details.issues).toEqual([
      { field: 'categoryId', message: 'is not one of your categories' },
    ]);
    expectError(
      await api('PATCH', `/api/bills/${(await createBill(alice, {})).body.bill.id}`, {
        token: alice.token,
        body: { amount: 0 },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('answers 404 for other users’ bills, unknown ids and malformed ids', async () => {
    const { body } = await createBill(alice, { name: 'Mine only' });
    const id = body.bill.id;
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const who = target === id ? bob : alice;
      expectError(await api('GET', `/api/bills/${target}`, { token: who.token }), 404, 'NOT_FOUND');
      expectError(
        await api('PATCH', `/api/bills/${target}`, { token: who.token, body: { name: 'x' } }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('POST', `/api/bills/${target}/pay`, { token: who.token }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('DELETE', `/api/bills/${target}`, { token: who.token }),
        404,
        'NOT_FOUND',
      );
    }
    expect((await api('GET', `/api/bills/${id}`, { token: alice.token })).body.bill.paid).toBe(
      false,
    );
    const bobs = await api('GET', '/api/bills', { token: bob.token });
    expect(bobs.body.bills.some((b: { id: string }) => b.id === id)).toBe(false);
  });

  it('lets an mcp:read key read but not write; no credential is 401', async () => {
    const key = await api('POST', '/api/api-keys', {
      token: alice.token,
      body: { name: 'ro', scopes: ['mcp:read'] },
    });
    const apiKey = key.body.key as string;
    expect((await api('GET', '/api/bills', { apiKey })).status).toBe(200);
    expect((await api('GET', '/api/bills/patterns', { apiKey })).status).toBe(200);
    expect((await api('GET', '/api/bills/settings', { apiKey })).status).toBe(200);
    expectError(
      await api('POST', '/api/bills', {
        apiKey,
        body: { name: 'x', amount: 1, dueDate: '2030-01-01' },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api('POST', '/api/bills/patterns', { apiKey, body: {} }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api('PUT', '/api/bills/settings', { apiKey, body: { dueSoonDays: 5 } }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(await api('GET', '/api/bills'), 401, 'UNAUTHORIZED');
    expectError(await api('GET', '/api/bills/patterns/suggestions'), 401, 'UNAUTHORIZED');
  });

  it('reads and changes the reminder window', async () => {
    const user = await newUser();
    expect((await api('GET', '/api/bills/settings', { token: user.token })).body).toEqual({
      success: true,
      settings: { dueSoonDays: 3 },
    });
    const put = await api('PUT', '/api/bills/settings', {
      token: user.token,
      body: { dueSoonDays: 7 },
    });
    expect(put.body.settings).toEqual({ dueSoonDays: 7 });
    expect(
      (await api('GET', '/api/bills/settings', { token: user.token })).body.settings.dueSoonDays,
    ).toBe(7);
    expectError(
      await api('PUT', '/api/bills/settings', { token: user.token, body: { dueSoonDays: 61 } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('PUT', '/api/bills/settings', { token: user.token, body: { dueSoonDays: 1.5 } }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('autopay', () => {
  it('marks a bill paid when a matching transaction is created', async () => {
    const user = await newUser();
    const bill = (
      await createBill(user, {
        name: 'Internet',
        amount: 79,
        dueDate: day(2),
        merchant: 'Aussie Broadband',
      })
    ).body.bill;
    const later = (
      await createBill(user, {
        name: 'Internet',
        amount: 79,
        dueDate: day(32),
        merchant: 'Aussie Broadband',
      })
    ).body.bill;
    // Not a match: another payee, then an amount outside max(1.00, 5%).
    await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: {
        date: day(0),
        description: 'Telstra',
        merchant: 'TELSTRA',
        amount: 79,
        type: 'debit',
      },
    });
    await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: {
        date: day(0),
        description: 'Aussie BB',
        merchant: 'AUSSIE BROADBAND',
        amount: 85,
        type: 'debit',
      },
    });
    const tx = await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: {
        date: day(0),
        description: 'Aussie BB',
        merchant: 'AUSSIE BROADBAND 0412',
        amount: 79.5,
        type: 'debit',
      },
    });
    expect(tx.status).toBe(201);
    const paid = await eventually(async () => {
      const res = await api('GET', `/api/bills/${bill.id}`, { token: user.token });
      return res.body.bill.paid ? res.body.bill : undefined;
    });
    expect(paid).toMatchObject({
      paid: true,
      transactionId: tx.body.transaction.id,
      paidAt: expect.any(String),
    });
    expect((await api('GET', `/api/bills/${later.id}`, { token: user.token })).body.bill.paid).toBe(
      false,
    );
  });

  it('marks a bill paid from an imported statement row', async () => {
    const user = await newUser();
    const bill = (await createBill(user, { name: 'Netflix', amount: 17.99, dueDate: day(-1) })).body
      .bill;
    const csv = `Date,Description,Amount\n${day(-2)},Coffee,-4.50\n${day(0)},NETFLIX.COM 866-579,-17.99\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const paid = await eventually(async () => {
      const got = await api('GET', `/api/bills/${bill.id}`, { token: user.token });
      return got.body.bill.paid ? got.body.bill : undefined;
    });
    const txs = await api('GET', '/api/bank/transactions?q=NETFLIX', { token: user.token });
    expect(paid.transactionId).toBe(txs.body.transactions[0].id);
  });
});
