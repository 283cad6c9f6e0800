import type { Transaction, TransactionFilter } from '@pfs/proto/ledger';
import { ledgerAs, newUser, rejection, startLedger, type Harness } from './harness';

let h: Harness;
let ledger: ReturnType<typeof ledgerAs>;
const CAT_A = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const CAT_B = 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a22';

/** A small ledger with one distinguishing trait per filter. */
const seed = {
  coffee: {
    date: '2024-01-01T00:00:00Z',
    description: 'Coffee at Cafe',
    amount: '5.50',
    merchant: 'Cafe Nero',
    categoryId: CAT_A,
  },
  chair: {
    date: '2024-01-31T23:59:59Z',
    description: 'Office chair',
    amount: '250.00',
    merchant: 'Officeworks',
    categoryId: CAT_B,
    isTaxDeductible: true,
  },
  salary: { date: '2024-02-01', description: 'Salary', amount: '5000', type: 'credit' },
  // 2024-01-14T23:00Z in UTC.
  ink: {
    date: '2024-01-15T10:00:00+11:00',
    description: 'Printer ink 50% off',
    amount: '45.00',
    merchant: 'OFFICEWORKS',
    isTaxDeductible: true,
  },
  refund: {
    date: '2023-12-31T23:59:59Z',
    description: 'Refund_item',
    amount: '45',
    type: 'credit',
    merchant: 'cafe nero',
    categoryId: CAT_A,
  },
};
type Name = keyof typeof seed;
const ids = {} as Record<Name, string>;
const nameOf = new Map<string, Name>();

beforeAll(async () => {
  h = await startLedger();
  ledger = ledgerAs(h.client, newUser());
  for (const [name, tx] of Object.entries(seed)) {
    const created = await ledger.create(tx);
    ids[name as Name] = created.id;
    nameOf.set(created.id, name as Name);
  }
});

afterAll(async () => {
  await h.close();
});

function emptyFilter(): TransactionFilter {
  return { uncategorized: false };
}

async function names(filter: Partial<TransactionFilter> = {}, sort = ''): Promise<Name[]> {
  const res = await ledger.list({ filter: { ...emptyFilter(), ...filter }, sort });
  expect(res.page?.total).toBe(String(res.transactions.length));
  return res.transactions.map((t: Transaction) => nameOf.get(t.id)!);
}

const byId = (a: Name, b: Name) => (ids[a] < ids[b] ? -1 : 1);

