import { countryOf } from '@pfs/tax';
import * as chrono from 'chrono-node';

/**
 * Periods as people say them: "last month", "this financial year", "since March", "in Q3",
 * "last 90 days", "in 2025", "from 1 March to 15 April". The financial year is the user's
 * country's (AU July–June, GB 6 April, NZ/IN April, others calendar) from the tax service's
 * country table. Explicit dates go through chrono-node; the common phrases are matched first
 * because chrono reads "March" as one day, not a month.
 */
export interface Period {
  from: string;
  to: string;
  /** How the answer names it: "October 2025", "this financial year (2025–26)". */
  label: string;
  /** What it is, so "and the one before?" can step back by the same unit. */
  unit: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'fy' | 'custom';
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));
const monthName = (m: number) => MONTHS[m][0].toUpperCase() + MONTHS[m].slice(1);

function monthPeriod(y: number, m: number): Period {
  const first = utc(y, m, 1);
  return {
    from: iso(first),
    to: iso(utc(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)),
    label: `${monthName(first.getUTCMonth())} ${first.getUTCFullYear()}`,
    unit: 'month',
  };
}

function quarterPeriod(y: number, q: number): Period {
  return {
    from: iso(utc(y, (q - 1) * 3, 1)),
    to: iso(utc(y, q * 3, 0)),
    label: `Q${q} ${y}`,
    unit: 'quarter',
  };
}

function yearPeriod(y: number): Period {
  return { from: `${y}-01-01`, to: `${y}-12-31`, label: String(y), unit: 'year' };
}

/** The first day of the financial year containing `day`, as [month (0-based), day]. */
function fyStart(countryCode: string): [number, number] {
  const start = countryOf(countryCode.toUpperCase())?.financialYearStart ?? '01-01';
  const [m, d] = start.split('-').map(Number);
  return [m - 1, d];
}

export function financialYear(countryCode: string, today: Date, back = 0): Period {
  const [m, d] = fyStart(countryCode);
  let startYear = today.getUTCFullYear();
  if (today < utc(startYear, m, d)) startYear -= 1;
  startYear -= back;
  const from = utc(startYear, m, d);
  const to = utc(startYear + 1, m, d - 1);
  const calendar = m === 0 && d === 1;
  const name = calendar
    ? String(startYear)
    : `${startYear}–${String((startYear + 1) % 100).padStart(2, '0')}`;
  return { from: iso(from), to: iso(to), label: `financial year ${name}`, unit: 'fy' };
}

/** A period one unit before (or after) another: "and the month before?". */
export function shift(p: Period, steps: number, countryCode: string): Period {
  const from = new Date(`${p.from}T00:00:00Z`);
  switch (p.unit) {
    case 'month':
      return monthPeriod(from.getUTCFullYear(), from.getUTCMonth() + steps);
    case 'quarter': {
      const q = Math.floor(from.getUTCMonth() / 3) + steps;
      const y = from.getUTCFullYear() + Math.floor(q / 4);
      return quarterPeriod(y, (((q % 4) + 4) % 4) + 1);
    }
    case 'year':
      return yearPeriod(from.getUTCFullYear() + steps);
    case 'fy':
      return financialYear(countryCode, from, -steps);
    default: {
      const days = Math.round((Date.parse(`${p.to}T00:00:00Z`) - from.getTime()) / 86_400_000 + 1);
      const start = new Date(from.getTime() + steps * days * 86_400_000);
      const end = new Date(start.getTime() + (days - 1) * 86_400_000);
      return {
        from: iso(start),
        to: iso(end),
        label: `${iso(start)} to ${iso(end)}`,
        unit: 'custom',
      };
    }
  }
}

