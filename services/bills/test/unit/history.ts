import { seededRandom } from '@pfs/kit';
import { addDays } from '../../src/domain/dates';
import type { HistoryTransaction } from '../../src/domain/detection';
import { nthOccurrence, type Frequency } from '../../src/domain/recurrence';

/** Generated bank histories for the detection tests: seeded, so every run sees the same noise. */

export const seeded = seededRandom;

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${String(++counter).padStart(5, '0')}`;

export interface SeriesSpec {
  /** One merchant text, or variants the bank alternates between. */
  merchant: string | string[];
  frequency: Frequency;
  interval?: number;
  start: string;
  count: number;
  /** A fixed amount, or the amount of the i-th payment. */
  amount: number | ((i: number) => number);
  /** Payments land up to this many days after the due date (weekends, processing). */
  jitterDays?: number;
  /** Indexes of payments that did not happen (skipped months). */
  skip?: number[];
  /** Put the merchant text in the description and leave merchant empty. */
  descriptionOnly?: boolean;
}

export function series(spec: SeriesSpec, rand: () => number): HistoryTransaction[] {
  const out: HistoryTransaction[] = [];
  const variants = Array.isArray(spec.merchant) ? spec.merchant : [spec.merchant];
  const schedule = {
    frequency: spec.frequency,
    interval: spec.interval ?? 1,
    startDate: spec.start,
    endDate: null,
  };
  for (let i = 0; i < spec.count; i++) {
    if (spec.skip?.includes(i)) continue;
    const due = nthOccurrence(schedule, i);
    const date = addDays(due, Math.floor(rand() * ((spec.jitterDays ?? 2) + 1)));
    const amount = typeof spec.amount === 'number' ? spec.amount : spec.amount(i);
    const merchant = variants[Math.floor(rand() * variants.length)];
    out.push({
      id: nextId('tx'),
      date,
      amount: amount.toFixed(2),
      merchant: spec.descriptionOnly ? null : merchant,
      description: spec.descriptionOnly ? merchant : `Card purchase ${merchant}`,
    });
  }
  return out;
}

/** One-off purchases at many merchants on random days, at random amounts. */
export function oneOffs(
  rand: () => number,
  from: string,
  days: number,
  count: number,
): HistoryTransaction[] {
  const shops = [
    'BUNNINGS 7731',
    'JB HI-FI',
    'CAFE NERO',
    'UBER *TRIP',
    'KMART 1102',
    'MYER SYDNEY',
    'DAN MURPHYS',
  ];
  return Array.from({ length: count }, () => ({
    id: nextId('noise'),
    date: addDays(from, Math.floor(rand() * days)),
    amount: (5 + rand() * 200).toFixed(2),
    merchant: shops[Math.floor(rand() * shops.length)],
    description: 'EFTPOS purchase',
  }));
}

/** Purchases at one merchant on random days (a café you visit now and then). */
export function irregular(
  rand: () => number,
  merchant: string,
  from: string,
  days: number,
  count: number,
  amount: () => number,
): HistoryTransaction[] {
  return Array.from({ length: count }, () => ({
    id: nextId('irr'),
    date: addDays(from, Math.floor(rand() * days)),
    amount: amount().toFixed(2),
    merchant,
    description: merchant,
  }));
}

export function shuffle<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
