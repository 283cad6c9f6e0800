import { AppError, type FieldIssue } from '@pfs/kit';
import { escapeLike, normalizeListQuery } from '../../src/domain/listing';

function issuesFrom(fn: () => unknown): FieldIssue[] {
  try {
    fn();
  } catch (err) {
    expect((err as AppError).code).toBe('VALIDATION_ERROR');
    return (err as AppError).details?.issues ?? [];
  }
  throw new Error('expected a validation error');
}

const CATEGORY = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';

describe('normalizeListQuery', () => {
  it('defaults to no filter, newest first', () => {
    expect(normalizeListQuery(undefined, '')).toEqual({
      filter: { uncategorized: false },
      sort: { column: 'occurred_at', direction: 'desc' },
    });
  });

  it.each([
    ['date', { column: 'occurred_at', direction: 'asc' }],
    ['-date', { column: 'occurred_at', direction: 'desc' }],
    ['amount', { column: 'amount', direction: 'asc' }],
    ['-amount', { column: 'amount', direction: 'desc' }],
  ])('sort %p', (sort, expected) => {
    expect(normalizeListQuery({}, sort).sort).toEqual(expected);
  });

  it.each(['createdAt', 'DATE', '+date', 'amount,date'])('refuses sort %p', (sort) => {
    expect(issuesFrom(() => normalizeListQuery({}, sort))).toEqual([
      { field: 'sort', message: 'must be one of date, -date, amount, -amount' },
    ]);
  });

  it('turns an inclusive date range into a half-open UTC range', () => {
    const { filter } = normalizeListQuery({ from: '2024-01-01', to: '2024-01-31' }, '');
    expect(filter.occurredFrom?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(filter.occurredBefore?.toISOString()).toBe('2024-02-01T00:00:00.000Z');
  });

  it('accepts a single-day range', () => {
    expect(() => normalizeListQuery({ from: '2024-01-01', to: '2024-01-01' }, '')).not.toThrow();
  });

  it('normalises every other filter', () => {
    const { filter } = normalizeListQuery(
      {
        categoryId: CATEGORY.toUpperCase(),
        type: 'credit',
        merchant: '  Bunnings ',
        q: ' 50%_off ',
        minAmount: '10',
        maxAmount: '20.5',
        isTaxDeductible: false,
      },
      'amount',
    );
    expect(filter).toEqual({
      uncategorized: false,
      categoryId: CATEGORY,
      type: 'credit',
      merchant: 'Bunnings',
      searchPattern: '%50\\%\\_off%',
      minAmount: '10.00',
      maxAmount: '20.50',
      isTaxDeductible: false,
    });
  });

  it('treats empty filter values as absent', () => {
    expect(
      normalizeListQuery({ from: '', to: ' ', merchant: '', q: '', type: '', minAmount: '' }, '')
        .filter,
    ).toEqual({
      uncategorized: false,
    });
  });

  it('keeps uncategorized', () => {
    expect(normalizeListQuery({ uncategorized: true }, '').filter.uncategorized).toBe(true);
  });

  it('reports every bad filter at once', () => {
    const issues = issuesFrom(() =>
      normalizeListQuery(
        {
          from: '2024-02-30',
          to: 'soon',
          categoryId: 'nope',
          type: 'refund',
          merchant: 'm'.repeat(201),
          q: 'q'.repeat(1001),
          minAmount: 'ten',
          maxAmount: '-1',
        },
        'newest',
      ),
    );
    expect(issues.map((i) => i.field).sort()).toEqual(
      [
        'categoryId',
        'from',
        'maxAmount',
        'merchant',
        'minAmount',
        'q',
        'sort',
        'to',
        'type',
      ].sort(),
    );
  });

  it('refuses from after to', () => {
    expect(
      issuesFrom(() => normalizeListQuery({ from: '2024-02-01', to: '2024-01-31' }, '')),
    ).toEqual([{ field: 'from', message: 'must not be after to' }]);
  });

  it('refuses minAmount above maxAmount', () => {
    expect(issuesFrom(() => normalizeListQuery({ minAmount: '20', maxAmount: '10' }, ''))).toEqual([
      { field: 'minAmount', message: 'must not be greater than maxAmount' },
    ]);
  });

  it('refuses a date-time where a date is expected', () => {
    expect(issuesFrom(() => normalizeListQuery({ from: '2024-01-01T00:00:00Z' }, ''))).toEqual([
      { field: 'from', message: 'must be a date (YYYY-MM-DD)' },
    ]);
  });

  it('refuses a category filter combined with uncategorized', () => {
    expect(
      issuesFrom(() => normalizeListQuery({ categoryId: CATEGORY, uncategorized: true }, '')),
    ).toEqual([{ field: 'categoryId', message: 'cannot be combined with uncategorized' }]);
  });

  it('refuses amounts with more than two decimals', () => {
    expect(issuesFrom(() => normalizeListQuery({ minAmount: '1.001' }, ''))).toEqual([
      { field: 'minAmount', message: 'must have at most 2 decimal places' },
    ]);
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
