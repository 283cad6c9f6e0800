/**
 * A seeded pseudo-random stream in [0, 1) (mulberry32: 32 bits of state, fast, well mixed):
 * the same seed gives the same numbers, so generated test data, evaluation splits and
 * benchmark workloads replay exactly. Not for anything secret (use node:crypto).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
