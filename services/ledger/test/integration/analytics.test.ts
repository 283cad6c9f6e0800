import { ServiceClient } from '@pfs/kit';
import { AnalyticsServiceClient } from '@pfs/proto/ledger/v1/analytics';
import { ledgerAs, newUser, rejection, startLedger, type Harness } from './harness';

let h: Harness;
let client: ServiceClient<AnalyticsServiceClient>;

beforeAll(async () => {
  h = await startLedger();
  client = new ServiceClient('ledger', AnalyticsServiceClient, h.server.address);
});

afterAll(async () => {
  client.close();
  await h.close();
});

const A = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const B = 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a22';

const summary = (userId: string, from = '', to = '') =>
  client.call((c) => c.getSummary, { from, to }, { userId }).then((r) => r.summary!);
const cashflow = (userId: string, from: string, to: string, interval: string) =>
  client.call((c) => c.getCashflow, { from, to, interval }, { userId }).then((r) => r.cashflow!);

/** A small data set whose figures are computed by hand below. */
async function seed(userId: string) {
  const ledger = ledgerAs(h.client, userId);
  return {
    ledger,
    cafe1: await ledger.create({
      date: '2025-01-05',
      amount: '0.10',
      type: 'debit',
      merchant: 'Cafe',
      categoryId: A,
    }),
    cafe2: await ledger.create({
      date: '2025-01-05T12:00:00Z',
      amount: '0.20',
      type: 'debit',
      merchant: 'cafe',
      categoryId: A,
    }),
    salary: await ledger.create({
      date: '2025-01-20',
      amount: '1000.00',
      type: 'credit',
      merchant: 'Employer',
    }),
    // 23:30 at UTC-2 is 01:30 on the 4th in UTC: days are UTC days.
    shop: await ledger.create({
      date: '2025-02-03T23:30:00-02:00',
      amount: '99.99',
      type: 'debit',
      merchant: 'Shop',
      categoryId: B,
    }),
    late: await ledger.create({ date: '2025-03-31T23:59:59Z', amount: '0.01', type: 'debit' }),
    outside: await ledger.create({
      date: '2025-04-01T00:00:00Z',
      amount: '0.05',
      type: 'credit',
      merchant: 'Bank',
      categoryId: B,
    }),
  };
}

