import { AppError } from '@pfs/kit';
import type { Response } from 'express';
import type Redis from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  resetEpochSeconds: number;
  retryAfterSeconds: number;
  allowed: boolean;
}

/** Counts have no ceiling in the store; each caller's own limit is applied on top. */
const UNBOUNDED = 1_000_000_000;

/**
 * Fixed-window request budgets. One counter per key (user or client address) whatever its
 * limit, so a tier change keeps the window's count. With Redis every gateway replica shares
 * the same budget; if Redis is unreachable the in-memory limiter stands in.
 */
export class RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(windowSeconds: number, redis?: Redis) {
    const memory = new RateLimiterMemory({
      points: UNBOUNDED,
      duration: windowSeconds,
      keyPrefix: 'pfs-rl',
    });
    this.limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points: UNBOUNDED,
          duration: windowSeconds,
          keyPrefix: 'pfs-rl',
          insuranceLimiter: memory,
        })
      : memory;
  }

  async take(key: string, limit: number): Promise<RateLimitDecision> {
    const res = await this.limiter.consume(key, 1);
    const resetMs = Date.now() + res.msBeforeNext;
    return {
      limit,
      remaining: Math.max(0, limit - res.consumedPoints),
      resetEpochSeconds: Math.ceil(resetMs / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      allowed: res.consumedPoints <= limit,
    };
  }
}

export function applyRateLimitHeaders(res: Response, d: RateLimitDecision): void {
  res.setHeader('X-RateLimit-Limit', String(d.limit));
  res.setHeader('X-RateLimit-Remaining', String(d.remaining));
  res.setHeader('X-RateLimit-Reset', String(d.resetEpochSeconds));
}

export function rateLimitedError(d: RateLimitDecision): AppError {
  return new AppError('RATE_LIMITED', 'Rate limit exceeded; retry after the window resets', {
    limit: d.limit,
    retryAfterSeconds: d.retryAfterSeconds,
  });
}
