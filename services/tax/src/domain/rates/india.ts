import { cite } from './sources';
import { p, type RatePeriod, type RateSeries } from './types';

const CBIC = cite('cbic');
const GST_START = '2017-07-01';
const REFORM = '2025-09-22';

/** A slab row; its taxType names the percentage (GST_12 is the 12% slab). */
function slab(percent: string, description: string, periods: RatePeriod[]): RateSeries {
  return {
    countryCode: 'IN',
    taxType: `GST_${percent}`,
    taxName: `GST ${percent}% slab`,
    zeroRate: null,
    description,
    source: CBIC,
    periods,
  };
}

const SPLIT = 'Within a state it is charged as CGST + SGST (half each), between states as IGST.';

/**
 * India's GST: the main row (standard 18%, lowest slab 5%, nil-rated 0%) and one row per slab,
 * so a calculation can name the slab as taxType (e.g. GST_12 for a 2024 purchase).
 */
// prettier-ignore
export const india: RateSeries[] = [
  {
    countryCode: 'IN',
    taxType: 'GST',
    taxName: 'Goods and Services Tax',
    description: `Standard slab 18%. ${SPLIT}`,
    source: CBIC,
    periods: [
      p(GST_START, '0.18', '0.05', {
        description: `Slabs 0%, 5%, 12%, 18% and 28% (with compensation cess on some goods), 3% on gold and silver. Standard slab 18%. ${SPLIT}`,
      }),
      p(REFORM, '0.18', '0.05', {
        description: `Slabs 0%, 5% and 18%, and 40% on sin and luxury goods, from 22 September 2025; tobacco products stay at 28% plus compensation cess until the cess ends; 3% on gold and silver. Standard slab 18%. ${SPLIT}`,
      }),
    ],
  },
  slab('5', 'Merit slab: essentials (packaged food, medicines, transport); from 22 September 2025 also most goods formerly at 12%.', [p(GST_START, '0.05')]),
  slab('12', 'The 12% slab, abolished on 22 September 2025 (its goods moved mostly to 5%).', [p(GST_START, '0.12', null, { to: '2025-09-21' })]),
  slab('18', 'Standard slab: most goods and services.', [p(GST_START, '0.18')]),
  slab('28', 'Demerit slab (with compensation cess on some goods). From 22 September 2025 only tobacco products remain at 28% until the compensation cess ends; other goods moved to 18% or 40%.', [
    p(GST_START, '0.28'),
  ]),
  slab('40', 'Special rate from 22 September 2025 on sin and luxury goods (e.g. aerated and caffeinated drinks, large cars, yachts, private aircraft).', [p(REFORM, '0.4')]),
  slab('3', 'Gold, silver and jewellery.', [p(GST_START, '0.03')]),
];