describe('GetSummary', () => {
  it('computes decimal-exact totals by category, month and merchant', async () => {
    const user = newUser();
    await seed(user);
    // Another user's rows in the same range never count.
    await ledgerAs(h.client, newUser()).create({
      date: '2025-01-10',
      amount: '500.00',
      merchant: 'Cafe',
    });

    const s = await summary(user, '2025-01-01', '2025-03-31');
    expect(s).toMatchObject({
      from: '2025-01-01',
      to: '2025-03-31',
      income: '1000.00',
      expenses: '100.30',
      net: '899.70',
      transactionCount: '5',
    });
    expect(s.byCategory).toEqual([
      { categoryId: B, income: '0.00', expenses: '99.99', count: '1' },
      { categoryId: A, income: '0.00', expenses: '0.30', count: '2' },
      { income: '1000.00', expenses: '0.01', count: '2' },
    ]);
    expect(s.byMonth).toEqual([
      { month: '2025-01', income: '1000.00', expenses: '0.30', net: '999.70' },
      { month: '2025-02', income: '0.00', expenses: '99.99', net: '-99.99' },
      { month: '2025-03', income: '0.00', expenses: '0.01', net: '-0.01' },
    ]);
    expect(s.topMerchants.map((m) => ({ ...m, merchant: m.merchant.toLowerCase() }))).toEqual([
      { merchant: 'shop', total: '99.99', count: '1' },
      { merchant: 'cafe', total: '0.30', count: '2' },
    ]);
  });

  it('follows updates, batch updates and deletes exactly', async () => {
    const user = newUser();
    const { ledger, cafe2, shop, late } = await seed(user);
    await ledger.update(cafe2.id, { amount: '0.25', categoryId: B });
    await h.client.call(
      (c) => c.batchUpdateTransactions,
      {
        updates: [
          { id: shop.id, patch: { type: 'credit', clearCategoryId: true, clearMerchant: false } },
          {
            id: late.id,
            patch: { date: '2025-02-28', clearCategoryId: false, clearMerchant: false },
          },
        ],
      },
      { userId: user },
    );
    let s = await summary(user, '2025-01-01', '2025-03-31');
    expect(s).toMatchObject({
      income: '1099.99',
      expenses: '0.36',
      net: '1099.63',
      transactionCount: '5',
    });
    expect(s.byMonth.map((m) => m.net)).toEqual(['999.65', '99.98', '0.00']);
    expect(s.topMerchants.map((m) => [m.merchant.toLowerCase(), m.total, m.count])).toEqual([
      ['cafe', '0.35', '2'],
    ]);

    await ledger.remove(cafe2.id);
    s = await summary(user, '2025-01-01', '2025-03-31');
    expect(s).toMatchObject({ income: '1099.99', expenses: '0.11', transactionCount: '4' });
    expect(s.byCategory).toEqual([
      { categoryId: A, income: '0.00', expenses: '0.10', count: '1' },
      { income: '1099.99', expenses: '0.01', count: '3' },
    ]);
  });

  it('answers zeros, with every month present, for a user without transactions', async () => {
    const s = await summary(newUser(), '2024-11-15', '2025-01-10');
    expect(s).toMatchObject({
      income: '0.00',
      expenses: '0.00',
      net: '0.00',
      transactionCount: '0',
      byCategory: [],
      topMerchants: [],
    });
    expect(s.byMonth.map((m) => m.month)).toEqual(['2024-11', '2024-12', '2025-01']);
  });

  it('defaults to the 12 calendar months up to today and refuses bad ranges', async () => {
    const s = await summary(newUser());
    const today = new Date().toISOString().slice(0, 10);
    expect(s.to).toBe(today);
    expect(s.from.endsWith('-01')).toBe(true);
    expect(s.byMonth).toHaveLength(12);
    expect(s.byMonth[11].month).toBe(today.slice(0, 7));

    for (const [from, to, field] of [
      ['2025-02-01', '2025-01-01', 'from'],
      ['2019-01-01', '2024-01-01', 'to'],
      ['2025-13-01', '2025-12-01', 'from'],
    ]) {
      const err = await rejection(summary(newUser(), from, to));
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.details?.issues?.map((i) => i.field)).toEqual([field]);
    }
  });
});

describe('GetCashflow', () => {
  it('has every period, empty ones included, with a running balance', async () => {
    const user = newUser();
    await seed(user);
    const month = await cashflow(user, '2025-01-01', '2025-03-31', 'month');
    expect(month).toEqual({
      interval: 'month',
      from: '2025-01-01',
      to: '2025-03-31',
      points: [
        {
          period: '2025-01-01',
          income: '1000.00',
          expenses: '0.30',
          net: '999.70',
          balance: '999.70',
        },
        {
          period: '2025-02-01',
          income: '0.00',
          expenses: '99.99',
          net: '-99.99',
          balance: '899.71',
        },
        { period: '2025-03-01', income: '0.00', expenses: '0.01', net: '-0.01', balance: '899.70' },
      ],
    });

    const week = await cashflow(user, '2025-01-29', '2025-02-16', 'week');
    expect(week.points).toEqual([
      { period: '2025-01-27', income: '0.00', expenses: '0.00', net: '0.00', balance: '0.00' },
      { period: '2025-02-03', income: '0.00', expenses: '99.99', net: '-99.99', balance: '-99.99' },
      { period: '2025-02-10', income: '0.00', expenses: '0.00', net: '0.00', balance: '-99.99' },
    ]);

    const day = await cashflow(user, '2025-02-03', '2025-02-05', 'day');
    expect(day.points.map((p) => [p.period, p.expenses, p.balance])).toEqual([
      ['2025-02-03', '0.00', '0.00'],
      ['2025-02-04', '99.99', '-99.99'],
      ['2025-02-05', '0.00', '-99.99'],
    ]);

    // A partial first month counts only the days inside the range.
    const partial = await cashflow(user, '2025-01-06', '2025-01-31', '');
    expect(partial.interval).toBe('month');
    expect(partial.points).toEqual([
      {
        period: '2025-01-01',
        income: '1000.00',
        expenses: '0.00',
        net: '1000.00',
        balance: '1000.00',
      },
    ]);
  });

  it('refuses an unknown interval and bad ranges', async () => {
    const err = await rejection(cashflow(newUser(), '2025-03-01', '2025-01-01', 'year'));
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual(['from', 'interval']);
  });
});

