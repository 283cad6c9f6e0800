/**
 * A monotone (isotonic) map from a confidence to the accuracy observed at that confidence,
 * fitted by pool-adjacent-violators on (confidence, correct) pairs: for the classifier, the
 * user's own recent labels, each classified as if it had not been learned (user-calibration.ts).
 * A more confident answer never gets a lower confidence, so it never changes which category
 * wins. With fewer than `minSamples` pairs it is the identity.
 */
export class IsotonicCalibration {
  private constructor(
    private readonly xs: readonly number[],
    private readonly ys: readonly number[],
  ) {}

  static identity(): IsotonicCalibration {
    return new IsotonicCalibration([], []);
  }

  /** A map written out earlier by points(): confidences ascending, accuracies non-decreasing. */
  static fromPoints(points: readonly (readonly [number, number])[]): IsotonicCalibration {
    points.forEach(([x, y], i) => {
      const previous = points[i - 1];
      if (previous && (x < previous[0] || y < previous[1]))
        throw new RangeError('isotonic points must ascend in both confidence and accuracy');
    });
    return new IsotonicCalibration(
      points.map(([x]) => x),
      points.map(([, y]) => y),
    );
  }

  /** The map's knots, [confidence, accuracy], to be written out and read back by fromPoints(). */
  points(): [number, number][] {
    return this.xs.map((x, i) => [x, this.ys[i]]);
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
    // The smoothing pulls a small block further than a large one, which could put a small
    // block of higher accuracy below the large block before it: the running maximum keeps the
    // map monotone.
    let floor = 0;
    for (const b of blocks) {
      xs.push((b.xMin + b.x) / 2);
      floor = Math.max(floor, (b.sum + 0.5) / (b.n + 1));
      ys.push(floor);
    }
    return new IsotonicCalibration(xs, ys);
  }

  /** True for the map that changes nothing (too few pairs were fitted). */
  get isIdentity(): boolean {
    return this.xs.length === 0;
  }

  /** The calibrated confidence, three decimals like the classifier's. */
  apply(confidence: number): number {
    const { xs } = this;
    if (!xs.length) return confidence;
    return Math.round(this.interpolate(confidence) * 1000) / 1000;
  }

  private interpolate(confidence: number): number {
    const { xs, ys } = this;
    if (confidence <= xs[0]) return ys[0];
    if (confidence >= xs[xs.length - 1]) return ys[ys.length - 1];
    let i = 1;
    while (xs[i] < confidence) i++;
    const t = (confidence - xs[i - 1]) / (xs[i] - xs[i - 1] || 1);
    return ys[i - 1] + t * (ys[i] - ys[i - 1]);
  }
}
