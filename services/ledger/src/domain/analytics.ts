import { Issues, parseCalendarDate } from './fields';
import { EARLIEST_YEAR, LATEST_YEAR } from './transactions';

/**
 * Period math of the analytics RPCs. Every date is a UTC calendar day as YYYY-MM-DD; weeks
 * start on Monday (ISO 8601, as PostgreSQL's date_trunc('week') does).
 */

export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];
export const DEFAULT_INTERVAL: Interval = 'month';

/** Longest range an analytics request may cover. */
export const MAX_RANGE_YEARS = 5;
/** Months the default range covers (the current month included). */
export const DEFAULT_RANGE_MONTHS = 12;

/** An inclusive range of calendar days. */
export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

function toDate(day: string): Date {
  const date = parseCalendarDate(day);
  if (!date) throw new RangeError(`not a calendar date: ${day}`);
  return date;
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC calendar day of an instant. */
export function utcDay(at: Date): string {
  return format(at);
}

export function addDays(day: string, days: number): string {
  return format(new Date(toDate(day).getTime() + days * DAY_MS));
}

/**
 * The same day `months` later (earlier when negative), clamped to the end of a shorter month:
 * 2024-01-31 + 1 month is 2024-02-29.
 */
export function addMonths(day: string, months: number): string {
  const date = toDate(day);
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const out = new Date(0);
  // setUTCFullYear, not Date.UTC, which maps the years 0–99 to 1900–1999.
  out.setUTCFullYear(year, month, Math.min(date.getUTCDate(), daysInMonth(year, month)));
  return format(out);
}

function daysInMonth(year: number, month: number): number {
  const last = new Date(0);
  last.setUTCFullYear(year, month + 1, 0);
  return last.getUTCDate();
}

/** The first day of the period holding `day`. */
export function periodStart(day: string, interval: Interval): string {
  const date = toDate(day);
  switch (interval) {
    case 'day':
      return day;
    case 'week': {
      // getUTCDay: 0 = Sunday … 6 = Saturday; Monday starts the week.
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      return addDays(day, -sinceMonday);
    }
    case 'month':
      return `${day.slice(0, 7)}-01`;
  }
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriod(start: string, interval: Interval): string {
  switch (interval) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return addMonths(start, 1);
  }
}

/** Start of every period touching the range, in order (the first and last may be partial). */
export function periodStarts(range: DateRange, interval: Interval): string[] {
  const out: string[] = [];
  for (let p = periodStart(range.from, interval); p <= range.to; p = nextPeriod(p, interval)) {
    out.push(p);
  }
  return out;
}

/** YYYY-MM of every month touching the range. */
export function monthsOf(range: DateRange): string[] {
  return periodStarts(range, 'month').map((p) => p.slice(0, 7));
}

/** Validates an interval name; empty means the default (month). */
export function parseInterval(raw: string | undefined, issues: Issues): Interval {
  const value = raw?.trim() || DEFAULT_INTERVAL;
  if ((INTERVALS as readonly string[]).includes(value)) return value as Interval;
  issues.add('interval', `must be one of ${INTERVALS.join(', ')}`);
  return DEFAULT_INTERVAL;
}

/**
 * The range of an analytics request. A missing `to` is today (UTC); a missing `from` is the
 * first day of the month 11 months before `to`'s, so the default covers 12 calendar months.
 * `from` after `to`, or a range longer than 5 years, is refused.
 */
export function resolveRange(
  input: { from?: string; to?: string },
  today: Date,
  issues: Issues,
): DateRange {
  const parse = (field: 'from' | 'to'): string | undefined => {
    const raw = input[field]?.trim();
    if (!raw) return undefined;
    const date = parseCalendarDate(raw);
    if (!date) {
      issues.add(field, 'must be a date (YYYY-MM-DD)');
      return undefined;
    }
    const year = date.getUTCFullYear();
    if (year < EARLIEST_YEAR || year > LATEST_YEAR) {
      issues.add(field, `must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`);
      return undefined;
    }
    return raw;
  };
  const givenFrom = parse('from');
  const givenTo = parse('to');
  const to = givenTo ?? utcDay(today);
  const from = givenFrom ?? periodStart(addMonths(to, -(DEFAULT_RANGE_MONTHS - 1)), 'month');
  if (from > to) issues.add('from', 'must not be after to');
  else if (to >= addMonths(from, MAX_RANGE_YEARS * 12)) {
    issues.add('to', `the range from..to must not exceed ${MAX_RANGE_YEARS} years`);
  }
  return { from, to };
}

export const GROUP_BYS = ['category', 'merchant', 'month'] as const;
/** How AggregateTransactions groups; `none` answers the totals only. */
export type GroupBy = (typeof GROUP_BYS)[number] | 'none';
/** Most groups one aggregate answers. */
export const MAX_GROUPS = 1000;

export function parseGroupBy(raw: string | undefined, issues: Issues): GroupBy {
  const value = raw?.trim() ?? '';
  if (!value) return 'none';
  if ((GROUP_BYS as readonly string[]).includes(value)) return value as GroupBy;
  issues.add('groupBy', `must be one of ${GROUP_BYS.join(', ')}`);
  return 'none';
}

/** 0 (or absent) means every group; the answer never exceeds MAX_GROUPS. */
export function parseGroupLimit(raw: number | undefined, issues: Issues): number {
  const value = raw ?? 0;
  if (!Number.isInteger(value) || value < 0 || value > MAX_GROUPS) {
    issues.add('limit', `must be an integer from 0 to ${MAX_GROUPS}`);
    return MAX_GROUPS;
  }
  return value || MAX_GROUPS;
}
