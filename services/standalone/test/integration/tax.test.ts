import type { Stack } from '../../src';
import {
  ADMIN_TOKEN,
  client,
  expectError,
  registerUser,
  startTestStack,
  type Api,
  type TestUser,
} from './harness';

let stack: Stack;
let api: Api;
let alice: TestUser; // AU
let bob: TestUser; // AU, whose transactions must never reach alice's reports
let carol: TestUser; // GB
let readKey: string; // alice's mcp:read API key
let fullKey: string; // alice's mcp:full API key

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  [alice, bob, carol] = await Promise.all([
    registerUser(api, { countryCode: 'AU' }),
    registerUser(api, { countryCode: 'AU' }),
    registerUser(api, { countryCode: 'GB' }),
  ]);
  const key = async (scopes: string[]) => {
    const res = await api('POST', '/api/api-keys', {
      token: alice.token,
      body: { name: scopes.join(' '), scopes },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.key as string;
  };
  [readKey, fullKey] = await Promise.all([key(['mcp:read']), key(['mcp:full'])]);
});
afterAll(() => stack.close());

const RATE_FIELDS = [
  'combinedRate',
  'countryCode',
  'description',
  'effectiveFrom',
  'effectiveTo',
  'reducedRate',
  'stateProvince',
  'standardRate',
  'taxName',
  'taxType',
  'zeroRate',
].sort();

