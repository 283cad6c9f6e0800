import { AppError, Decimal, isUuid, type FieldIssue, type Money } from '@pfs/kit';
import { isCalendarDate } from './dates';
import { FREQUENCIES, isFrequency, MAX_INTERVAL, type Frequency } from './recurrence';

/**
 * Validation of what reaches the service. The gateway validates the same rules first (with
 * field names as the client sent them); this keeps the service safe on its own.
 */

/** Collects every bad field of one request, so a client can fix them all at once. */
export class Issues {
  private readonly list: FieldIssue[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  get any(): boolean {
    return this.list.length > 0;
  }

  throwIfAny(): void {
    if (this.list.length) throw AppError.validation([...this.list]);
  }
}

export const LIMITS = { name: 200, notes: 5000, merchant: 200 } as const;

/** NUMERIC(14,2). */
export const MAX_AMOUNT = new Decimal('999999999999.99');
const DECIMAL = /^\d+(\.\d+)?$/;

export function parseName(issues: Issues, field: string, raw: string): string {
  const name = raw.trim();
  if (!name) issues.add(field, 'must not be empty');
  else if (name.length > LIMITS.name)
    issues.add(field, `must be at most ${LIMITS.name} characters`);
  return name;
}

/** A bill amount: decimal text, greater than 0, at most two decimals. */
export function parseAmount(issues: Issues, field: string, raw: string): Money | undefined {
  if (!DECIMAL.test(raw)) {
    issues.add(field, 'must be a positive decimal amount such as "12.30"');
    return undefined;
  }
  const amount = new Decimal(raw);
  if (amount.decimalPlaces() > 2) issues.add(field, 'must have at most 2 decimal places');
  else if (amount.lte(0)) issues.add(field, 'must be greater than 0');
  else if (amount.gt(MAX_AMOUNT)) issues.add(field, 'is too large');
  else return amount;
  return undefined;
}

export function parseDate(issues: Issues, field: string, raw: string): string {
  if (!isCalendarDate(raw)) issues.add(field, 'must be a real calendar date YYYY-MM-DD');
  return raw;
}

/** Optional text: undefined stays undefined; "" (or blanks) means none. */
export function parseOptionalText(
  issues: Issues,
  field: string,
  raw: string | undefined,
  max: number,
  trim = true,
): string | null | undefined {
  if (raw === undefined) return undefined;
  const text = trim ? raw.trim() : raw;
  if (text.length > max) issues.add(field, `must be at most ${max} characters`);
  return text === '' ? null : text;
}

export function parseCategoryId(
  issues: Issues,
  field: string,
  raw: string | undefined,
): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!isUuid(raw)) issues.add(field, 'must be a UUID');
  return raw.toLowerCase();
}

export function parseFrequency(issues: Issues, field: string, raw: string): Frequency {
  if (!isFrequency(raw)) issues.add(field, `must be one of ${FREQUENCIES.join(', ')}`);
  return raw as Frequency;
}

export function parseInterval(issues: Issues, field: string, raw: number): number {
  if (!Number.isInteger(raw) || raw < 1 || raw > MAX_INTERVAL) {
    issues.add(field, `must be an integer from 1 to ${MAX_INTERVAL}`);
  }
  return raw;
}

/** An id from a request: anything that is not a UUID cannot name a row, so it is not found. */
export function requireId(raw: string, what: string): string {
  if (!isUuid(raw)) throw AppError.notFound(what);
  return raw.toLowerCase();
}
