import { createLogger, eventSubject, type EventEnvelope } from '@pfs/kit';
import type { Stack } from '../../src';
import { client, registerUser, setTier, type Api, type TestUser } from './harness';
import { eventually, startIsolatedStack } from './isolated-stack';

/**
 * POST /api/rules/run and the downtime catch-up, on a database of its own: other files'
 * relays and catch-up jobs would otherwise take this file's events and pending rows.
 */
let stack: Stack;
let close: () => Promise<void>;
let api: Api;

beforeAll(async () => {
  ({ stack, close } = await startIsolatedStack('rules_run', {
    RULES_CATCHUP_MS: '100',
    BILL_RULES_CATCHUP_MS: '100',
  }));
  api = client(stack);
});
afterAll(() => close());

async function createTransaction(user: TestUser, description: string, amount = 20) {
  const res = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { date: '2025-03-01', amount, type: 'debit', description },
  });
  expect(res.status).toBe(201);
  return res.body.transaction;
}

async function categoryOf(user: TestUser): Promise<string> {
  return (await api('GET', '/api/categories?limit=1', { token: user.token })).body.categories[0].id;
}

it('applies rules to existing records and publishes rule.executed', async () => {
  const received: EventEnvelope[] = [];
  await stack.events.subscribe({
    consumer: 'rules-run-test',
    subjects: [eventSubject('categorization', 'rule.executed')],
    db: stack.services.categorization.db,
    logger: createLogger('test', 'silent'),
    handler: async (event) => {
      received.push(event);
    },
  });
  const alice = await registerUser(api);
  const cat = await categoryOf(alice);
  const old = await createTransaction(alice, 'Netflix subscription', 15.99);
  await createTransaction(alice, 'Groceries', 80);
  const rule = (
    await api('POST', '/api/rules', {
      token: alice.token,
      body: {
        name: 'streaming',
        conditions: [{ field: 'description', type: 'startsWith', value: 'netflix' }],
        actions: [{ type: 'setCategory', value: cat }],
      },
    })
  ).body.rule;
  // Created before the rule: untouched until a run.
  expect(
    (await api('GET', `/api/bank/transactions/${old.id}`, { token: alice.token })).body.transaction
      .categoryId,
  ).toBeNull();

  const run = await api('POST', '/api/rules/run', { token: alice.token, body: {} });
  expect(run.status).toBe(200);
  expect(run.body.run).toMatchObject({
    processed: 2,
    matched: 1,
    updated: 1,
    ruleIds: [rule.id],
    appliesTo: ['transactions'],
    byRule: [{ ruleId: rule.id, matched: 1 }],
  });
  expect(
    (await api('GET', `/api/bank/transactions/${old.id}`, { token: alice.token })).body.transaction
      .categoryId,
  ).toBe(cat);

  // The run's category is in the assignment history, credited to the rule.
  await setTier(api, alice.id, 'elite');
  const history = await api('GET', `/api/transaction-categories/${old.id}/history`, {
    token: alice.token,
  });
  expect(history.status).toBe(200);
  expect(history.body.history).toContainEqual(
    expect.objectContaining({
      action: 'primary_changed',
      assignedBy: 'rule',
      actor: rule.id,
      toCategoryId: cat,
    }),
  );

  // A second run changes nothing more.
  const again = await api('POST', '/api/rules/run', {
    token: alice.token,
    body: { ruleIds: [rule.id] },
  });
  expect(again.body.run).toMatchObject({ processed: 2, matched: 1, updated: 0 });

  const events = await eventually(async () => received.length >= 2 && received);
  expect(events[0]).toMatchObject({
    type: 'rule.executed',
    source: 'categorization',
    userId: alice.id,
    data: { ruleIds: [rule.id], processed: 2, matched: 1, updated: 1, runId: run.body.run.id },
  });
});

it('saves records while categorization is down and applies the rules when it is back', async () => {
  const alice = await registerUser(api);
  const cat = await categoryOf(alice);
  await api('POST', '/api/rules', {
    token: alice.token,
    body: {
      name: 'rides',
      conditions: [{ field: 'description', type: 'contains', value: 'uber' }],
      actions: [
        { type: 'setCategory', value: cat },
        { type: 'setMerchant', value: 'Uber' },
      ],
    },
  });
  await stack.stopService('categorization');
  try {
    const t = await createTransaction(alice, 'UBER *TRIP');
    expect(t).toMatchObject({ categoryId: null, merchant: null });
    // Still pending after a few catch-up rounds while categorization is away.
    await new Promise((r) => setTimeout(r, 400));
    const pending = await stack.services.ledger.db('transactions').where({ id: t.id }).first();
    expect(pending.rules_pending).toBe(true);

    await stack.startService('categorization');
    const settled = await eventually(async () => {
      const res = await api('GET', `/api/bank/transactions/${t.id}`, { token: alice.token });
      return res.body.transaction?.categoryId === cat && res.body.transaction;
    }, 20_000);
    expect(settled).toMatchObject({ categoryId: cat, merchant: 'Uber' });
    const row = await stack.services.ledger.db('transactions').where({ id: t.id }).first();
    expect(row.rules_pending).toBe(false);
  } finally {
    await stack.startService('categorization');
  }
});