describe('AggregateTransactions', () => {
  const aggregate = (userId: string, filter: Record<string, unknown>, groupBy = '', limit = 0) =>
    client.call(
      (c) => c.aggregateTransactions,
      { filter: { uncategorized: false, ...filter }, groupBy, limit },
      { userId },
    );
  const Q1 = { from: '2025-01-01', to: '2025-03-31' };

  it('totals what a list filter selects, exactly and only for the caller', async () => {
    const user = newUser();
    await seed(user);
    await ledgerAs(h.client, newUser()).create({ date: '2025-01-10', amount: '500.00' });

    const all = await aggregate(user, Q1);
    expect(all).toMatchObject({
      income: '1000.00',
      expenses: '100.30',
      net: '899.70',
      count: '5',
      groups: [],
      groupCount: '0',
    });
    // The same text search as the list: description or merchant, any case.
    expect(await aggregate(user, { ...Q1, q: 'CAF' })).toMatchObject({
      expenses: '0.30',
      count: '2',
    });
    expect(await aggregate(user, { ...Q1, minAmount: '0.15', type: 'debit' })).toMatchObject({
      expenses: '100.19',
      count: '2',
    });
    expect(await aggregate(newUser(), Q1)).toMatchObject({ income: '0.00', count: '0' });
  });

  it('groups by category, merchant and month, largest first or in calendar order', async () => {
    const user = newUser();
    await seed(user);

    const byCategory = await aggregate(user, { ...Q1, type: 'debit' }, 'category');
    expect(byCategory.groups.map((g) => [g.key, g.expenses, g.count])).toEqual([
      [B, '99.99', '1'],
      [A, '0.30', '2'],
      ['uncategorized', '0.01', '1'],
    ]);

    // Merchants match whatever their case; a row without one counts under its description.
    const byMerchant = await aggregate(user, Q1, 'merchant');
    expect(byMerchant.groups.map((g) => [g.key, g.income, g.expenses, g.count])).toEqual([
      ['employer', '1000.00', '0.00', '1'],
      ['shop', '0.00', '99.99', '1'],
      ['cafe', '0.00', '0.30', '2'],
      ['coffee beans', '0.00', '0.01', '1'],
    ]);
    expect(byMerchant.groups[2]!.name.toLowerCase()).toBe('cafe');

    // The limit cuts the groups answered, never the totals.
    const top = await aggregate(user, Q1, 'merchant', 2);
    expect(top.groups.map((g) => g.key)).toEqual(['employer', 'shop']);
    expect(top).toMatchObject({ groupCount: '4', count: '5', expenses: '100.30' });

    const byMonth = await aggregate(user, Q1, 'month');
    expect(byMonth.groups.map((g) => [g.key, g.income, g.expenses, g.count])).toEqual([
      ['2025-01', '1000.00', '0.30', '3'],
      ['2025-02', '0.00', '99.99', '1'],
      ['2025-03', '0.00', '0.01', '1'],
    ]);
  });

  it('refuses a bad grouping, limit or filter, naming each field', async () => {
    const err = await rejection(aggregate(newUser(), {}, 'year', -1));
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual(['groupBy', 'limit']);
    const bad = await rejection(aggregate(newUser(), { from: '2025-13-01' }));
    expect(bad.details?.issues?.map((i) => i.field)).toEqual(['from']);
  });
});
