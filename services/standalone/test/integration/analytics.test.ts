import type { Stack } from '../../src';
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
let user: TestUser;
let categories: { id: string; name: string }[];

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  user = await registerUser(api);
  categories = (await api('GET', '/api/categories', { token: user.token })).body.categories;
  const rows = [
    {
      date: '2025-01-05',
      amount: 0.1,
      type: 'debit',
      merchant: 'Cafe',
      categoryId: categories[0].id,
    },
    {
      date: '2025-01-05T12:00:00Z',
      amount: 0.2,
      type: 'debit',
      merchant: 'CAFE',
      categoryId: categories[0].id,
    },
    { date: '2025-01-20', amount: 1000, type: 'credit', merchant: 'Employer' },
    {
      date: '2025-02-03T23:30:00-02:00',
      amount: 99.99,
      type: 'debit',
      merchant: 'Shop',
      categoryId: categories[1].id,
    },
    { date: '2025-03-31T23:59:59Z', amount: 0.01, type: 'debit' },
    { date: '2025-04-01', amount: 0.05, type: 'credit', merchant: 'Bank' },
  ];
  for (const r of rows) {
    const res = await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: { description: 'row', ...r },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  // Another user's money in the same months never counts.
  const other = await registerUser(api);
  await api('POST', '/api/bank/transactions', {
    token: other.token,
    body: {
      date: '2025-01-10',
      description: 'other',
      amount: 500,
      type: 'credit',
      merchant: 'Cafe',
    },
  });
});
afterAll(() => stack.close());

const get = (path: string, token = user.token) => api('GET', path, { token });

