export interface BackoffOptions {
  /** Delay after the first failure. */
  baseMs?: number;
  /** No delay grows past this. */
  maxMs?: number;
  /** ± this fraction of randomness, so retries of many rows or replicas do not move in step. */
  jitter?: number;
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = {
  baseMs: 1_000,
  maxMs: 60_000,
  jitter: 0.2,
};

/**
 * Exponential backoff: the delay before retry number `attempt` (1 = after the first failure)
 * is base·2^(attempt-1), capped at max, then spread by ±jitter.
 */
export function backoffMs(
  attempt: number,
  options: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const { baseMs, maxMs, jitter } = { ...DEFAULT_BACKOFF, ...options };
  const n = Math.max(1, Math.floor(attempt));
  // 2^n overflows to Infinity long before it matters; the cap keeps it finite.
  const raw = Math.min(maxMs, baseMs * 2 ** Math.min(n - 1, 52));
  const spread = raw * jitter * (2 * random() - 1);
  return Math.max(0, Math.round(Math.min(maxMs, raw + spread)));
}