/** The period a question names, or undefined when it names none. */
export function parsePeriod(text: string, now: Date, countryCode: string): Period | undefined {
  const t = text.toLowerCase();
  const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const range = (from: Date, label: string, unit: Period['unit'] = 'custom'): Period => ({
    from: iso(from),
    to: iso(today),
    label,
    unit,
  });

  if (/\b(this|current)\s+(financial|fiscal|tax)\s+year\b|\bthis fy\b|\bfytd\b/.test(t))
    return financialYear(countryCode, today);
  if (/\b(last|previous|past)\s+(financial|fiscal|tax)\s+year\b|\blast fy\b/.test(t))
    return financialYear(countryCode, today, 1);
  if (/\b(this|current)\s+month\b|\bmonth to date\b|\bso far this month\b/.test(t))
    return monthPeriod(y, m);
  if (/\b(last|previous|past)\s+month\b/.test(t)) return monthPeriod(y, m - 1);
  if (/\b(this|current)\s+year\b|\bytd\b|\byear to date\b|\bso far this year\b/.test(t))
    return yearPeriod(y);
  if (/\b(last|previous)\s+year\b/.test(t)) return yearPeriod(y - 1);
  if (/\btoday\b/.test(t)) return { from: iso(today), to: iso(today), label: 'today', unit: 'day' };
  if (/\byesterday\b/.test(t)) {
    const d = iso(new Date(today.getTime() - 86_400_000));
    return { from: d, to: d, label: 'yesterday', unit: 'day' };
  }
  const weekday = (today.getUTCDay() + 6) % 7; // Monday first
  const monday = new Date(today.getTime() - weekday * 86_400_000);
  if (/\b(this|current)\s+week\b/.test(t))
    return { from: iso(monday), to: iso(today), label: 'this week', unit: 'week' };
  if (/\b(last|previous)\s+week\b/.test(t)) {
    const start = new Date(monday.getTime() - 7 * 86_400_000);
    return {
      from: iso(start),
      to: iso(new Date(monday.getTime() - 86_400_000)),
      label: 'last week',
      unit: 'week',
    };
  }
  const lastN = /\b(?:last|past|previous)\s+(\d{1,3})\s+(day|week|month|year)s?\b/.exec(t);
  if (lastN) {
    const n = Number(lastN[1]);
    const unit = lastN[2];
    const from =
      unit === 'day'
        ? new Date(today.getTime() - (n - 1) * 86_400_000)
        : unit === 'week'
          ? new Date(today.getTime() - (7 * n - 1) * 86_400_000)
          : unit === 'month'
            ? utc(y, m - n, today.getUTCDate() + 1)
            : utc(y - n, m, today.getUTCDate() + 1);
    return range(from, `the last ${n} ${unit}${n === 1 ? '' : 's'}`);
  }
  const quarter =
    /\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)(?:\s+(?:of\s+)?(\d{4}))?\b/.exec(
      t,
    );
  if (quarter) {
    const words: Record<string, number> = {
      first: 1,
      second: 2,
      third: 3,
      fourth: 4,
      '1st': 1,
      '2nd': 2,
      '3rd': 3,
      '4th': 4,
    };
    const q = quarter[1] ? Number(quarter[1]) : words[quarter[2]];
    let year = quarter[3] ? Number(quarter[3]) : y;
    // "Q4" without a year, asked before Q4 has begun, is last year's.
    if (!quarter[3] && utc(year, (q - 1) * 3, 1) > today) year -= 1;
    return quarterPeriod(year, q);
  }
  const since = new RegExp(`\\bsince\\s+${MONTH_WORD}(?:\\s+(\\d{4}))?\\b`).exec(t);
  if (since) {
    const month = monthIndex(since[1]);
    let year = since[2] ? Number(since[2]) : y;
    if (!since[2] && month > m) year -= 1;
    return range(utc(year, month, 1), `since ${monthName(month)} ${year}`);
  }
  const fromTo = /\b(?:from|between)\s+(.+?)\s+(?:to|until|and|-)\s+(.+?)(?:[?.!,]|$)/.exec(t);
  if (fromTo) {
    const a = chrono.en.GB.parseDate(fromTo[1], today);
    const b = chrono.en.GB.parseDate(fromTo[2], today);
    if (a && b && a <= b)
      return { from: iso(a), to: iso(b), label: `${iso(a)} to ${iso(b)}`, unit: 'custom' };
  }
  const inMonth = new RegExp(`\\b(?:in|during|for|of)?\\s*${MONTH_WORD}(?:\\s+(\\d{4}))?\\b`).exec(
    t,
  );
  if (
    inMonth &&
    !/\bmay i\b|\bmay be\b/.test(t) &&
    (inMonth[1] !== 'may' || /\bin may\b|\bmay \d{4}\b/.test(t))
  ) {
    const month = monthIndex(inMonth[1]);
    let year = inMonth[2] ? Number(inMonth[2]) : y;
    if (!inMonth[2] && month > m) year -= 1;
    return monthPeriod(year, month);
  }
  const inYear = /\b(?:in|during|for)?\s*(20\d{2}|19\d{2})\b/.exec(t);
  if (inYear) return yearPeriod(Number(inYear[1]));
  return undefined;
}

/** A date named in a request to record something ("on 3 March", "yesterday"); never in the future. */
export function parseDay(text: string, now: Date): string | undefined {
  const results = chrono.en.GB.parse(text, now);
  for (const r of results) {
    const d = r.start.date();
    if (d > now && !r.start.isCertain('year')) d.setUTCFullYear(d.getUTCFullYear() - 1);
    if (d > now) continue;
    return iso(utc(d.getFullYear(), d.getMonth(), d.getDate()));
  }
  return undefined;
}
