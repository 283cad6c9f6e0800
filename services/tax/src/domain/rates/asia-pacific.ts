import { cite } from './sources';
import { national, p, type RateSeries } from './types';

const PWC = cite('pwc');

/** Asia and the Pacific (India has its own module for its GST slabs). */
// prettier-ignore
export const asiaPacific: RateSeries[] = [
  national('AU', 'GST', 'Goods and Services Tax', 'Single rate 10%; GST-free (0%): most basic food, health, education, exports.', cite('ato'), [
    p('2000-07-01', '0.1'),
  ]),
  national('NZ', 'GST', 'Goods and Services Tax', 'Single rate; zero-rated: exports and land transactions between registered persons.', cite('ird'), [
    p('1986-10-01', '0.1'),
    p('1989-07-01', '0.125'),
    p('2010-10-01', '0.15'),
  ]),
  national('JP', 'CONSUMPTION_TAX', 'Consumption tax (消費税)', 'Includes the local consumption tax (10% = 7.8% national + 2.2% local). Reduced 8% since 1 October 2019 for food and non-alcoholic drinks (not dining out) and subscribed newspapers.', cite('nta'), [
    p('1989-04-01', '0.03'),
    p('1997-04-01', '0.05'),
    p('2014-04-01', '0.08'),
    p('2019-10-01', '0.1', '0.08'),
  ]),
  national('KR', 'VAT', 'Value Added Tax (부가가치세)', 'Single rate 10% since VAT began in 1977.', cite('oecd'), [p('1977-07-01', '0.1')]),
  national('CN', 'VAT', 'Value Added Tax (增值税)', 'Rates 13%, 9% and 6%; 3% for small-scale taxpayers. The VAT Law in force from 1 January 2026 keeps these rates.', cite('pwc', 'Ministry of Finance and State Taxation Administration: rate cuts of 1 May 2018 and 1 April 2019'), [
    p('2009-01-01', '0.17', null, { sinceAtLeast: true }),
    p('2018-05-01', '0.16', '0.06'),
    p('2019-04-01', '0.13', '0.06'),
  ]),
  national('TW', 'VAT', 'Business tax (營業稅, VAT type)', 'Single rate 5% on value added.', PWC, [p('1986-04-01', '0.05')]),
  national('SG', 'GST', 'Goods and Services Tax', 'Single rate; zero-rated exports and international services.', cite('iras'), [
    p('2007-07-01', '0.07'),
    p('2023-01-01', '0.08'),
    p('2024-01-01', '0.09'),
  ]),
  {
    countryCode: 'MY',
    taxType: 'GST',
    taxName: 'Goods and Services Tax',
    description: 'GST 6% from 1 April 2015; zero-rated from 1 June 2018 and repealed on 1 September 2018 (replaced by the sales and service taxes).',
    source: cite('pwc', 'Royal Malaysian Customs Department: Goods and Services Tax Act 2014, repealed 2018'),
    periods: [p('2015-04-01', '0.06'), p('2018-06-01', '0', null, { to: '2018-08-31' })],
  },
  {
    countryCode: 'MY',
    taxType: 'SALES_TAX',
    taxName: 'Sales Tax (SST)',
    zeroRate: null,
    description: 'Sales tax on taxable goods manufactured in or imported into Malaysia: 10% standard, 5% reduced; scope widened on 1 July 2025.',
    source: cite('pwc', 'Royal Malaysian Customs Department (MySST): Sales Tax Act 2018'),
    periods: [p('2018-09-01', '0.1', '0.05')],
  },
  {
    countryCode: 'MY',
    taxType: 'SERVICE_TAX',
    taxName: 'Service Tax (SST)',
    zeroRate: null,
    description: 'Service tax on taxable services: 8% from 1 March 2024 (6% kept for food and beverage, telecommunications, parking and logistics).',
    source: cite('pwc', 'Royal Malaysian Customs Department (MySST): Service Tax Act 2018, 8% from 1 March 2024'),
    periods: [p('2018-09-01', '0.06'), p('2024-03-01', '0.08', '0.06')],
  },
  national('TH', 'VAT', 'Value Added Tax (ภาษีมูลค่าเพิ่ม)', 'Statutory rate 10%, reduced to 7% (6.3% VAT + 0.7% local tax) by royal decrees renewed every year since 1999; the latest decree known runs to 30 September 2026.', cite('pwc', 'Thai Revenue Department: royal decree extending the 7% rate from 1 October 2025 to 30 September 2026'), [
    p('1999-04-01', '0.07'),
  ]),
  national('VN', 'VAT', 'Value Added Tax (Thuế giá trị gia tăng)', 'Reduced rate 5%; a temporary 8% rate applies to many goods and services (2022, and from July 2023 to the end of 2026).', PWC, [
    p('2009-01-01', '0.1', '0.05', { sinceAtLeast: true }),
  ]),
  national('PH', 'VAT', 'Value-Added Tax', 'Single rate 12% (Republic Act 9337).', PWC, [p('2006-02-01', '0.12')]),
  national('ID', 'VAT', 'PPN (Pajak Pertambahan Nilai)', 'Single nominal rate.', cite('pwc', 'Law 7/2021 on Harmonisation of Tax Regulations; Minister of Finance Regulation 131/2024'), [
    p('2000-01-01', '0.1', null, { sinceAtLeast: true }),
    p('2022-04-01', '0.11'),
    p('2025-01-01', '0.12', null, {
      description: 'Nominal rate 12% from 1 January 2025; except for luxury goods it is charged on a base of 11/12 of the price, an effective 11% (PMK 131/2024).',
    }),
  ]),
  national('PK', 'SALES_TAX', 'Sales Tax (federal, on goods)', 'Federal sales tax on goods; the provinces levy sales tax on services (13–16%).', cite('pwc', 'Finance (Supplementary) Act 2023: 18% from 14 February 2023'), [
    p('2014-01-01', '0.17', null, { sinceAtLeast: true }),
    p('2023-02-14', '0.18'),
  ], null),
  national('BD', 'VAT', 'Value Added Tax (মূসক)', 'Standard 15% under the VAT and Supplementary Duty Act 2012 (in force 1 July 2019); truncated rates 5%, 7.5% and 10% apply to some supplies.', PWC, [
    p('2019-07-01', '0.15'),
  ]),
  national('LK', 'VAT', 'Value Added Tax', 'Single rate.', cite('pwc', 'Inland Revenue Department Sri Lanka: 15% from 1 September 2022, 18% from 1 January 2024'), [
    p('2022-09-01', '0.15'),
    p('2024-01-01', '0.18'),
  ]),
  national('MN', 'VAT', 'Value Added Tax (НӨАТ)', 'Single rate 10%.', PWC, [p('2014-01-01', '0.1', null, { sinceAtLeast: true })]),
  national('KH', 'VAT', 'Value Added Tax', 'Single rate 10%.', PWC, [p('2014-01-01', '0.1', null, { sinceAtLeast: true })]),
  national('PG', 'GST', 'Goods and Services Tax', 'Single rate 10%.', PWC, [p('2014-01-01', '0.1', null, { sinceAtLeast: true })]),
  national('FJ', 'VAT', 'Value Added Tax', 'Zero-rated basic food items and prescription medicines.', cite('pwc', 'Fiji Revenue and Customs Service: 9% from 1 January 2016, 15% from 1 August 2023'), [
    p('2011-01-01', '0.15'),
    p('2016-01-01', '0.09'),
    p('2023-08-01', '0.15'),
  ]),
];
