import {
  unary,
  publicUnary,
  operatorUnary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  IdentityServiceService,
  type ApiKey as ApiKeyMessage,
  type IdentityServiceServer,
  type Principal as PrincipalMessage,
  type SessionTokens,
  type User as UserMessage,
} from '@pfs/proto/identity';
import { AccessTokens } from './access-tokens';
import { Accounts, type SignedIn } from './accounts';
import { ApiKeys } from './api-keys';
import { Authenticator, type Principal } from './authenticator';
import type { IdentityConfig } from './config';
import type { User } from './domain/user';
import { LoginThrottle } from './login-throttle';
import { Passwords } from './passwords';
import type { IssuedTokens } from './sessions';
import { Sessions } from './sessions';
import type { ApiKeyRecord } from './store/api-keys';

export interface IdentityDeps {
  db: Knex;
  logger: Logger;
  config: IdentityConfig;
}

const iso = (at: Date | null | undefined): string => (at ? at.toISOString() : '');

function toUserMessage(user: User): UserMessage {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessType: user.businessType,
    countryCode: user.countryCode,
    emailVerified: user.emailVerified,
    tier: user.tier,
    rateLimit: user.rateLimit ?? 0,
    createdAt: iso(user.createdAt),
  };
}

function toTokensMessage(tokens: IssuedTokens): SessionTokens {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    sessionId: tokens.sessionId,
    accessExpiresAt: iso(tokens.accessExpiresAt),
    refreshExpiresAt: iso(tokens.refreshExpiresAt),
  };
}

function toSignedInMessage(signedIn: SignedIn): { user: UserMessage; tokens: SessionTokens } {
  return { user: toUserMessage(signedIn.user), tokens: toTokensMessage(signedIn.tokens) };
}

function toApiKeyMessage(key: ApiKeyRecord): ApiKeyMessage {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    createdAt: iso(key.createdAt),
    expiresAt: iso(key.expiresAt),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
  };
}

function toPrincipalMessage(principal: Principal): PrincipalMessage {
  const { user } = principal;
  return {
    userId: user.id,
    tier: user.tier,
    rateLimit: user.rateLimit ?? 0,
    scopes: principal.scopes,
    method: principal.method,
    sessionId: principal.sessionId ?? '',
    apiKeyId: principal.apiKeyId ?? '',
    countryCode: user.countryCode,
    businessType: user.businessType,
    expiresAt: iso(principal.expiresAt),
  };
}

export function createServer({ db, logger, config }: IdentityDeps): GrpcServiceBinding[] {
  const passwords = new Passwords({
    memoryKib: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
  });
  const accessTokens = new AccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessions = new Sessions(db, accessTokens, config.REFRESH_TOKEN_TTL_SECONDS, logger);
  const throttle = new LoginThrottle(
    db,
    {
      maxFailuresPerEmail: config.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
      slowdownMs: config.LOGIN_SLOWDOWN_MS,
    },
    logger,
  );
  const accounts = new Accounts(db, passwords, sessions, throttle, logger);
  const apiKeys = new ApiKeys(db);
  const authenticator = new Authenticator(db, accessTokens, logger);

  const implementation: IdentityServiceServer = {
    register: publicUnary(async (req) => toSignedInMessage(await accounts.register(req))),

    login: publicUnary(async (req) =>
      toSignedInMessage(
        await accounts.login({
          email: req.email,
          password: req.password,
          clientAddress: req.clientAddress,
        }),
      ),
    ),

    refresh: publicUnary(async (req) => {
      const { userId, tokens } = await sessions.refresh(req.refreshToken);
      return { user: toUserMessage(await accounts.me(userId)), tokens: toTokensMessage(tokens) };
    }),

    logout: unary(async (req, ctx) => {
      await sessions.end(ctx.userId, req.sessionId);
      return {};
    }),

    authenticate: publicUnary(async (req) => ({
      principal: toPrincipalMessage(await authenticator.authenticate(req.credential)),
    })),

    getMe: unary(async (_req, ctx) => ({ user: toUserMessage(await accounts.me(ctx.userId)) })),

    createApiKey: unary(async (req, ctx) => {
      const { apiKey, secret } = await apiKeys.create(ctx.userId, {
        name: req.name,
        // proto3 cannot tell an empty list from an absent one: both mean "use the default".
        scopes: req.scopes.length ? req.scopes : undefined,
        expiresInDays: req.expiresInDays,
      });
      return { apiKey: toApiKeyMessage(apiKey), key: secret };
    }),

    listApiKeys: unary(async (_req, ctx) => ({
      apiKeys: (await apiKeys.list(ctx.userId)).map(toApiKeyMessage),
    })),

    revokeApiKey: unary(async (req, ctx) => {
      await apiKeys.revoke(ctx.userId, req.id);
      return {};
    }),

    setUserTier: operatorUnary(async (req) => ({
      user: toUserMessage(
        await accounts.setTier(req.userId, { tier: req.tier, rateLimit: req.rateLimit }),
      ),
    })),
  };

  return [
    {
      name: 'pfs.identity.v1.IdentityService',
      definition: IdentityServiceService,
      implementation,
    },
  ];
}
