import { countryOf } from './countries';
import { dayBefore } from './rates/types';
import { isCalendarDate, Issues, parseCountryCode } from './fields';

/** A report's inclusive range of calendar days and the financial year it is, if it is one. */
export interface ReportingPeriod {
  from: string;
  to: string;
  /** The year in which the financial year ends; 0 when the range is not one financial year. */
  financialYear: number;
  financialYearLabel: string;
  countryCode: string;
  currency: string;
  financialYearStart: string;
}

export const MIN_FINANCIAL_YEAR = 1901;
export const MAX_FINANCIAL_YEAR = 2100;
/** The longest explicit range a report covers. */
export const MAX_RANGE_DAYS = 5 * 366;

const CALENDAR = '01-01';

function pad(year: number): string {
  return String(year).padStart(4, '0');
}

/** The days of financial year `year` (the year it ends in) for a year starting on MM-DD. */
export function financialYearRange(start: string, year: number): { from: string; to: string } {
  if (start === CALENDAR) return { from: `${pad(year)}-01-01`, to: `${pad(year)}-12-31` };
  return { from: `${pad(year - 1)}-${start}`, to: dayBefore(`${pad(year)}-${start}`) };
}

/** The financial year (the year it ends in) that holds a day. */
export function financialYearOf(start: string, day: string): number {
  const year = Number(day.slice(0, 4));
  if (start === CALENDAR) return year;
  return day.slice(5) >= start ? year + 1 : year;
}

/** "2025" for a calendar year, "FY2024-25" otherwise. */
export function financialYearLabel(start: string, year: number): string {
  return start === CALENDAR ? String(year) : `FY${year - 1}-${String(year).slice(-2)}`;
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/**
 * A report's period: an explicit inclusive range (both from and to), or financialYear of the
 * user's country, or — with neither — the financial year that holds today. Countries without
 * an entry use calendar years.
 */
export function resolvePeriod(
  request: { countryCode: string; from: string; to: string; financialYear: number },
  today: string,
): ReportingPeriod {
  const issues = new Issues();
  const countryCode = parseCountryCode(issues, 'countryCode', request.countryCode) ?? 'AU';
  const { from, to, financialYear } = request;
  if (from && !isCalendarDate(from)) issues.add('from', 'must be a real calendar date YYYY-MM-DD');
  if (to && !isCalendarDate(to)) issues.add('to', 'must be a real calendar date YYYY-MM-DD');
  if (Boolean(from) !== Boolean(to))
    issues.add(from ? 'to' : 'from', 'from and to must be given together');
  if (financialYear && (from || to))
    issues.add('financialYear', 'give either financialYear or from and to, not both');
  if (
    financialYear &&
    (!Number.isInteger(financialYear) ||
      financialYear < MIN_FINANCIAL_YEAR ||
      financialYear > MAX_FINANCIAL_YEAR)
  ) {
    issues.add(
      'financialYear',
      `must be a year from ${MIN_FINANCIAL_YEAR} to ${MAX_FINANCIAL_YEAR}`,
    );
  }
  if (from && to && isCalendarDate(from) && isCalendarDate(to)) {
    if (from > to) issues.add('from', 'must not be after to');
    else if (daysBetween(from, to) >= MAX_RANGE_DAYS)
      issues.add('to', 'the range must not exceed 5 years');
  }
  issues.throwIfAny();

  const country = countryOf(countryCode);
  const start = country?.financialYearStart ?? CALENDAR;
  let range: { from: string; to: string };
  let year: number;
  if (from && to) {
    range = { from, to };
    // An explicit range that is exactly one financial year is reported as that year.
    const candidate = financialYearOf(start, from);
    const exact = financialYearRange(start, candidate);
    year = exact.from === from && exact.to === to ? candidate : 0;
  } else {
    year = financialYear || financialYearOf(start, today);
    range = financialYearRange(start, year);
  }
  return {
    ...range,
    financialYear: year,
    financialYearLabel: year ? financialYearLabel(start, year) : '',
    countryCode,
    currency: country?.currency ?? '',
    financialYearStart: start,
  };
}
