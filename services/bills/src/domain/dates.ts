/**
 * Calendar dates as `YYYY-MM-DD` strings, computed in UTC so no time zone can shift a day.
 * Bills are due on calendar days; "today" is the UTC day of the injected clock.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface YearMonthDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function parts(date: string): YearMonthDay {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date YYYY-MM-DD: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

export function fromParts({ year, month, day }: YearMonthDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function toUtcMs(date: string): number {
  const { year, month, day } = parts(date);
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getTime();
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / DAY_MS);
}

/**
 * The date `months` months after `anchor`'s month, on the anchor's day of the month, clamped
 * to the last day of shorter months: Jan 31 + 1 → Feb 28 (29 in a leap year), + 2 → Mar 31.
 * Always computed from the anchor, never from the previous (clamped) result, so the day is
 * not lost after February.
 */
export function addMonthsClamped(anchor: string, months: number): string {
  const { year, month, day } = parts(anchor);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return fromParts({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

/** Today's UTC calendar day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a >= b ? a : b;
}
