import { AppError, money, seededRandom } from '@pfs/kit';
import { calculateTax, chooseRate } from '../../src/domain/calculate';
import { SHIPPED_RATES, type ShippedRate } from '../../src/domain/rates';

/** A deterministic stream, so a failure can be replayed. */
const prng = seededRandom;

/** Exact integer oracle: num / den rounded half away from zero (both positive). */
function roundDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  return 2n * (num % den) >= den ? q + 1n : q;
}

const cents = (d: { toFixed(n: number): string }) => BigInt(d.toFixed(2).replace('.', ''));
const SCALE = 100_000n; // rates have at most five decimals

/** Amounts from 0.01 to 1,000,000,000.00, spread over every order of magnitude. */
function randomCents(random: () => number): bigint {
  const max = 100_000_000_000; // 10^9 in cents
  return BigInt(Math.max(1, Math.min(max, Math.floor(10 ** (random() * 11)))));
}

/** Rates from 0 to 0.3 with up to five decimals, as integer hundred-thousandths. */
function randomRateUnits(random: () => number): bigint {
  return BigInt(Math.floor(random() * 30_001));
}

function toText(units: bigint, places: number): string {
  const s = units.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

const RUNS = 20_000;

describe('calculateTax: properties over random amounts and rates', () => {
  const random = prng(20260121);
  const cases = Array.from({ length: RUNS }, () => ({
    amount: randomCents(random),
    rate: randomRateUnits(random),
  }));

  it(`included: base + gst == amount exactly, both to the cent, base = round(amount / (1 + rate)) (${RUNS} cases)`, () => {
    const failures: string[] = [];
    for (const { amount, rate } of cases) {
      const split = calculateTax(money(toText(amount, 2)), money(toText(rate, 5)), true);
      const base = cents(split.baseAmount);
      const gst = cents(split.gstAmount);
      const ok =
        split.baseAmount.decimalPlaces() <= 2 &&
        split.gstAmount.decimalPlaces() <= 2 &&
        base + gst === amount &&
        split.baseAmount.plus(split.gstAmount).eq(split.amount) &&
        cents(split.totalAmount) === amount &&
        base === roundDiv(amount * SCALE, SCALE + rate) &&
        gst >= 0n &&
        base <= amount;
      if (!ok)
        failures.push(
          `${toText(amount, 2)} @ ${toText(rate, 5)} → ${split.baseAmount} + ${split.gstAmount}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it(`excluded: gst = round(amount × rate), total = base + gst, base = amount (${RUNS} cases)`, () => {
    const failures: string[] = [];
    for (const { amount, rate } of cases) {
      const split = calculateTax(money(toText(amount, 2)), money(toText(rate, 5)), false);
      const ok =
        split.gstAmount.decimalPlaces() <= 2 &&
        cents(split.baseAmount) === amount &&
        cents(split.gstAmount) === roundDiv(amount * rate, SCALE) &&
        split.totalAmount.eq(split.baseAmount.plus(split.gstAmount));
      if (!ok) failures.push(`${toText(amount, 2)} @ ${toText(rate, 5)} → ${split.gstAmount}`);
    }
    expect(failures).toEqual([]);
  });

  it('rounds ties half away from zero', () => {
    // 0.63 / 1.2 = 0.525 → 0.53; 0.05 × 0.1 = 0.005 → 0.01
    const included = calculateTax(money('0.63'), money('0.2'), true);
    expect([included.baseAmount.toFixed(2), included.gstAmount.toFixed(2)]).toEqual([
      '0.53',
      '0.10',
    ]);
    const excluded = calculateTax(money('0.05'), money('0.1'), false);
    expect([excluded.gstAmount.toFixed(2), excluded.totalAmount.toFixed(2)]).toEqual([
      '0.01',
      '0.06',
    ]);
  });

  it('follows the SPEC example: 110 including 10% is 100 + 10', () => {
    const split = calculateTax(money('110'), money('0.1'), true);
    expect([split.baseAmount.toFixed(2), split.gstAmount.toFixed(2)]).toEqual(['100.00', '10.00']);
  });

  it('gives zeros for a zero amount or rate', () => {
    expect(calculateTax(money('0'), money('0.1'), true).gstAmount.toFixed(2)).toBe('0.00');
    expect(calculateTax(money('99.99'), money('0'), false).totalAmount.toFixed(2)).toBe('99.99');
  });
});

describe('chooseRate', () => {
  const on = (date: string, country: string): ShippedRate[] =>
    SHIPPED_RATES.filter(
      (r) =>
        r.countryCode === country &&
        r.effectiveFrom <= date &&
        (r.effectiveTo === null || r.effectiveTo >= date),
    );
  const choose = (
    country: string,
    date: string,
    stateProvince: string | null = null,
    taxType: string | null = null,
  ) => chooseRate(on(date, country), { countryCode: country, stateProvince, taxType, date });
  const failure = (f: () => unknown): AppError => {
    try {
      f();
    } catch (err) {
      return err as AppError;
    }
    throw new Error('expected a failure');
  };

  it('uses the national rate of the main type', () => {
    expect(choose('AU', '2025-01-01').rate).toBe('0.1');
    expect(choose('CA', '2025-01-01')).toMatchObject({
      rate: '0.05',
      row: { taxType: 'GST', stateProvince: null },
    });
    expect(choose('MY', '2025-01-01').row.taxType).toBe('SALES_TAX');
    expect(choose('MY', '2016-01-01').row.taxType).toBe('GST');
    expect(choose('IN', '2025-01-01').rate).toBe('0.18');
  });

  it('uses the rate of the date', () => {
    expect(choose('GB', '2010-06-01').rate).toBe('0.175');
    expect(choose('GB', '2025-06-01').rate).toBe('0.2');
  });

  it('uses a province’s combined rate, or the federal rate of an asked type it does not levy', () => {
    expect(choose('CA', '2025-06-01', 'QC').rate).toBe('0.14975');
    expect(choose('CA', '2025-06-01', 'ON').rate).toBe('0.13');
    expect(choose('CA', '2025-06-01', 'BC', 'GST')).toMatchObject({
      rate: '0.05',
      row: { stateProvince: null },
    });
    expect(choose('US', '2025-06-01', 'CA').rate).toBe('0.0725');
  });

  it('names a slab by tax type', () => {
    expect(choose('IN', '2024-01-01', null, 'GST_12').rate).toBe('0.12');
    expect(
      failure(() => choose('IN', '2025-10-01', null, 'GST_12')).details?.issues?.[0].field,
    ).toBe('taxType');
  });

  it('explains why there is no rate', () => {
    const us = failure(() => choose('US', '2025-06-01'));
    expect(us).toBeInstanceOf(AppError);
    expect(us.code).toBe('VALIDATION_ERROR');
    expect(us.message).toMatch(/no national rate.*stateProvince/);
    expect(failure(() => choose('AU', '1999-01-01')).message).toMatch(
      /No tax rate of AU is in effect on 1999-01-01/,
    );
    expect(failure(() => choose('XX', '2025-01-01')).details?.issues?.[0].field).toBe(
      'countryCode',
    );
    expect(failure(() => choose('CA', '2025-01-01', 'ZZ')).details?.issues?.[0].field).toBe(
      'stateProvince',
    );
  });
});
