import { Decimal } from '@pfs/kit';
import { COUNTRIES } from '../../src/domain/countries';
import { isCalendarDate } from '../../src/domain/fields';
import { RATES_AS_OF, SHIPPED_RATES, SOURCES, type ShippedRate } from '../../src/domain/rates';

const TODAY = RATES_AS_OF;

function inEffect(date: string, rows: ShippedRate[] = SHIPPED_RATES): ShippedRate[] {
  return rows.filter(
    (r) => r.effectiveFrom <= date && (r.effectiveTo === null || r.effectiveTo >= date),
  );
}

function find(
  country: string,
  date: string,
  opts: { state?: string | null; type?: string } = {},
): ShippedRate[] {
  return inEffect(date).filter(
    (r) =>
      r.countryCode === country &&
      (opts.state === undefined || r.stateProvince === opts.state) &&
      (opts.type === undefined || r.taxType === opts.type),
  );
}

function national(country: string, date: string, type?: string): ShippedRate {
  const rows = find(country, date, { state: null, type });
  expect(rows).toHaveLength(1);
  return rows[0];
}

const countries = [...new Set(SHIPPED_RATES.map((r) => r.countryCode))];

describe('the shipped rate data', () => {
  it('covers at least 60 countries, each described in COUNTRIES and each with a rate in effect', () => {
    expect(countries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(Object.keys(COUNTRIES))).toEqual(new Set(countries));
    for (const code of countries)
      expect([code, find(code, TODAY).length > 0]).toEqual([code, true]);
  });

  it('holds only well-formed rows: fractions in [0, 1) with ≤ 5 decimals, real dates, a source', () => {
    const fractionText = /^\d+(\.\d+)?$/;
    for (const r of SHIPPED_RATES) {
      const where = `${r.countryCode}/${r.stateProvince ?? '-'}/${r.taxType}/${r.effectiveFrom}`;
      for (const value of [r.standardRate, r.reducedRate, r.zeroRate, r.combinedRate]) {
        if (value === null) continue;
        expect([where, fractionText.test(value)]).toEqual([where, true]);
        const d = new Decimal(value);
        expect([where, d.gte(0) && d.lt(1) && d.decimalPlaces() <= 5]).toEqual([where, true]);
      }
      expect([where, r.zeroRate === null || r.zeroRate === '0']).toEqual([where, true]);
      expect([
        where,
        /^[A-Z]{2}$/.test(r.countryCode),
        /^[A-Z][A-Z0-9_]*$/.test(r.taxType),
      ]).toEqual([where, true, true]);
      expect([where, isCalendarDate(r.effectiveFrom)]).toEqual([where, true]);
      if (r.effectiveTo !== null)
        expect([where, isCalendarDate(r.effectiveTo) && r.effectiveTo >= r.effectiveFrom]).toEqual([
          where,
          true,
        ]);
      expect([where, r.taxName.length > 0, r.description.length > 0, r.source.length > 20]).toEqual(
        [where, true, true, true],
      );
      if (r.reducedRate !== null)
        expect([where, new Decimal(r.reducedRate).lt(r.standardRate)]).toEqual([where, true]);
    }
  });

  it('never has two rows of one tax and place in effect on the same day', () => {
    const series = new Map<string, ShippedRate[]>();
    for (const r of SHIPPED_RATES) {
      const key = `${r.countryCode}/${r.stateProvince ?? ''}/${r.taxType}`;
      series.set(key, [...(series.get(key) ?? []), r]);
    }
    for (const [key, rows] of series) {
      const sorted = [...rows].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
      for (let i = 1; i < sorted.length; i++) {
        const previousEnd = sorted[i - 1].effectiveTo;
        expect([key, previousEnd !== null && previousEnd < sorted[i].effectiveFrom]).toEqual([
          key,
          true,
        ]);
      }
    }
  });

  it('names a main tax type wherever several national types are in effect', () => {
    for (const code of countries) {
      const types = new Set(find(code, TODAY, { state: null }).map((r) => r.taxType));
      if (types.size > 1)
        expect([code, COUNTRIES[code].mainTaxTypes?.length ?? 0]).not.toEqual([code, 0]);
    }
  });

  it('cites every general source it lists', () => {
    const all = SHIPPED_RATES.map((r) => r.source).join('\n');
    for (const text of Object.values(SOURCES)) expect(all).toContain(text);
  });
});

