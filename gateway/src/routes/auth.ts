import { AppError, currentContext } from '@pfs/kit';
import type { SessionTokens, User } from '@pfs/proto/identity';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../auth/cookies';
import { checkCsrf } from '../auth/authenticator';
import { name } from '../http/schemas';
import { presentUser, userSchema } from '../present/user';
import { defineRoute, type RouteContext } from './route';

const email = z
  .email({ message: 'must be a valid email address' })
  .max(254, 'must be at most 254 characters');
const password = z
  .string({ message: 'must be a string' })
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters');

const sessionResponse = z.object({
  success: z.literal(true),
  token: z.string().describe('Access JWT, sent as Authorization: Bearer'),
  refreshToken: z.string().describe('Opaque refresh token (rotated on each refresh)'),
  expiresAt: z.string().describe('Access token expiry (ISO 8601)'),
  user: userSchema,
});

/** Answers with the tokens and, for browsers, the session, refresh and CSRF cookies. */
function startSession(
  ctx: RouteContext<unknown, unknown, unknown>,
  user: User | undefined,
  tokens: SessionTokens | undefined,
) {
  if (!user || !tokens) throw new AppError('INTERNAL_ERROR', 'Identity returned no session');
  setSessionCookies(ctx.res, ctx.cookies, tokens, randomBytes(32).toString('base64url'));
  const ctxStore = currentContext();
  if (ctxStore) ctxStore.userId = user.id;
  return {
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.accessExpiresAt,
    user: presentUser(user),
  };
}

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/auth/register',
    summary: 'Register a new user',
    description:
      'Creates a user on tier free with a default category set for the country. Email is unique case-insensitively (409).',
    tags: ['Authentication'],
    auth: 'public',
    upstreams: ['identity', 'categorization'],
    idempotent: true,
    status: 201,
    body: z.object({
      email,
      password,
      firstName: name,
      lastName: name,
      businessType: z.enum(['individual', 'sole_trader', 'business']).optional(),
      countryCode: z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
        .transform((s) => s.toUpperCase())
        .optional(),
    }),
    response: sessionResponse,
    async handler(ctx) {
      const { body } = ctx;
      const { user, tokens } = await ctx.upstreams.identity.call((c) => c.register, {
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        businessType: body.businessType ?? 'individual',
        countryCode: body.countryCode ?? 'AU',
      });
      if (user) {
        // Best effort: categorization also provisions lazily on first use if this call fails.
        await ctx.upstreams.categorization
          .call(
            (c) => c.provisionDefaults,
            { countryCode: user.countryCode, businessType: user.businessType },
            { userId: user.id },
          )
          .catch(() => undefined);
      }
      return startSession(ctx, user, tokens);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Log in with email and password',
    description:
      'Returns an access token and sets an HttpOnly session cookie plus a readable CSRF cookie. Wrong password and unknown email answer the same 401; repeated failures are slowed, then 429.',
    tags: ['Authentication'],
    auth: 'public',
    upstreams: ['identity'],
    body: z.object({ email: z.string().max(254), password: z.string().max(1024) }),
    response: sessionResponse,
    async handler(ctx) {
      const { user, tokens } = await ctx.upstreams.identity.call((c) => c.login, {
        email: ctx.body.email,
        password: ctx.body.password,
        clientAddress: ctx.req.ip ?? '',
      });
      return startSession(ctx, user, tokens);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Exchange a refresh token for a new access token',
    description:
      'Send {refreshToken}, or rely on the refresh cookie (then X-CSRF-Token is required). Refresh tokens rotate; reusing an old one revokes the session.',
    tags: ['Authentication'],
    auth: 'public',
    upstreams: ['identity'],
    body: z.object({ refreshToken: z.string().min(1).max(512).optional() }),
    response: sessionResponse,
    async handler(ctx) {
      let refreshToken = ctx.body.refreshToken;
      if (!refreshToken) {
        refreshToken = (ctx.req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
        if (!refreshToken) throw new AppError('UNAUTHORIZED', 'A refresh token is required');
        checkCsrf(ctx.req);
      }
      const { user, tokens } = await ctx.upstreams.identity.call((c) => c.refresh, {
        refreshToken,
      });
      return startSession(ctx, user, tokens);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Log out: revoke the current session',
    description: 'The session’s access and refresh tokens stop working at once.',
    tags: ['Authentication'],
    auth: 'session',
    upstreams: ['identity'],
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler(ctx) {
      await ctx.upstreams.identity.call((c) => c.logout, { sessionId: ctx.principal.sessionId });
      ctx.authenticator.evict({ sessionId: ctx.principal.sessionId });
      clearSessionCookies(ctx.res, ctx.cookies);
      return { message: 'Logged out' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/auth/me',
    summary: 'The authenticated user',
    tags: ['Authentication'],
    auth: 'user',
    upstreams: ['identity'],
    response: z.object({
      success: z.literal(true),
      user: userSchema,
      authenticated: z.literal(true),
    }),
    async handler(ctx) {
      // Remembered with the credential (AUTH_CACHE_TTL_MS): no identity hop on a hot /me.
      const { user } = await ctx.authenticator.memoizeForUser(ctx.principal.userId, 'me', () =>
        ctx.upstreams.identity.call((c) => c.getMe, {}),
      );
      if (!user) throw AppError.notFound('User');
      return { user: presentUser(user), authenticated: true };
    },
  }),
];
