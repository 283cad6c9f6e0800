import { cite } from './sources';
import { p, type RatePeriod, type RateSeries } from './types';

const TF = cite('taxFoundation');

/** Where the start of the current rate is not recorded: the sources vouch for it since then. */
const SINCE = '2015-01-01';

function state(
  code: string,
  name: string,
  periods: RatePeriod[],
  opts: { taxName?: string; note?: string; source?: string } = {},
): RateSeries {
  const zero = periods.every((period) => period.standard === '0');
  return {
    countryCode: 'US',
    stateProvince: code,
    taxType: 'SALES_TAX',
    taxName: opts.taxName ?? 'Sales and use tax',
    zeroRate: null,
    description: zero
      ? `${name}: no statewide sales tax.${opts.note ? ` ${opts.note}` : ''}`
      : `${name}: state rate only; local (county, city, district) sales taxes are added on top and are not included.${opts.note ? ` ${opts.note}` : ''}`,
    source: opts.source ?? TF,
    periods,
  };
}

const since = (rate: string, from = SINCE) => [p(from, rate, null, { sinceAtLeast: true })];

/**
 * The 50 states and the District of Columbia. The United States has no federal sales tax, so
 * there is no national row: a calculation for US needs a stateProvince.
 */
// prettier-ignore
export const unitedStates: RateSeries[] = [
  state('AL', 'Alabama', since('0.04')),
  state('AK', 'Alaska', since('0'), { note: 'Boroughs and cities may levy local sales taxes.' }),
  state('AZ', 'Arizona', [p('2013-06-01', '0.056')], { taxName: 'Transaction privilege tax' }),
  state('AR', 'Arkansas', [p('2013-07-01', '0.065')]),
  state('CA', 'California', [p('2013-01-01', '0.075'), p('2017-01-01', '0.0725')], { note: 'Includes the 1% mandatory statewide local rate.' }),
  state('CO', 'Colorado', [p('2001-01-01', '0.029')]),
  state('CT', 'Connecticut', [p('2011-07-01', '0.0635')]),
  state('DE', 'Delaware', since('0'), { note: 'Sellers pay a gross receipts tax instead.' }),
  state('DC', 'District of Columbia', [p('2013-10-01', '0.06')]),
  state('FL', 'Florida', since('0.06')),
  state('GA', 'Georgia', since('0.04')),
  state('HI', 'Hawaii', since('0.04'), { taxName: 'General excise tax (GET)', note: 'Levied on the seller; most counties add a 0.5% surcharge.' }),
  state('ID', 'Idaho', [p('2006-10-01', '0.06')]),
  state('IL', 'Illinois', since('0.0625')),
  state('IN', 'Indiana', [p('2008-04-01', '0.07')]),
  state('IA', 'Iowa', [p('2008-07-01', '0.06')]),
  state('KS', 'Kansas', [p('2015-07-01', '0.065')]),
  state('KY', 'Kentucky', since('0.06')),
  state('LA', 'Louisiana', [
    p(SINCE, '0.04', null, { sinceAtLeast: true }),
    p('2016-04-01', '0.05'),
    p('2018-07-01', '0.0445'),
    p('2025-01-01', '0.05'),
  ]),
  state('ME', 'Maine', [p('2013-10-01', '0.055')]),
  state('MD', 'Maryland', [p('2008-01-03', '0.06')]),
  state('MA', 'Massachusetts', [p('2009-08-01', '0.0625')]),
  state('MI', 'Michigan', [p('1994-05-01', '0.06')]),
  state('MN', 'Minnesota', [p('2009-07-01', '0.06875')]),
  state('MS', 'Mississippi', since('0.07')),
  state('MO', 'Missouri', since('0.04225')),
  state('MT', 'Montana', since('0'), { note: 'Some resort areas levy local taxes.' }),
  state('NE', 'Nebraska', since('0.055')),
  state('NV', 'Nevada', [p('2009-07-01', '0.0685')]),
  state('NH', 'New Hampshire', since('0'), { note: 'An 8.5% meals and rooms tax applies to restaurant meals and lodging.' }),
  state('NJ', 'New Jersey', [p('2006-07-15', '0.07'), p('2017-01-01', '0.06875'), p('2018-01-01', '0.06625')]),
  state('NM', 'New Mexico', [
    p(SINCE, '0.05125', null, { sinceAtLeast: true }),
    p('2023-07-01', '0.05'),
    p('2024-07-01', '0.04875'),
  ], { taxName: 'Gross receipts tax (GRT)' }),
  state('NY', 'New York', [p('2005-06-01', '0.04')]),
  state('NC', 'North Carolina', [p('2011-07-01', '0.0475')]),
  state('ND', 'North Dakota', since('0.05')),
  state('OH', 'Ohio', [p('2013-09-01', '0.0575')]),
  state('OK', 'Oklahoma', since('0.045')),
  state('OR', 'Oregon', since('0')),
  state('PA', 'Pennsylvania', since('0.06')),
  state('RI', 'Rhode Island', since('0.07')),
  state('SC', 'South Carolina', since('0.06')),
  state('SD', 'South Dakota', [
    p(SINCE, '0.04', null, { sinceAtLeast: true }),
    p('2016-06-01', '0.045'),
    p('2023-07-01', '0.042'),
  ]),
  state('TN', 'Tennessee', [p('2002-07-15', '0.07')]),
  state('TX', 'Texas', since('0.0625')),
  state('UT', 'Utah', since('0.061', '2021-01-01'), { note: 'Includes the 1.25% mandatory statewide local rate (state 4.85%).' }),
  state('VT', 'Vermont', [p('2003-10-01', '0.06')]),
  state('VA', 'Virginia', [p('2013-07-01', '0.053')], { note: 'Includes the 1% mandatory statewide local rate.' }),
  state('WA', 'Washington', since('0.065')),
  state('WV', 'West Virginia', since('0.06')),
  state('WI', 'Wisconsin', since('0.05')),
  state('WY', 'Wyoming', since('0.04')),
];
