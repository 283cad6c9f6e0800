import { ledgerAs, newUser, rejection, startLedger, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startLedger();
});

afterAll(async () => {
  await h.close();
});

describe('tenant isolation', () => {
  it("never shows or changes another user's transaction", async () => {
    const alice = ledgerAs(h.client, newUser());
    const bob = ledgerAs(h.client, newUser());
    const mine = await alice.create({ description: 'Alice only', merchant: 'Secret shop' });
    await bob.create({ description: 'Bob only' });

    expect(await rejection(bob.get(mine.id))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Transaction not found',
    });
    expect((await rejection(bob.update(mine.id, { description: 'hijacked' }))).code).toBe(
      'NOT_FOUND',
    );
    // An empty patch must not leak existence either.
    expect((await rejection(bob.update(mine.id, {}))).code).toBe('NOT_FOUND');
    expect((await rejection(bob.remove(mine.id))).code).toBe('NOT_FOUND');

    const bobs = await bob.list();
    expect(bobs.transactions.map((t) => t.description)).toEqual(['Bob only']);
    expect(bobs.page?.total).toBe('1');
    const searched = await bob.list({ filter: { q: 'secret', uncategorized: false }, sort: '' });
    expect(searched.transactions).toEqual([]);

    expect(await alice.get(mine.id)).toEqual(mine);
  });
});

describe('caller identity', () => {
  it('refuses calls without a user id as UNAUTHORIZED', async () => {
    const anonymous = ledgerAs(h.client, undefined);
    const someId = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
    for (const call of [
      anonymous.create(),
      anonymous.get(someId),
      anonymous.list(),
      anonymous.update(someId, { description: 'x' }),
      anonymous.remove(someId),
    ]) {
      expect((await rejection(call)).code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a user id that is not a UUID', async () => {
    expect((await rejection(ledgerAs(h.client, 'admin').list())).code).toBe('UNAUTHORIZED');
  });
});

describe('schema', () => {
  it('has the listing indexes, all led by user_id', async () => {
    const { rows } = await h.db.raw(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'ledger' AND tablename = 'transactions'",
    );
    const defs = new Map<string, string>(
      rows.map((r: { indexname: string; indexdef: string }) => [r.indexname, r.indexdef]),
    );
    for (const name of [
      'transactions_user_date_idx',
      'transactions_user_amount_idx',
      'transactions_user_category_date_idx',
      'transactions_user_uncategorized_idx',
      'transactions_user_merchant_idx',
    ]) {
      expect(defs.get(name)).toMatch(/\(user_id, /);
    }
    expect(defs.get('transactions_user_uncategorized_idx')).toMatch(
      /WHERE \(category_id IS NULL\)/,
    );
  });

  it('has trigram search indexes where pg_trgm is available', async () => {
    const { rows } = await h.db.raw("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
    const { rows: indexes } = await h.db.raw(
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'ledger' AND indexname LIKE '%trgm%' ORDER BY indexname",
    );
    expect(indexes.map((r: { indexname: string }) => r.indexname)).toEqual(
      rows.length ? ['transactions_description_trgm_idx', 'transactions_merchant_trgm_idx'] : [],
    );
  });

  it('backs the service checks with database constraints', async () => {
    const base = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      user_id: newUser(),
      occurred_at: new Date().toISOString(),
      description: 'x',
      type: 'debit',
    };
    await expect(h.db('transactions').insert({ ...base, amount: '0' })).rejects.toThrow(
      /transactions_amount_positive/,
    );
    await expect(
      h.db('transactions').insert({ ...base, amount: '1', gst_amount: '2' }),
    ).rejects.toThrow(/transactions_gst_amount_range/);
    await expect(h.db('transactions').insert({ ...base, amount: '1', type: 'x' })).rejects.toThrow(
      /transactions_type_known/,
    );
  });
});
