/**
 * The currency a user's figures are in, from their country (transactions carry no currency of
 * their own: one user keeps one book). Euro-area members share EUR.
 */
const EURO_AREA = new Set([
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
]);

const CURRENCIES: Record<string, string> = {
  AU: 'AUD',
  NZ: 'NZD',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  IN: 'INR',
  SG: 'SGD',
  MY: 'MYR',
  JP: 'JPY',
  CN: 'CNY',
  HK: 'HKD',
  ZA: 'ZAR',
  AE: 'AED',
  SA: 'SAR',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PH: 'PHP',
  ID: 'IDR',
  TH: 'THB',
  VN: 'VND',
  KR: 'KRW',
  NG: 'NGN',
  KE: 'KES',
  EG: 'EGP',
  IL: 'ILS',
  TR: 'TRY',
};

export function currencyOf(countryCode: string): string {
  const code = countryCode.toUpperCase();
  if (EURO_AREA.has(code)) return 'EUR';
  return CURRENCIES[code] ?? 'USD';
}
