import { AppError, type FieldIssue } from '@pfs/kit';
import { BATCH_MAX, parseBatch, resolveBatch } from '../../src/domain/batch';
import type { Transaction } from '../../src/domain/transactions';

const id = (n: number) => `a0eebc99-9c0b-4ef8-bb6d-${String(n).padStart(12, '0')}`;

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

function stored(n: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: id(n),
    occurredAt: new Date('2025-01-01T00:00:00Z'),
    description: 'Stored',
    amount: '110.00',
    type: 'debit',
    categoryId: null,
    merchant: null,
    isTaxDeductible: false,
    businessUsePercentage: '100',
    gstRate: '0.1',
    gstAmount: '10.00',
    gstIncluded: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

describe('parseBatch', () => {
  it('parses each item with the single-update rules and lower-cases ids', () => {
    expect(
      parseBatch([
        { id: id(1).toUpperCase(), patch: { description: ' New ', isTaxDeductible: true } },
        { id: id(2), patch: { clearCategoryId: true, amount: '5' } },
        { id: id(3) },
      ]),
    ).toEqual([
      { id: id(1), changes: { description: 'New', isTaxDeductible: true } },
      { id: id(2), changes: { categoryId: null, amount: '5.00' } },
      { id: id(3), changes: {} },
    ]);
  });

  it('needs 1 to 500 updates', () => {
    expect(issuesFrom(() => parseBatch([]))).toEqual([
      { field: 'updates', message: expect.any(String) },
    ]);
    const many = Array.from({ length: BATCH_MAX + 1 }, (_, i) => ({ id: id(i), patch: {} }));
    expect(fieldsOf(issuesFrom(() => parseBatch(many)))).toEqual(['updates']);
    expect(parseBatch(many.slice(0, BATCH_MAX))).toHaveLength(BATCH_MAX);
  });

  it('reports every bad item under updates.<index>', () => {
    const issues = issuesFrom(() =>
      parseBatch([
        { id: id(0), patch: { amount: '1.00' } },
        { id: 'not-a-uuid', patch: {} },
        { id: id(2), patch: { amount: '-1', type: 'refund' } },
        { id: id(3), patch: { categoryId: id(9), clearCategoryId: true } },
      ]),
    );
    expect(fieldsOf(issues)).toEqual([
      'updates.1.id',
      'updates.2.amount',
      'updates.2.type',
      'updates.3.categoryId',
    ]);
  });

  it('refuses an id named twice (case-insensitively), naming the repeat', () => {
    const issues = issuesFrom(() =>
      parseBatch([
        { id: id(1), patch: {} },
        { id: id(2), patch: {} },
        { id: id(1).toUpperCase(), patch: {} },
      ]),
    );
    expect(issues).toEqual([
      { field: 'updates.2.id', message: expect.stringContaining('updates.0') },
    ]);
  });
});

describe('resolveBatch', () => {
  it('re-derives GST per item exactly as a single update does', () => {
    const current = new Map([
      [id(1), stored(1)],
      [id(2), stored(2, { gstRate: null, gstAmount: '0.00' })],
    ]);
    const resolved = resolveBatch(
      [
        { id: id(1), changes: { amount: '220.00' } },
        { id: id(2), changes: { amount: '50.00' } },
      ],
      current,
    );
    expect(resolved).toEqual([
      { id: id(1), changes: { amount: '220.00', gstAmount: '20.00' } },
      { id: id(2), changes: { amount: '50.00' } },
    ]);
  });

  it('reports items whose GST would exceed the amount, by index', () => {
    const current = new Map([
      [id(1), stored(1, { gstRate: null })],
      [id(2), stored(2, { gstRate: null })],
    ]);
    const issues = issuesFrom(() =>
      resolveBatch(
        [
          { id: id(1), changes: { description: 'fine' } },
          { id: id(2), changes: { amount: '5.00' } },
        ],
        current,
      ),
    );
    expect(fieldsOf(issues)).toEqual(['updates.1.amount']);
  });

  it('fails as not found when a row is missing', () => {
    expect(() => resolveBatch([{ id: id(7), changes: {} }], new Map())).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });
});
