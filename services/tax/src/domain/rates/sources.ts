/**
 * Where the shipped figures come from. Every row carries one of these (plus a national source
 * where a change postdates the general reference), and services/tax/README.md lists them.
 */

/** The date up to which the data set was checked against its sources. */
export const RATES_AS_OF = '2026-01-01';

export const SOURCES = {
  ec: 'European Commission (DG TAXUD), "VAT rates applied in the Member States of the European Union", situation at 1 January 2025, and the Taxes in Europe Database',
  oecd: 'OECD, Consumption Tax Trends 2024, Table 2.A.1 "VAT/GST rates in OECD member countries" (history of standard rates)',
  pwc: 'PwC Worldwide Tax Summaries, "Value-added tax (VAT) rates" (taxsummaries.pwc.com), consulted January 2026',
  taxFoundation:
    'Tax Foundation, "State and Local Sales Tax Rates, 2025" (state-level rates; CA, UT and VA include their mandatory statewide local add-ons)',
  cra: 'Canada Revenue Agency, "GST/HST rates" (canada.ca), and the provincial ministries of finance (BC, SK, MB, QC)',
  cbic: 'CBIC / GST Council: Central Tax (Rate) notifications of 28 June 2017 and the rate rationalisation of the 56th GST Council meeting (3 September 2025), effective 22 September 2025',
  ato: 'Australian Taxation Office; A New Tax System (Goods and Services Tax) Act 1999',
  ird: 'Inland Revenue (Te Tari Taake), GST rate history',
  hmrc: 'HM Revenue & Customs, "VAT rates" and the rate-change notices of 2008, 2009 and 2011',
  nta: 'National Tax Agency Japan, consumption tax rate history (1989, 1997, 2014, 2019)',
  iras: 'Inland Revenue Authority of Singapore, GST rate changes (2007, 2023, 2024)',
};

export type SourceKey = keyof typeof SOURCES;

/** A general reference plus a national one, e.g. cite('ec', 'Maksu- ja Tolliamet: 24% from 1 July 2025'). */
export function cite(key: SourceKey, national?: string): string {
  return national ? `${SOURCES[key]}; ${national}` : SOURCES[key];
}
