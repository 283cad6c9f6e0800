import { ServiceClient } from '@pfs/kit';
import { ReportServiceClient } from '@pfs/proto/ledger/v1/reports';
import { ledgerAs, newUser, rejection, startLedger, type Harness } from './harness';

let h: Harness;
let client: ServiceClient<ReportServiceClient>;

beforeAll(async () => {
  h = await startLedger();
  client = new ServiceClient('ledger', ReportServiceClient, h.server.address);
});

afterAll(async () => {
  client.close();
  await h.close();
});

const A = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const B = 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a22';

const gst = (userId: string | undefined, from: string, to: string) =>
  client.call((c) => c.getGstTotals, { from, to }, { userId });
const deductions = (userId: string | undefined, from: string, to: string) =>
  client.call((c) => c.getDeductionTotals, { from, to }, { userId });

/** A small data set whose figures are computed by hand in the tests. */
async function seed(userId: string): Promise<void> {
  const ledger = ledgerAs(h.client, userId);
  // Sales: 110 incl. 10 GST; 200 + 20 GST (excluded); 50 without GST.
  await ledger.create({
    date: '2025-01-10',
    amount: '110.00',
    type: 'credit',
    categoryId: A,
    gstRate: '0.1',
    gstIncluded: true,
  });
  await ledger.create({
    date: '2025-02-01',
    amount: '200.00',
    type: 'credit',
    categoryId: A,
    gstRate: '0.1',
    gstIncluded: false,
  });
  await ledger.create({ date: '2025-02-15', amount: '50.00', type: 'credit' });
  // Purchases: 33 incl. 3 GST, 50% business → 16.50; 0.05 at 50% → 0.025 → 0.03 (half away from zero).
  await ledger.create({
    date: '2025-01-20',
    amount: '33.00',
    categoryId: B,
    gstRate: '0.1',
    isTaxDeductible: true,
    businessUsePercentage: '50',
  });
  await ledger.create({
    date: '2025-03-31T23:59:59Z',
    amount: '0.05',
    categoryId: B,
    isTaxDeductible: true,
    businessUsePercentage: '50',
  });
  // 10.01 + 1.00 GST (10.01 × 0.1 = 1.001), 33.33% business → 3.336333 → 3.34; uncategorized.
  await ledger.create({
    date: '2025-03-01',
    amount: '10.01',
    gstRate: '0.1',
    gstIncluded: false,
    isTaxDeductible: true,
    businessUsePercentage: '33.33',
  });
  // Not deductible, GST given.
  await ledger.create({
    date: '2025-02-20',
    amount: '99.99',
    categoryId: A,
    gstAmount: '9.09',
    gstRate: '0.1',
  });
  // Outside the range on either side (UTC days).
  await ledger.create({
    date: '2025-04-01T00:00:00Z',
    amount: '1000.00',
    categoryId: B,
    isTaxDeductible: true,
    gstRate: '0.1',
  });
  await ledger.create({
    date: '2024-12-31T23:59:59Z',
    amount: '5.00',
    type: 'credit',
    gstRate: '0.1',
  });
}

describe('ReportService', () => {
  const user = newUser();

  beforeAll(async () => {
    await seed(user);
    // Another user's rows in the same range never count.
    await ledgerAs(h.client, newUser()).create({
      date: '2025-02-01',
      amount: '500.00',
      isTaxDeductible: true,
      gstRate: '0.1',
      categoryId: A,
    });
  });

  it('totals GST collected on credits and paid on debits, by category, exactly', async () => {
    const res = await gst(user, '2025-01-01', '2025-03-31');
    expect(res).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
      totals: {
        gstCollected: '30.00',
        gstPaid: '13.09',
        sales: '380.00',
        purchases: '144.05',
        count: '7',
      },
      byCategory: [
        {
          categoryId: A,
          totals: {
            gstCollected: '30.00',
            gstPaid: '9.09',
            sales: '330.00',
            purchases: '99.99',
            count: '3',
          },
        },
        {
          categoryId: B,
          totals: {
            gstCollected: '0.00',
            gstPaid: '3.00',
            sales: '0.00',
            purchases: '33.05',
            count: '2',
          },
        },
        {
          totals: {
            gstCollected: '0.00',
            gstPaid: '1.00',
            sales: '50.00',
            purchases: '11.01',
            count: '2',
          },
        },
      ],
    });
  });

  it('totals deductible debits with business use applied per transaction', async () => {
    const res = await deductions(user, '2025-01-01', '2025-03-31');
    expect(res).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
      deductible: '19.87',
      gross: '43.06',
      count: '3',
      byCategory: [
        { categoryId: B, deductible: '16.53', gross: '33.05', count: '2' },
        { deductible: '3.34', gross: '10.01', count: '1' },
      ],
    });
  });

  it('answers zeros for an empty range', async () => {
    expect(await gst(user, '2020-01-01', '2020-01-31')).toMatchObject({
      totals: { gstCollected: '0.00', gstPaid: '0.00', count: '0' },
      byCategory: [],
    });
    expect(await deductions(newUser(), '2025-01-01', '2025-12-31')).toMatchObject({
      deductible: '0.00',
      count: '0',
      byCategory: [],
    });
  });

  it('refuses bad ranges and callers without identity', async () => {
    const missing = await rejection(gst(user, '', '2025-01-01'));
    expect([missing.code, missing.details?.issues?.map((i) => i.field)]).toEqual([
      'VALIDATION_ERROR',
      ['from'],
    ]);
    const reversed = await rejection(deductions(user, '2025-02-01', '2025-01-01'));
    expect(reversed.details?.issues).toEqual([{ field: 'from', message: 'must not be after to' }]);
    const long = await rejection(gst(user, '2015-01-01', '2025-01-01'));
    expect(long.details?.issues?.[0].field).toBe('to');
    expect((await rejection(gst(undefined, '2025-01-01', '2025-01-31'))).code).toBe('UNAUTHORIZED');
  });
});
