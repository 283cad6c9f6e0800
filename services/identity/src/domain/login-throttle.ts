/** How repeated login failures are slowed and then refused. */
export interface LoginThrottlePolicy {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
  /** Added per failure beyond the free ones. */
  slowdownMs: number;
}

/** Typos happen: the first failures of a window cost nothing extra. */
export const FREE_FAILURES = 2;
export const MAX_SLOWDOWN_MS = 1000;

export interface ThrottleKey {
  key: string;
  limit: number;
}

/**
 * One counter per email (guessing one account's password) and one per client address
 * (spraying many accounts from one place). Without a known address only the email counts.
 */
export function throttleKeys(
  canonicalEmail: string,
  clientAddress: string,
  policy: LoginThrottlePolicy,
): ThrottleKey[] {
  const keys = [{ key: `email:${canonicalEmail}`, limit: policy.maxFailuresPerEmail }];
  const address = clientAddress.trim();
  if (address) keys.push({ key: `address:${address}`, limit: policy.maxFailuresPerAddress });
  return keys;
}

/** How long to hold back the answer to a failed attempt, given the failures in the window. */
export function failureDelayMs(failures: number, slowdownMs: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min((failures - FREE_FAILURES) * slowdownMs, MAX_SLOWDOWN_MS);
}

/**
 * Attempts are counted before the password is checked (so parallel guesses cannot slip past
 * the limit), and the stored count stops at limit + 1: a count above the limit means refused.
 */
export function attemptCeiling(limit: number): number {
  return limit + 1;
}

export function isRefused(attempts: number, limit: number): boolean {
  return attempts > limit;
}

/** Whole seconds until the window that refused the attempt ends; never less than 1. */
export function retryAfterSeconds(windowStartedAt: Date, now: Date, windowSeconds: number): number {
  const endsAt = windowStartedAt.getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}
