import { AppError, Decimal, type FieldIssue, type Money } from '@pfs/kit';

/**
 * Collects every bad field of one request, so a client fixes them all in one round trip
 * instead of discovering them one by one.
 */
export class Issues {
  private readonly list: FieldIssue[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  has(field: string): boolean {
    return this.list.some((issue) => issue.field === field);
  }

  throwIfAny(): void {
    if (this.list.length) this.fail();
  }

  fail(): never {
    throw AppError.validation([...this.list]);
  }
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/**
 * Midnight UTC of a calendar date, or undefined when the date does not exist (2023-02-29).
 * setUTCFullYear is used because Date.UTC maps years 0–99 to 1900–1999.
 */
function utcMidnight(year: number, month: number, day: number): Date | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** A strict YYYY-MM-DD calendar date as midnight UTC. */
export function parseCalendarDate(raw: string): Date | undefined {
  const m = CALENDAR_DATE.exec(raw);
  return m ? utcMidnight(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

/**
 * An instant from a calendar date (midnight UTC) or an ISO 8601 date-time that carries its
 * offset. A date-time without an offset is refused: which instant it means would depend on
 * the server's time zone.
 */
export function parseInstant(raw: string): Date | undefined {
  const date = parseCalendarDate(raw);
  if (date) return date;
  const m = DATE_TIME.exec(raw);
  if (!m) return undefined;
  const day = utcMidnight(Number(m[1]), Number(m[2]), Number(m[3]));
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (!day || hour > 23 || minute > 59 || second > 59) return undefined;
  // JS dates hold milliseconds; finer fractions are truncated.
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  let offsetMinutes = 0;
  if (!m[8]) {
    const [offsetHours, offsetMins] = [Number(m[10]), Number(m[11])];
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const wallClock = day.getTime() + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
  return new Date(wallClock - offsetMinutes * 60_000);
}

/** The same day one day later, for turning an inclusive `to` date into an exclusive bound. */
export function nextDay(date: Date): Date {
  return new Date(date.getTime() + 86_400_000);
}

// Plain decimal notation only: decimal.js would also accept hex, binary, NaN and Infinity.
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?$/;

/** Parses decimal text exactly (never through a binary float); -0 becomes 0. */
export function parseDecimal(raw: string): Money | undefined {
  const text = raw.trim();
  if (!DECIMAL_TEXT.test(text)) return undefined;
  const value = new Decimal(text);
  return value.isZero() ? new Decimal(0) : value;
}

export interface DecimalRule {
  /** Most decimal places allowed. */
  places: number;
  min: { value: string; exclusive?: boolean };
  max: { value: string; exclusive?: boolean };
}

/** Parses and range-checks a decimal field, recording one issue on failure. */
export function checkDecimal(
  issues: Issues,
  field: string,
  raw: string,
  rule: DecimalRule,
): Money | undefined {
  const value = parseDecimal(raw);
  if (!value) {
    issues.add(field, 'must be a decimal number');
    return undefined;
  }
  if (value.decimalPlaces() > rule.places) {
    issues.add(field, `must have at most ${rule.places} decimal places`);
    return undefined;
  }
  const { min, max } = rule;
  if (min.exclusive ? value.lte(min.value) : value.lt(min.value)) {
    issues.add(
      field,
      min.exclusive ? `must be greater than ${min.value}` : `must be at least ${min.value}`,
    );
    return undefined;
  }
  if (max.exclusive ? value.gte(max.value) : value.gt(max.value)) {
    issues.add(
      field,
      max.exclusive ? `must be less than ${max.value}` : `must be at most ${max.value}`,
    );
    return undefined;
  }
  return value;
}

/** Length in characters (code points), which is what PostgreSQL's char_length counts. */
export function charLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Trims a text field and checks its length. PostgreSQL cannot store NUL in text, so it is
 * refused here rather than surfacing as a database error.
 */
export function checkText(
  issues: Issues,
  field: string,
  raw: string,
  { min, max }: { min: number; max: number },
): string | undefined {
  const text = raw.trim();
  if (text.includes('\u0000')) {
    issues.add(field, 'must not contain NUL characters');
    return undefined;
  }
  const length = charLength(text);
  if (length < min) {
    issues.add(field, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
    return undefined;
  }
  if (length > max) {
    issues.add(field, `must be at most ${max} characters`);
    return undefined;
  }
  return text;
}
