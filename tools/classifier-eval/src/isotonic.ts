/**
 * Recalibration measured by the third-party evaluation only: the categorization service does
 * not apply it (its confidences are the calibrated blend of calibration.ts), so figures
 * "after recalibration" say what such a step would give, not what users get today.
 *
 * A monotone (isotonic) map from a confidence to the accuracy observed at that confidence,
 * fitted by pool-adjacent-violators on (confidence, correct) pairs of a calibration part
 * (e.g. a user's older labels, classified before being learned). Never lowers the order of
 * two answers, so it never changes which category wins. With fewer than `minSamples` pairs it
 * is the identity.
 */
export class IsotonicCalibration {
  private constructor(
    private readonly xs: readonly number[],
    private readonly ys: readonly number[],
  ) {}

  static identity(): IsotonicCalibration {
    return new IsotonicCalibration([], []);
  }

  static fit(
    pairs: readonly { confidence: number; correct: boolean }[],
    minSamples = 30,
  ): IsotonicCalibration {
    if (pairs.length < minSamples) return IsotonicCalibration.identity();
    const sorted = [...pairs].sort((a, b) => a.confidence - b.confidence);
    // Blocks of (sum of y, count, max x); merged while a block's mean exceeds the next one's.
    const blocks: { sum: number; n: number; x: number; xMin: number }[] = [];
    for (const p of sorted) {
      blocks.push({ sum: p.correct ? 1 : 0, n: 1, x: p.confidence, xMin: p.confidence });
      while (
        blocks.length > 1 &&
        blocks[blocks.length - 2].sum / blocks[blocks.length - 2].n >=
          blocks[blocks.length - 1].sum / blocks[blocks.length - 1].n
      ) {
        const last = blocks.pop() as (typeof blocks)[number];
        const prev = blocks[blocks.length - 1];
        prev.sum += last.sum;
        prev.n += last.n;
        prev.x = last.x;
      }
    }
    // A little smoothing towards 0.5 so a block of 3 right answers does not claim certainty.
    const xs: number[] = [];
    const ys: number[] = [];
    for (const b of blocks) {
      xs.push((b.xMin + b.x) / 2);
      ys.push((b.sum + 0.5) / (b.n + 1));
    }
    return new IsotonicCalibration(xs, ys);
  }

  apply(confidence: number): number {
    const { xs, ys } = this;
    if (!xs.length) return confidence;
    if (confidence <= xs[0]) return ys[0];
    if (confidence >= xs[xs.length - 1]) return ys[ys.length - 1];
    let i = 1;
    while (xs[i] < confidence) i++;
    const t = (confidence - xs[i - 1]) / (xs[i] - xs[i - 1] || 1);
    return Math.round((ys[i - 1] + t * (ys[i] - ys[i - 1])) * 1000) / 1000;
  }
}
