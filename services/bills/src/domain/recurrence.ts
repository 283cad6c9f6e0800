import { addDays, addMonthsClamped, daysBetween, parts } from './dates';

/**
 * When a recurring bill falls due. Pure date arithmetic on `YYYY-MM-DD` strings:
 *
 * - weekly: every 7 × interval days; fortnightly: every 14 × interval days;
 * - monthly: every interval months, quarterly: every 3 × interval months, yearly: every
 *   12 × interval months, each on the start date's day of the month, clamped to the last day
 *   of a shorter month (Jan 31 → Feb 28/29 → Mar 31; yearly Feb 29 → Feb 28 in other years).
 *
 * The n-th occurrence is always computed from the start date, so a clamp never drifts.
 */

export const FREQUENCIES = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export function isFrequency(value: string): value is Frequency {
  return (FREQUENCIES as readonly string[]).includes(value);
}

export const MAX_INTERVAL = 52;

export interface Schedule {
  frequency: Frequency;
  /** 1–52 */
  interval: number;
  startDate: string;
  /** Last day an occurrence may fall on (inclusive); null: open-ended. */
  endDate: string | null;
}

const DAYS: Partial<Record<Frequency, number>> = { weekly: 7, fortnightly: 14 };
const MONTHS: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/** Nominal length of one step in days (for estimates and detection, not for due dates). */
export function nominalDays(frequency: Frequency, interval: number): number {
  const days = DAYS[frequency];
  if (days) return days * interval;
  return (MONTHS[frequency] as number) * interval * (365.2425 / 12);
}

/** The n-th due date (n = 0 is the start date), ignoring the end date. */
export function nthOccurrence(schedule: Schedule, n: number): string {
  const days = DAYS[schedule.frequency];
  if (days) return addDays(schedule.startDate, days * schedule.interval * n);
  const months = MONTHS[schedule.frequency] as number;
  return addMonthsClamped(schedule.startDate, months * schedule.interval * n);
}

/** An index at or before the first occurrence on or after `date` (never negative). */
function firstIndexNear(schedule: Schedule, date: string): number {
  if (date <= schedule.startDate) return 0;
  const days = DAYS[schedule.frequency];
  if (days)
    return Math.max(
      0,
      Math.floor(daysBetween(schedule.startDate, date) / (days * schedule.interval)),
    );
  const step = (MONTHS[schedule.frequency] as number) * schedule.interval;
  const a = parts(schedule.startDate);
  const b = parts(date);
  const months = (b.year - a.year) * 12 + (b.month - a.month);
  return Math.max(0, Math.floor(months / step) - 1);
}

/**
 * Due dates in [from, to] (inclusive), in order, within the schedule's start and end dates.
 * At most `limit` dates (a guard: a 90-day horizon holds at most 13 weekly dates).
 */
export function occurrencesBetween(
  schedule: Schedule,
  from: string,
  to: string,
  limit = 1000,
): string[] {
  const last = schedule.endDate && schedule.endDate < to ? schedule.endDate : to;
  const out: string[] = [];
  for (let n = firstIndexNear(schedule, from); out.length < limit; n++) {
    const date = nthOccurrence(schedule, n);
    if (date > last) break;
    if (date >= from) out.push(date);
  }
  return out;
}

/** The first due date on or after `date`, or null when the schedule has ended by then. */
export function nextOccurrence(schedule: Schedule, date: string): string | null {
  for (let n = firstIndexNear(schedule, date); ; n++) {
    const due = nthOccurrence(schedule, n);
    if (schedule.endDate && due > schedule.endDate) return null;
    if (due >= date) return due;
  }
}

/** Whether two schedules produce the same due dates. */
export function sameSchedule(a: Schedule, b: Schedule): boolean {
  return (
    a.frequency === b.frequency &&
    a.interval === b.interval &&
    a.startDate === b.startDate &&
    (a.endDate ?? null) === (b.endDate ?? null)
  );
}
