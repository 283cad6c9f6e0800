/**
 * The retry schedule of Standard Webhooks (and Svix): after the first attempt, retries 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h apart, about 27.6 hours in all. Each delay is
 * stretched by up to 10 % of jitter (never shortened), so the total is never under the schedule.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

export const JITTER = 0.1;

/** Attempts in all: the first and one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * The delay before the next attempt after failed attempt number `step` (1-based within the
 * current schedule), or undefined when the schedule is exhausted.
 */
export function retryDelayMs(step: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_MS[step - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 + JITTER * random()));
}