describe('ListTransactions filters', () => {
  it('lists everything newest first by default', async () => {
    expect(await names()).toEqual(['salary', 'chair', 'ink', 'coffee', 'refund']);
  });

  it('filters by an inclusive UTC date range', async () => {
    expect(await names({ from: '2024-01-01', to: '2024-01-31' })).toEqual([
      'chair',
      'ink',
      'coffee',
    ]);
    expect(await names({ from: '2024-02-01' })).toEqual(['salary']);
    expect(await names({ to: '2023-12-31' })).toEqual(['refund']);
    expect(await names({ from: '2024-01-14', to: '2024-01-14' })).toEqual(['ink']);
  });

  it('filters by category and uncategorized', async () => {
    expect(await names({ categoryId: CAT_A })).toEqual(['coffee', 'refund']);
    expect(await names({ uncategorized: true })).toEqual(['salary', 'ink']);
  });

  it('filters by type', async () => {
    expect(await names({ type: 'credit' })).toEqual(['salary', 'refund']);
    expect(await names({ type: 'debit' })).toEqual(['chair', 'ink', 'coffee']);
  });

  it('matches the merchant exactly, ignoring case', async () => {
    expect(await names({ merchant: 'officeworks' })).toEqual(['chair', 'ink']);
    expect(await names({ merchant: 'CAFE NERO' })).toEqual(['coffee', 'refund']);
    expect(await names({ merchant: 'Office' })).toEqual([]);
  });

  it('searches description and merchant, ignoring case', async () => {
    expect(await names({ q: 'OFFICE' })).toEqual(['chair', 'ink']);
    expect(await names({ q: 'nero' })).toEqual(['coffee', 'refund']);
    expect(await names({ q: 'cafe' })).toEqual(['coffee', 'refund']);
  });

  it('searches LIKE wildcards literally', async () => {
    expect(await names({ q: '50%' })).toEqual(['ink']);
    expect(await names({ q: '_' })).toEqual(['refund']);
    expect(await names({ q: '%' })).toEqual(['ink']);
  });

  it('filters by an inclusive amount range', async () => {
    expect(await names({ minAmount: '45', maxAmount: '250' }, 'amount')).toEqual([
      ...(['ink', 'refund'] as Name[]).sort(byId),
      'chair',
    ]);
    expect(await names({ minAmount: '250.00' })).toEqual(['salary', 'chair']);
    expect(await names({ maxAmount: '5.5' })).toEqual(['coffee']);
  });

  it('filters by tax deductibility', async () => {
    expect(await names({ isTaxDeductible: true })).toEqual(['chair', 'ink']);
    expect(await names({ isTaxDeductible: false })).toEqual(['salary', 'coffee', 'refund']);
  });

  it('combines filters', async () => {
    expect(await names({ type: 'debit', uncategorized: true })).toEqual(['ink']);
    expect(
      await names({ q: 'cafe', type: 'credit', from: '2023-12-01', to: '2023-12-31' }),
    ).toEqual(['refund']);
  });

  it('refuses bad filter values, naming each', async () => {
    const err = await rejection(
      ledger.list({
        filter: {
          ...emptyFilter(),
          from: '2024-02-01',
          to: '2024-01-01',
          categoryId: 'groceries',
          type: 'refund',
          minAmount: 'lots',
          maxAmount: '1e',
        },
        sort: 'newest',
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual(
      ['categoryId', 'from', 'maxAmount', 'minAmount', 'sort', 'type'].sort(),
    );
    const badDate = await rejection(
      ledger.list({ filter: { ...emptyFilter(), to: '2024-02-30' }, sort: '' }),
    );
    expect(badDate.details?.issues).toEqual([
      { field: 'to', message: 'must be a date (YYYY-MM-DD)' },
    ]);
  });
});

describe('ListTransactions sorting', () => {
  it('sorts by date both ways', async () => {
    expect(await names({}, '-date')).toEqual(['salary', 'chair', 'ink', 'coffee', 'refund']);
    expect(await names({}, 'date')).toEqual(['refund', 'coffee', 'ink', 'chair', 'salary']);
  });

  it('sorts by amount both ways, breaking ties by id', async () => {
    const tie = (['ink', 'refund'] as Name[]).sort(byId);
    expect(await names({}, 'amount')).toEqual(['coffee', ...tie, 'chair', 'salary']);
    expect(await names({}, '-amount')).toEqual([
      'salary',
      'chair',
      ...[...tie].reverse(),
      'coffee',
    ]);
  });

  it('refuses an unknown sort', async () => {
    const err = await rejection(ledger.list({ sort: 'merchant' }));
    expect(err.details?.issues).toEqual([
      { field: 'sort', message: 'must be one of date, -date, amount, -amount' },
    ]);
  });
});

describe('ListTransactions pagination', () => {
  const COUNT = 23;
  let paged: ReturnType<typeof ledgerAs>;
  let created: Transaction[];

  beforeAll(async () => {
    paged = ledgerAs(h.client, newUser());
    // Same date for all, so the order rests entirely on the id tie-break.
    created = await Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        paged.create({ description: `Row ${i}`, amount: `${i + 1}` }),
      ),
    );
  });

  const page = (n: number, limit: number, sort = '') =>
    paged.list({ page: { page: n, limit }, sort });

  it('splits the list into stable pages with the exact total', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => page(n, 10)));
    expect(pages.map((p) => p.page)).toEqual([
      { page: 1, limit: 10, total: '23', pages: 3 },
      { page: 2, limit: 10, total: '23', pages: 3 },
      { page: 3, limit: 10, total: '23', pages: 3 },
    ]);
    expect(pages.map((p) => p.transactions.length)).toEqual([10, 10, 3]);
    const seen = pages.flatMap((p) => p.transactions.map((t) => t.id));
    // Same occurred_at everywhere: -date falls back to id descending.
    expect(seen).toEqual(
      created
        .map((t) => t.id)
        .sort()
        .reverse(),
    );
  });

  it('keeps the total on a page past the end', async () => {
    const past = await page(9, 10);
    expect(past.transactions).toEqual([]);
    expect(past.page).toEqual({ page: 9, limit: 10, total: '23', pages: 3 });
  });

  it('pages by amount', async () => {
    const second = await page(2, 5, '-amount');
    expect(second.transactions.map((t) => t.amount)).toEqual([
      '18.00',
      '17.00',
      '16.00',
      '15.00',
      '14.00',
    ]);
  });

  it('defaults to page 1 of 50 and clamps the limit to 200', async () => {
    expect((await paged.list({ sort: '' })).page).toEqual({
      page: 1,
      limit: 50,
      total: '23',
      pages: 1,
    });
    expect((await page(1, 500)).page).toEqual({ page: 1, limit: 200, total: '23', pages: 1 });
  });

  it('counts a filtered total', async () => {
    const res = await paged.list({
      filter: { ...emptyFilter(), minAmount: '20' },
      page: { page: 1, limit: 2 },
      sort: 'amount',
    });
    expect(res.page).toEqual({ page: 1, limit: 2, total: '4', pages: 2 });
    expect(res.transactions.map((t) => t.amount)).toEqual(['20.00', '21.00']);
  });

  it('answers an empty list for a user without transactions', async () => {
    const res = await ledgerAs(h.client, newUser()).list();
    expect(res).toEqual({ transactions: [], page: { page: 1, limit: 50, total: '0', pages: 0 } });
  });
});
