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
let trader: TestUser;

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  alice = await registerUser(api, { countryCode: 'AU' });
  bob = await registerUser(api, { countryCode: 'AU' });
  trader = await registerUser(api, { countryCode: 'AU', businessType: 'sole_trader' });
});
afterAll(() => stack.close());

async function create(user: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { date: '2025-03-14', amount: 24.5, type: 'debit', ...body },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.transaction as {
    id: string;
    amount: number;
    isTaxDeductible: boolean;
    businessUsePercentage: number;
  };
}

async function categoryId(user: TestUser, name: string): Promise<string> {
  const res = await api('GET', '/api/categories?limit=200', { token: user.token });
  const found = res.body.categories.find((c: { name: string }) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

const classify = (user: TestUser, transactionIds: string[]) =>
  api('POST', '/api/transactions/classify', { token: user.token, body: { transactionIds } });

describe('POST /api/transactions/classify', () => {
  it('classifies cold, learns from a PATCH categoryId, and classifies the next one the same, more confidently', async () => {
    const first = await create(alice, { description: 'SQ *PROUD MARY COLLINGWOOD' });
    const second = await create(alice, { description: 'SQ *PROUD MARY FITZROY', amount: 31 });
    const cold = await classify(alice, [first.id, second.id]);
    expect(cold.status).toBe(200);
    expect(cold.body.success).toBe(true);
    expect(cold.body.results).toHaveLength(2);
    for (const r of cold.body.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(['id', 'categoryId', 'confidence', 'reasoning', 'alternatives']),
      );
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }

    const entertainment = await categoryId(alice, 'Entertainment');
    expect(cold.body.results[1].categoryId).not.toBe(entertainment);
    const patched = await api('PATCH', `/api/bank/transactions/${first.id}`, {
      token: alice.token,
      body: { categoryId: entertainment },
    });
    expect(patched.status).toBe(200);

    const warm = await classify(alice, [second.id]);
    expect(warm.body.results[0]).toMatchObject({
      id: second.id,
      categoryId: entertainment,
      reasoning: "Matched your earlier label for 'PROUD MARY' (1 time)",
    });
    expect(warm.body.results[0].confidence).toBeGreaterThan(cold.body.results[1].confidence);
  });

  it('learns from a transaction created with a category too', async () => {
    const shopping = await categoryId(bob, 'Shopping');
    await create(bob, { description: 'SQ *LUNE CROISSANTERIE', categoryId: shopping });
    const next = await create(bob, { description: 'SQ *LUNE CROISSANTERIE CBD' });
    const res = await classify(bob, [next.id]);
    expect(res.body.results[0]).toMatchObject({ categoryId: shopping, source: 'user_label' });
  });

  it('classifies a known merchant for a user with no history', async () => {
    const t = await create(alice, { description: 'WOOLWORTHS 1234 SYDNEY NS', amount: 87.45 });
    const res = await classify(alice, [t.id]);
    expect(res.body.results[0]).toMatchObject({
      categoryId: await categoryId(alice, 'Groceries'),
      reasoning: "Merchant 'Woolworths' is a supermarket or grocer → Groceries",
    });
    expect(res.body.results[0].confidence).toBeGreaterThan(0.8);
  });

  it("answers another user's (or an unknown) id as not found, without revealing it", async () => {
    const bobs = await create(bob, { description: 'WOOLWORTHS 1234' });
    const mine = await create(alice, { description: 'WOOLWORTHS 1234' });
    const res = await classify(alice, [bobs.id, mine.id, randomUUID()]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toEqual({
      id: bobs.id,
      categoryId: null,
      categoryName: null,
      confidence: 0,
      reasoning: 'Transaction not found',
      alternatives: [],
      source: 'not_found',
    });
    expect(res.body.results[1].categoryId).toBeTruthy();
    expect(res.body.results[2].reasoning).toBe('Transaction not found');
  });

  it('rejects bad input with the fields named', async () => {
    expectError(await classify(alice, []), 400, 'VALIDATION_ERROR');
    const bad = await classify(alice, ['not-a-uuid']);
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.details.issues[0].field).toBe('transactionIds.0');
    expectError(
      await classify(
        alice,
        Array.from({ length: 501 }, () => randomUUID()),
      ),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('POST', '/api/transactions/classify', { token: alice.token, body: {} }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('needs a credential, and a write scope', async () => {
    expectError(
      await api('POST', '/api/transactions/classify', { body: { transactionIds: [randomUUID()] } }),
      401,
      'UNAUTHORIZED',
    );
    const key = (
      await api('POST', '/api/api-keys', {
        token: alice.token,
        body: { name: 'ro', scopes: ['mcp:read'] },
      })
    ).body.key;
    const body = { transactionIds: [randomUUID()] };
    expectError(
      await api('POST', '/api/transactions/classify', { apiKey: key, body }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api('POST', '/api/intelligent-tax-deduction/analyze', { apiKey: key, body }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api('POST', '/api/intelligent-tax-deduction/apply-results', {
        apiKey: key,
        body: { results: [{ id: randomUUID(), isTaxDeductible: true }] },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});

describe('POST /api/intelligent-tax-deduction/analyze', () => {
  it('answers a Tax deduction result per transaction', async () => {
    const phone = await create(alice, {
      description: 'TELSTRA CORP LTD BPAY',
      amount: 89,
      categoryId: await categoryId(alice, 'Phone & Internet'),
    });
    const groceries = await create(alice, { description: 'COLES 0823 BONDI JUNCTION' });
    const res = await api('POST', '/api/intelligent-tax-deduction/analyze', {
      token: alice.token,
      body: { transactionIds: [phone.id, groceries.id, randomUUID()] },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [p, g, missing] = res.body.results;
    for (const r of res.body.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining([
          'id',
          'isTaxDeductible',
          'businessUsePercentage',
          'confidence',
          'reasoning',
          'taxCategory',
          'documentationRequired',
          'warnings',
          'suggestions',
        ]),
      );
    }
    expect(p).toMatchObject({
      id: phone.id,
      isTaxDeductible: true,
      businessUsePercentage: 50,
      taxCategory: 'D5: Other work-related expenses',
      deductibleAmount: 44.5,
    });
    expect(p.warnings.join(' ')).toMatch(/4-week diary/);
    expect(p.documentationRequired.join(' ')).toMatch(/\$300/);
    expect(g).toMatchObject({
      id: groceries.id,
      isTaxDeductible: false,
      categoryName: 'Groceries',
    });
    expect(missing).toMatchObject({
      isTaxDeductible: false,
      confidence: 0,
      reasoning: 'Transaction not found',
    });
  });

  it('works out GST credits only for a GST-registered sole trader', async () => {
    const t = await create(trader, {
      description: 'OFFICEWORKS 0611 PENRITH',
      amount: 110,
      categoryId: await categoryId(trader, 'Business: Office supplies'),
    });
    const registered = await api('POST', '/api/intelligent-tax-deduction/analyze', {
      token: trader.token,
      body: { transactionIds: [t.id], gstRegistered: true },
    });
    expect(registered.body.results[0]).toMatchObject({
      isTaxDeductible: true,
      gstRate: 0.1,
      gstAmount: 10,
      gstCredit: 10,
    });
    const unknown = await api('POST', '/api/intelligent-tax-deduction/analyze', {
      token: trader.token,
      body: { transactionIds: [t.id] },
    });
    expect(unknown.body.results[0].gstCredit).toBeUndefined();
    expect(unknown.body.results[0].suggestions.join(' ')).toMatch(/registered for GST/);
  });
});

describe('POST /api/intelligent-tax-deduction/apply-results', () => {
  it('persists the results on your transactions, skips ids that are not yours, and sums up', async () => {
    const phone = await create(alice, { description: 'TELSTRA CORP LTD BPAY', amount: 89 });
    const tools = await create(alice, { description: 'TOTAL TOOLS', amount: 120 });
    const bobs = await create(bob, { description: 'TELSTRA', amount: 50 });
    const unknown = randomUUID();
    const results = [
      {
        id: phone.id,
        isTaxDeductible: true,
        businessUsePercentage: 50,
        confidence: 0.7,
        reasoning: 'Phone',
        taxCategory: 'D5',
        documentationRequired: ['Bills'],
        warnings: [],
        suggestions: [],
      },
      {
        id: tools.id,
        isTaxDeductible: true,
        businessUsePercentage: 100,
        confidence: 0.8,
        reasoning: 'Tools',
        taxCategory: 'D5',
        documentationRequired: [],
        warnings: [],
        suggestions: [],
      },
      {
        id: bobs.id,
        isTaxDeductible: true,
        businessUsePercentage: 100,
        confidence: 0.9,
        reasoning: 'x',
        taxCategory: 'D5',
        documentationRequired: [],
        warnings: [],
        suggestions: [],
      },
      {
        id: unknown,
        isTaxDeductible: false,
        businessUsePercentage: 0,
        confidence: 0.9,
        reasoning: 'x',
        taxCategory: '',
        documentationRequired: [],
        warnings: [],
        suggestions: [],
      },
    ];
    const res = await api('POST', '/api/intelligent-tax-deduction/apply-results', {
      token: alice.token,
      body: { results },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      results: [
        { id: phone.id, status: 'applied' },
        { id: tools.id, status: 'applied' },
        { id: bobs.id, status: 'skipped', reason: 'Transaction not found' },
        { id: unknown, status: 'skipped', reason: 'Transaction not found' },
      ],
      summary: {
        total: 4,
        applied: 2,
        skipped: 2,
        deductibleCount: 2,
        totalDeductibleAmount: 164.5,
      },
      message: 'Applied 2 of 4 results; 2 skipped',
    });

    const stored = await api('GET', `/api/bank/transactions/${phone.id}`, { token: alice.token });
    expect(stored.body.transaction).toMatchObject({
      isTaxDeductible: true,
      businessUsePercentage: 50,
    });
    const untouched = await api('GET', `/api/bank/transactions/${bobs.id}`, { token: bob.token });
    expect(untouched.body.transaction).toMatchObject({
      isTaxDeductible: bobs.isTaxDeductible,
      businessUsePercentage: bobs.businessUsePercentage,
    });
  });

  it('applies what /analyze answered, GST metadata included', async () => {
    const t = await create(trader, {
      description: 'OFFICEWORKS 0611 PENRITH',
      amount: 110,
      categoryId: await categoryId(trader, 'Business: Office supplies'),
    });
    const analysed = await api('POST', '/api/intelligent-tax-deduction/analyze', {
      token: trader.token,
      body: { transactionIds: [t.id], gstRegistered: true },
    });
    const res = await api('POST', '/api/intelligent-tax-deduction/apply-results', {
      token: trader.token,
      body: { results: analysed.body.results },
    });
    expect(res.body).toMatchObject({
      summary: { applied: 1, deductibleCount: 1, totalDeductibleAmount: 110 },
      message: 'Applied 1 of 1 result',
    });
    const stored = await api('GET', `/api/bank/transactions/${t.id}`, { token: trader.token });
    expect(stored.body.transaction).toMatchObject({
      isTaxDeductible: true,
      businessUsePercentage: 100,
      gstRate: 0.1,
      gstAmount: 10,
    });
  });

  it('validates every result and names the path', async () => {
    const id = randomUUID();
    const res = await api('POST', '/api/intelligent-tax-deduction/apply-results', {
      token: alice.token,
      body: {
        results: [
          {
            id,
            isTaxDeductible: true,
            businessUsePercentage: 101,
            confidence: 1.5,
            warnings: ['x'.repeat(1001)],
            suggestions: Array(51).fill('s'),
          },
          { id: 'nope', isTaxDeductible: 'yes' },
        ],
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    const fields = res.body.details.issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'results.0.businessUsePercentage',
        'results.0.confidence',
        'results.0.warnings.0',
        'results.0.suggestions',
        'results.1.id',
        'results.1.isTaxDeductible',
      ]),
    );
    const repeated = await api('POST', '/api/intelligent-tax-deduction/apply-results', {
      token: alice.token,
      body: {
        results: [
          { id, isTaxDeductible: true },
          { id, isTaxDeductible: false },
        ],
      },
    });
    expectError(repeated, 400, 'VALIDATION_ERROR');
    expect(repeated.body.details.issues).toEqual([
      { field: 'results.1.id', message: 'appears more than once' },
    ]);
    expectError(
      await api('POST', '/api/intelligent-tax-deduction/apply-results', {
        token: alice.token,
        body: { results: [] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('POST', '/api/intelligent-tax-deduction/apply-results', { body: { results: [] } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('when categorization is down', () => {
  it('a transaction write still succeeds (learning is best-effort), and classification answers 503', async () => {
    const groceries = await categoryId(alice, 'Groceries');
    const t = await create(alice, { description: 'HARRIS FARM MARKETS', categoryId: groceries });
    await stack.stopService('categorization');
    const cleared = await api('PATCH', `/api/bank/transactions/${t.id}`, {
      token: alice.token,
      body: { categoryId: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.transaction.categoryId).toBeNull();
    expectError(await classify(alice, [t.id]), 503, 'SERVICE_UNAVAILABLE');
  });
});
