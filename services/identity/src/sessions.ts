import { AppError, isUuid, newId, type Knex, type Logger } from '@pfs/kit';
import type { AccessTokens } from './access-tokens';
import { randomToken, sha256Hex } from './domain/secrets';
import { isSessionLive, secondsFrom } from './domain/session';
import {
  findSessionByPreviousRefreshHash,
  findSessionByRefreshHash,
  insertSession,
  revokeSession,
  rotateRefreshHash,
} from './store/sessions';

/** What a client holds after signing in. */
export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const INVALID_REFRESH = 'Invalid or expired refresh token';

/**
 * Sessions pair a short-lived access JWT with a long-lived opaque refresh token. The refresh
 * token is rotated on every use; the one it replaced is remembered, and seeing it again means
 * two parties hold the session, so the session ends.
 */
export class Sessions {
  constructor(
    private readonly db: Knex,
    private readonly accessTokens: AccessTokens,
    private readonly refreshTtlSeconds: number,
    private readonly logger: Logger,
  ) {}

  /** Starts a session; pass a transaction to make it part of a larger write (sign-up). */
  async start(userId: string, db: Knex = this.db): Promise<IssuedTokens> {
    const now = new Date();
    const sessionId = newId();
    const refreshToken = randomToken();
    const refreshExpiresAt = secondsFrom(now, this.refreshTtlSeconds);
    await insertSession(db, {
      id: sessionId,
      userId,
      refreshHash: sha256Hex(refreshToken),
      now,
      expiresAt: refreshExpiresAt,
    });
    const access = await this.accessTokens.issue(userId, sessionId, now);
    return {
      sessionId,
      accessToken: access.token,
      accessExpiresAt: access.expiresAt,
      refreshToken,
      refreshExpiresAt,
    };
  }

  /** Exchanges a current refresh token for new tokens of the same session. */
  async refresh(refreshToken: string): Promise<{ userId: string; tokens: IssuedTokens }> {
    if (!refreshToken) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    const now = new Date();
    const presentedHash = sha256Hex(refreshToken);
    const session = await findSessionByRefreshHash(this.db, presentedHash);
    if (!session) {
      await this.endIfReplayed(presentedHash, now);
      throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    }
    if (!isSessionLive(session, now)) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);

    const nextToken = randomToken();
    const refreshExpiresAt = secondsFrom(now, this.refreshTtlSeconds);
    const rotated = await rotateRefreshHash(this.db, {
      id: session.id,
      presentedHash,
      nextHash: sha256Hex(nextToken),
      now,
      expiresAt: refreshExpiresAt,
    });
    // Lost a race with another refresh of the same token (or a revocation): no new tokens.
    if (!rotated) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    const access = await this.accessTokens.issue(session.userId, session.id, now);
    return {
      userId: session.userId,
      tokens: {
        sessionId: session.id,
        accessToken: access.token,
        accessExpiresAt: access.expiresAt,
        refreshToken: nextToken,
        refreshExpiresAt,
      },
    };
  }

  /** Ends the caller's own session; unknown, foreign or already-ended sessions are no-ops. */
  async end(userId: string, sessionId: string): Promise<void> {
    if (!isUuid(sessionId)) return;
    await revokeSession(this.db, { id: sessionId, userId, now: new Date() });
  }

  private async endIfReplayed(presentedHash: string, now: Date): Promise<void> {
    const session = await findSessionByPreviousRefreshHash(this.db, presentedHash);
    if (!session || session.revokedAt) return;
    await revokeSession(this.db, { id: session.id, userId: session.userId, now });
    this.logger.warn(
      { sessionId: session.id, userId: session.userId },
      'replayed refresh token: session revoked',
    );
  }
}
