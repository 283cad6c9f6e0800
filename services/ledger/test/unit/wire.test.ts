import { toTransactionMessage } from '../../src/wire';

describe('toTransactionMessage', () => {
  const stored = {
    id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    occurredAt: new Date('2024-07-01T00:00:00Z'),
    description: 'Lunch',
    amount: '12.30',
    type: 'debit' as const,
    categoryId: null,
    merchant: null,
    isTaxDeductible: false,
    businessUsePercentage: '100.00',
    gstRate: '0.10000',
    gstAmount: '1.12',
    gstIncluded: true,
    createdAt: new Date('2024-07-02T03:04:05.678Z'),
    updatedAt: new Date('2024-07-02T03:04:05.678Z'),
  };

  it('formats money with two decimals and rates without trailing zeros', () => {
    expect(toTransactionMessage(stored)).toEqual({
      id: stored.id,
      date: '2024-07-01T00:00:00.000Z',
      description: 'Lunch',
      amount: '12.30',
      type: 'debit',
      categoryId: undefined,
      merchant: undefined,
      isTaxDeductible: false,
      businessUsePercentage: '100',
      gstAmount: '1.12',
      gstRate: '0.1',
      gstIncluded: true,
      createdAt: '2024-07-02T03:04:05.678Z',
      updatedAt: '2024-07-02T03:04:05.678Z',
    });
  });

  it('reads an unknown rate as "0" and keeps optional fields', () => {
    const message = toTransactionMessage({
      ...stored,
      gstRate: null,
      businessUsePercentage: '50.00',
      categoryId: 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      merchant: 'Cafe',
    });
    expect(message).toMatchObject({
      gstRate: '0',
      businessUsePercentage: '50',
      categoryId: 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      merchant: 'Cafe',
    });
  });
});
