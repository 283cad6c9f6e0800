import { AppError, type FieldIssue } from '@pfs/kit';
import {
  normalizeExpenseFilter,
  parseExpensePatch,
  parseNewExpense,
  resolveExpensePatch,
  type ExpenseFields,
  type ExpenseInput,
} from '../../src/domain/expenses';

const valid: ExpenseInput = { date: '2025-03-14', description: 'Printer ink', amount: '89.95' };

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

const fieldsOf = (issues: FieldIssue[]) => issues.map((i) => i.field).sort();

describe('parseNewExpense', () => {
  it('normalises a minimal expense with defaults', () => {
    expect(parseNewExpense({ ...valid, description: '  Printer ink ', amount: '89.9' })).toEqual({
      date: '2025-03-14',
      description: 'Printer ink',
      amount: '89.90',
      categoryId: null,
      isTaxDeductible: false,
      taxDeductions: [],
      notes: null,
    });
  });

  it('keeps deductions, lower-cases the category and defaults isTaxDeductible to true with deductions', () => {
    const parsed = parseNewExpense({
      ...valid,
      categoryId: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
      taxDeductions: [
        { taxCategory: ' Office supplies ', amount: '45', percentage: '50.50', notes: 'half' },
        { taxCategory: 'Home office', amount: '0.01', notes: '  ' },
      ],
      notes: 'receipt in drawer',
    });
    expect(parsed).toMatchObject({
      categoryId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      isTaxDeductible: true,
      notes: 'receipt in drawer',
      taxDeductions: [
        { taxCategory: 'Office supplies', amount: '45.00', percentage: '50.5', notes: 'half' },
        { taxCategory: 'Home office', amount: '0.01', percentage: null, notes: null },
      ],
    });
    expect(
      parseNewExpense({
        ...valid,
        isTaxDeductible: false,
        taxDeductions: [{ taxCategory: 'x', amount: '1' }],
      }).isTaxDeductible,
    ).toBe(false);
  });

  it('reports every bad field at once', () => {
    const issues = issuesFrom(() =>
      parseNewExpense({
        date: '2025-02-30',
        description: 'x'.repeat(1001),
        amount: '12.345',
        categoryId: 'nope',
        notes: 'n'.repeat(5001),
      }),
    );
    expect(fieldsOf(issues)).toEqual(['amount', 'categoryId', 'date', 'description', 'notes']);
  });

  it.each([
    ['missing date', { date: '' }, 'date'],
    ['date-time instead of date', { date: '2025-03-14T10:00:00Z' }, 'date'],
    ['year out of range', { date: '1899-12-31' }, 'date'],
    ['blank description', { description: '   ' }, 'description'],
    ['zero amount', { amount: '0' }, 'amount'],
    ['negative amount', { amount: '-1' }, 'amount'],
    ['huge amount', { amount: '10000000000' }, 'amount'],
    ['not a number', { amount: '12abc' }, 'amount'],
  ])('rejects %s', (_label, patch, field) => {
    expect(fieldsOf(issuesFrom(() => parseNewExpense({ ...valid, ...patch })))).toEqual([field]);
  });
});

describe('taxDeductions validation', () => {
  const withDeductions = (taxDeductions: ExpenseInput['taxDeductions'], amount = '100.00') =>
    parseNewExpense({ ...valid, amount, taxDeductions });

  it('names the item and field of each problem', () => {
    const issues = issuesFrom(() =>
      withDeductions([
        { taxCategory: 'ok', amount: '10' },
        { taxCategory: '', amount: '0' },
        {
          taxCategory: 't'.repeat(101),
          amount: '1.001',
          percentage: '100.5',
          notes: 'n'.repeat(5001),
        },
        { taxCategory: 'ok', amount: '5', percentage: '-1' },
      ]),
    );
    expect(fieldsOf(issues)).toEqual([
      'taxDeductions.1.amount',
      'taxDeductions.1.taxCategory',
      'taxDeductions.2.amount',
      'taxDeductions.2.notes',
      'taxDeductions.2.percentage',
      'taxDeductions.2.taxCategory',
      'taxDeductions.3.percentage',
    ]);
  });

  it('allows at most 50 items', () => {
    const item = { taxCategory: 'Tools', amount: '1' };
    expect(withDeductions(Array(50).fill(item))).toHaveProperty('taxDeductions.length', 50);
    expect(fieldsOf(issuesFrom(() => withDeductions(Array(51).fill(item))))).toEqual([
      'taxDeductions',
    ]);
  });

  it('keeps each deduction, and their total, within the expense amount (decimal-exact)', () => {
    expect(withDeductions([{ taxCategory: 'a', amount: '100' }]).taxDeductions).toHaveLength(1);
    expect(
      fieldsOf(issuesFrom(() => withDeductions([{ taxCategory: 'a', amount: '100.01' }]))),
    ).toEqual(['taxDeductions.0.amount']);
    // 0.1 + 0.2 is exactly 0.3 in decimal: it fits an expense of 0.30.
    expect(
      withDeductions(
        [
          { taxCategory: 'a', amount: '0.1' },
          { taxCategory: 'b', amount: '0.2' },
        ],
        '0.30',
      ).taxDeductions,
    ).toHaveLength(2);
    expect(
      fieldsOf(
        issuesFrom(() =>
          withDeductions([
            { taxCategory: 'a', amount: '60' },
            { taxCategory: 'b', amount: '40.01' },
          ]),
        ),
      ),
    ).toEqual(['taxDeductions']);
  });
});