describe('GET /api/analytics/summary', () => {
  it('answers decimal-exact figures by category, month and merchant with categories embedded', async () => {
    const res = await get('/api/analytics/summary?from=2025-01-01&to=2025-03-31');
    expect(res.status).toBe(200);
    const s = res.body.summary;
    expect(res.body.success).toBe(true);
    expect(s).toMatchObject({
      from: '2025-01-01',
      to: '2025-03-31',
      income: 1000,
      expenses: 100.3,
      net: 899.7,
      transactionCount: 5,
    });
    expect(s.byCategory).toEqual([
      {
        categoryId: categories[1].id,
        category: expect.objectContaining({ id: categories[1].id, name: categories[1].name }),
        income: 0,
        expenses: 99.99,
        count: 1,
      },
      // 0.1 + 0.2 is exactly 0.3.
      {
        categoryId: categories[0].id,
        category: expect.objectContaining({ id: categories[0].id }),
        income: 0,
        expenses: 0.3,
        count: 2,
      },
      { categoryId: null, category: null, income: 1000, expenses: 0.01, count: 2 },
    ]);
    expect(s.byMonth).toEqual([
      { month: '2025-01', income: 1000, expenses: 0.3, net: 999.7 },
      { month: '2025-02', income: 0, expenses: 99.99, net: -99.99 },
      { month: '2025-03', income: 0, expenses: 0.01, net: -0.01 },
    ]);
    expect(
      s.topMerchants.map((m: { merchant: string }) => ({
        ...m,
        merchant: m.merchant.toLowerCase(),
      })),
    ).toEqual([
      { merchant: 'shop', total: 99.99, count: 1 },
      { merchant: 'cafe', total: 0.3, count: 2 },
    ]);
  });

  it('defaults to the last 12 calendar months', async () => {
    const res = await get('/api/analytics/summary');
    expect(res.status).toBe(200);
    expect(res.body.summary.to).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.summary.byMonth).toHaveLength(12);
  });

  it.each([
    ['from after to', '?from=2025-02-01&to=2025-01-01'],
    ['a range over 5 years', '?from=2019-01-01&to=2024-01-01'],
    ['a bad date', '?from=2025-02-30'],
    ['a date-time', '?to=2025-01-01T00:00:00Z'],
  ])('rejects %s', async (_label, query) => {
    expectError(await get(`/api/analytics/summary${query}`), 400, 'VALIDATION_ERROR');
  });

  it('shows a new user nothing of anyone else', async () => {
    const stranger = await registerUser(api);
    const res = await get('/api/analytics/summary?from=2025-01-01&to=2025-03-31', stranger.token);
    expect(res.body.summary).toMatchObject({
      income: 0,
      expenses: 0,
      net: 0,
      transactionCount: 0,
      byCategory: [],
      topMerchants: [],
    });
  });

  it('requires authentication', async () => {
    expectError(await api('GET', '/api/analytics/summary'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/analytics/cashflow', () => {
  it('lists every period, empty ones included, with the running balance', async () => {
    const res = await get('/api/analytics/cashflow?from=2025-01-01&to=2025-04-30&interval=month');
    expect(res.status).toBe(200);
    expect(res.body.cashflow).toEqual({
      interval: 'month',
      from: '2025-01-01',
      to: '2025-04-30',
      points: [
        { period: '2025-01-01', income: 1000, expenses: 0.3, net: 999.7, balance: 999.7 },
        { period: '2025-02-01', income: 0, expenses: 99.99, net: -99.99, balance: 899.71 },
        { period: '2025-03-01', income: 0, expenses: 0.01, net: -0.01, balance: 899.7 },
        { period: '2025-04-01', income: 0.05, expenses: 0, net: 0.05, balance: 899.75 },
      ],
    });
    const weeks = await get('/api/analytics/cashflow?from=2025-01-29&to=2025-02-16&interval=week');
    expect(
      weeks.body.cashflow.points.map((p: { period: string; balance: number }) => [
        p.period,
        p.balance,
      ]),
    ).toEqual([
      ['2025-01-27', 0],
      ['2025-02-03', -99.99],
      ['2025-02-10', -99.99],
    ]);
    const days = await get('/api/analytics/cashflow?from=2025-01-04&to=2025-01-06&interval=day');
    expect(
      days.body.cashflow.points.map((p: { period: string; expenses: number }) => [
        p.period,
        p.expenses,
      ]),
    ).toEqual([
      ['2025-01-04', 0],
      ['2025-01-05', 0.3],
      ['2025-01-06', 0],
    ]);
    const byDefault = await get('/api/analytics/cashflow?from=2025-01-01&to=2025-01-31');
    expect(byDefault.body.cashflow.interval).toBe('month');
  });

  it.each([
    ['an unknown interval', '?interval=year'],
    ['from after to', '?from=2025-02-01&to=2025-01-01'],
    ['a range over 5 years', '?from=2018-01-01&to=2025-01-01&interval=day'],
    ['a bad date', '?to=2025-13-01'],
  ])('rejects %s', async (_label, query) => {
    expectError(await get(`/api/analytics/cashflow${query}`), 400, 'VALIDATION_ERROR');
  });
});

describe('OpenAPI', () => {
  it('documents the expense, batch and analytics routes', async () => {
    const doc = (await api('GET', '/api/openapi.json')).body;
    for (const [path, methods] of Object.entries({
      '/api/expenses': ['get', 'post'],
      '/api/expenses/{id}': ['get', 'patch', 'delete'],
      '/api/bank-batch/update': ['post'],
      '/api/analytics/summary': ['get'],
      '/api/analytics/cashflow': ['get'],
    })) {
      for (const method of methods)
        expect({ path, method, documented: Boolean(doc.paths[path]?.[method]) }).toEqual({
          path,
          method,
          documented: true,
        });
    }
    expect(doc.paths['/api/expenses'].post.responses['201']).toBeDefined();
    expect(
      doc.paths['/api/expenses'].post.parameters.some(
        (p: { name: string }) => p.name === 'Idempotency-Key',
      ),
    ).toBe(true);
    expect(doc.paths['/api/expenses'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'from', 'to', 'categoryId', 'isTaxDeductible']),
    );
    expect(
      doc.paths['/api/analytics/cashflow'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['from', 'to', 'interval']));
    expect(
      doc.paths['/api/bank-batch/update'].post.requestBody.content['application/json'].schema
        .properties.updates.maxItems,
    ).toBe(500);
  });
});
