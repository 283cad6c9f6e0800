import { AppError } from '@pfs/kit';
import { validateBillPatch, validateNewBill } from '../../src/domain/bills';
import { applyPatternPatch, validateNewPattern } from '../../src/domain/patterns';

function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return ((err as AppError).details?.issues ?? []).map((i) => i.field).sort();
  }
  throw new Error('expected a validation error');
}

describe('bill validation', () => {
  it('accepts a bill, trimming the name and keeping notes as written', () => {
    const bill = validateNewBill({
      name: ' Rent ',
      amount: '1500',
      dueDate: '2030-02-01',
      notes: ' pay early ',
      merchant: ' ',
    });
    expect(bill).toMatchObject({
      name: 'Rent',
      dueDate: '2030-02-01',
      notes: ' pay early ',
      merchant: null,
      categoryId: null,
    });
    expect(bill.amount.toFixed(2)).toBe('1500.00');
  });

  it('reports every bad field', () => {
    expect(
      issuesOf(() =>
        validateNewBill({
          name: '',
          amount: '0',
          dueDate: '2030-02-29',
          notes: 'n'.repeat(5001),
          merchant: 'm'.repeat(201),
          categoryId: 'x',
        }),
      ),
    ).toEqual(['amount', 'categoryId', 'dueDate', 'merchant', 'name', 'notes']);
    expect(
      issuesOf(() =>
        validateNewBill({ name: 'a'.repeat(201), amount: '1.001', dueDate: '2030-01-01' }),
      ),
    ).toEqual(['amount', 'name']);
    expect(
      issuesOf(() =>
        validateNewBill({ name: 'a', amount: '1000000000000', dueDate: '2030-01-01' }),
      ),
    ).toEqual(['amount']);
  });

  it('patches: clears, pays and un-pays', () => {
    expect(
      validateBillPatch({
        clearCategoryId: true,
        clearNotes: true,
        clearMerchant: false,
        paid: false,
      }),
    ).toEqual({
      categoryId: null,
      notes: null,
      paid: false,
    });
    expect(
      issuesOf(() =>
        validateBillPatch({
          name: ' ',
          clearCategoryId: false,
          clearNotes: false,
          clearMerchant: false,
        }),
      ),
    ).toEqual(['name']);
  });
});

describe('pattern validation', () => {
  const input = {
    name: 'Gym',
    amount: '20',
    frequency: 'monthly',
    interval: 1,
    startDate: '2030-01-31',
  };

  it('defaults the interval to 1 and checks the end date', () => {
    expect(validateNewPattern({ ...input, interval: 0 }).interval).toBe(1);
    expect(issuesOf(() => validateNewPattern({ ...input, endDate: '2030-01-30' }))).toEqual([
      'endDate',
    ]);
    expect(validateNewPattern({ ...input, endDate: '2030-01-31' }).endDate).toBe('2030-01-31');
  });

  it('reports every bad field', () => {
    expect(
      issuesOf(() =>
        validateNewPattern({
          name: '',
          amount: '-1',
          frequency: 'daily',
          interval: 53,
          startDate: 'soon',
          endDate: 'later',
        }),
      ),
    ).toEqual(['amount', 'endDate', 'frequency', 'interval', 'name', 'startDate']);
    expect(issuesOf(() => validateNewPattern({ ...input, interval: 2.5 }))).toEqual(['interval']);
  });

  it('applies a patch to the current fields, checking the merged dates', () => {
    const current = validateNewPattern({ ...input, endDate: '2030-12-31', merchant: 'GYM' });
    const flags = { clearEndDate: false, clearCategoryId: false, clearMerchant: false };
    expect(
      applyPatternPatch(current, {
        ...flags,
        frequency: 'quarterly',
        clearEndDate: true,
        clearMerchant: true,
      }),
    ).toMatchObject({
      frequency: 'quarterly',
      endDate: null,
      merchant: null,
      startDate: '2030-01-31',
    });
    expect(
      issuesOf(() => applyPatternPatch(current, { ...flags, startDate: '2031-01-01' })),
    ).toEqual(['endDate']);
  });
});
