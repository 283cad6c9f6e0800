import { AppError, Decimal, type FieldIssue, type Money } from '@pfs/kit';

/** Collects every bad field of one request, so a client can fix them all at once. */
export class Issues {
  private readonly list: FieldIssue[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  throwIfAny(): void {
    if (this.list.length) throw AppError.validation([...this.list]);
  }
}

const COUNTRY = /^[A-Za-z]{2}$/;
const STATE = /^[A-Za-z0-9-]{1,10}$/;
const TAX_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,29}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Plain decimal text: no sign, exponent or separators the database would read differently.
const DECIMAL = /^\d+(\.\d+)?$/;

/** The largest amount a calculation takes (NUMERIC(14,2), like transaction amounts). */
export const MAX_AMOUNT = new Decimal('999999999999.99');

export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today as YYYY-MM-DD (UTC). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A two-letter country code, upper-cased; undefined (with an issue) when malformed. */
export function parseCountryCode(issues: Issues, field: string, raw: string): string | undefined {
  if (!COUNTRY.test(raw)) {
    issues.add(field, 'must be a two-letter country code (ISO 3166-1 alpha-2), e.g. AU');
    return undefined;
  }
  return raw.toUpperCase();
}

/** An optional state/province code ("" = none), upper-cased. */
export function parseStateProvince(issues: Issues, field: string, raw: string): string | null {
  if (raw === '') return null;
  if (!STATE.test(raw)) {
    issues.add(
      field,
      'must be a state or province code of 1–10 letters, digits or dashes, e.g. ON',
    );
    return null;
  }
  return raw.toUpperCase();
}

/** An optional tax type ("" = the country's main one), upper-cased. */
export function parseTaxType(issues: Issues, field: string, raw: string): string | null {
  if (raw === '') return null;
  if (!TAX_TYPE.test(raw)) {
    issues.add(field, 'must be a tax type such as GST, VAT, HST or SALES_TAX');
    return null;
  }
  return raw.toUpperCase();
}

/** An optional date ("" = today). */
export function parseDate(issues: Issues, field: string, raw: string, today: string): string {
  if (raw === '') return today;
  if (!isCalendarDate(raw)) {
    issues.add(field, 'must be a real calendar date YYYY-MM-DD');
    return today;
  }
  return raw;
}

/** A money amount: decimal text, 0 ≤ amount ≤ MAX_AMOUNT, at most two decimals. */
export function parseAmount(issues: Issues, field: string, raw: string): Money | undefined {
  if (!DECIMAL.test(raw)) {
    issues.add(field, 'must be a non-negative decimal amount such as "110.00"');
    return undefined;
  }
  const amount = new Decimal(raw);
  if (amount.decimalPlaces() > 2) issues.add(field, 'must have at most 2 decimal places');
  else if (amount.gt(MAX_AMOUNT)) issues.add(field, 'is too large');
  else return amount;
  return undefined;
}

/** A rate fraction: 0 ≤ rate < 1, at most five decimals (NUMERIC(7,5)). */
export function parseRate(issues: Issues, field: string, raw: string): Money | undefined {
  if (!DECIMAL.test(raw)) {
    issues.add(field, 'must be a decimal fraction such as "0.1" (10%)');
    return undefined;
  }
  const rate = new Decimal(raw);
  if (rate.gte(1))
    issues.add(field, 'must be at least 0 and less than 1 (a fraction: 0.1 means 10%)');
  else if (rate.decimalPlaces() > 5) issues.add(field, 'must have at most 5 decimal places');
  else return rate;
  return undefined;
}
