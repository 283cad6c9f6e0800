import { cite } from './sources';
import { p, type RatePeriod, type RateSeries } from './types';

const CRA = cite('cra');

/** The federal GST periods, shared by the provinces and territories that levy nothing on top. */
const GST_PERIODS: [from: string, rate: string][] = [
  ['1991-01-01', '0.07'],
  ['2006-07-01', '0.06'],
  ['2008-01-01', '0.05'],
];

/** A province or territory with no tax of its own: its rows repeat the GST (from `since`). */
function gstOnly(code: string, name: string, since = '1991-01-01'): RateSeries {
  const periods = GST_PERIODS.map(([from, rate], i) => ({
    from,
    rate,
    until: GST_PERIODS[i + 1]?.[0],
  }))
    .filter(({ until }) => until === undefined || until > since)
    .map(({ from, rate }) => p(from < since ? since : from, rate, null, { combined: rate }));
  return {
    countryCode: 'CA',
    stateProvince: code,
    taxType: 'GST',
    taxName: 'Goods and Services Tax',
    description: `${name}: federal GST only, no provincial sales tax.`,
    source: CRA,
    periods,
  };
}

function hst(code: string, name: string, periods: RatePeriod[], source = CRA): RateSeries {
  return {
    countryCode: 'CA',
    stateProvince: code,
    taxType: 'HST',
    taxName: 'Harmonized Sales Tax',
    description: `${name}: HST combines the 5% federal GST and the provincial part in one rate.`,
    source,
    periods: periods.map((period) => ({ ...period, combined: period.combined ?? period.standard })),
  };
}

/**
 * Canada: the federal GST, and per province or territory the tax on top of it. combinedRate is
 * what a buyer pays in total (GST + provincial part); for HST it equals the HST rate.
 */
// prettier-ignore
export const canada: RateSeries[] = [
  {
    countryCode: 'CA',
    taxType: 'GST',
    taxName: 'Goods and Services Tax',
    description:
      'Federal GST; zero-rated: basic groceries, prescription drugs, exports. Provinces add HST, PST or QST (see the province rows).',
    source: CRA,
    periods: GST_PERIODS.map(([from, rate]) => p(from, rate)),
  },
  gstOnly('AB', 'Alberta'),
  gstOnly('NT', 'Northwest Territories'),
  gstOnly('NU', 'Nunavut', '1999-04-01'),
  gstOnly('YT', 'Yukon'),
  hst('ON', 'Ontario (8% provincial part)', [p('2010-07-01', '0.13')]),
  hst('NS', 'Nova Scotia (provincial part 9% from 1 April 2025)', [p('2010-07-01', '0.15'), p('2025-04-01', '0.14')], cite('cra', 'Nova Scotia Department of Finance: HST 14% from 1 April 2025')),
  hst('NB', 'New Brunswick', [p('2008-01-01', '0.13'), p('2016-07-01', '0.15')]),
  hst('NL', 'Newfoundland and Labrador', [p('2008-01-01', '0.13'), p('2016-07-01', '0.15')]),
  hst('PE', 'Prince Edward Island', [p('2013-04-01', '0.14'), p('2016-10-01', '0.15')]),
  hst('BC', 'British Columbia (HST from 1 July 2010 until it was repealed on 1 April 2013)', [p('2010-07-01', '0.12', null, { to: '2013-03-31' })]),
  {
    countryCode: 'CA',
    stateProvince: 'BC',
    taxType: 'PST',
    taxName: 'Provincial Sales Tax',
    zeroRate: null,
    description: 'British Columbia PST 7%, charged beside the 5% federal GST (reinstated on 1 April 2013).',
    source: CRA,
    periods: [p('2013-04-01', '0.07', null, { combined: '0.12' })],
  },
  {
    countryCode: 'CA',
    stateProvince: 'SK',
    taxType: 'PST',
    taxName: 'Provincial Sales Tax',
    zeroRate: null,
    description: 'Saskatchewan PST, charged beside the 5% federal GST (6% from 23 March 2017).',
    source: CRA,
    periods: [p('2008-01-01', '0.05', null, { combined: '0.1', sinceAtLeast: true }), p('2017-03-23', '0.06', null, { combined: '0.11' })],
  },
  {
    countryCode: 'CA',
    stateProvince: 'MB',
    taxType: 'PST',
    taxName: 'Retail Sales Tax (RST)',
    zeroRate: null,
    description: 'Manitoba RST, charged beside the 5% federal GST (8% from 1 July 2013, 7% from 1 July 2019).',
    source: CRA,
    periods: [
      p('2008-01-01', '0.07', null, { combined: '0.12', sinceAtLeast: true }),
      p('2013-07-01', '0.08', null, { combined: '0.13' }),
      p('2019-07-01', '0.07', null, { combined: '0.12' }),
    ],
  },
  {
    countryCode: 'CA',
    stateProvince: 'QC',
    taxType: 'QST',
    taxName: 'Québec Sales Tax (TVQ)',
    description: 'Québec QST 9.975% on the price before GST, beside the 5% federal GST.',
    source: cite('cra', 'Revenu Québec'),
    periods: [p('2013-01-01', '0.09975', null, { combined: '0.14975' })],
  },
];
