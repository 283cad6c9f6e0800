import type { TransactionFilter } from '@pfs/proto/ledger';
import { ledgerAs, newUser, startLedger, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startLedger();
});

afterAll(async () => {
  await h.close();
});

const CATEGORIES = ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a22'];
const MERCHANTS = ['Woolworths', 'WOOLWORTHS', 'Qantas', null];

/**
 * The per-day totals the list reads its exact total from are kept by triggers: after inserts,
 * single and batch updates, deletes and a bulk INSERT … SELECT, every total the list answers
 * must equal a plain count of the rows.
 */
describe('list totals from the per-day totals', () => {
  it('equal a plain count for every filter combination, through every kind of write', async () => {
    const user = newUser();
    const ledger = ledgerAs(h.client, user);
    const created = [];
    for (let i = 0; i < 24; i++) {
      created.push(
        await ledger.create({
          date: `2025-0${1 + (i % 3)}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00+05:00`,
          amount: `${i + 1}.${i % 10}5`,
          type: i % 4 === 0 ? 'credit' : 'debit',
          categoryId: i % 3 === 2 ? undefined : CATEGORIES[i % 2],
          merchant: MERCHANTS[i % 4] ?? undefined,
          isTaxDeductible: i % 5 === 0,
        }),
      );
    }
    await ledger.update(created[0].id, {
      date: '2025-03-15',
      categoryId: CATEGORIES[1],
      type: 'debit',
    });
    await ledger.update(created[1].id, { clearCategoryId: true, merchant: 'Qantas' });
    await h.client.call(
      (c) => c.batchUpdateTransactions,
      {
        updates: created.slice(2, 8).map((t, i) => ({
          id: t.id,
          patch: {
            clearCategoryId: false,
            clearMerchant: i % 2 === 0,
            isTaxDeductible: true,
            date: '2025-02-14',
          },
        })),
      },
      { userId: user },
    );
    await ledger.remove(created[9].id);
    await ledger.remove(created[10].id);
    await h.db.raw(
      `INSERT INTO transactions (id, user_id, occurred_at, description, amount, type, category_id, merchant)
       SELECT gen_random_uuid(), ?, '2025-01-01'::timestamptz + g * interval '37 hours', 'bulk ' || g,
              g, CASE WHEN g % 2 = 0 THEN 'debit' ELSE 'credit' END, ?::uuid, 'woolworths'
       FROM generate_series(1, 40) g`,
      [user, CATEGORIES[0]],
    );
    // Rows outside the user never count.
    await ledgerAs(h.client, newUser()).create({
      date: '2025-02-01',
      merchant: 'Woolworths',
      categoryId: CATEGORIES[0],
    });

    const filters: Partial<TransactionFilter>[] = [
      {},
      { from: '2025-02-01' },
      { to: '2025-02-14' },
      { from: '2025-01-15', to: '2025-02-14' },
      { categoryId: CATEGORIES[0] },
      { categoryId: CATEGORIES[1], from: '2025-02-01', to: '2025-03-31' },
      { uncategorized: true },
      { uncategorized: true, type: 'debit' },
      { type: 'credit' },
      { isTaxDeductible: true },
      { isTaxDeductible: false, categoryId: CATEGORIES[0], type: 'debit', to: '2025-03-01' },
      { merchant: 'woolworths' },
      { merchant: 'QANTAS', type: 'debit', from: '2025-01-10' },
      { merchant: 'Woolworths', categoryId: CATEGORIES[0] },
      { q: 'bulk' },
      { minAmount: '5', maxAmount: '20', type: 'debit' },
    ];
    const sqlCount = async (f: Partial<TransactionFilter>): Promise<number> => {
      const q = h.db('transactions').where({ user_id: user });
      if (f.from) q.where('occurred_at', '>=', `${f.from}T00:00:00Z`);
      if (f.to) q.whereRaw(`occurred_at < (?::date + 1)::timestamp AT TIME ZONE 'UTC'`, [f.to]);
      if (f.categoryId) q.where('category_id', f.categoryId);
      if (f.uncategorized) q.whereNull('category_id');
      if (f.type) q.where('type', f.type);
      if (f.isTaxDeductible !== undefined) q.where('is_tax_deductible', f.isTaxDeductible);
      if (f.merchant) q.whereRaw('lower(merchant) = lower(?)', [f.merchant]);
      if (f.q) q.where('description', 'ilike', `%${f.q}%`);
      if (f.minAmount) q.where('amount', '>=', f.minAmount);
      if (f.maxAmount) q.where('amount', '<=', f.maxAmount);
      const [{ n }] = await q.count({ n: '*' });
      return Number(n);
    };
    for (const filter of filters) {
      const listed = await ledger.list({
        filter: { uncategorized: false, ...filter },
        sort: '',
        page: { page: 1, limit: 5 },
      });
      expect({ filter, total: Number(listed.page?.total) }).toEqual({
        filter,
        total: await sqlCount(filter),
      });
    }
    // And the totals tables hold nothing but the user's exact sums.
    const [direct] = (
      await h.db.raw(
        `SELECT count(*) AS n, coalesce(sum(amount), 0) AS s FROM transactions WHERE user_id = ?`,
        [user],
      )
    ).rows;
    const [fromTotals] = (
      await h.db.raw(
        `SELECT sum(tx_count)::bigint AS n, sum(amount_total) AS s FROM transaction_daily_totals WHERE user_id = ?`,
        [user],
      )
    ).rows;
    expect(fromTotals).toEqual(direct);
    const empty = await h
      .db('transaction_daily_totals')
      .where({ user_id: user, tx_count: 0 })
      .count({ n: '*' });
    expect(Number(empty[0].n)).toBe(0);
  });
});