it('saves an expense while categorization is down and applies the rules when it is back', async () => {
  const alice = await registerUser(api);
  const cat = await categoryOf(alice);
  await api('POST', '/api/rules', {
    token: alice.token,
    body: {
      name: 'ink',
      appliesTo: ['expenses'],
      conditions: [{ field: 'description', type: 'contains', value: 'ink' }],
      actions: [
        { type: 'setCategory', value: cat },
        { type: 'setTaxFlags', value: { isTaxDeductible: true } },
      ],
    },
  });
  await stack.stopService('categorization');
  try {
    const res = await api('POST', '/api/expenses', {
      token: alice.token,
      body: { date: '2025-03-14', description: 'Printer ink', amount: 89.95 },
    });
    expect(res.status).toBe(201);
    const e = res.body.expense;
    expect(e.categoryId ?? null).toBeNull();
    expect(e.isTaxDeductible).toBe(false);
    const pending = await stack.services.ledger.db('expenses').where({ id: e.id }).first();
    expect(pending.rules_pending).toBe(true);

    await stack.startService('categorization');
    const settled = await eventually(async () => {
      const got = await api('GET', `/api/expenses/${e.id}`, { token: alice.token });
      return got.body.expense?.categoryId === cat && got.body.expense;
    }, 20_000);
    expect(settled).toMatchObject({ categoryId: cat, isTaxDeductible: true });
    const row = await stack.services.ledger.db('expenses').where({ id: e.id }).first();
    expect(row.rules_pending).toBe(false);
  } finally {
    await stack.startService('categorization');
  }
});

it('saves bills and patterns while categorization is down and the bills job applies the rules later', async () => {
  const alice = await registerUser(api);
  const cat = await categoryOf(alice);
  await api('POST', '/api/rules', {
    token: alice.token,
    body: {
      name: 'internet',
      appliesTo: ['bills', 'patterns'],
      conditions: [{ field: 'name', type: 'contains', value: 'internet' }],
      actions: [
        { type: 'setCategory', value: cat },
        { type: 'setMerchant', value: 'ISP' },
      ],
    },
  });
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await stack.stopService('categorization');
  try {
    const bill = await api('POST', '/api/bills', {
      token: alice.token,
      body: { name: 'Internet', amount: 80, dueDate: '2030-02-01' },
    });
    expect(bill.status).toBe(201);
    expect(bill.body.bill).toMatchObject({ categoryId: null, merchant: null });
    const pattern = await api('POST', '/api/bills/patterns', {
      token: alice.token,
      body: { name: 'Internet', amount: 80, frequency: 'monthly', interval: 1, startDate: soon },
    });
    expect(pattern.status).toBe(201);
    expect(pattern.body.pattern).toMatchObject({ categoryId: null, merchant: null });
    // Still pending after a few catch-up rounds while categorization is away.
    await new Promise((r) => setTimeout(r, 400));
    const pending = await stack.services.bills.db('bills').where({ id: bill.body.bill.id }).first();
    expect(pending.rules_pending).toBe(true);

    await stack.startService('categorization');
    const settled = await eventually(async () => {
      const res = await api('GET', `/api/bills/${bill.body.bill.id}`, { token: alice.token });
      return res.body.bill?.categoryId === cat && res.body.bill;
    }, 20_000);
    expect(settled).toMatchObject({ categoryId: cat, merchant: 'ISP' });
    const settledPattern = await eventually(async () => {
      const res = await api('GET', `/api/bills/patterns/${pattern.body.pattern.id}`, {
        token: alice.token,
      });
      return res.body.pattern?.categoryId === cat && res.body.pattern;
    }, 20_000);
    expect(settledPattern).toMatchObject({ categoryId: cat, merchant: 'ISP' });
    // The pattern's future occurrences follow it.
    const occurrences = await api(
      'GET',
      `/api/bills?patternId=${pattern.body.pattern.id}&paid=false&limit=5`,
      { token: alice.token },
    );
    expect(occurrences.body.bills.length).toBeGreaterThan(0);
    for (const b of occurrences.body.bills) expect(b).toMatchObject({ categoryId: cat });
    const rows = await stack.services.bills.db('bill_patterns').where({ rules_pending: true });
    expect(rows).toHaveLength(0);
  } finally {
    await stack.startService('categorization');
  }
});
