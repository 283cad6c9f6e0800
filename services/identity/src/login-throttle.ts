import { AppError, type Knex } from '@pfs/kit';
import type { Logger } from '@pfs/kit';
import {
  attemptCeiling,
  failureDelayMs,
  isRefused,
  retryAfterSeconds,
  throttleKeys,
  type LoginThrottlePolicy,
} from './domain/login-throttle';
import {
  clearAttempts,
  countAttempt,
  pruneExpiredAttempts,
  uncountAttempt,
  type AttemptCount,
} from './store/login-failures';

const PRUNE_EVERY_MS = 60_000;

/** An attempt that was let through and is counted as a failure until it proves otherwise. */
export interface LoginAttempt {
  counts: AttemptCount[];
  emailKey: string;
}

/**
 * Slows and then refuses repeated login failures per email and per client address. Counts
 * live in Postgres so all replicas share them.
 */
export class LoginThrottle {
  private lastPrunedAt = 0;

  constructor(
    private readonly db: Knex,
    private readonly policy: LoginThrottlePolicy,
    private readonly logger: Logger,
  ) {}

  /** Counts the attempt before the password is checked; throws RATE_LIMITED when over. */
  async begin(canonicalEmail: string, clientAddress: string): Promise<LoginAttempt> {
    const keys = throttleKeys(canonicalEmail, clientAddress, this.policy);
    const counts = await Promise.all(
      keys.map((k) =>
        countAttempt(this.db, k.key, attemptCeiling(k.limit), this.policy.windowSeconds),
      ),
    );
    const refused = counts.filter((c, i) => isRefused(c.attempts, keys[i].limit));
    if (refused.length) {
      // The refused attempt never reached the password check, so it is no failure for the
      // other counters.
      await Promise.all(
        counts.filter((c) => !refused.includes(c)).map((c) => uncountAttempt(this.db, c.key)),
      );
      const retryAfter = Math.max(
        ...refused.map((c) =>
          retryAfterSeconds(c.windowStartedAt, c.observedAt, this.policy.windowSeconds),
        ),
      );
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed login attempts; try again in ${retryAfter} seconds`,
        { retryAfterSeconds: retryAfter },
      );
    }
    return { counts, emailKey: keys[0].key };
  }

  /** Leaves the attempt counted and holds the answer back as the failures pile up. */
  async failed(attempt: LoginAttempt): Promise<void> {
    const failures = Math.max(...attempt.counts.map((c) => c.attempts));
    const delay = failureDelayMs(failures, this.policy.slowdownMs);
    await Promise.all([
      delay > 0 ? new Promise((r) => setTimeout(r, delay)) : undefined,
      this.pruneNowAndThen(),
    ]);
  }

  /** The account owner got in: their email starts afresh; the address gets its attempt back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await Promise.all(
      attempt.counts.map((c) =>
        c.key === attempt.emailKey ? clearAttempts(this.db, c.key) : uncountAttempt(this.db, c.key),
      ),
    );
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrunedAt < PRUNE_EVERY_MS) return;
    this.lastPrunedAt = Date.now();
    await pruneExpiredAttempts(this.db, this.policy.windowSeconds).catch((err: unknown) =>
      this.logger.warn({ err }, 'could not prune expired login failure counters'),
    );
  }
}