describe('GET /api/tax/country-rates', () => {
  it('lists the rates in effect, also grouped by country', async () => {
    const res = await api('GET', '/api/tax/country-rates', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { rates, ratesByCountry } = res.body.data;
    expect(Object.keys(ratesByCountry).length).toBeGreaterThanOrEqual(60);
    expect(rates.length).toBe(Object.values(ratesByCountry).flat().length);
    expect(Object.keys(rates[0]).sort()).toEqual(RATE_FIELDS);
    expect(ratesByCountry.AU).toEqual([
      {
        countryCode: 'AU',
        taxType: 'GST',
        taxName: 'Goods and Services Tax',
        standardRate: 0.1,
        reducedRate: null,
        zeroRate: 0,
        combinedRate: null,
        stateProvince: null,
        description: expect.stringContaining('10%'),
        effectiveFrom: '2000-07-01',
        effectiveTo: null,
      },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      rates.every(
        (r: { effectiveFrom: string; effectiveTo: string | null }) =>
          r.effectiveFrom <= today && (r.effectiveTo === null || r.effectiveTo >= today),
      ),
    ).toBe(true);
    expect(ratesByCountry.CA.length).toBe(14); // federal GST + 13 provinces and territories
    expect(ratesByCountry.US.length).toBe(51);
  });

  it('takes a historic date', async () => {
    const res = await api('GET', '/api/tax/country-rates?date=2010-06-01', { token: alice.token });
    expect(res.body.data.ratesByCountry.GB[0]).toMatchObject({
      standardRate: 0.175,
      effectiveTo: '2011-01-03',
    });
    expect(res.body.data.ratesByCountry.NZ[0].standardRate).toBe(0.125);
    expectError(
      await api('GET', '/api/tax/country-rates?date=2010-02-30', { token: alice.token }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('needs a credential; a read-only API key may read', async () => {
    expectError(await api('GET', '/api/tax/country-rates'), 401, 'UNAUTHORIZED');
    expect((await api('GET', '/api/tax/country-rates', { apiKey: readKey })).status).toBe(200);
  });
});

describe('GET /api/tax/rates/{countryCode}', () => {
  it('lists one country’s rates, in any case', async () => {
    const res = await api('GET', '/api/tax/rates/au', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [expect.objectContaining({ countryCode: 'AU', standardRate: 0.1 })],
    });
  });

  it('filters by state or province and date', async () => {
    const on = await api('GET', '/api/tax/rates/CA?stateProvince=on', { token: alice.token });
    expect(on.body.data).toEqual([
      expect.objectContaining({
        stateProvince: 'ON',
        taxType: 'HST',
        standardRate: 0.13,
        combinedRate: 0.13,
      }),
    ]);
    const jp = await api('GET', '/api/tax/rates/JP?date=2019-09-30', { token: alice.token });
    expect(jp.body.data).toEqual([
      expect.objectContaining({
        taxType: 'CONSUMPTION_TAX',
        standardRate: 0.08,
        effectiveTo: '2019-09-30',
      }),
    ]);
    const india = await api('GET', '/api/tax/rates/IN?date=2024-01-01', { token: alice.token });
    expect(india.body.data.map((r: { taxType: string }) => r.taxType)).toEqual([
      'GST',
      'GST_12',
      'GST_18',
      'GST_28',
      'GST_3',
      'GST_5',
    ]);
  });

  it('answers data: [] for a country without rates and 400 for a code that is not two letters', async () => {
    expect((await api('GET', '/api/tax/rates/XX', { token: alice.token })).body).toEqual({
      success: true,
      data: [],
    });
    for (const code of ['AUS', 'A', '1A', 'A%20']) {
      const res = await api('GET', `/api/tax/rates/${code}`, { token: alice.token });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.details.issues[0].field).toBe('countryCode');
    }
    expectError(
      await api('GET', '/api/tax/rates/CA?stateProvince=no%20way', { token: alice.token }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('needs a credential', async () => {
    expectError(await api('GET', '/api/tax/rates/AU'), 401, 'UNAUTHORIZED');
  });
});

describe('POST /api/tax/calculate', () => {
  const calculate = (body: unknown, user: TestUser = alice) =>
    api('POST', '/api/tax/calculate', { token: user.token, body });

  it('splits an amount that includes GST with the rate of the user’s country (SPEC example)', async () => {
    const res = await calculate({ amount: 110, gstIncluded: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        amount: 110,
        baseAmount: 100,
        gstAmount: 10,
        gstIncluded: true,
        gstRate: 0.1,
        totalAmount: 110,
        input: {
          amount: 110,
          gstIncluded: true,
          gstRate: 0.1,
          countryCode: 'AU',
          taxType: 'GST',
          stateProvince: null,
          date: expect.any(String),
        },
        appliedRate: expect.objectContaining({
          countryCode: 'AU',
          taxType: 'GST',
          standardRate: 0.1,
        }),
      },
    });
  });

  it('keeps base + gst = amount to the cent and rounds half away from zero', async () => {
    const res = await calculate({ amount: 0.63, gstIncluded: true, gstRate: 0.2 });
    expect(res.body.data).toMatchObject({
      baseAmount: 0.53,
      gstAmount: 0.1,
      totalAmount: 0.63,
      gstRate: 0.2,
      appliedRate: null,
    });
    expect(res.body.data.input).toMatchObject({ gstRate: 0.2, countryCode: 'AU', taxType: null });
    const excluded = await calculate({ amount: 0.05, gstIncluded: false, gstRate: 0.1 });
    expect(excluded.body.data).toMatchObject({
      baseAmount: 0.05,
      gstAmount: 0.01,
      totalAmount: 0.06,
    });
  });

  it('adds the tax when it is excluded, for another country and date', async () => {
    expect(
      (await calculate({ amount: 100, gstIncluded: false, countryCode: 'nz' })).body.data,
    ).toMatchObject({
      baseAmount: 100,
      gstAmount: 15,
      totalAmount: 115,
      gstRate: 0.15,
    });
    expect(
      (await calculate({ amount: 100, gstIncluded: false, countryCode: 'GB', date: '2009-06-30' }))
        .body.data,
    ).toMatchObject({
      gstAmount: 15,
      gstRate: 0.15,
      input: { date: '2009-06-30', taxType: 'VAT' },
    });
    expect((await calculate({ amount: 120, gstIncluded: true }, carol)).body.data).toMatchObject({
      baseAmount: 100,
      gstAmount: 20,
      input: { countryCode: 'GB' },
    });
  });

  it('uses the federal rate without a province and the combined rate with one', async () => {
    expect(
      (await calculate({ amount: 100, gstIncluded: false, countryCode: 'CA' })).body.data,
    ).toMatchObject({ gstRate: 0.05, gstAmount: 5 });
    expect(
      (await calculate({ amount: 100, gstIncluded: false, countryCode: 'CA', stateProvince: 'QC' }))
        .body.data,
    ).toMatchObject({
      gstRate: 0.14975,
      gstAmount: 14.98,
      totalAmount: 114.98,
      input: { taxType: 'QST', stateProvince: 'QC' },
    });
    expect(
      (await calculate({ amount: 100, gstIncluded: false, countryCode: 'US', stateProvince: 'CA' }))
        .body.data,
    ).toMatchObject({
      gstRate: 0.0725,
      gstAmount: 7.25,
    });
    expect(
      (
        await calculate({
          amount: 100,
          gstIncluded: false,
          countryCode: 'IN',
          taxType: 'gst_12',
          date: '2024-01-01',
        })
      ).body.data,
    ).toMatchObject({
      gstRate: 0.12,
      gstAmount: 12,
      input: { taxType: 'GST_12' },
    });
  });

  it('answers 400 when no rate is in effect', async () => {
    const us = await calculate({ amount: 100, gstIncluded: false, countryCode: 'US' });
    expectError(us, 400, 'VALIDATION_ERROR');
    expect(us.body.error).toMatch(/stateProvince/);
    const before = await calculate({ amount: 100, gstIncluded: false, date: '1999-01-01' });
    expectError(before, 400, 'VALIDATION_ERROR');
    expect(before.body.error).toMatch(/No tax rate of AU is in effect on 1999-01-01/);
    expectError(
      await calculate({ amount: 100, gstIncluded: false, countryCode: 'XX' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('lists every bad field', async () => {
    const res = await calculate({
      amount: 1.234,
      countryCode: 'AUS',
      gstRate: 1,
      date: '2025-13-01',
      taxType: 'G S T',
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'amount',
      'countryCode',
      'date',
      'gstIncluded',
      'gstRate',
      'taxType',
    ]);
    for (const body of [
      { amount: -1, gstIncluded: true },
      { amount: '110', gstIncluded: true },
      { amount: 110, gstIncluded: 'yes' },
      {},
    ]) {
      expectError(await calculate(body), 400, 'VALIDATION_ERROR');
    }
    expectError(
      await api('POST', '/api/tax/calculate', {
        token: alice.token,
        rawBody: '{"amount":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('needs a credential with a scope that allows POST', async () => {
    expectError(
      await api('POST', '/api/tax/calculate', { body: { amount: 1, gstIncluded: true } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await api('POST', '/api/tax/calculate', {
        apiKey: readKey,
        body: { amount: 1, gstIncluded: true },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(
      (
        await api('POST', '/api/tax/calculate', {
          apiKey: fullKey,
          body: { amount: 1, gstIncluded: true },
        })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/tax/seed-rates', () => {
  it('needs the operator token', async () => {
    expectError(await api('POST', '/api/tax/seed-rates'), 401, 'UNAUTHORIZED');
    expectError(
      await api('POST', '/api/tax/seed-rates', { headers: { 'x-admin-token': 'wrong' } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await api('POST', '/api/tax/seed-rates', { token: alice.token }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('is idempotent: the migration loaded everything, so nothing changes', async () => {
    const first = await api('POST', '/api/tax/seed-rates', {
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(first.status).toBe(200);
    const { success, inserted, updated, unchanged } = first.body;
    expect({ success, inserted, updated }).toEqual({ success: true, inserted: 0, updated: 0 });
    expect(unchanged).toBeGreaterThan(200);
    const second = await api('POST', '/api/tax/seed-rates', {
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(second.body).toEqual(first.body);
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const plain = await startTestStack({ ADMIN_TOKEN: '' });
    try {
      const res = await client(plain)('POST', '/api/tax/seed-rates', {
        headers: { 'x-admin-token': ADMIN_TOKEN },
      });
      expectError(res, 404, 'NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});

/** A minimal RFC 4180 reader, to check the CSV downloads parse back to the JSON figures. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe('tax reports', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const category = async (body: Record<string, unknown>) => {
      const res = await api('POST', '/api/categories', { token: alice.token, body });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return res.body.category.id as string;
    };
    ids.sales = await category({ name: 'Consulting' });
    ids.tools = await category({
      name: 'Tools',
      isTaxDeductible: true,
      taxCategory: 'D5: Other work-related expenses',
    });
    ids.phone = await category({
      name: 'Phone',
      isTaxDeductible: true,
      taxCategory: 'D5: Other work-related expenses',
    });
    ids.travel = await category({
      name: 'Travel, "Interstate"',
      isTaxDeductible: true,
      taxCategory: 'D2: Work-related travel expenses',
    });

    const tx = async (user: TestUser, body: Record<string, unknown>) => {
      const res = await api('POST', '/api/bank/transactions', {
        token: user.token,
        body: { description: 'Report test', type: 'debit', ...body },
      });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    };
    // FY2024-25 in Australia: 2024-07-01 .. 2025-06-30 (UTC days).
    await tx(alice, {
      date: '2024-08-15',
      amount: 1100,
      type: 'credit',
      categoryId: ids.sales,
      gstRate: 0.1,
    }); // GST 100.00
    await tx(alice, {
      date: '2025-06-30T23:00:00Z',
      amount: 500,
      type: 'credit',
      categoryId: ids.sales,
      gstRate: 0.1,
      gstIncluded: false,
    }); // GST 50.00, sale 550
    await tx(alice, {
      date: '2024-07-01',
      amount: 220,
      categoryId: ids.tools,
      gstRate: 0.1,
      isTaxDeductible: true,
    }); // GST 20, deduct 220.00
    await tx(alice, {
      date: '2025-01-15',
      amount: 99.99,
      categoryId: ids.phone,
      gstRate: 0.1,
      isTaxDeductible: true,
      businessUsePercentage: 50,
    }); // GST 9.09, deduct 49.995 → 50.00
    await tx(alice, {
      date: '2025-03-01',
      amount: 330,
      categoryId: ids.travel,
      gstRate: 0.1,
      isTaxDeductible: true,
      businessUsePercentage: 33.33,
    }); // GST 30, deduct 109.989 → 109.99
    await tx(alice, { date: '2025-02-02', amount: 45.5, isTaxDeductible: true }); // no GST, deduct 45.50, unassigned
    await tx(alice, { date: '2025-05-05', amount: 60, gstRate: 0.1 }); // GST 5.45, not deductible
    // Outside the financial year on either side.
    await tx(alice, {
      date: '2025-07-01T00:00:00Z',
      amount: 1000,
      gstRate: 0.1,
      isTaxDeductible: true,
      categoryId: ids.tools,
    });
    await tx(alice, {
      date: '2024-06-30T23:59:59Z',
      amount: 77,
      type: 'credit',
      gstRate: 0.1,
      categoryId: ids.sales,
    });
    // Another user's transactions in the same year.
    await tx(bob, { date: '2024-10-10', amount: 500, gstRate: 0.1, isTaxDeductible: true });
    await tx(bob, { date: '2024-10-11', amount: 800, type: 'credit', gstRate: 0.1 });
  });

  const EXPECTED_GST = {
    from: '2024-07-01',
    to: '2025-06-30',
    financialYear: 2025,
    financialYearLabel: 'FY2024-25',
    countryCode: 'AU',
    currency: 'AUD',
    gstCollected: 150,
    gstPaid: 64.54,
    netGst: 85.46,
    transactionCount: 7,
    totalSales: 1650,
    totalPurchases: 755.49,
    bas: { G1: 1650, '1A': 150, '1B': 64.54 },
  };

  describe('GET /api/tax/reports/gst', () => {
    it('totals GST collected and paid for the financial year, by category, with the BAS labels', async () => {
      const res = await api('GET', '/api/tax/reports/gst?financialYear=2025', {
        token: alice.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.report).toEqual({
        ...EXPECTED_GST,
        byCategory: [
          {
            categoryId: ids.sales,
            categoryName: 'Consulting',
            gstCollected: 150,
            gstPaid: 0,
            netGst: 150,
            count: 2,
          },
          {
            categoryId: ids.travel,
            categoryName: 'Travel, "Interstate"',
            gstCollected: 0,
            gstPaid: 30,
            netGst: -30,
            count: 1,
          },
          {
            categoryId: ids.tools,
            categoryName: 'Tools',
            gstCollected: 0,
            gstPaid: 20,
            netGst: -20,
            count: 1,
          },
          {
            categoryId: ids.phone,
            categoryName: 'Phone',
            gstCollected: 0,
            gstPaid: 9.09,
            netGst: -9.09,
            count: 1,
          },
          {
            categoryId: null,
            categoryName: null,
            gstCollected: 0,
            gstPaid: 5.45,
            netGst: -5.45,
            count: 2,
          },
        ],
      });
    });

    it('gives the same figures for the explicit range, and for the range of another user only theirs', async () => {
      const explicit = await api('GET', '/api/tax/reports/gst?from=2024-07-01&to=2025-06-30', {
        token: alice.token,
      });
      expect(explicit.body.report).toMatchObject(EXPECTED_GST);
      const partial = await api('GET', '/api/tax/reports/gst?from=2024-07-01&to=2024-12-31', {
        token: alice.token,
      });
      expect(partial.body.report).toMatchObject({
        gstCollected: 100,
        gstPaid: 20,
        transactionCount: 2,
        financialYear: null,
      });
      const bobs = await api('GET', '/api/tax/reports/gst?financialYear=2025', {
        token: bob.token,
      });
      expect(bobs.body.report).toMatchObject({
        gstCollected: 72.73,
        gstPaid: 45.45,
        transactionCount: 2,
      });
    });

    it('downloads the same figures as CSV', async () => {
      const res = await api('GET', '/api/tax/reports/gst?financialYear=2025&format=csv', {
        token: alice.token,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="gst-report_2024-07-01_2025-06-30.csv"',
      );
      const lines = records(res.body as unknown as string);
      expect(
        lines
          .filter((l) => l.line === 'category')
          .map((l) => [l.category_name, l.gst_collected, l.gst_paid, l.net_gst, l.count]),
      ).toEqual([
        ['Consulting', '150.00', '0.00', '150.00', '2'],
        ['Travel, "Interstate"', '0.00', '30.00', '-30.00', '1'],
        ['Tools', '0.00', '20.00', '-20.00', '1'],
        ['Phone', '0.00', '9.09', '-9.09', '1'],
        ['', '0.00', '5.45', '-5.45', '2'],
      ]);
      expect(lines.find((l) => l.line === 'total')).toMatchObject({
        gst_collected: '150.00',
        gst_paid: '64.54',
        net_gst: '85.46',
        count: '7',
      });
      expect(
        lines.filter((l) => ['G1', '1A', '1B'].includes(l.line)).map((l) => [l.line, l.amount]),
      ).toEqual([
        ['G1', '1650.00'],
        ['1A', '150.00'],
        ['1B', '64.54'],
      ]);
    });

    it('has no BAS outside Australia and defaults to the current financial year of the user’s country', async () => {
      const res = await api('GET', '/api/tax/reports/gst', { token: carol.token });
      expect(res.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const { from, to, bas, countryCode, currency, transactionCount } = res.body.report;
      expect({ bas, countryCode, currency, transactionCount }).toEqual({
        bas: null,
        countryCode: 'GB',
        currency: 'GBP',
        transactionCount: 0,
      });
      expect([from.slice(5), to.slice(5), from <= today && today <= to]).toEqual([
        '04-06',
        '04-05',
        true,
      ]);
    });
  });

  describe('GET /api/tax/reports/deductions', () => {
    const EXPECTED = {
      from: '2024-07-01',
      to: '2025-06-30',
      financialYear: 2025,
      financialYearLabel: 'FY2024-25',
      countryCode: 'AU',
      currency: 'AUD',
      totalDeductible: 425.49,
      transactionCount: 4,
    };

    it('totals deductible debits by tax category with business use applied per transaction', async () => {
      const res = await api('GET', '/api/tax/reports/deductions?financialYear=2025', {
        token: alice.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.report).toEqual({
        ...EXPECTED,
        byTaxCategory: [
          {
            taxCategory: 'D5: Other work-related expenses',
            amount: 270,
            count: 2,
            categories: [
              { categoryId: ids.tools, categoryName: 'Tools', amount: 220, count: 1 },
              { categoryId: ids.phone, categoryName: 'Phone', amount: 50, count: 1 },
            ],
          },
          {
            taxCategory: 'D2: Work-related travel expenses',
            amount: 109.99,
            count: 1,
            categories: [
              {
                categoryId: ids.travel,
                categoryName: 'Travel, "Interstate"',
                amount: 109.99,
                count: 1,
              },
            ],
          },
          {
            taxCategory: 'Unassigned',
            amount: 45.5,
            count: 1,
            categories: [{ categoryId: null, categoryName: null, amount: 45.5, count: 1 }],
          },
        ],
      });
    });

    it('downloads the same figures as CSV', async () => {
      const res = await api(
        'GET',
        '/api/tax/reports/deductions?from=2024-07-01&to=2025-06-30&format=csv',
        { token: alice.token },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="deductions_2024-07-01_2025-06-30.csv"',
      );
      const lines = records(res.body as unknown as string);
      expect(
        lines.map((l) => [l.line, l.tax_category, l.category_name, l.amount, l.count]),
      ).toEqual([
        ['category', 'D5: Other work-related expenses', 'Tools', '220.00', '1'],
        ['category', 'D5: Other work-related expenses', 'Phone', '50.00', '1'],
        ['tax_category', 'D5: Other work-related expenses', '', '270.00', '2'],
        ['category', 'D2: Work-related travel expenses', 'Travel, "Interstate"', '109.99', '1'],
        ['tax_category', 'D2: Work-related travel expenses', '', '109.99', '1'],
        ['category', 'Unassigned', '', '45.50', '1'],
        ['tax_category', 'Unassigned', '', '45.50', '1'],
        ['total', '', '', '425.49', '4'],
      ]);
    });

    it('counts only the caller’s own transactions', async () => {
      const res = await api('GET', '/api/tax/reports/deductions?financialYear=2025', {
        token: bob.token,
      });
      expect(res.body.report).toMatchObject({
        totalDeductible: 500,
        transactionCount: 1,
        byTaxCategory: [{ taxCategory: 'Unassigned', amount: 500 }],
      });
    });
  });

  describe('bad report requests', () => {
    it.each([
      ['from after to', 'from=2025-02-01&to=2025-01-01', 'from'],
      ['from without to', 'from=2025-02-01', 'from'],
      ['a bad date', 'from=2025-02-30&to=2025-03-01', 'from'],
      ['a bad year', 'financialYear=twenty', 'financialYear'],
      ['a year out of range', 'financialYear=1800', 'financialYear'],
      ['a year and a range', 'financialYear=2025&from=2024-07-01&to=2025-06-30', 'financialYear'],
      ['an unknown format', 'format=xml', 'format'],
      ['a range over 5 years', 'from=2015-01-01&to=2025-01-01', 'to'],
    ])('%s → 400', async (_what, query, field) => {
      for (const path of ['/api/tax/reports/gst', '/api/tax/reports/deductions']) {
        const res = await api('GET', `${path}?${query}`, { token: alice.token });
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(res.body.details.issues.map((i: { field: string }) => i.field)).toContain(field);
      }
    });

    it('needs a credential; a read-only API key may read', async () => {
      expectError(await api('GET', '/api/tax/reports/gst'), 401, 'UNAUTHORIZED');
      expectError(await api('GET', '/api/tax/reports/deductions?format=csv'), 401, 'UNAUTHORIZED');
      const res = await api('GET', '/api/tax/reports/deductions?financialYear=2025', {
        apiKey: readKey,
      });
      expect(res.body.report.totalDeductible).toBe(425.49);
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes the tax routes, the CSV downloads and the operator route', async () => {
    const doc = (await api('GET', '/api/openapi.json')).body;
    for (const path of [
      '/api/tax/country-rates',
      '/api/tax/rates/{countryCode}',
      '/api/tax/calculate',
      '/api/tax/seed-rates',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths['/api/tax/reports/gst'].get.responses['200'].content)).toEqual([
      'application/json',
      'text/csv',
    ]);
    expect(doc.paths['/api/tax/seed-rates'].post.security).toEqual([{ adminToken: [] }]);
  });
});
