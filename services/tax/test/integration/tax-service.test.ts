import {
  AppError,
  createDb,
  createLogger,
  migrateSchema,
  newId,
  ServiceClient,
  startGrpcServer,
  type Knex,
  type RunningGrpcServer,
} from '@pfs/kit';
import { TaxServiceClient, type CalculateTaxRequest } from '@pfs/proto/tax';
import { createServer, migrations, SHIPPED_RATES } from '../../src';

/**
 * A real tax gRPC server on a free port against the shared test database, "today" pinned. It
 * uses a schema of its own: these tests edit rate rows, which the gateway tests must not see.
 */
const SCHEMA = 'tax_service_test';
let db: Knex;
let server: RunningGrpcServer;
let client: ServiceClient<TaxServiceClient>;
const user = newId();
const TODAY = '2025-03-14';

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is not set (run through the integration jest project)');
  db = createDb({ connectionString: url, schema: SCHEMA });
  await migrateSchema(db, SCHEMA, migrations);
  const logger = createLogger('tax-test', 'silent');
  server = await startGrpcServer({
    bindings: createServer({ db, logger, now: () => new Date(`${TODAY}T10:00:00Z`) }),
    address: '127.0.0.1:0',
    logger,
  });
  client = new ServiceClient('tax', TaxServiceClient, server.address);
});

afterAll(async () => {
  client?.close();
  await server?.shutdown(1000);
  await db?.destroy();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the call to fail');
}

const calc = (req: Partial<CalculateTaxRequest>) =>
  client.call(
    (c) => c.calculateTax,
    {
      amount: '110',
      gstIncluded: true,
      countryCode: 'AU',
      taxType: '',
      stateProvince: '',
      date: '',
      ...req,
    },
    { userId: user },
  );

describe('the migration', () => {
  it('loaded every shipped rate', async () => {
    const [{ count }] = await db('tax_rates').count<{ count: number }[]>({ count: '*' });
    expect(Number(count)).toBeGreaterThanOrEqual(SHIPPED_RATES.length);
  });
});

describe('ListRates', () => {
  it('lists the rates in effect today, for every country', async () => {
    const { rates, date } = await client.call(
      (c) => c.listRates,
      { countryCode: '', date: '', stateProvince: '' },
      { userId: user },
    );
    expect(date).toBe(TODAY);
    expect(new Set(rates.map((r) => r.countryCode)).size).toBeGreaterThanOrEqual(60);
    expect(
      rates.every((r) => r.effectiveFrom <= TODAY && (!r.effectiveTo || r.effectiveTo >= TODAY)),
    ).toBe(true);
    // Estonia's 24% starts on 1 July 2025: not in effect on the pinned day.
    expect(rates.find((r) => r.countryCode === 'EE')?.standardRate).toBe('0.22');
  });

  it('filters by country (any case), date and state/province', async () => {
    const gb = await client.call(
      (c) => c.listRates,
      { countryCode: 'gb', date: '2010-06-01', stateProvince: '' },
      { userId: user },
    );
    expect(gb.rates).toEqual([
      expect.objectContaining({
        countryCode: 'GB',
        taxType: 'VAT',
        standardRate: '0.175',
        reducedRate: '0.05',
        zeroRate: '0',
        effectiveFrom: '2010-01-01',
        effectiveTo: '2011-01-03',
      }),
    ]);
    const qc = await client.call(
      (c) => c.listRates,
      { countryCode: 'CA', date: '', stateProvince: 'qc' },
      { userId: user },
    );
    expect(qc.rates).toEqual([
      expect.objectContaining({
        stateProvince: 'QC',
        taxType: 'QST',
        standardRate: '0.09975',
        combinedRate: '0.14975',
      }),
    ]);
    const none = await client.call(
      (c) => c.listRates,
      { countryCode: 'XX', date: '', stateProvince: '' },
      { userId: user },
    );
    expect(none.rates).toEqual([]);
  });

  it('refuses bad input and callers without identity', async () => {
    const bad = await failure(
      client.call(
        (c) => c.listRates,
        { countryCode: 'AUS', date: '2025-02-30', stateProvince: '' },
        { userId: user },
      ),
    );
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.details?.issues?.map((i) => i.field)).toEqual(['countryCode', 'date']);
    const anonymous = await failure(
      client.call((c) => c.listRates, { countryCode: '', date: '', stateProvince: '' }),
    );
    expect(anonymous.code).toBe('UNAUTHORIZED');
  });
});