describe('remembered totals', () => {
  it('follow every write of the user, whoever makes it, and only that user', async () => {
    const user = newUser();
    const other = newUser();
    const ledger = ledgerAs(h.client, user);
    const total = async (filter: Partial<TransactionFilter>) =>
      Number(
        (await ledger.list({ filter: { uncategorized: false, ...filter }, sort: '' })).page?.total,
      );
    const version = async (id: string) =>
      Number((await h.db('transaction_versions').where({ user_id: id }).first())?.version ?? 0);

    const a = await ledger.create({ description: 'Flight to Perth' });
    const b = await ledger.create({ description: 'Groceries' });
    expect(await total({ q: 'perth' })).toBe(1);
    expect(await total({ q: 'perth' })).toBe(1); // now remembered

    // A description change alters a text-search total without touching any per-day total.
    await ledger.update(b.id, { description: 'Perth groceries' });
    expect(await total({ q: 'perth' })).toBe(2);

    await h.client.call(
      (c) => c.batchUpdateTransactions,
      {
        updates: [
          {
            id: a.id,
            patch: { description: 'Flight', clearCategoryId: false, clearMerchant: false },
          },
        ],
      },
      { userId: user },
    );
    expect(await total({ q: 'perth' })).toBe(1);

    // Writes that bypass the service (a bulk load, a migration) count too.
    await h.db.raw(
      `INSERT INTO transactions (id, user_id, occurred_at, description, amount, type)
       VALUES (gen_random_uuid(), ?, now(), 'Perth hotel', 10, 'debit')`,
      [user],
    );
    expect(await total({ q: 'perth' })).toBe(2);
    await h.db('transactions').where({ user_id: user, description: 'Perth hotel' }).delete();
    expect(await total({ q: 'perth' })).toBe(1);
    await ledger.remove(b.id);
    expect(await total({ q: 'perth' })).toBe(0);
    expect(await total({})).toBe(1);

    // Another user's writes leave this user's version alone.
    const before = await version(user);
    await ledgerAs(h.client, other).create({ description: 'Perth' });
    expect(await version(user)).toBe(before);
    expect(await version(other)).toBe(1);
    expect(await total({ q: 'perth' })).toBe(0);
  });
});
