import { AppError, readWithReconnect, type Knex, type Logger } from '@pfs/kit';
import type { AccessTokens } from './access-tokens';
import {
  apiKeyStatus,
  isApiKeyCredential,
  isWellFormedApiKey,
  type ApiKeyScope,
} from './domain/api-key';
import { sha256Hex } from './domain/secrets';
import { isSessionLive } from './domain/session';
import type { User } from './domain/user';
import { findApiKeyWithUser, touchApiKey } from './store/api-keys';
import { findSessionWithUser } from './store/sessions';

/** Who is calling and what their credential lets them do. */
export interface Principal {
  user: User;
  method: 'jwt' | 'api_key';
  /** Empty for JWTs: a signed-in user is not limited by scopes. */
  scopes: ApiKeyScope[];
  sessionId?: string;
  apiKeyId?: string;
  /** null: the credential does not expire. */
  expiresAt: Date | null;
}

function unauthorized(message: string): AppError {
  return new AppError('UNAUTHORIZED', message);
}

/** Turns a presented credential (access JWT or API key secret) into a principal. */
export class Authenticator {
  constructor(
    private readonly db: Knex,
    private readonly accessTokens: AccessTokens,
    private readonly logger: Logger,
  ) {}

  authenticate(credential: string): Promise<Principal> {
    const presented = credential.trim();
    if (!presented) return Promise.reject(unauthorized('Missing credential'));
    return isApiKeyCredential(presented) ? this.byApiKey(presented) : this.byAccessToken(presented);
  }

  private async byAccessToken(token: string): Promise<Principal> {
    const grant = await this.accessTokens.verify(token);
    if (!grant) throw unauthorized('Invalid or expired token');
    // Every request through the gateway may come here: a cut connection is read again rather
    // than answered with a 500 (a failover must not sign everyone out for a moment).
    const found = await readWithReconnect(() =>
      findSessionWithUser(this.db, grant.sessionId, grant.userId),
    );
    if (!found || !isSessionLive(found.session, new Date())) {
      throw unauthorized('Session has ended; sign in again');
    }
    return {
      user: found.user,
      method: 'jwt',
      scopes: [],
      sessionId: found.session.id,
      expiresAt: grant.expiresAt,
    };
  }

  private async byApiKey(secret: string): Promise<Principal> {
    if (!isWellFormedApiKey(secret)) throw unauthorized('Invalid API key');
    const found = await readWithReconnect(() => findApiKeyWithUser(this.db, sha256Hex(secret)));
    if (!found) throw unauthorized('Invalid API key');
    const status = apiKeyStatus(found.apiKey, new Date());
    if (status === 'revoked') throw unauthorized('API key has been revoked');
    if (status === 'expired') throw unauthorized('API key has expired');
    // Bookkeeping only: a failed write must not turn away a valid key.
    await touchApiKey(this.db, found.apiKey.id).catch((err: unknown) =>
      this.logger.warn({ err, apiKeyId: found.apiKey.id }, 'could not record API key use'),
    );
    return {
      user: found.user,
      method: 'api_key',
      scopes: found.apiKey.scopes,
      apiKeyId: found.apiKey.id,
      expiresAt: found.apiKey.expiresAt,
    };
  }
}
