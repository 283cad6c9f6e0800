import { formatMoney, money, type Money } from '@pfs/kit';
import { addDays, daysBetween, maxDate } from './dates';
import { displayName, merchantKey, merchantsMatch } from './merchant';
import { nextOccurrence, type Frequency } from './recurrence';

/**
 * Finds recurring payments in a user's debit history: the same merchant (by `merchantKey`),
 * paid at a regular interval, for a stable or slowly changing amount.
 *
 * 1. Group by merchant key; inside a group, split the amounts where they jump by more than
 *    30% (two subscriptions at one merchant, or a one-off purchase among the subscription
 *    charges), and look at each cluster of the group.
 * 2. The median interval between payments picks the period (weekly … yearly, with an
 *    interval such as every 4 weeks or every 2 months). An interval that is a multiple of the
 *    period (61 days for a monthly bill) is a skipped payment, not an irregularity.
 * 3. Confidence (0–1) = 0.45 regularity + 0.35 amount stability + 0.2 history length. A
 *    price rise (15.99 → 17.99) costs little; amounts all over the place rule a group out.
 *
 * At least 3 payments are needed (2 for yearly ones), and the last must be recent (at most
 * one period missed), so a cancelled subscription is not suggested.
 */

export interface HistoryTransaction {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  amount: Money | string;
  merchant: string | null;
  description: string;
}

export interface DetectedPattern {
  /** merchantKey of the payments. */
  key: string;
  /** The merchant as the bank last wrote it. */
  merchant: string;
  name: string;
  /** The latest amount, "12.30". */
  amount: string;
  frequency: Frequency;
  interval: number;
  nextDueDate: string;
  /** 0–1, two decimals. */
  confidence: number;
  occurrences: number;
  firstDate: string;
  lastDate: string;
  transactionIds: string[];
}

export interface DetectOptions {
  /** Today (YYYY-MM-DD): decides which series are still running and the next due date. */
  today: string;
  /** Suggestions below this confidence are dropped (default 0.5). */
  minConfidence?: number;
  /** Merchants (as merchant keys) already covered by one of the user's patterns. */
  exclude?: string[];
}

interface Period {
  frequency: Frequency;
  interval: number;
  /** Nominal length in days. */
  days: number;
  /** How far (in days) one interval may be off and still count as regular. */
  tolerance: number;
  /** History length (intervals) that earns the full count score. */
  fullHistory: number;
}

const MONTH = 365.2425 / 12;

export const PERIODS: Period[] = [
  { frequency: 'weekly', interval: 1, days: 7, tolerance: 1, fullHistory: 8 },
  { frequency: 'fortnightly', interval: 1, days: 14, tolerance: 2, fullHistory: 8 },
  { frequency: 'weekly', interval: 3, days: 21, tolerance: 2, fullHistory: 6 },
  { frequency: 'weekly', interval: 4, days: 28, tolerance: 2, fullHistory: 6 },
  { frequency: 'monthly', interval: 1, days: MONTH, tolerance: 4, fullHistory: 6 },
  { frequency: 'monthly', interval: 2, days: 2 * MONTH, tolerance: 5, fullHistory: 4 },
  { frequency: 'quarterly', interval: 1, days: 3 * MONTH, tolerance: 7, fullHistory: 3 },
  { frequency: 'monthly', interval: 6, days: 6 * MONTH, tolerance: 10, fullHistory: 2 },
  { frequency: 'yearly', interval: 1, days: 365.2425, tolerance: 15, fullHistory: 2 },
];

/** A payment interval may stand for at most this many periods (two skipped payments). */
const MAX_PERIODS_PER_INTERVAL = 3;
/** Sorted amounts split into clusters where one is more than this factor above the previous. */
const CLUSTER_GAP = 1.3;
const MIN_REGULAR_FRACTION = 0.75;
/** Other payments to the merchant while a series ran, at most this share of the series' length. */
const MAX_UNEXPLAINED_SHARE = 0.5;

interface Payment {
  id: string;
  date: string;
  amount: Money;
  merchant: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface Fit {
  period: Period;
  /** Share of intervals that are a whole number of periods (within tolerance). */
  fraction: number;
  regular: number;
  skips: number;
  /** Mean residual of the regular intervals, as a share of the tolerance (0–1). */
  residual: number;
}

function fit(intervals: number[], period: Period): Fit {
  let regular = 0;
  let skips = 0;
  let residual = 0;
  for (const gap of intervals) {
    const k = Math.max(1, Math.round(gap / period.days));
    const off = Math.abs(gap - k * period.days);
    if (k <= MAX_PERIODS_PER_INTERVAL && off <= period.tolerance) {
      regular++;
      skips += k - 1;
      residual += off / period.tolerance;
    }
  }
  return {
    period,
    fraction: intervals.length ? regular / intervals.length : 0,
    regular,
    skips,
    residual: regular ? residual / regular : 1,
  };
}

/** The period that explains the intervals best; the median interval must be one period long. */
export function bestPeriod(intervals: number[]): Fit | undefined {
  if (!intervals.length) return undefined;
  const m = median(intervals);
  let best: Fit | undefined;
  for (const period of PERIODS) {
    if (Math.abs(m - period.days) > period.tolerance) continue;
    const f = fit(intervals, period);
    if (
      !best ||
      f.fraction > best.fraction ||
      (f.fraction === best.fraction && f.residual < best.residual)
    ) {
      best = f;
    }
  }
  return best;
}

/**
 * 1 for a fixed amount; 0.9 for a few step changes of at most 25% each (a price rise);
 * lower as amounts vary more; 0 when they are too unstable to be one bill.
 */
export function amountStability(amounts: Money[]): number {
  const values = amounts.map((a) => a.toNumber());
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const cv = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length) / mean;
  if (cv <= 0.01) return 1;
  const changes: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const rel = Math.abs(values[i] - values[i - 1]) / values[i - 1];
    if (rel > 0.01) changes.push(rel);
  }
  const stepwise =
    changes.length <= Math.max(1, Math.floor(values.length / 3)) && changes.every((c) => c <= 0.25);
  if (stepwise) return 0.9;
  if (cv <= 0.1) return 0.75;
  if (cv <= 0.25) return 0.5;
  if (cv <= 0.4) return 0.3;
  return 0;
}

