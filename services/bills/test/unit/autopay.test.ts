import { money } from '@pfs/kit';
import { amountTolerance, matchBill, type UnpaidBill } from '../../src/domain/autopay';

const bill = (over: Partial<UnpaidBill> = {}): UnpaidBill => ({
  id: 'b1',
  name: 'Netflix',
  merchant: null,
  amount: money('17.99'),
  dueDate: '2025-06-10',
  ...over,
});

const payment = (over: Record<string, unknown> = {}) => ({
  id: 't1',
  date: '2025-06-11T00:00:00.000Z',
  amount: '17.99',
  merchant: 'NETFLIX.COM',
  description: 'Card purchase',
  ...over,
});

describe('autopay matching', () => {
  it('allows max(1.00, 5%) of the bill', () => {
    expect(amountTolerance(money('10')).toFixed(2)).toBe('1.00');
    expect(amountTolerance(money('200')).toFixed(2)).toBe('10.00');
    expect(matchBill(payment({ amount: '18.99' }), [bill()])).toBeDefined();
    expect(matchBill(payment({ amount: '19.00' }), [bill()])).toBeUndefined();
    expect(
      matchBill(payment({ amount: '209.99' }), [bill({ amount: money('200') })]),
    ).toBeDefined();
    expect(
      matchBill(payment({ amount: '210.01' }), [bill({ amount: money('200') })]),
    ).toBeUndefined();
  });

  it('needs the payment within 7 days of the due date', () => {
    expect(matchBill(payment({ date: '2025-06-03' }), [bill()])).toBeDefined();
    expect(matchBill(payment({ date: '2025-06-17T23:59:00Z' }), [bill()])).toBeDefined();
    expect(matchBill(payment({ date: '2025-06-02' }), [bill()])).toBeUndefined();
    expect(matchBill(payment({ date: '2025-06-18' }), [bill()])).toBeUndefined();
  });

  it('matches the bill merchant, or its name, against the merchant or the description', () => {
    expect(matchBill(payment(), [bill({ merchant: 'NETFLIX' })])).toBeDefined();
    expect(
      matchBill(payment({ merchant: null, description: 'NETFLIX.COM 866-579' }), [bill()]),
    ).toBeDefined();
    expect(matchBill(payment({ merchant: 'SPOTIFY' }), [bill()])).toBeUndefined();
    expect(
      matchBill(payment({ merchant: 'AMAZON MKTPLC' }), [bill({ name: 'Amazon Prime' })]),
    ).toBeUndefined();
  });

  it('picks the bill due closest to the payment, then the closest amount', () => {
    const bills = [
      bill({ id: 'may', dueDate: '2025-06-04' }),
      bill({ id: 'june', dueDate: '2025-06-10' }),
      bill({ id: 'june-other', dueDate: '2025-06-10', amount: money('17.50') }),
    ];
    expect(matchBill(payment(), bills)?.id).toBe('june');
    expect(matchBill(payment({ date: '2025-06-05' }), bills)?.id).toBe('may');
  });
});
