import type Redis from 'ioredis';
import { createHash } from 'node:crypto';

export interface StoredResponse {
  status: number;
  body: unknown;
}

interface Entry {
  fingerprint: string;
  response?: StoredResponse;
}

export type IdempotencyBegin =
  | { state: 'new' }
  | { state: 'in_flight' }
  | { state: 'mismatch' }
  | { state: 'done'; response: StoredResponse };

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Same key and same body within 24 h: the first response is replayed and nothing is created again. */
export interface IdempotencyStore {
  begin(key: string, fingerprint: string): Promise<IdempotencyBegin>;
  complete(key: string, fingerprint: string, response: StoredResponse): Promise<void>;
  abandon(key: string): Promise<void>;
}

export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

function decide(entry: Entry, fingerprint: string): IdempotencyBegin {
  if (entry.fingerprint !== fingerprint) return { state: 'mismatch' };
  return entry.response ? { state: 'done', response: entry.response } : { state: 'in_flight' };
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry & { expiresAt: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  async begin(key: string, fingerprint: string): Promise<IdempotencyBegin> {
    const now = Date.now();
    const existing = this.entries.get(key);
    if (existing && existing.expiresAt > now) return decide(existing, fingerprint);
    if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest(now);
    this.entries.set(key, { fingerprint, expiresAt: now + IDEMPOTENCY_TTL_SECONDS * 1000 });
    return { state: 'new' };
  }

  async complete(key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    this.entries.set(key, {
      fingerprint,
      response,
      expiresAt: Date.now() + IDEMPOTENCY_TTL_SECONDS * 1000,
    });
  }

  async abandon(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private evictExpiredOrOldest(now: number): void {
    for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(private readonly redis: Redis) {}

  async begin(key: string, fingerprint: string): Promise<IdempotencyBegin> {
    const k = `pfs-idem:${key}`;
    const created = await this.redis.set(
      k,
      JSON.stringify({ fingerprint }),
      'EX',
      IDEMPOTENCY_TTL_SECONDS,
      'NX',
    );
    if (created === 'OK') return { state: 'new' };
    const raw = await this.redis.get(k);
    if (!raw) return this.begin(key, fingerprint);
    return decide(JSON.parse(raw) as Entry, fingerprint);
  }

  async complete(key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    await this.redis.set(
      `pfs-idem:${key}`,
      JSON.stringify({ fingerprint, response }),
      'EX',
      IDEMPOTENCY_TTL_SECONDS,
    );
  }

  async abandon(key: string): Promise<void> {
    await this.redis.del(`pfs-idem:${key}`);
  }
}
