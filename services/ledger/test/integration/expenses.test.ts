import { ServiceClient } from '@pfs/kit';
import {
  ExpenseServiceClient,
  type ExpenseInput,
  type ExpensePatch,
} from '@pfs/proto/ledger/v1/expenses';
import { newUser, rejection, startLedger, type Harness } from './harness';

let h: Harness;
let client: ServiceClient<ExpenseServiceClient>;

beforeAll(async () => {
  h = await startLedger();
  client = new ServiceClient('ledger', ExpenseServiceClient, h.server.address);
});

afterAll(async () => {
  client.close();
  await h.close();
});

const CATEGORY = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const OTHER_CATEGORY = 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a22';

function expensesAs(userId: string) {
  const opts = { userId };
  return {
    create: async (e: Partial<ExpenseInput> = {}) =>
      (
        await client.call(
          (c) => c.createExpense,
          {
            expense: {
              date: '2025-03-14',
              description: 'Printer ink',
              amount: '89.95',
              taxDeductions: [],
              ...e,
            },
          },
          opts,
        )
      ).expense!,
    get: async (id: string) => (await client.call((c) => c.getExpense, { id }, opts)).expense!,
    list: (request: Parameters<ExpenseServiceClient['listExpenses']>[0] = {}) =>
      client.call((c) => c.listExpenses, request, opts),
    update: async (id: string, patch: Partial<ExpensePatch>) =>
      (
        await client.call(
          (c) => c.updateExpense,
          { id, patch: { clearCategoryId: false, clearNotes: false, ...patch } },
          opts,
        )
      ).expense!,
    remove: (id: string) => client.call((c) => c.deleteExpense, { id }, opts),
  };
}

describe('ExpenseService CRUD', () => {
  it('creates, reads, updates and deletes an expense with tax deductions', async () => {
    const me = expensesAs(newUser());
    const created = await me.create({
      categoryId: CATEGORY,
      notes: 'kept in drawer',
      taxDeductions: [
        { taxCategory: 'Office supplies', amount: '40', percentage: '50' },
        { taxCategory: 'Home office', amount: '4.95', notes: 'estimate' },
      ],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: '2025-03-14',
      description: 'Printer ink',
      amount: '89.95',
      categoryId: CATEGORY,
      isTaxDeductible: true,
      taxDeductions: [
        { taxCategory: 'Office supplies', amount: '40.00', percentage: '50' },
        { taxCategory: 'Home office', amount: '4.95', notes: 'estimate' },
      ],
      notes: 'kept in drawer',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await me.get(created.id)).toEqual(created);
    const row = await h.db('expenses').where({ id: created.id }).first();
    expect(row).toMatchObject({
      expense_date: '2025-03-14',
      amount: '89.95',
      is_tax_deductible: true,
    });

    const updated = await me.update(created.id, {
      amount: '120.5',
      clearCategoryId: true,
      clearNotes: true,
      taxDeductions: { items: [] },
      isTaxDeductible: false,
    });
    expect(updated).toMatchObject({ amount: '120.50', isTaxDeductible: false, taxDeductions: [] });
    expect(updated.categoryId).toBeUndefined();
    expect(updated.notes).toBeUndefined();
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    // An empty patch changes nothing, updated_at included.
    expect(await me.update(created.id, {})).toEqual(updated);

    await me.remove(created.id);
    expect((await rejection(me.get(created.id))).code).toBe('NOT_FOUND');
    expect((await rejection(me.remove(created.id))).code).toBe('NOT_FOUND');
  });

  it('reports every bad field, with deduction paths', async () => {
    const me = expensesAs(newUser());
    const err = await rejection(
      me.create({
        date: '2025-02-30',
        amount: '10.00',
        taxDeductions: [
          { taxCategory: '', amount: '1' },
          { taxCategory: 'ok', amount: '1', percentage: '101' },
        ],
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual([
      'date',
      'taxDeductions.0.taxCategory',
      'taxDeductions.1.percentage',
    ]);
    const tooMuch = await rejection(
      me.create({ amount: '10.00', taxDeductions: [{ taxCategory: 'a', amount: '10.01' }] }),
    );
    expect(tooMuch.details?.issues?.map((i) => i.field)).toEqual(['taxDeductions.0.amount']);

    const stored = await me.create({
      amount: '10.00',
      taxDeductions: [{ taxCategory: 'a', amount: '8' }],
    });
    const lowered = await rejection(me.update(stored.id, { amount: '7.99' }));
    expect(lowered.details?.issues?.map((i) => i.field)).toEqual(['amount']);
    expect((await me.get(stored.id)).amount).toBe('10.00');
  });

  it('lists newest first with filters, pagination and an exact total', async () => {
    const me = expensesAs(newUser());
    await me.create({ date: '2025-01-05', description: 'A', categoryId: CATEGORY });
    await me.create({ date: '2025-02-10', description: 'B', isTaxDeductible: true });
    await me.create({
      date: '2025-02-28',
      description: 'C',
      categoryId: OTHER_CATEGORY,
      isTaxDeductible: true,
    });
    await me.create({ date: '2025-03-31', description: 'D', categoryId: CATEGORY });
    const names = (r: { expenses: { description: string }[] }) =>
      r.expenses.map((e) => e.description);

    const all = await me.list();
    expect(names(all)).toEqual(['D', 'C', 'B', 'A']);
    expect(all.page).toEqual({ page: 1, limit: 50, total: '4', pages: 1 });

    const paged = await me.list({ page: { page: 2, limit: 3 } });
    expect(names(paged)).toEqual(['A']);
    expect(paged.page).toEqual({ page: 2, limit: 3, total: '4', pages: 2 });

    expect(names(await me.list({ filter: { from: '2025-02-10', to: '2025-02-28' } }))).toEqual([
      'C',
      'B',
    ]);
    expect(names(await me.list({ filter: { categoryId: CATEGORY } }))).toEqual(['D', 'A']);
    expect(names(await me.list({ filter: { isTaxDeductible: true } }))).toEqual(['C', 'B']);
    expect(names(await me.list({ filter: { isTaxDeductible: false, to: '2025-03-01' } }))).toEqual([
      'A',
    ]);

    const bad = await rejection(
      me.list({ filter: { from: '2025-03-01', to: '2025-01-01', categoryId: 'x' } }),
    );
    expect(bad.details?.issues?.map((i) => i.field).sort()).toEqual(['categoryId', 'from']);
  });
});

describe('ExpenseService isolation', () => {
  it("never shows or changes another user's expense, and treats bad ids as not found", async () => {
    const alice = expensesAs(newUser());
    const bob = expensesAs(newUser());
    const mine = await alice.create({ description: 'Alice only' });
    for (const attempt of [
      bob.get(mine.id),
      bob.update(mine.id, { description: 'hijacked' }),
      bob.update(mine.id, {}),
      bob.remove(mine.id),
      alice.get('not-a-uuid'),
      alice.update('12345', {}),
      alice.remove(''),
    ]) {
      expect(await rejection(attempt)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Expense not found',
      });
    }
    expect((await bob.list()).expenses).toEqual([]);
    expect(await alice.get(mine.id)).toEqual(mine);
  });

  it('refuses calls without a user', async () => {
    const err = await rejection(client.call((c) => c.listExpenses, {}, {}));
    expect(err.code).toBe('UNAUTHORIZED');
  });
});