describe('parseExpensePatch / resolveExpensePatch', () => {
  const stored: ExpenseFields = {
    date: '2025-03-14',
    description: 'Printer ink',
    amount: '100.00',
    categoryId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    isTaxDeductible: true,
    taxDeductions: [{ taxCategory: 'Office', amount: '80.00', percentage: null, notes: null }],
    notes: 'n',
  };

  it('keeps absent fields absent and clears nullable ones', () => {
    expect(parseExpensePatch({})).toEqual({});
    expect(
      parseExpensePatch({ clearCategoryId: true, clearNotes: true, taxDeductions: { items: [] } }),
    ).toEqual({
      categoryId: null,
      notes: null,
      taxDeductions: [],
    });
    expect(parseExpensePatch({ notes: '  ' })).toEqual({ notes: null });
  });

  it('refuses setting and clearing at once', () => {
    expect(
      fieldsOf(
        issuesFrom(() =>
          parseExpensePatch({
            categoryId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
            clearCategoryId: true,
            notes: 'x',
            clearNotes: true,
          }),
        ),
      ),
    ).toEqual(['categoryId', 'notes']);
  });

  it('blames the amount when it drops below the stored deductions, and the deductions when they grow', () => {
    expect(resolveExpensePatch(stored, { amount: '80.00' })).toEqual({ amount: '80.00' });
    const lowered = issuesFrom(() => resolveExpensePatch(stored, { amount: '79.99' }));
    expect(lowered).toEqual([{ field: 'amount', message: expect.stringContaining('80.00') }]);
    const grown = issuesFrom(() =>
      resolveExpensePatch(stored, {
        taxDeductions: [{ taxCategory: 'Office', amount: '100.01', percentage: null, notes: null }],
      }),
    );
    expect(fieldsOf(grown)).toEqual(['taxDeductions.0.amount']);
    // Both changed together: judged against each other.
    expect(
      resolveExpensePatch(stored, {
        amount: '10.00',
        taxDeductions: [{ taxCategory: 'Office', amount: '10.00', percentage: null, notes: null }],
      }),
    ).toHaveProperty('amount', '10.00');
  });
});

describe('normalizeExpenseFilter', () => {
  it('accepts the four filters', () => {
    expect(
      normalizeExpenseFilter({
        from: '2025-01-01',
        to: '2025-01-31',
        categoryId: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
        isTaxDeductible: false,
      }),
    ).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      categoryId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      isTaxDeductible: false,
    });
    expect(normalizeExpenseFilter(undefined)).toEqual({});
    expect(normalizeExpenseFilter({ from: ' ', to: '' })).toEqual({});
  });

  it('rejects bad dates, reversed ranges and bad category ids', () => {
    expect(
      fieldsOf(
        issuesFrom(() =>
          normalizeExpenseFilter({ from: '2025-13-01', to: '01/02/2025', categoryId: 'x' }),
        ),
      ),
    ).toEqual(['categoryId', 'from', 'to']);
    expect(
      fieldsOf(issuesFrom(() => normalizeExpenseFilter({ from: '2025-02-01', to: '2025-01-31' }))),
    ).toEqual(['from']);
  });
});
