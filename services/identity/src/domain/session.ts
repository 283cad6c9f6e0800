import { isUuid } from '@pfs/kit';
import { randomUUID } from 'node:crypto';

export const TOKEN_ISSUER = 'pfs';
export const ACCESS_TOKEN_TYPE = 'access';

/** The payload of an access JWT, registered claims included. */
export interface AccessClaims {
  sub: string;
  sid: string;
  typ: typeof ACCESS_TOKEN_TYPE;
  iss: typeof TOKEN_ISSUER;
  jti: string;
  /** Seconds since the epoch, as JWT requires. */
  iat: number;
  exp: number;
}

export function buildAccessClaims(opts: {
  userId: string;
  sessionId: string;
  now: Date;
  ttlSeconds: number;
  jti?: string;
}): AccessClaims {
  const iat = Math.floor(opts.now.getTime() / 1000);
  return {
    sub: opts.userId,
    sid: opts.sessionId,
    typ: ACCESS_TOKEN_TYPE,
    iss: TOKEN_ISSUER,
    jti: opts.jti ?? randomUUID(),
    iat,
    exp: iat + opts.ttlSeconds,
  };
}

export interface AccessGrant {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

/**
 * Reads a signature-checked payload. A token of another type (or a forged shape that still
 * carries a valid signature) must not pass as an access token.
 */
export function readAccessClaims(payload: Record<string, unknown>): AccessGrant | undefined {
  const { sub, sid, typ, iss, exp } = payload;
  if (typ !== ACCESS_TOKEN_TYPE || iss !== TOKEN_ISSUER) return undefined;
  if (!isUuid(sub) || !isUuid(sid) || typeof exp !== 'number') return undefined;
  return { userId: sub, sessionId: sid, expiresAt: new Date(exp * 1000) };
}

export function secondsFrom(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}

export interface SessionState {
  expiresAt: Date;
  revokedAt: Date | null;
}

export function isSessionLive(session: SessionState, now: Date): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
}