/** Groups of similar amounts, in date order inside each (see CLUSTER_GAP). */
function amountClusters(payments: Payment[]): Payment[][] {
  const sorted = [...payments].sort((a, b) => a.amount.comparedTo(b.amount));
  const clusters: Payment[][] = [];
  let current: Payment[] = [];
  for (const p of sorted) {
    const prev = current[current.length - 1];
    if (prev && p.amount.gt(prev.amount.times(CLUSTER_GAP))) {
      clusters.push(current);
      current = [];
    }
    current.push(p);
  }
  if (current.length) clusters.push(current);
  return clusters.map(byDate);
}

function byDate(payments: Payment[]): Payment[] {
  return [...payments].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1,
  );
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** One series of payments → a pattern, or undefined when it is not recurring. */
export function analyzeSeries(
  key: string,
  payments: Payment[],
  today: string,
): DetectedPattern | undefined {
  // One payment per day: a same-day repeat (a retried charge) is one payment.
  const series: Payment[] = [];
  for (const p of byDate(payments)) {
    if (series.length && series[series.length - 1].date === p.date) series[series.length - 1] = p;
    else series.push(p);
  }
  if (series.length < 2) return undefined;
  const intervals = series.slice(1).map((p, i) => daysBetween(series[i].date, p.date));
  const best = bestPeriod(intervals);
  if (!best) return undefined;
  const { period } = best;
  const minPayments = period.frequency === 'yearly' ? 2 : 3;
  if (series.length < minPayments) return undefined;
  if (best.fraction < MIN_REGULAR_FRACTION || best.skips > best.regular) return undefined;

  const last = series[series.length - 1];
  // Still running: at most one payment missed since the last one.
  if (daysBetween(last.date, today) > 2 * period.days + period.tolerance) return undefined;

  const stability = amountStability(series.map((p) => p.amount));
  if (stability === 0) return undefined;
  const regularity =
    best.fraction *
    (1 - 0.4 * best.residual) *
    (1 - (0.5 * best.skips) / (best.regular + best.skips));
  const history = Math.min(1, intervals.length / period.fullHistory);
  const confidence = round2(0.45 * regularity + 0.35 * stability + 0.2 * history);

  const schedule = {
    frequency: period.frequency,
    interval: period.interval,
    startDate: last.date,
    endDate: null,
  };
  const nextDueDate = nextOccurrence(schedule, maxDate(addDays(last.date, 1), today)) as string;
  return {
    key,
    merchant: last.merchant,
    name: displayName(key),
    amount: formatMoney(last.amount),
    frequency: period.frequency,
    interval: period.interval,
    nextDueDate,
    confidence,
    occurrences: series.length,
    firstDate: series[0].date,
    lastDate: last.date,
    transactionIds: series.map((p) => p.id),
  };
}

/**
 * A series found among a merchant's payments must make up most of what was paid to that
 * merchant while it ran: a few purchases that happen to fall a month apart, among many
 * irregular ones at the same shop, are a coincidence, not a bill. Payments of other series
 * found at the merchant (two subscriptions at one store) do not count against it.
 */
function dominates(
  candidate: DetectedPattern,
  all: DetectedPattern[],
  payments: Payment[],
): boolean {
  const explained = new Set(all.flatMap((c) => c.transactionIds));
  const unexplained = payments.filter(
    (p) => !explained.has(p.id) && p.date >= candidate.firstDate && p.date <= candidate.lastDate,
  ).length;
  return unexplained <= candidate.occurrences * MAX_UNEXPLAINED_SHARE;
}

/** Recurring payments in a debit history, best first (see the module comment). */
export function detectPatterns(
  transactions: HistoryTransaction[],
  options: DetectOptions,
): DetectedPattern[] {
  const minConfidence = options.minConfidence ?? 0.5;
  const exclude = options.exclude ?? [];
  const groups = new Map<string, Payment[]>();
  for (const t of transactions) {
    const raw = t.merchant?.trim() || t.description.trim();
    const key = merchantKey(raw);
    if (!key) continue;
    if (exclude.some((covered) => merchantsMatch(covered, key))) continue;
    const payment = { id: t.id, date: t.date.slice(0, 10), amount: money(t.amount), merchant: raw };
    const group = groups.get(key);
    if (group) group.push(payment);
    else groups.set(key, [payment]);
  }

  const found: DetectedPattern[] = [];
  for (const [key, payments] of groups) {
    const clusters = amountClusters(payments);
    let candidates = clusters
      .filter((c) => c.length >= 2)
      .map((c) => analyzeSeries(key, c, options.today))
      .filter((p): p is DetectedPattern => Boolean(p));
    if (!candidates.length && clusters.length > 1) {
      const whole = analyzeSeries(key, payments, options.today);
      if (whole) candidates = [whole];
    }
    found.push(...candidates.filter((c) => dominates(c, candidates, payments)));
  }
  return found
    .filter((p) => p.confidence >= minConfidence)
    .sort(
      (a, b) =>
        b.confidence - a.confidence ||
        b.lastDate.localeCompare(a.lastDate) ||
        a.key.localeCompare(b.key),
    );
}
