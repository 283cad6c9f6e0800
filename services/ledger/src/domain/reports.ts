import { addDays, addMonths, type DateRange } from './analytics';
import { Issues, parseCalendarDate } from './fields';
import { EARLIEST_YEAR, LATEST_YEAR } from './transactions';

/**
 * The range of a tax-report aggregation: both ends required (the tax service decides
 * financial years and defaults), inclusive UTC calendar days, from ≤ to, at most 5 years.
 */
export const MAX_REPORT_YEARS = 5;

/** The instants a range covers: [start, end) in UTC, for an index range scan on occurred_at. */
export interface ReportBounds extends DateRange {
  start: string;
  end: string;
}

export function resolveReportRange(input: { from: string; to: string }): ReportBounds {
  const issues = new Issues();
  const parse = (field: 'from' | 'to'): string | undefined => {
    const raw = input[field].trim();
    if (!raw) {
      issues.add(field, 'is required (YYYY-MM-DD)');
      return undefined;
    }
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
  const from = parse('from');
  const to = parse('to');
  if (from && to) {
    if (from > to) issues.add('from', 'must not be after to');
    else if (to >= addMonths(from, MAX_REPORT_YEARS * 12)) {
      issues.add('to', `the range from..to must not exceed ${MAX_REPORT_YEARS} years`);
    }
  }
  issues.throwIfAny();
  const range = { from: from as string, to: to as string };
  return { ...range, start: `${range.from}T00:00:00Z`, end: `${addDays(range.to, 1)}T00:00:00Z` };
}
