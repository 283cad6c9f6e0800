/**
 * What the tax service knows about each country it ships rates for: its currency, the first day
 * of its financial (income tax) year for individuals, and the main consumption tax used when a
 * calculation names no tax type.
 */
export interface Country {
  name: string;
  /** ISO 4217. */
  currency: string;
  /** MM-DD; "01-01" is the calendar year. */
  financialYearStart: string;
  /** In order of preference; the first with a rate in effect on the date is used. */
  mainTaxTypes?: string[];
}

const CALENDAR = '01-01';

const c = (
  name: string,
  currency: string,
  financialYearStart = CALENDAR,
  mainTaxTypes?: string[],
): Country => ({
  name,
  currency,
  financialYearStart,
  ...(mainTaxTypes ? { mainTaxTypes } : {}),
});

export const COUNTRIES: Record<string, Country> = {
  // European Union
  AT: c('Austria', 'EUR'),
  BE: c('Belgium', 'EUR'),
  BG: c('Bulgaria', 'EUR'),
  HR: c('Croatia', 'EUR'),
  CY: c('Cyprus', 'EUR'),
  CZ: c('Czechia', 'CZK'),
  DK: c('Denmark', 'DKK'),
  EE: c('Estonia', 'EUR'),
  FI: c('Finland', 'EUR'),
  FR: c('France', 'EUR'),
  DE: c('Germany', 'EUR'),
  GR: c('Greece', 'EUR'),
  HU: c('Hungary', 'HUF'),
  IE: c('Ireland', 'EUR'),
  IT: c('Italy', 'EUR'),
  LV: c('Latvia', 'EUR'),
  LT: c('Lithuania', 'EUR'),
  LU: c('Luxembourg', 'EUR'),
  MT: c('Malta', 'EUR'),
  NL: c('Netherlands', 'EUR'),
  PL: c('Poland', 'PLN'),
  PT: c('Portugal', 'EUR'),
  RO: c('Romania', 'RON'),
  SK: c('Slovakia', 'EUR'),
  SI: c('Slovenia', 'EUR'),
  ES: c('Spain', 'EUR'),
  SE: c('Sweden', 'SEK'),
  // Rest of Europe
  GB: c('United Kingdom', 'GBP', '04-06'),
  NO: c('Norway', 'NOK'),
  CH: c('Switzerland', 'CHF'),
  LI: c('Liechtenstein', 'CHF'),
  IS: c('Iceland', 'ISK'),
  TR: c('Türkiye', 'TRY'),
  RS: c('Serbia', 'RSD'),
  UA: c('Ukraine', 'UAH'),
  ME: c('Montenegro', 'EUR'),
  MK: c('North Macedonia', 'MKD'),
  BA: c('Bosnia and Herzegovina', 'BAM'),
  AL: c('Albania', 'ALL'),
  MD: c('Moldova', 'MDL'),
  GE: c('Georgia', 'GEL'),
  RU: c('Russia', 'RUB'),
  KZ: c('Kazakhstan', 'KZT'),
  // Asia and the Pacific
  AU: c('Australia', 'AUD', '07-01'),
  NZ: c('New Zealand', 'NZD', '04-01'),
  JP: c('Japan', 'JPY'),
  KR: c('South Korea', 'KRW'),
  CN: c('China', 'CNY'),
  TW: c('Taiwan', 'TWD'),
  SG: c('Singapore', 'SGD'),
  MY: c('Malaysia', 'MYR', CALENDAR, ['SALES_TAX', 'GST']),
  TH: c('Thailand', 'THB'),
  VN: c('Vietnam', 'VND'),
  PH: c('Philippines', 'PHP'),
  ID: c('Indonesia', 'IDR'),
  IN: c('India', 'INR', '04-01', ['GST']),
  PK: c('Pakistan', 'PKR', '07-01'),
  BD: c('Bangladesh', 'BDT', '07-01'),
  LK: c('Sri Lanka', 'LKR', '04-01'),
  MN: c('Mongolia', 'MNT'),
  KH: c('Cambodia', 'KHR'),
  PG: c('Papua New Guinea', 'PGK'),
  FJ: c('Fiji', 'FJD'),
  // Middle East and Africa
  AE: c('United Arab Emirates', 'AED'),
  SA: c('Saudi Arabia', 'SAR'),
  BH: c('Bahrain', 'BHD'),
  OM: c('Oman', 'OMR'),
  IL: c('Israel', 'ILS'),
  JO: c('Jordan', 'JOD'),
  EG: c('Egypt', 'EGP'),
  ZA: c('South Africa', 'ZAR', '03-01'),
  KE: c('Kenya', 'KES'),
  NG: c('Nigeria', 'NGN'),
  TZ: c('Tanzania', 'TZS'),
  UG: c('Uganda', 'UGX', '07-01'),
  RW: c('Rwanda', 'RWF'),
  MA: c('Morocco', 'MAD'),
  TN: c('Tunisia', 'TND'),
  DZ: c('Algeria', 'DZD'),
  MU: c('Mauritius', 'MUR', '07-01'),
  // The Americas
  CA: c('Canada', 'CAD', CALENDAR, ['GST']),
  US: c('United States', 'USD', CALENDAR, ['SALES_TAX']),
  MX: c('Mexico', 'MXN'),
  AR: c('Argentina', 'ARS'),
  CL: c('Chile', 'CLP'),
  CO: c('Colombia', 'COP'),
  PE: c('Peru', 'PEN'),
  UY: c('Uruguay', 'UYU'),
  EC: c('Ecuador', 'USD'),
  PY: c('Paraguay', 'PYG'),
  BO: c('Bolivia', 'BOB'),
  CR: c('Costa Rica', 'CRC'),
  DO: c('Dominican Republic', 'DOP'),
  GT: c('Guatemala', 'GTQ'),
  PA: c('Panama', 'USD'),
  SV: c('El Salvador', 'USD'),
  HN: c('Honduras', 'HNL'),
  NI: c('Nicaragua', 'NIO'),
};

export function countryOf(code: string): Country | undefined {
  return Object.prototype.hasOwnProperty.call(COUNTRIES, code) ? COUNTRIES[code] : undefined;
}