describe('well-known history', () => {
  it.each([
    ['GB', '2011-01-03', '0.175'],
    ['GB', '2011-01-04', '0.2'],
    ['GB', '2009-06-30', '0.15'],
    ['JP', '2019-09-30', '0.08'],
    ['JP', '2019-10-01', '0.1'],
    ['AU', '2000-07-01', '0.1'],
    ['NZ', '2010-09-30', '0.125'],
    ['NZ', '2010-10-01', '0.15'],
    ['CA', '2006-06-30', '0.07'],
    ['CA', '2006-07-01', '0.06'],
    ['CA', '2008-01-01', '0.05'],
    ['DE', '2020-06-30', '0.19'],
    ['DE', '2020-07-01', '0.16'],
    ['DE', '2020-12-31', '0.16'],
    ['DE', '2021-01-01', '0.19'],
    ['FI', '2024-08-31', '0.24'],
    ['FI', '2024-09-01', '0.255'],
    ['EE', '2025-06-30', '0.22'],
    ['EE', '2025-07-01', '0.24'],
    ['SG', '2024-01-01', '0.09'],
    ['CH', '2024-01-01', '0.081'],
    ['SA', '2020-07-01', '0.15'],
    ['IL', '2025-01-01', '0.18'],
    ['RO', '2025-08-01', '0.21'],
    ['SK', '2025-01-01', '0.23'],
    ['ZA', '2018-04-01', '0.15'],
    ['TR', '2023-07-10', '0.2'],
    ['RU', '2026-01-01', '0.22'],
  ])('%s on %s: %s', (country, date, rate) => {
    expect(national(country, date).standardRate).toBe(rate);
  });

  it('has no Australian GST before 1 July 2000', () => {
    expect(find('AU', '2000-06-30')).toEqual([]);
  });
});

describe('sub-national rates', () => {
  it('gives every Canadian province and territory one rate in effect, combined with the GST', () => {
    const gst = new Decimal(national('CA', TODAY, 'GST').standardRate);
    const provinces = find('CA', TODAY).filter((r) => r.stateProvince !== null);
    expect(provinces.map((r) => r.stateProvince).sort()).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NS',
      'NT',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
    const combined = Object.fromEntries(provinces.map((r) => [r.stateProvince, r.combinedRate]));
    expect(combined).toEqual({
      AB: '0.05',
      NT: '0.05',
      NU: '0.05',
      YT: '0.05',
      ON: '0.13',
      NS: '0.14',
      NB: '0.15',
      NL: '0.15',
      PE: '0.15',
      BC: '0.12',
      SK: '0.11',
      MB: '0.12',
      QC: '0.14975',
    });
    for (const r of provinces) {
      const expected =
        r.taxType === 'PST' || r.taxType === 'QST'
          ? gst.plus(r.standardRate)
          : new Decimal(r.standardRate);
      expect([r.stateProvince, new Decimal(r.combinedRate ?? '').eq(expected)]).toEqual([
        r.stateProvince,
        true,
      ]);
    }
  });

  it('gives every US state and DC a state sales tax rate and no national rate', () => {
    const states = find('US', TODAY);
    expect(states.every((r) => r.stateProvince !== null && r.taxType === 'SALES_TAX')).toBe(true);
    expect(new Set(states.map((r) => r.stateProvince)).size).toBe(51);
    const rate = (s: string) => states.find((r) => r.stateProvince === s)?.standardRate;
    expect([rate('CA'), rate('TX'), rate('NY'), rate('OR'), rate('LA')]).toEqual([
      '0.0725',
      '0.0625',
      '0.04',
      '0',
      '0.05',
    ]);
  });

  it('has India’s GST slabs before and after the 22 September 2025 rationalisation', () => {
    const slabs = (date: string) =>
      find('IN', date)
        .map((r) => `${r.taxType}=${r.standardRate}`)
        .sort();
    expect(slabs('2025-09-21')).toEqual([
      'GST=0.18',
      'GST_12=0.12',
      'GST_18=0.18',
      'GST_28=0.28',
      'GST_3=0.03',
      'GST_5=0.05',
    ]);
    expect(slabs('2025-09-22')).toEqual([
      'GST=0.18',
      'GST_18=0.18',
      'GST_28=0.28',
      'GST_3=0.03',
      'GST_40=0.4',
      'GST_5=0.05',
    ]);
  });
});
