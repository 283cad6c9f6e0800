import Redis from 'ioredis';

/** One connection for the gateway's shared state (rate limits, idempotency keys). */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    // Fail fast rather than queue: the limiter falls back to memory while Redis is away.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
}

export type { Redis };
