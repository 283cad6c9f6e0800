import { AppError, isUuid, newId, type Knex, type Logger } from '@pfs/kit';
import {
  canonicalEmail,
  parseCredentials,
  parseRegistration,
  parseTierChange,
  type Credentials,
  type RegistrationInput,
  type TierChangeInput,
  type User,
} from './domain/user';
import type { LoginThrottle } from './login-throttle';
import type { Passwords } from './passwords';
import type { IssuedTokens, Sessions } from './sessions';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updatePasswordHash,
  updateTier,
} from './store/users';

export interface SignedIn {
  user: User;
  tokens: IssuedTokens;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Sign-up, sign-in and the account itself. */
export class Accounts {
  constructor(
    private readonly db: Knex,
    private readonly passwords: Passwords,
    private readonly sessions: Sessions,
    private readonly throttle: LoginThrottle,
    private readonly logger: Logger,
  ) {}

  async register(input: RegistrationInput): Promise<SignedIn> {
    const registration = parseRegistration(input);
    const passwordHash = await this.passwords.hash(registration.password);
    // The unique index on lower(email) decides between concurrent sign-ups of one address.
    return this.db.transaction(async (trx) => {
      const user = await insertUser(trx, {
        id: newId(),
        registration,
        passwordHash,
        now: new Date(),
      });
      const tokens = await this.sessions.start(user.id, trx);
      return { user, tokens };
    });
  }

  async login(input: Credentials & { clientAddress: string }): Promise<SignedIn> {
    const credentials = parseCredentials(input);
    const email = canonicalEmail(credentials.email);
    const attempt = await this.throttle.begin(email, input.clientAddress);
    const found = await findUserByEmail(this.db, email);
    // Unknown emails are checked against a decoy hash: same answer, same time.
    const valid = await this.passwords.verify(found?.passwordHash, credentials.password);
    if (!found || !valid) {
      await this.throttle.failed(attempt);
      throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
    }
    await this.throttle.succeeded(attempt);
    await this.upgradeHashIfOutdated(found.user.id, found.passwordHash, credentials.password);
    const tokens = await this.sessions.start(found.user.id);
    return { user: found.user, tokens };
  }

  async me(userId: string): Promise<User> {
    const user = await findUserById(this.db, userId);
    if (!user) throw AppError.notFound('User');
    return user;
  }

  async setTier(userId: string, input: TierChangeInput): Promise<User> {
    const change = parseTierChange(input);
    if (!isUuid(userId)) throw AppError.notFound('User');
    const user = await updateTier(this.db, userId, change);
    if (!user) throw AppError.notFound('User');
    this.logger.info(
      { targetUserId: userId, tier: change.tier, rateLimit: change.rateLimit },
      'user tier set',
    );
    return user;
  }

  /** Raising the hashing cost takes effect for each user at their next successful login. */
  private async upgradeHashIfOutdated(
    userId: string,
    storedHash: string,
    password: string,
  ): Promise<void> {
    if (!this.passwords.isOutdated(storedHash)) return;
    await updatePasswordHash(this.db, userId, await this.passwords.hash(password));
  }
}
