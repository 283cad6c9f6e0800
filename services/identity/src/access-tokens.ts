import { jwtVerify, SignJWT } from 'jose';
import {
  buildAccessClaims,
  readAccessClaims,
  TOKEN_ISSUER,
  type AccessGrant,
} from './domain/session';

const ALGORITHM = 'HS256';

/** Signs and checks the short-lived HS256 access JWTs. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(
    userId: string,
    sessionId: string,
    now: Date,
  ): Promise<{ token: string; expiresAt: Date }> {
    const claims = buildAccessClaims({ userId, sessionId, now, ttlSeconds: this.ttlSeconds });
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .sign(this.key);
    return { token, expiresAt: new Date(claims.exp * 1000) };
  }

  /** The grant a valid, unexpired token carries; undefined for anything else. */
  async verify(token: string): Promise<AccessGrant | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        requiredClaims: ['exp', 'sub'],
      });
      return readAccessClaims(payload);
    } catch {
      return undefined;
    }
  }
}
