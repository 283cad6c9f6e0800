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

/** CONTRACT.md Categorization → Rules: CRUD, validation, isolation, scopes, effect on create and dry run. */
let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
});
afterAll(() => stack.close());

async function firstCategories(user: TestUser): Promise<{ id: string; name: string }[]> {
  const res = await api('GET', '/api/categories?limit=5', { token: user.token });
  return res.body.categories;
}

async function createRule(user: TestUser, body: Record<string, unknown>) {
  return api('POST', '/api/rules', { token: user.token, body });
}

/** A rule the test relies on: it must have been created, or what follows tests nothing. */
async function addRule(user: TestUser, body: Record<string, unknown>) {
  const res = await createRule(user, body);
  expect(res.status).toBe(201);
  return res.body.rule;
}

const uberRule = (categoryId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Rides',
  conditions: [{ field: 'description', type: 'contains', value: 'uber' }],
  actions: [
    { type: 'setCategory', value: categoryId },
    { type: 'setTaxFlags', value: { isTaxDeductible: true } },
  ],
  ...extra,
});

async function createTransaction(user: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { date: '2025-03-01', amount: 20, type: 'debit', ...body },
  });
  expect(res.status).toBe(201);
  return res.body.transaction;
}

describe('rules CRUD', () => {
  it('creates, lists, gets, patches and deletes a rule with defaults filled', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    const created = await createRule(alice, uberRule(cat.id));
    expect(created.status).toBe(201);
    expect(created.body.rule).toMatchObject({
      name: 'Rides',
      priority: 100,
      enabled: true,
      appliesTo: ['transactions'],
      match: 'all',
      stopProcessing: false,
      conditions: [
        {
          field: 'description',
          type: 'contains',
          value: 'uber',
          caseSensitive: false,
          negate: false,
        },
      ],
    });
    const id = created.body.rule.id;

    const list = await api('GET', '/api/rules', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.rules.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });

    const patched = await api('PATCH', `/api/rules/${id}`, {
      token: alice.token,
      body: { priority: 5, enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.rule).toMatchObject({ priority: 5, enabled: false, name: 'Rides' });
    expect((await api('GET', `/api/rules/${id}`, { token: alice.token })).body.rule.priority).toBe(
      5,
    );

    expect((await api('DELETE', `/api/rules/${id}`, { token: alice.token })).status).toBe(200);
    expectError(await api('GET', `/api/rules/${id}`, { token: alice.token }), 404, 'NOT_FOUND');
  });

  it('validates rules: fields, types, RE2 regexes, between, own categories', async () => {
    const alice = await registerUser(api);
    const bob = await registerUser(api);
    const [bobCat] = await firstCategories(bob);
    const bad = await createRule(alice, {
      name: 'bad',
      conditions: [
        { field: 'colour', type: 'equals', value: 'x' },
        { field: 'description', type: 'regex', value: '(?<=a)b' },
        { field: 'amount', type: 'between', value: [5] },
      ],
      actions: [{ type: 'setBusinessUse', value: 150 }],
    });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'conditions.0.field',
      'conditions.1.value',
      'conditions.2.value',
      'actions.0.value',
    ]);
    const foreign = await createRule(alice, uberRule(bobCat.id));
    expectError(foreign, 400, 'VALIDATION_ERROR');
    expect(foreign.body.details.issues).toEqual([
      { field: 'actions.0.value', message: 'is not one of your categories' },
    ]);
    expectError(await createRule(alice, { name: 'x' }), 400, 'VALIDATION_ERROR');
  });

  it("hides other users' rules (404) and enforces API key scopes", async () => {
    const alice = await registerUser(api);
    const bob = await registerUser(api);
    const [cat] = await firstCategories(alice);
    const { id } = (await createRule(alice, uberRule(cat.id))).body.rule;
    expectError(await api('GET', `/api/rules/${id}`, { token: bob.token }), 404, 'NOT_FOUND');
    expectError(
      await api('PATCH', `/api/rules/${id}`, { token: bob.token, body: { name: 'mine' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await api('DELETE', `/api/rules/${id}`, { token: bob.token }), 404, 'NOT_FOUND');
    expectError(
      await api('POST', `/api/rules/${id}/test`, { token: bob.token, body: {} }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api('POST', '/api/rules/run', { token: bob.token, body: { ruleIds: [id] } }),
      404,
      'NOT_FOUND',
    );
    expect((await api('GET', '/api/rules', { token: bob.token })).body.rules).toEqual([]);

    const key = await api('POST', '/api/api-keys', {
      token: alice.token,
      body: { name: 'ro', scopes: ['mcp:read'] },
    });
    expect(key.status).toBe(201);
    expect((await api('GET', '/api/rules', { apiKey: key.body.key })).status).toBe(200);
    expectError(
      await api('POST', '/api/rules', { apiKey: key.body.key, body: uberRule(cat.id) }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});

describe('rules on new records', () => {
  it('a rule takes effect in the POST /api/bank/transactions response', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    await addRule(alice, uberRule(cat.id));
    const t = await createTransaction(alice, { description: 'UBER *TRIP' });
    expect(t).toMatchObject({ categoryId: cat.id, isTaxDeductible: true });
    const other = await createTransaction(alice, { description: 'Groceries' });
    expect(other).toMatchObject({ categoryId: null, isTaxDeductible: false });

    // setCategory is recorded as an assignment made by the rule.
    await setTier(api, alice.id, 'elite');
    const history = await api('GET', `/api/transaction-categories/${t.id}/history`, {
      token: alice.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.history[0]).toMatchObject({ assignedBy: 'rule', toCategoryId: cat.id });
  });

  it('runs in priority order, the last writer wins, and stopProcessing stops', async () => {
    const alice = await registerUser(api);
    const [a, b] = await firstCategories(alice);
    const when = [{ field: 'description', type: 'contains', value: 'coffee' }];
    await addRule(alice, {
      name: 'late',
      priority: 20,
      conditions: when,
      actions: [{ type: 'setMerchant', value: 'Late' }],
    });
    await addRule(alice, {
      name: 'early',
      priority: 10,
      conditions: when,
      actions: [
        { type: 'setMerchant', value: 'Early' },
        { type: 'setCategory', value: a.id },
      ],
    });
    let t = await createTransaction(alice, { description: 'Coffee shop' });
    expect(t).toMatchObject({ merchant: 'Late', categoryId: a.id });

    await addRule(alice, {
      name: 'stopper',
      priority: 15,
      stopProcessing: true,
      conditions: [...when, { field: 'amount', type: 'gte', value: 50 }],
      actions: [{ type: 'setCategory', value: b.id }],
    });
    t = await createTransaction(alice, { description: 'Coffee beans bulk', amount: 60 });
    expect(t).toMatchObject({ merchant: 'Early', categoryId: b.id });
    // The stopper does not match a small amount, so later rules still run.
    t = await createTransaction(alice, { description: 'Coffee', amount: 4.5 });
    expect(t).toMatchObject({ merchant: 'Late', categoryId: a.id });
  });

  it('match any, negation and setGst derive the GST amount', async () => {
    const alice = await registerUser(api);
    await addRule(alice, {
      name: 'gst',
      match: 'any',
      conditions: [
        { field: 'merchant', type: 'in', value: ['officeworks', 'bunnings'] },
        { field: 'description', type: 'regex', value: '^inv-\\d+' },
      ],
      actions: [
        { type: 'setGst', value: { gstRate: 0.1, gstIncluded: true } },
        { type: 'setBusinessUse', value: 50 },
      ],
    });
    await addRule(alice, {
      name: 'not-debit',
      conditions: [{ field: 'type', type: 'equals', value: 'debit', negate: true }],
      actions: [{ type: 'setMerchant', value: 'Income' }],
    });
    const t = await createTransaction(alice, { description: 'INV-2231 paper', amount: 110 });
    expect(t).toMatchObject({
      gstRate: 0.1,
      gstAmount: 10,
      businessUsePercentage: 50,
      merchant: null,
    });
    const c = await createTransaction(alice, {
      description: 'Salary',
      type: 'credit',
      amount: 1000,
    });
    expect(c).toMatchObject({ merchant: 'Income', gstAmount: 0 });
  });

  it('a regex like (a+)+$ over a long description cannot stall the create', async () => {
    const alice = await registerUser(api);
    await addRule(alice, {
      name: 'redos',
      conditions: [{ field: 'description', type: 'regex', value: '(a+)+$' }],
      actions: [{ type: 'setMerchant', value: 'Matched' }],
    });
    const t = await createTransaction(alice, { description: 'a'.repeat(999) + 'b' });
    expect(t.merchant).toBeNull();
  });

  it("a rule with appliesTo ['expenses'] takes effect in the POST /api/expenses response", async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    expect((await createRule(alice, uberRule(cat.id, { appliesTo: ['expenses'] }))).status).toBe(
      201,
    );
    const createExpense = async (description: string) => {
      const res = await api('POST', '/api/expenses', {
        token: alice.token,
        body: { date: '2025-03-01', description, amount: 20 },
      });
      expect(res.status).toBe(201);
      return res.body.expense;
    };
    expect(await createExpense('UBER *TRIP')).toMatchObject({
      categoryId: cat.id,
      isTaxDeductible: true,
    });
    expect(await createExpense('Groceries')).toMatchObject({ isTaxDeductible: false });
    expect((await createExpense('Groceries')).categoryId ?? null).toBeNull();
    // An expenses-only rule leaves transactions alone.
    const t = await createTransaction(alice, { description: 'UBER *TRIP' });
    expect(t).toMatchObject({ categoryId: null, isTaxDeductible: false });
  });
});

describe('POST /api/rules/{id}/test', () => {
  it('shows what would change over recent records and saves nothing', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    const before = await createTransaction(alice, { description: 'Uber Eats' });
    await createTransaction(alice, { description: 'Rent' });
    const rule = (await createRule(alice, uberRule(cat.id, { enabled: false }))).body.rule;

    const res = await api('POST', `/api/rules/${rule.id}/test`, { token: alice.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      target: 'transactions',
      tested: 2,
      matches: 1,
    });
    expect(res.body.changes).toEqual([
      {
        recordId: before.id,
        description: 'Uber Eats',
        field: 'categoryId',
        from: null,
        to: cat.id,
        ruleId: rule.id,
      },
      {
        recordId: before.id,
        description: 'Uber Eats',
        field: 'isTaxDeductible',
        from: false,
        to: true,
        ruleId: rule.id,
      },
    ]);
    const after = await api('GET', `/api/bank/transactions/${before.id}`, { token: alice.token });
    expect(after.body.transaction).toMatchObject({ categoryId: null, isTaxDeductible: false });

    const samples = await api('POST', `/api/rules/${rule.id}/test`, {
      token: alice.token,
      body: {
        samples: [
          { id: 's1', description: 'uber trip' },
          { id: 's2', description: 'train' },
        ],
      },
    });
    expect(samples.body).toMatchObject({ tested: 2, matches: 1 });
    expect(samples.body.changes[0]).toMatchObject({
      recordId: 's1',
      field: 'categoryId',
      to: cat.id,
    });
  });
});

describe('rules on imports', () => {
  it('applies rules to imported rows before the import answers', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    const rule = (await createRule(alice, uberRule(cat.id))).body.rule;
    const csv = 'Date,Description,Amount\n2025-03-01,UBER *TRIP,-12.50\n2025-03-02,Rent,-900.00\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}` },
      body: form,
    });
    const body = (await res.json()) as { import: { imported: number } };
    expect(res.status).toBe(201);
    expect(body.import.imported).toBe(2);
    const list = await api('GET', '/api/bank/transactions?limit=10&sort=date', {
      token: alice.token,
    });
    const byDescription = Object.fromEntries(
      list.body.transactions.map((t: { description: string }) => [t.description, t]),
    );
    expect(byDescription['UBER *TRIP']).toMatchObject({
      categoryId: cat.id,
      isTaxDeductible: true,
    });
    expect(byDescription.Rent).toMatchObject({ categoryId: null, isTaxDeductible: false });

    // The imported row's rule-made category is in its assignment history, credited to the rule.
    await setTier(api, alice.id, 'elite');
    const uber = byDescription['UBER *TRIP'].id as string;
    const history = await api('GET', `/api/transaction-categories/${uber}/history`, {
      token: alice.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.history).toContainEqual(
      expect.objectContaining({
        action: 'primary_changed',
        assignedBy: 'rule',
        actor: rule.id,
        toCategoryId: cat.id,
      }),
    );
    const rent = byDescription.Rent.id as string;
    const none = await api('GET', `/api/transaction-categories/${rent}/history`, {
      token: alice.token,
    });
    expect(none.body.history).toEqual([]);
  });
});

describe('rules on bills and patterns', () => {
  it('applies bills rules to a new bill and patterns rules to a new pattern', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    await addRule(alice, {
      name: 'power',
      appliesTo: ['bills', 'patterns'],
      conditions: [{ field: 'name', type: 'contains', value: 'power' }],
      actions: [
        { type: 'setCategory', value: cat.id },
        { type: 'setMerchant', value: 'Power Co' },
      ],
    });
    const bill = await api('POST', '/api/bills', {
      token: alice.token,
      body: { name: 'Power bill', amount: 120, dueDate: '2030-02-01' },
    });
    expect(bill.status).toBe(201);
    expect(bill.body.bill).toMatchObject({ categoryId: cat.id, merchant: 'Power Co' });
    const other = await api('POST', '/api/bills', {
      token: alice.token,
      body: { name: 'Water', amount: 50, dueDate: '2030-02-01' },
    });
    expect(other.body.bill).toMatchObject({ categoryId: null, merchant: null });
    const pattern = await api('POST', '/api/bills/patterns', {
      token: alice.token,
      body: {
        name: 'Power',
        amount: 120,
        frequency: 'monthly',
        interval: 1,
        startDate: '2030-01-01',
      },
    });
    expect(pattern.status).toBe(201);
    expect(pattern.body.pattern).toMatchObject({ categoryId: cat.id, merchant: 'Power Co' });
  });
});

describe('rules on bill and pattern updates, and runs over stored bills', () => {
  it('applies bills rules to a bill on PATCH /api/bills/{id}', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    await addRule(alice, {
      name: 'gas',
      appliesTo: ['bills'],
      conditions: [{ field: 'name', type: 'contains', value: 'gas' }],
      actions: [
        { type: 'setCategory', value: cat.id },
        { type: 'setMerchant', value: 'Gas Co' },
      ],
    });
    const created = await api('POST', '/api/bills', {
      token: alice.token,
      body: { name: 'Quarterly', amount: 90, dueDate: '2030-03-01' },
    });
    expect(created.body.bill).toMatchObject({ categoryId: null, merchant: null });
    const patched = await api('PATCH', `/api/bills/${created.body.bill.id}`, {
      token: alice.token,
      body: { name: 'Quarterly gas' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.bill).toMatchObject({
      name: 'Quarterly gas',
      categoryId: cat.id,
      merchant: 'Gas Co',
    });
  });

  it('applies patterns rules to a pattern on PATCH and its future occurrences follow', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    await addRule(alice, {
      name: 'gym',
      appliesTo: ['patterns'],
      conditions: [{ field: 'name', type: 'contains', value: 'gym' }],
      actions: [{ type: 'setCategory', value: cat.id }],
    });
    const created = await api('POST', '/api/bills/patterns', {
      token: alice.token,
      body: {
        name: 'Club',
        amount: 40,
        frequency: 'monthly',
        interval: 1,
        startDate: '2030-01-01',
      },
    });
    expect(created.body.pattern).toMatchObject({ categoryId: null });
    const patched = await api('PATCH', `/api/bills/patterns/${created.body.pattern.id}`, {
      token: alice.token,
      body: { name: 'Gym club' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.pattern).toMatchObject({ name: 'Gym club', categoryId: cat.id });
  });

  it('runs a bills rule over stored bills (POST /api/rules/run) and tests it without samples', async () => {
    const alice = await registerUser(api);
    const [cat] = await firstCategories(alice);
    const power = await api('POST', '/api/bills', {
      token: alice.token,
      body: { name: 'Power bill', amount: 120, dueDate: '2030-02-01' },
    });
    await api('POST', '/api/bills', {
      token: alice.token,
      body: { name: 'Water', amount: 50, dueDate: '2030-02-01' },
    });
    const rule = await addRule(alice, {
      name: 'power later',
      appliesTo: ['bills'],
      conditions: [{ field: 'name', type: 'contains', value: 'power' }],
      actions: [{ type: 'setCategory', value: cat.id }],
    });
    const tested = await api('POST', `/api/rules/${rule.id}/test`, {
      token: alice.token,
      body: { target: 'bills' },
    });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ tested: 2, matches: 1 });
    // A dry run saves nothing.
    expect(
      (await api('GET', `/api/bills/${power.body.bill.id}`, { token: alice.token })).body.bill,
    ).toMatchObject({ categoryId: null });

    const run = await api('POST', '/api/rules/run', {
      token: alice.token,
      body: { ruleIds: [rule.id] },
    });
    expect(run.status).toBe(200);
    expect(run.body.run).toMatchObject({
      processed: 2,
      matched: 1,
      updated: 1,
      appliesTo: ['bills'],
    });
    expect(
      (await api('GET', `/api/bills/${power.body.bill.id}`, { token: alice.token })).body.bill,
    ).toMatchObject({ categoryId: cat.id });
  });
});
