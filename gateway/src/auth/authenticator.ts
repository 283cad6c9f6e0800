import { AppError, isUpstreamFailure, LruMap } from '@pfs/kit';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { Upstreams } from '../upstreams';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './cookies';
import { asTier, type Principal } from './principal';

interface Presented {
  credential: string;
  method: 'bearer' | 'api_key' | 'session';
}

interface CacheEntry {
  principal: Principal;
  fetchedAt: number;
}

const MAX_CACHE_ENTRIES = 50_000;
/** While identity is unreachable, a recently verified credential keeps working this long. */
const STALE_IF_ERROR_MS = 60_000;

/** Finds the credential a request presents: X-API-Key, then Authorization: Bearer, then the cookie. */
export function presentedCredential(req: Request): Presented | undefined {
  const apiKey = req.get('x-api-key');
  if (apiKey) return { credential: apiKey.trim(), method: 'api_key' };
  const authorization = req.get('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return { credential: match?.[1] ?? '', method: 'bearer' };
  }
  const cookie = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  if (cookie) return { credential: cookie, method: 'session' };
  return undefined;
}

/**
 * Resolves credentials through identity's Authenticate RPC, caching each answer briefly so
 * the hot path does not pay a second gRPC hop (see docs/adr/003-auth-cache-and-revocation.md).
 */
export class Authenticator {
  private readonly cache = new LruMap<string, CacheEntry>(MAX_CACHE_ENTRIES);
  /** Per-user answers remembered as long as credentials are (memoizeForUser). */
  private readonly userMemo = new LruMap<string, { value: unknown; fetchedAt: number }>(
    MAX_CACHE_ENTRIES,
  );

  constructor(
    private readonly upstreams: Upstreams,
    private readonly ttlMs: number,
  ) {}

  /** undefined when no credential was presented; throws 401 when one was and it is invalid. */
  async authenticate(req: Request): Promise<Principal | undefined> {
    const presented = presentedCredential(req);
    if (!presented) return undefined;
    if (!presented.credential) throw new AppError('UNAUTHORIZED', 'Malformed Authorization header');
    const principal = await this.resolve(presented.credential);
    const method =
      presented.method === 'session'
        ? 'session'
        : principal.method === 'api_key'
          ? 'api_key'
          : 'jwt';
    if (presented.method === 'session' && principal.method !== 'jwt') {
      throw new AppError('UNAUTHORIZED', 'Invalid session');
    }
    return { ...principal, method };
  }

  private async resolve(credential: string): Promise<Principal> {
    const now = Date.now();
    const cached = this.cache.get(credential);
    if (cached && now - cached.fetchedAt < this.ttlMs && cached.principal.expiresAtMs > now) {
      return cached.principal;
    }
    try {
      const { principal } = await this.upstreams.identity.call(
        (c) => c.authenticate,
        { credential },
        { userId: '' },
      );
      if (!principal) throw new AppError('UNAUTHORIZED', 'Invalid credentials');
      const resolved: Principal = {
        userId: principal.userId,
        tier: asTier(principal.tier),
        rateLimit: principal.rateLimit,
        scopes: principal.scopes,
        method: principal.method === 'api_key' ? 'api_key' : 'jwt',
        sessionId: principal.sessionId,
        apiKeyId: principal.apiKeyId,
        countryCode: principal.countryCode,
        businessType: principal.businessType,
        expiresAtMs: principal.expiresAt
          ? Date.parse(principal.expiresAt)
          : Number.POSITIVE_INFINITY,
      };
      this.remember(credential, resolved, now);
      return resolved;
    } catch (err) {
      // Identity down or failing (not a verdict on the credential): the principal it gave
      // moments ago still stands; only an answer from identity revokes it.
      if (isUpstreamFailure(err) && cached && now - cached.fetchedAt < STALE_IF_ERROR_MS) {
        return cached.principal;
      }
      this.cache.delete(credential);
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') {
        throw new AppError('UNAUTHORIZED', 'Invalid or expired credentials');
      }
      throw err;
    }
  }

  private remember(credential: string, principal: Principal, now: number): void {
    if (this.ttlMs <= 0) return;
    this.cache.set(credential, { principal, fetchedAt: now });
  }

  /**
   * Remembers a per-user answer (e.g. identity's GetMe for GET /api/auth/me) for as long as a
   * verified credential is cached (AUTH_CACHE_TTL_MS; 0 remembers nothing), so a hot read
   * costs no gRPC hop. It is as fresh as the principal itself (ADR 003), and evict({userId})
   * forgets it with the user's credentials.
   */
  async memoizeForUser<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const memoKey = `${userId}:${key}`;
    const now = Date.now();
    const held = this.userMemo.get(memoKey);
    if (held && now - held.fetchedAt < this.ttlMs) return held.value as T;
    const value = await load();
    this.userMemo.set(memoKey, { value, fetchedAt: now });
    return value;
  }

  /** Forgets one memoized answer of a user (their data changed through this gateway). */
  forgetForUser(userId: string, key: string): void {
    this.userMemo.delete(`${userId}:${key}`);
  }

  /** Logout and key revocation through this gateway take effect at once. */
  evict(match: { sessionId?: string; apiKeyId?: string; userId?: string }): void {
    if (match.userId)
      for (const key of this.userMemo.keys())
        if (key.startsWith(`${match.userId}:`)) this.userMemo.delete(key);
    for (const [key, { principal }] of this.cache) {
      if (
        (match.sessionId && principal.sessionId === match.sessionId) ||
        (match.apiKeyId && principal.apiKeyId === match.apiKeyId) ||
        (match.userId && principal.userId === match.userId)
      ) {
        this.cache.delete(key);
      }
    }
  }
}

/** Double-submit check for cookie-authenticated unsafe requests. */
export function checkCsrf(req: Request): void {
  const cookie = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
  const header = req.get(CSRF_HEADER);
  if (!cookie || !header) throw new AppError('CSRF_FAILED', 'Missing CSRF token');
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError('CSRF_FAILED', 'CSRF token mismatch');
  }
}

export function isUnsafeMethod(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}
