import { AppError, isUuid, newId, type Knex } from '@pfs/kit';
import {
  apiKeyDisplayPrefix,
  generateApiKeySecret,
  MAX_ACTIVE_API_KEYS,
  parseApiKeyRequest,
  type ApiKeyRequest,
} from './domain/api-key';
import { sha256Hex } from './domain/secrets';
import {
  countActiveApiKeys,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRecord,
} from './store/api-keys';
import { lockUser } from './store/users';

/** A user's long-lived API keys for integrations; secrets are shown once and stored hashed. */
export class ApiKeys {
  constructor(private readonly db: Knex) {}

  async create(
    userId: string,
    request: ApiKeyRequest,
  ): Promise<{ apiKey: ApiKeyRecord; secret: string }> {
    const now = new Date();
    const grant = parseApiKeyRequest(request, now);
    const secret = generateApiKeySecret();
    const apiKey = await this.db.transaction(async (trx) => {
      if (!(await lockUser(trx, userId))) throw AppError.notFound('User');
      if ((await countActiveApiKeys(trx, userId, now)) >= MAX_ACTIVE_API_KEYS) {
        throw new AppError(
          'CONFLICT',
          `At most ${MAX_ACTIVE_API_KEYS} active API keys are allowed; revoke one first`,
          { limit: MAX_ACTIVE_API_KEYS },
        );
      }
      return insertApiKey(trx, {
        id: newId(),
        userId,
        name: grant.name,
        prefix: apiKeyDisplayPrefix(secret),
        keyHash: sha256Hex(secret),
        scopes: grant.scopes,
        now,
        expiresAt: grant.expiresAt,
      });
    });
    return { apiKey, secret };
  }

  list(userId: string): Promise<ApiKeyRecord[]> {
    return listApiKeys(this.db, userId);
  }

  async revoke(userId: string, id: string): Promise<void> {
    // Someone else's key, an unknown id and a malformed one look the same to the caller.
    const revoked = isUuid(id) && (await revokeApiKey(this.db, { id, userId, now: new Date() }));
    if (!revoked) throw AppError.notFound('API key');
  }
}
