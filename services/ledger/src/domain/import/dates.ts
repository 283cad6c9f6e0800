import { EARLIEST_YEAR, LATEST_YEAR } from '../transactions';
import type { DateOrder } from './types';

/**
 * Statement dates as banks write them: 14/03/2025, 03/14/2025, 2025-03-14, 20250314 (OFX),
 * 14-Mar-25, 14 March 2025, Mar 14, 2025, 3/14'25 (Quicken), with or without a time after.
 * Numeric day/month order is a property of the whole file, decided by `DateOrderEvidence`.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** A date as read, before the file's day/month order is applied. */
export type DateToken =
  | { kind: 'exact'; year: number; month: number; day: number }
  /** Two numbers of which either may be the day: a/b/year. */
  | { kind: 'numeric'; first: number; second: number; year: number };

const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
// A time after the date: "14/03/2025 10:22", "2025-03-14T10:22:00Z", "... 10:22:01 PM".
const TIME_SUFFIX =
  /(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp][Mm])?(?:\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,5}))?)$/;

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d+)?)?)?)?(?:\[[^\]]*\])?$/;
const NUMERIC = /^(\d{1,2})[-/.](\d{1,2})(?:[-/.]|'|\/')(\d{4}|\d{2}|\d)$/;
const DAY_MONTH_NAME =
  /^(\d{1,2})(?:st|nd|rd|th)?[-\s/.]*([A-Za-z]{3,9})\.?[-\s/.,']*(\d{4}|\d{2})$/;
const MONTH_NAME_DAY =
  /^([A-Za-z]{3,9})\.?[-\s/.]*(\d{1,2})(?:st|nd|rd|th)?[-\s/.,']*(\d{4}|\d{2})$/;

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999 (the POSIX pivot). */
function fullYear(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

/** Statements repeat the same few dates thousands of times: remember recent readings. */
const recent = new Map<string, DateToken | undefined>();
const RECENT_MAX = 4096;

/** Reads the parts of a date, or undefined when the text is no date in any known style. */
export function readDate(raw: string): DateToken | undefined {
  if (recent.has(raw)) return recent.get(raw);
  const token = readDateUncached(raw);
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(raw, token);
  return token;
}

function readDateUncached(raw: string): DateToken | undefined {
  let text = raw.trim().replace(/^"|"$/g, '');
  if (!text) return undefined;
  // Quicken pads single digits with spaces (" 3/ 4'25").
  text = text.replace(WEEKDAY, '').replace(TIME_SUFFIX, '').trim();
  let m = COMPACT.exec(text);
  if (m) return { kind: 'exact', year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  m = ISO.exec(text);
  if (m) return { kind: 'exact', year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const compacted = text.replace(/\s+/g, '');
  m = NUMERIC.exec(compacted);
  if (m) {
    // Quicken writes the year after 2000 as '5 or '25.
    const yearText = m[3].length === 1 ? `0${m[3]}` : m[3];
    return { kind: 'numeric', first: Number(m[1]), second: Number(m[2]), year: fullYear(yearText) };
  }
  m = DAY_MONTH_NAME.exec(text);
  if (m && MONTHS[m[2].toLowerCase()]) {
    return {
      kind: 'exact',
      year: fullYear(m[3]),
      month: MONTHS[m[2].toLowerCase()],
      day: Number(m[1]),
    };
  }
  m = MONTH_NAME_DAY.exec(text);
  if (m && MONTHS[m[1].toLowerCase()]) {
    return {
      kind: 'exact',
      year: fullYear(m[3]),
      month: MONTHS[m[1].toLowerCase()],
      day: Number(m[2]),
    };
  }
  return undefined;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || day < 1)
    return false;
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // 2000 is a leap year
  if (day > days) return false;
  return !(
    month === 2 &&
    day === 29 &&
    !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))
  );
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The calendar date (YYYY-MM-DD) a statement date means under the file's order, or undefined
 * when it is not a real date. An explicit YMD order refuses numeric day/month dates.
 */
export function resolveDate(token: DateToken, order: DateOrder): string | undefined {
  let year: number;
  let month: number;
  let day: number;
  if (token.kind === 'exact') {
    ({ year, month, day } = token);
  } else {
    if (order === 'YMD') return undefined;
    year = token.year;
    [day, month] = order === 'DMY' ? [token.first, token.second] : [token.second, token.first];
  }
  return isRealDate(year, month, day) ? iso(year, month, day) : undefined;
}

export function parseStatementDate(raw: string, order: DateOrder): string | undefined {
  const token = readDate(raw);
  return token && resolveDate(token, order);
}

/** Countries whose banks write the month first (03/14/2025). */
const MONTH_FIRST_COUNTRIES = new Set(['US', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI', 'FM', 'MH', 'PW']);

export function countryDateOrder(countryCode: string): DateOrder {
  return MONTH_FIRST_COUNTRIES.has(countryCode.trim().toUpperCase()) ? 'MDY' : 'DMY';
}

/** The dateFormat values a client may send, each naming the order of its numeric dates. */
export const DATE_FORMATS: Record<string, DateOrder> = {
  'DD/MM/YYYY': 'DMY',
  'DD-MM-YYYY': 'DMY',
  'DD.MM.YYYY': 'DMY',
  'DD/MM/YY': 'DMY',
  'MM/DD/YYYY': 'MDY',
  'MM-DD-YYYY': 'MDY',
  'MM/DD/YY': 'MDY',
  'YYYY-MM-DD': 'YMD',
  'YYYY/MM/DD': 'YMD',
  YYYYMMDD: 'YMD',
};

/** How an order is shown back to the client. */
export const ORDER_LABEL: Record<DateOrder, string> = {
  DMY: 'DD/MM/YYYY',
  MDY: 'MM/DD/YYYY',
  YMD: 'YYYY-MM-DD',
};

export type DateOrderSource =
  'dateFormat' | 'file' | 'saved' | 'preset' | 'country' | 'unambiguous';

/**
 * What a file's numeric dates say about their order: a first number above 12 can only be a
 * day (DD/MM), a second one above 12 only a day too (MM/DD).
 */
export class DateOrderEvidence {
  dayFirst = 0;
  monthFirst = 0;
  numeric = 0;

  add(raw: string): void {
    const token = readDate(raw);
    if (token?.kind !== 'numeric') return;
    this.numeric++;
    if (token.first > 12 && token.second <= 12) this.dayFirst++;
    else if (token.second > 12 && token.first <= 12) this.monthFirst++;
  }

  /** The order the dates prove, if they prove one (contradicting dates prove none). */
  get proven(): DateOrder | undefined {
    if (this.dayFirst && !this.monthFirst) return 'DMY';
    if (this.monthFirst && !this.dayFirst) return 'MDY';
    return undefined;
  }

  /** True when no numeric date was seen, so the order does not matter. */
  get irrelevant(): boolean {
    return this.numeric === 0;
  }
}

/**
 * The order to use: an explicit dateFormat first, then what the file proves, then the bank
 * preset's convention, then the user's country.
 */
export function chooseDateOrder(opts: {
  explicit?: DateOrder;
  evidence: DateOrderEvidence;
  preset?: DateOrder;
  /** The order of the user's saved mapping for this layout. */
  saved?: DateOrder;
  countryCode: string;
}): { order: DateOrder; source: DateOrderSource } {
  if (opts.explicit) return { order: opts.explicit, source: 'dateFormat' };
  const proven = opts.evidence.proven;
  if (proven) return { order: proven, source: 'file' };
  const fallback = opts.saved ?? opts.preset ?? countryDateOrder(opts.countryCode);
  // Only ISO, OFX or month-name dates: every order reads them the same.
  if (opts.evidence.irrelevant) return { order: fallback, source: 'unambiguous' };
  return { order: fallback, source: opts.saved ? 'saved' : opts.preset ? 'preset' : 'country' };
}
