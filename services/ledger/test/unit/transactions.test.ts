import { AppError, type FieldIssue } from '@pfs/kit';
import {
  deriveGstAmount,
  isEmptyChange,
  parseNewTransaction,
  parsePatch,
  plainDecimal,
  resolvePatch,
  type TransactionFields,
  type TransactionInput,
} from '../../src/domain/transactions';

const valid: TransactionInput = {
  date: '2024-07-01',
  description: 'Office chair',
  amount: '110.00',
  type: 'debit',
};

function issuesFrom(fn: () => unknown): FieldIssue[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION_ERROR');
    return (err as AppError).details?.issues ?? [];
  }
  throw new Error('expected a validation error');
}

function fieldsOf(issues: FieldIssue[]): string[] {
  return issues.map((i) => i.field).sort();
}

describe('parseNewTransaction', () => {
  it('normalises a minimal transaction and fills the defaults', () => {
    expect(parseNewTransaction({ ...valid, description: '  Office chair ' })).toEqual({
      occurredAt: new Date('2024-07-01T00:00:00Z'),
      description: 'Office chair',
      amount: '110.00',
      type: 'debit',
      categoryId: null,
      merchant: null,
      isTaxDeductible: false,
      businessUsePercentage: '100',
      gstRate: null,
      gstAmount: '0.00',
      gstIncluded: true,
    });
  });

  it('keeps every optional field given', () => {
    const fields = parseNewTransaction({
      ...valid,
      date: '2024-07-01T10:15:00+10:00',
      amount: '99.5',
      type: 'credit',
      categoryId: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
      merchant: ' Officeworks ',
      gstAmount: '9',
      gstRate: '0.10',
      gstIncluded: false,
      isTaxDeductible: true,
      businessUsePercentage: '50.50',
    });
    expect(fields).toEqual({
      occurredAt: new Date('2024-07-01T00:15:00Z'),
      description: 'Office chair',
      amount: '99.50',
      type: 'credit',
      categoryId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      merchant: 'Officeworks',
      isTaxDeductible: true,
      businessUsePercentage: '50.5',
      gstRate: '0.1',
      gstAmount: '9.00',
      gstIncluded: false,
    });
  });

  it('treats a blank merchant as none', () => {
    expect(parseNewTransaction({ ...valid, merchant: '   ' }).merchant).toBeNull();
  });

  it('reports every missing required field', () => {
    expect(
      issuesFrom(() => parseNewTransaction({ date: '', description: ' ', amount: '', type: '' })),
    ).toEqual([
      { field: 'date', message: 'is required' },
      { field: 'description', message: 'is required' },
      { field: 'amount', message: 'is required' },
      { field: 'type', message: 'is required' },
    ]);
  });

  it('reports every bad field at once, with REST field names', () => {
    const issues = issuesFrom(() =>
      parseNewTransaction({
        date: 'not a date',
        description: 'x'.repeat(1001),
        amount: '-1',
        type: 'transfer',
        categoryId: 'cat-1',
        merchant: 'm'.repeat(201),
        gstAmount: '1.001',
        gstRate: '1',
        gstIncluded: true,
        isTaxDeductible: true,
        businessUsePercentage: '101',
      }),
    );
    expect(fieldsOf(issues)).toEqual(
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
  });

  describe.each<[keyof TransactionInput, string, string]>([
    [
      'date',
      '2024-07-01T10:00:00',
      'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a UTC offset',
    ],
    ['date', '2024-02-30', 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a UTC offset'],
    ['date', '07/01/2024', 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a UTC offset'],
    ['date', '1899-12-31', 'must be between the years 1900 and 2100'],
    ['date', '2101-01-01', 'must be between the years 1900 and 2100'],
    ['date', '2100-12-31T23:00:00-02:00', 'must be between the years 1900 and 2100'],
    ['description', 'd'.repeat(1001), 'must be at most 1000 characters'],
    ['description', 'a\u0000b', 'must not contain NUL characters'],
    ['amount', 'abc', 'must be a decimal number'],
    ['amount', '12.345', 'must have at most 2 decimal places'],
    ['amount', '0', 'must be greater than 0'],
    ['amount', '0.00', 'must be greater than 0'],
    ['amount', '-5', 'must be greater than 0'],
    ['amount', '10000000000', 'must be at most 9999999999.99'],
    ['amount', 'NaN', 'must be a decimal number'],
    ['amount', 'Infinity', 'must be a decimal number'],
    ['type', 'DEBIT', 'must be one of debit, credit'],
    ['type', 'transfer', 'must be one of debit, credit'],
    ['categoryId', 'not-a-uuid', 'must be a UUID'],
    ['categoryId', '', 'must be a UUID'],
    ['merchant', 'm'.repeat(201), 'must be at most 200 characters'],
    ['gstRate', '-0.1', 'must be at least 0'],
    ['gstRate', '1', 'must be less than 1'],
    ['gstRate', '0.123456', 'must have at most 5 decimal places'],
    ['gstRate', 'ten', 'must be a decimal number'],
    ['gstAmount', '-1', 'must be at least 0'],
    ['gstAmount', '1.001', 'must have at most 2 decimal places'],
    ['gstAmount', '110.01', 'must not exceed amount'],
    ['businessUsePercentage', '-1', 'must be at least 0'],
    ['businessUsePercentage', '100.01', 'must be at most 100'],
    ['businessUsePercentage', '50.125', 'must have at most 2 decimal places'],
  ])('%s = %p', (field, value, message) => {
    it(`is refused: ${message}`, () => {
      expect(issuesFrom(() => parseNewTransaction({ ...valid, [field]: value }))).toEqual([
        { field, message },
      ]);
    });
  });

  it.each([
    ['1900-01-01', '1900-01-01T00:00:00.000Z'],
    ['2100-12-31T23:59:59Z', '2100-12-31T23:59:59.000Z'],
  ])('accepts the boundary date %p', (date, iso) => {
    expect(parseNewTransaction({ ...valid, date }).occurredAt.toISOString()).toBe(iso);
  });

  it('accepts the largest amount and a description of exactly 1000 characters', () => {
    const fields = parseNewTransaction({
      ...valid,
      amount: '9999999999.99',
      description: 'd'.repeat(1000),
    });
    expect(fields.amount).toBe('9999999999.99');
  });
});

describe('GST on create', () => {
  it('derives the GST inside an amount that includes it (default)', () => {
    const fields = parseNewTransaction({ ...valid, amount: '10.00', gstRate: '0.1' });
    expect(fields).toMatchObject({ gstRate: '0.1', gstAmount: '0.91', gstIncluded: true });
  });

  it('derives the GST on top of an amount that excludes it', () => {
    const fields = parseNewTransaction({
      ...valid,
      amount: '110.00',
      gstRate: '0.1',
      gstIncluded: false,
    });
    expect(fields).toMatchObject({ gstAmount: '11.00', gstIncluded: false });
  });

  it('rounds half away from zero at the cent', () => {
    // 0.05 × 0.1 = 0.005 → 0.01
    expect(
      parseNewTransaction({ ...valid, amount: '0.05', gstRate: '0.1', gstIncluded: false })
        .gstAmount,
    ).toBe('0.01');
  });

  it('keeps a GST amount that was given, even beside a rate', () => {
    expect(
      parseNewTransaction({ ...valid, amount: '10.00', gstRate: '0.1', gstAmount: '0.50' }),
    ).toMatchObject({
      gstRate: '0.1',
      gstAmount: '0.50',
    });
  });

  it('keeps a given GST amount without a rate', () => {
    expect(parseNewTransaction({ ...valid, gstAmount: '5' })).toMatchObject({
      gstRate: null,
      gstAmount: '5.00',
    });
  });

  it('has no GST when neither rate nor amount is given', () => {
    expect(parseNewTransaction(valid)).toMatchObject({ gstRate: null, gstAmount: '0.00' });
  });

  it('treats a zero rate as a known rate of zero', () => {
    expect(parseNewTransaction({ ...valid, gstRate: '0' })).toMatchObject({
      gstRate: '0',
      gstAmount: '0.00',
    });
  });
});

describe('deriveGstAmount', () => {
  it.each([
    ['10.00', '0.1', true, '0.91'],
    ['110.00', '0.1', true, '10.00'],
    ['0.05', '0.1', false, '0.01'],
    ['0.04', '0.1', false, '0.00'],
    ['100.00', '0.15', false, '15.00'],
    ['115.00', '0.15', true, '15.00'],
    ['1.00', '0.2', true, '0.17'],
    ['9999999999.99', '0.1', true, '909090909.09'],
  ])('%s at %s (included %p) → %s', (amount, rate, included, gst) => {
    expect(deriveGstAmount(amount, rate, included)).toBe(gst);
  });
});

describe('plainDecimal', () => {
  it.each([
    ['0.10000', '0.1'],
    ['100.00', '100'],
    ['50.50', '50.5'],
    ['0.00000', '0'],
    ['0.00001', '0.00001'],
  ])('%s → %s', (stored, plain) => expect(plainDecimal(stored)).toBe(plain));
});

describe('parsePatch', () => {
  it('keeps only the fields present', () => {
    expect(parsePatch({ description: ' New ', isTaxDeductible: true })).toEqual({
      description: 'New',
      isTaxDeductible: true,
    });
  });

  it('is empty for an empty patch', () => {
    expect(isEmptyChange(parsePatch({ clearCategoryId: false, clearMerchant: false }))).toBe(true);
  });

  it('clears nullable fields', () => {
    expect(parsePatch({ clearCategoryId: true, clearMerchant: true })).toEqual({
      categoryId: null,
      merchant: null,
    });
  });

  it('refuses setting and clearing the same field', () => {
    const issues = issuesFrom(() =>
      parsePatch({
        categoryId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        clearCategoryId: true,
        merchant: 'X',
        clearMerchant: true,
      }),
    );
    expect(fieldsOf(issues)).toEqual(['categoryId', 'merchant']);
  });

  it('validates every present field', () => {
    const issues = issuesFrom(() =>
      parsePatch({
        date: '2024-13-01',
        description: '',
        amount: '0',
        type: 'x',
        categoryId: 'y',
        merchant: 'm'.repeat(201),
        gstAmount: '-1',
        gstRate: '2',
        businessUsePercentage: '200',
      }),
    );
    expect(fieldsOf(issues)).toEqual(
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
    expect(issues.find((i) => i.field === 'description')?.message).toBe('must not be empty');
  });
});

describe('resolvePatch', () => {
  const stored: TransactionFields = {
    occurredAt: new Date('2024-07-01T00:00:00Z'),
    description: 'Lunch',
    amount: '110.00',
    type: 'debit',
    categoryId: null,
    merchant: null,
    isTaxDeductible: false,
    businessUsePercentage: '100',
    gstRate: '0.1',
    gstAmount: '10.00',
    gstIncluded: true,
  };
  const resolve = (current: TransactionFields, patch: Parameters<typeof parsePatch>[0]) =>
    resolvePatch(current, parsePatch(patch));

  it('re-derives the GST when the amount changes', () => {
    expect(resolve(stored, { amount: '220' })).toEqual({ amount: '220.00', gstAmount: '20.00' });
  });

  it('re-derives the GST when the rate changes', () => {
    expect(resolve(stored, { gstRate: '0.15' })).toEqual({ gstRate: '0.15', gstAmount: '14.35' });
  });

  it('re-derives the GST when gstIncluded changes', () => {
    expect(resolve(stored, { gstIncluded: false })).toEqual({
      gstIncluded: false,
      gstAmount: '11.00',
    });
  });

  it('keeps a GST amount given in the patch', () => {
    expect(resolve(stored, { amount: '220', gstAmount: '1' })).toEqual({
      amount: '220.00',
      gstAmount: '1.00',
    });
  });

  it('leaves the GST alone when unrelated fields change', () => {
    expect(resolve(stored, { description: 'Dinner' })).toEqual({ description: 'Dinner' });
  });

  it('does not derive without a rate', () => {
    const noRate = { ...stored, gstRate: null, gstAmount: '3.00' };
    expect(resolve(noRate, { amount: '50' })).toEqual({ amount: '50.00' });
  });

  it('refuses a GST amount above the amount in force', () => {
    expect(issuesFrom(() => resolve(stored, { gstAmount: '110.01' }))).toEqual([
      { field: 'gstAmount', message: 'must not exceed amount' },
    ]);
  });

  it('refuses shrinking the amount below a kept GST amount', () => {
    const noRate = { ...stored, gstRate: null, gstAmount: '30.00' };
    expect(fieldsOf(issuesFrom(() => resolve(noRate, { amount: '20' })))).toEqual(['amount']);
  });
});
