import { random } from './evaluate';

/** A statistic and its bootstrap percentile interval. */
export interface Interval {
  value: number;
  low: number;
  high: number;
}

export interface BootstrapOptions {
  resamples?: number;
  /** Share of the resampled statistics the interval holds (0.9: from the 5th to the 95th percentile). */
  level?: number;
  seed?: number;
}

/**
 * How far a figure from one test part could move on another drawn like it: the statistic over
 * `resamples` resamples of the items (drawn with replacement, as many as there are), and the
 * percentiles that hold `level` of them. Items are resampled whole, so a pair (our answer and
 * the baseline's to the same line) stays a pair: the interval of a difference is paired.
 */
export function bootstrapInterval<T>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number,
  { resamples = 1000, level = 0.9, seed = 1 }: BootstrapOptions = {},
): Interval {
  const value = statistic(items);
  if (!items.length) return { value, low: value, high: value };
  const next = random(seed);
  const values: number[] = [];
  const sample = new Array<T>(items.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < items.length; i++) sample[i] = items[Math.floor(next() * items.length)];
    values.push(statistic(sample));
  }
  values.sort((a, b) => a - b);
  const at = (q: number) =>
    values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))];
  return { value, low: at((1 - level) / 2), high: at(1 - (1 - level) / 2) };
}