describe('CalculateTax', () => {
  it('uses the rate in effect and echoes what it applied', async () => {
    expect(await calc({})).toMatchObject({
      amount: '110.00',
      baseAmount: '100.00',
      gstAmount: '10.00',
      totalAmount: '110.00',
      gstIncluded: true,
      gstRate: '0.1',
      countryCode: 'AU',
      taxType: 'GST',
      date: TODAY,
      appliedRate: {
        countryCode: 'AU',
        taxType: 'GST',
        standardRate: '0.1',
        effectiveFrom: '2000-07-01',
      },
    });
  });

  it('uses the rate of a past date and a province’s combined rate', async () => {
    expect(
      await calc({ amount: '100', gstIncluded: false, countryCode: 'GB', date: '2009-06-30' }),
    ).toMatchObject({
      gstRate: '0.15',
      gstAmount: '15.00',
      totalAmount: '115.00',
    });
    expect(
      await calc({ amount: '100', gstIncluded: false, countryCode: 'ca', stateProvince: 'qc' }),
    ).toMatchObject({
      gstRate: '0.14975',
      gstAmount: '14.98',
      totalAmount: '114.98',
      taxType: 'QST',
      stateProvince: 'QC',
    });
  });

  it('takes a given rate without looking one up', async () => {
    const res = await calc({
      amount: '0.05',
      gstIncluded: false,
      countryCode: 'US',
      gstRate: '0.1',
    });
    expect(res).toMatchObject({
      gstAmount: '0.01',
      totalAmount: '0.06',
      gstRate: '0.1',
      taxType: '',
    });
    expect(res.appliedRate).toBeUndefined();
  });

  it('answers 400 when no rate applies, or the input is bad', async () => {
    const us = await failure(calc({ countryCode: 'US' }));
    expect([us.code, us.message]).toEqual([
      'VALIDATION_ERROR',
      expect.stringMatching(/stateProvince/),
    ]);
    const early = await failure(calc({ countryCode: 'AU', date: '1999-12-31' }));
    expect(early.message).toMatch(/No tax rate of AU is in effect on 1999-12-31/);
    const bad = await failure(calc({ amount: '1.234', countryCode: 'A1', gstRate: '1' }));
    expect(bad.details?.issues?.map((i) => i.field)).toEqual(['amount', 'countryCode', 'gstRate']);
  });
});

describe('SeedRates', () => {
  it('is for operators only', async () => {
    const refused = await failure(client.call((c) => c.seedRates, {}, { userId: user }));
    expect(refused.code).toBe('UNAUTHORIZED');
  });

  it('restores missing and changed rows, then changes nothing', async () => {
    await client.call((c) => c.seedRates, {}, { operator: true });
    await db('tax_rates').where({ country_code: 'MN' }).delete();
    await db('tax_rates').where({ country_code: 'KH' }).update({ description: 'edited by hand' });

    const first = await client.call((c) => c.seedRates, {}, { operator: true });
    expect(first).toMatchObject({ inserted: 1, updated: 1 });
    expect(first.inserted + first.updated + first.unchanged).toBe(SHIPPED_RATES.length);

    const second = await client.call((c) => c.seedRates, {}, { operator: true });
    expect(second).toEqual({ inserted: 0, updated: 0, unchanged: SHIPPED_RATES.length });
    const [kh] = await db('tax_rates').where({ country_code: 'KH' });
    expect(kh.description).not.toBe('edited by hand');
  });
});

describe('GetReportingPeriod', () => {
  it('resolves the current financial year of the country, or the one asked for', async () => {
    const call = (req: {
      countryCode: string;
      from?: string;
      to?: string;
      financialYear?: number;
    }) =>
      client.call(
        (c) => c.getReportingPeriod,
        { from: '', to: '', financialYear: 0, ...req },
        { userId: user },
      );
    expect(await call({ countryCode: 'AU' })).toEqual({
      from: '2024-07-01',
      to: '2025-06-30',
      financialYear: 2025,
      financialYearLabel: 'FY2024-25',
      countryCode: 'AU',
      currency: 'AUD',
      financialYearStart: '07-01',
    });
    expect(await call({ countryCode: 'GB', financialYear: 2024 })).toMatchObject({
      from: '2023-04-06',
      to: '2024-04-05',
    });
    const bad = await failure(call({ countryCode: 'AU', from: '2025-02-01', to: '2025-01-01' }));
    expect(bad.details?.issues).toEqual([{ field: 'from', message: 'must not be after to' }]);
  });
});
