import { bootstrapInterval } from '../../src/bootstrap';

const share = (sample: readonly boolean[]) => sample.filter(Boolean).length / sample.length;
const answers = (n: number, right: number) => Array.from({ length: n }, (_, i) => i < right);

describe('bootstrapInterval', () => {
  it('holds the statistic, and gives the same interval for the same seed', () => {
    const items = answers(200, 150);
    const a = bootstrapInterval(items, share, { seed: 7 });
    expect(a.value).toBe(0.75);
    expect(a.low).toBeLessThan(0.75);
    expect(a.high).toBeGreaterThan(0.75);
    expect(bootstrapInterval(items, share, { seed: 7 })).toEqual(a);
  });

  it('narrows as the test part grows, about as the binomial standard error says', () => {
    const small = bootstrapInterval(answers(100, 75), share);
    const large = bootstrapInterval(answers(10_000, 7_500), share);
    // 90% of a normal: ±1.645 standard errors, sqrt(0.75 × 0.25 / n).
    expect(small.high - small.low).toBeCloseTo(2 * 1.645 * Math.sqrt(0.1875 / 100), 1);
    expect(large.high - large.low).toBeLessThan((small.high - small.low) / 5);
  });

  it('keeps pairs together: a difference that is the same on every line has no spread', () => {
    const pairs = answers(50, 30).map((right) => [right, right] as const);
    const gap = bootstrapInterval(pairs, (sample) =>
      sample.reduce((sum, [a, b]) => sum + Number(a) - Number(b), 0),
    );
    expect(gap).toEqual({ value: 0, low: 0, high: 0 });
  });

  it('answers an empty set with the statistic alone', () => {
    expect(bootstrapInterval([] as boolean[], () => 0)).toEqual({ value: 0, low: 0, high: 0 });
  });
});
