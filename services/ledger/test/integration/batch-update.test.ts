import { ledgerAs, newUser, rejection, startLedger, type Harness } from './harness';
import type { TransactionPatch } from '@pfs/proto/ledger';

let h: Harness;

beforeAll(async () => {
  h = await startLedger();
});

afterAll(async () => {
  await h.close();
});

const CATEGORY = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';

function batchAs(userId: string) {
  return (updates: { id: string; patch?: Partial<TransactionPatch> }[]) =>
    h.client.call(
      (c) => c.batchUpdateTransactions,
      {
        updates: updates.map((u) => ({
          id: u.id,
          patch: { clearCategoryId: false, clearMerchant: false, ...u.patch },
        })),
      },
      { userId },
    );
}

describe('BatchUpdateTransactions', () => {
  it('updates every item, re-derives GST like a single update and answers in request order', async () => {
    const user = newUser();
    const ledger = ledgerAs(h.client, user);
    const a = await ledger.create({ amount: '110.00', gstRate: '0.1', description: 'A' });
    const b = await ledger.create({ amount: '50.00', merchant: 'Shop', description: 'B' });
    const c = await ledger.create({ description: 'C' });

    const { transactions } = await batchAs(user)([
      { id: c.id, patch: { categoryId: CATEGORY, isTaxDeductible: true } },
      { id: a.id, patch: { amount: '220.00' } },
      {
        id: b.id.toUpperCase(),
        patch: {
          clearMerchant: true,
          businessUsePercentage: '50',
          date: '2025-01-02T10:00:00+10:00',
        },
      },
    ]);
    expect(transactions.map((t) => t.id)).toEqual([c.id, a.id, b.id]);
    expect(transactions[0]).toMatchObject({
      categoryId: CATEGORY,
      isTaxDeductible: true,
      description: 'C',
    });
    expect(transactions[1]).toMatchObject({ amount: '220.00', gstAmount: '20.00', gstRate: '0.1' });
    expect(transactions[2]).toMatchObject({
      businessUsePercentage: '50',
      date: '2025-01-02T00:00:00.000Z',
      amount: '50.00',
    });
    expect(transactions[2].merchant).toBeUndefined();
    // What was answered is what is stored.
    for (const t of transactions) expect(await ledger.get(t.id)).toEqual(t);
  });

  it('leaves an item with an empty patch untouched, updated_at included', async () => {
    const user = newUser();
    const ledger = ledgerAs(h.client, user);
    const a = await ledger.create();
    const b = await ledger.create();
    const { transactions } = await batchAs(user)([
      { id: a.id },
      { id: b.id, patch: { description: 'changed' } },
    ]);
    expect(transactions[0]).toEqual(a);
    expect(transactions[1].description).toBe('changed');
  });

  it('is all or nothing: one invalid item fails the batch and changes nothing', async () => {
    const user = newUser();
    const ledger = ledgerAs(h.client, user);
    const a = await ledger.create({ amount: '10.00' });
    const b = await ledger.create({ amount: '10.00', gstAmount: '5.00' });
    // Field-level error: caught before the database.
    const bad = await rejection(
      batchAs(user)([
        { id: a.id, patch: { description: 'fine' } },
        { id: b.id, patch: { amount: '-3' } },
      ]),
    );
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.details?.issues?.map((i) => i.field)).toEqual(['updates.1.amount']);
    // Row-level error (the stored GST exceeds the new amount): caught inside the transaction.
    const rowLevel = await rejection(
      batchAs(user)([
        { id: a.id, patch: { description: 'fine' } },
        { id: b.id, patch: { amount: '4.00' } },
      ]),
    );
    expect(rowLevel.details?.issues?.map((i) => i.field)).toEqual(['updates.1.amount']);
    expect(await ledger.get(a.id)).toEqual(a);
    expect(await ledger.get(b.id)).toEqual(b);
  });

  it("fails as NOT_FOUND, changing nothing, when one id is another user's or unknown", async () => {
    const alice = newUser();
    const bob = newUser();
    const mine = await ledgerAs(h.client, alice).create({ description: 'Alice' });
    const bobs = await ledgerAs(h.client, bob).create({ description: 'Bob' });
    for (const foreign of [bobs.id, '00000000-0000-4000-8000-000000000000']) {
      const err = await rejection(
        batchAs(alice)([
          { id: mine.id, patch: { description: 'changed' } },
          { id: foreign, patch: { description: 'hijacked' } },
        ]),
      );
      expect(err).toMatchObject({ code: 'NOT_FOUND', message: 'Transaction not found' });
    }
    expect(await ledgerAs(h.client, alice).get(mine.id)).toEqual(mine);
    expect(await ledgerAs(h.client, bob).get(bobs.id)).toEqual(bobs);
  });

  it('refuses empty, oversized and duplicate batches', async () => {
    const user = newUser();
    const t = await ledgerAs(h.client, user).create();
    const empty = await rejection(batchAs(user)([]));
    expect(empty.details?.issues).toEqual([{ field: 'updates', message: expect.any(String) }]);
    const tooMany = await rejection(
      batchAs(user)(Array.from({ length: 501 }, () => ({ id: t.id }))),
    );
    expect(tooMany.details?.issues?.map((i) => i.field)).toEqual(['updates']);
    const dup = await rejection(
      batchAs(user)([{ id: t.id }, { id: t.id, patch: { description: 'x' } }]),
    );
    expect(dup.details?.issues?.map((i) => i.field)).toEqual(['updates.1.id']);
  });

  it('applies 500 updates in a constant number of statements', async () => {
    const user = newUser();
    await h.db.raw(
      `INSERT INTO transactions (id, user_id, occurred_at, description, amount, type)
       SELECT gen_random_uuid(), ?, '2025-01-01', 'row ' || g, 10, 'debit' FROM generate_series(1, 500) g`,
      [user],
    );
    const ids = (await h.db('transactions').where({ user_id: user }).select('id')).map(
      (r) => r.id as string,
    );
    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => statements.push(q.sql);
    h.db.on('query', onQuery);
    let result;
    try {
      result = await batchAs(user)(
        ids.map((id, i) => ({ id, patch: { amount: `${i + 1}.50`, description: `new ${i}` } })),
      );
    } finally {
      h.db.off('query', onQuery);
    }
    expect(result.transactions).toHaveLength(500);
    expect(result.transactions[499]).toMatchObject({ amount: '500.50', description: 'new 499' });
    // BEGIN, the locking SELECT, the one UPDATE, COMMIT.
    expect(statements.filter((s) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(s))).toHaveLength(2);
    const [{ sum }] = await h.db('transactions').where({ user_id: user }).sum({ sum: 'amount' });
    expect(sum).toBe('125500.00'); // Σ(i + 0.5) for i = 1..500
  });
});
