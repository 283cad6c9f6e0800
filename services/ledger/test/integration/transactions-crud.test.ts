import { ledgerAs, newUser, rejection, startLedger, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startLedger();
});

afterAll(async () => {
  await h.close();
});

const CATEGORY = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('CreateTransaction', () => {
  it('stores a minimal transaction with defaults and returns it', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ description: '  Coffee beans ', amount: '25' });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: '2024-07-01T00:00:00.000Z',
      description: 'Coffee beans',
      amount: '25.00',
      type: 'debit',
      isTaxDeductible: false,
      businessUsePercentage: '100',
      gstAmount: '0.00',
      gstRate: '0',
      gstIncluded: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.categoryId).toBeUndefined();
    expect(created.merchant).toBeUndefined();
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores every optional field and converts the date to UTC', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({
      date: '2024-07-01T09:30:00+10:00',
      amount: '1234.5',
      type: 'credit',
      categoryId: CATEGORY,
      merchant: 'Officeworks',
      gstAmount: '112.23',
      gstRate: '0.1',
      gstIncluded: true,
      isTaxDeductible: true,
      businessUsePercentage: '50',
    });
    expect(created).toMatchObject({
      date: '2024-06-30T23:30:00.000Z',
      amount: '1234.50',
      type: 'credit',
      categoryId: CATEGORY,
      merchant: 'Officeworks',
      gstAmount: '112.23',
      gstRate: '0.1',
      isTaxDeductible: true,
      businessUsePercentage: '50',
    });
    expect(await ledger.get(created.id)).toEqual(created);
  });

  it('derives and persists the GST from the rate', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const included = await ledger.create({ amount: '10.00', gstRate: '0.1' });
    expect(included).toMatchObject({ gstAmount: '0.91', gstRate: '0.1', gstIncluded: true });
    const excluded = await ledger.create({ amount: '0.05', gstRate: '0.1', gstIncluded: false });
    expect(excluded).toMatchObject({ gstAmount: '0.01', gstIncluded: false });

    const row = await h.db('transactions').where({ id: included.id }).first();
    expect(row).toMatchObject({
      gst_amount: '0.91',
      gst_rate: '0.10000',
      amount: '10.00',
      source: 'manual',
    });
    expect((await ledger.get(excluded.id)).gstAmount).toBe('0.01');
  });

  it('keeps the largest amount exactly', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ amount: '9999999999.99', gstRate: '0.1' });
    expect(created).toMatchObject({ amount: '9999999999.99', gstAmount: '909090909.09' });
  });

  it('lists every bad field in one VALIDATION_ERROR and stores nothing', async () => {
    const userId = newUser();
    const ledger = ledgerAs(h.client, userId);
    const err = await rejection(
      ledger.create({
        date: '2024-02-30',
        description: '',
        amount: '12.345',
        type: 'transfer',
        categoryId: 'food',
        merchant: 'm'.repeat(201),
        gstRate: '1.5',
        gstAmount: 'x',
        businessUsePercentage: '150',
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual(
      [
        'amount',
        'businessUsePercentage',
        'categoryId',
        'date',
        'description',
        'gstAmount',
        'gstRate',
        'merchant',
        'type',
      ].sort(),
    );
    expect((await ledger.list()).page?.total).toBe('0');
  });

  it('refuses a request without a transaction', async () => {
    const err = await rejection(
      h.client.call((c) => c.createTransaction, {}, { userId: newUser() }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.map((i) => i.field)).toEqual([
      'date',
      'description',
      'amount',
      'type',
    ]);
  });

  it('refuses a GST amount above the amount', async () => {
    const err = await rejection(
      ledgerAs(h.client, newUser()).create({ amount: '10', gstAmount: '10.01' }),
    );
    expect(err.details?.issues).toEqual([
      { field: 'gstAmount', message: 'must not exceed amount' },
    ]);
  });
});

describe('GetTransaction', () => {
  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    const ledger = ledgerAs(h.client, newUser());
    for (const id of ['b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'not-a-uuid', '']) {
      const err = await rejection(ledger.get(id));
      expect(err).toMatchObject({ code: 'NOT_FOUND', message: 'Transaction not found' });
    }
  });
});

describe('UpdateTransaction', () => {
  it('changes only the fields present and moves updated_at', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ merchant: 'Cafe', categoryId: CATEGORY });
    await sleep(5);
    const updated = await ledger.update(created.id, {
      description: 'Team lunch',
      isTaxDeductible: true,
      businessUsePercentage: '25.5',
      date: '2024-08-15T12:00:00Z',
      type: 'credit',
    });
    expect(updated).toEqual({
      ...created,
      description: 'Team lunch',
      isTaxDeductible: true,
      businessUsePercentage: '25.5',
      date: '2024-08-15T12:00:00.000Z',
      type: 'credit',
      updatedAt: expect.any(String),
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(await ledger.get(created.id)).toEqual(updated);
  });

  it('returns the transaction unchanged for an empty patch', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create();
    await sleep(5);
    expect(await ledger.update(created.id, {})).toEqual(created);
  });

  it('clears the category and merchant', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ merchant: 'Cafe', categoryId: CATEGORY });
    const updated = await ledger.update(created.id, { clearCategoryId: true, clearMerchant: true });
    expect(updated.categoryId).toBeUndefined();
    expect(updated.merchant).toBeUndefined();
    const row = await h.db('transactions').where({ id: created.id }).first();
    expect(row).toMatchObject({ category_id: null, merchant: null });
  });

  it('sets a category and merchant', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create();
    const updated = await ledger.update(created.id, { categoryId: CATEGORY, merchant: ' Bakery ' });
    expect(updated).toMatchObject({ categoryId: CATEGORY, merchant: 'Bakery' });
  });

  it('re-derives the GST when amount, rate or inclusion changes', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ amount: '110', gstRate: '0.1' });
    expect(created.gstAmount).toBe('10.00');
    expect((await ledger.update(created.id, { amount: '220' })).gstAmount).toBe('20.00');
    expect((await ledger.update(created.id, { gstIncluded: false })).gstAmount).toBe('22.00');
    expect(await ledger.update(created.id, { gstRate: '0.15' })).toMatchObject({
      gstRate: '0.15',
      gstAmount: '33.00',
    });
    // An explicit GST amount wins over derivation.
    expect((await ledger.update(created.id, { amount: '100', gstAmount: '1.23' })).gstAmount).toBe(
      '1.23',
    );
    // Unrelated changes keep it.
    expect((await ledger.update(created.id, { description: 'x' })).gstAmount).toBe('1.23');
    const row = await h.db('transactions').where({ id: created.id }).first();
    expect(row).toMatchObject({
      amount: '100.00',
      gst_amount: '1.23',
      gst_rate: '0.15000',
      gst_included: false,
    });
  });

  it('derives the GST when a rate is first set', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ amount: '10.00' });
    expect(await ledger.update(created.id, { gstRate: '0.1' })).toMatchObject({
      gstAmount: '0.91',
      gstRate: '0.1',
    });
  });

  it('lists every bad field of a patch and changes nothing', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create();
    const err = await rejection(
      ledger.update(created.id, {
        date: 'yesterday',
        amount: '0',
        type: 'DEBIT',
        categoryId: 'x',
        gstRate: '-1',
        businessUsePercentage: '101',
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual(
      ['amount', 'businessUsePercentage', 'categoryId', 'date', 'gstRate', 'type'].sort(),
    );
    expect(await ledger.get(created.id)).toEqual(created);
  });

  it('refuses shrinking the amount below a kept GST amount', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create({ amount: '100', gstAmount: '30' });
    const err = await rejection(ledger.update(created.id, { amount: '20' }));
    expect(err.details?.issues?.map((i) => i.field)).toEqual(['amount']);
  });

  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    const ledger = ledgerAs(h.client, newUser());
    expect(
      (await rejection(ledger.update('b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', { description: 'x' })))
        .code,
    ).toBe('NOT_FOUND');
    expect((await rejection(ledger.update('123', { description: 'x' }))).code).toBe('NOT_FOUND');
  });
});

describe('DeleteTransaction', () => {
  it('deletes once, then answers NOT_FOUND', async () => {
    const ledger = ledgerAs(h.client, newUser());
    const created = await ledger.create();
    await expect(ledger.remove(created.id)).resolves.toEqual({});
    expect((await rejection(ledger.get(created.id))).code).toBe('NOT_FOUND');
    expect((await rejection(ledger.remove(created.id))).code).toBe('NOT_FOUND');
    expect((await rejection(ledger.remove('nope'))).code).toBe('NOT_FOUND');
  });
});
