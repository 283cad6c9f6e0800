import { AppError } from '@pfs/kit';
import type { ApiKey } from '@pfs/proto/identity';
import { z } from 'zod';
import { API_KEY_SCOPES } from '../auth/principal';
import { idParams, name } from '../http/schemas';
import { defineRoute } from './route';

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string().describe('First characters of the secret, to recognise it'),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});

function presentKey(k: ApiKey) {
  return {
    id: k.id,
    name: k.name,
    scopes: k.scopes,
    prefix: k.prefix,
    createdAt: k.createdAt,
    expiresAt: k.expiresAt || null,
    lastUsedAt: k.lastUsedAt || null,
  };
}

export const apiKeyRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/api-keys',
    summary: 'Create an API key (the secret is shown only in this response)',
    description: `Needs a user login (JWT or session cookie); an API key gets 403. Scopes: ${API_KEY_SCOPES.join(', ')} (default [mcp:full]).`,
    tags: ['API keys'],
    auth: 'session',
    upstreams: ['identity'],
    idempotent: true,
    status: 201,
    body: z.object({
      name,
      scopes: z
        .array(z.enum(API_KEY_SCOPES, { message: `must be one of ${API_KEY_SCOPES.join(', ')}` }))
        .min(1, 'must name at least one scope')
        .max(API_KEY_SCOPES.length * 2)
        .optional(),
      expiresInDays: z.number().int('must be an integer').min(1).max(3650).optional(),
    }),
    response: apiKeySchema.extend({
      success: z.literal(true),
      key: z.string(),
      warning: z.string(),
    }),
    async handler(ctx) {
      const { apiKey, key } = await ctx.upstreams.identity.call((c) => c.createApiKey, {
        name: ctx.body.name,
        scopes: ctx.body.scopes ?? ['mcp:full'],
        expiresInDays: ctx.body.expiresInDays ?? 0,
      });
      if (!apiKey) throw new AppError('INTERNAL_ERROR', 'Identity returned no key');
      return {
        ...presentKey(apiKey),
        key,
        warning: 'Store this key now: it is shown only once and cannot be recovered.',
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/api-keys',
    summary: 'List your API keys (without secrets)',
    tags: ['API keys'],
    auth: 'user',
    upstreams: ['identity'],
    response: z.object({
      success: z.literal(true),
      apiKeys: z.array(apiKeySchema),
      count: z.number().int(),
    }),
    async handler(ctx) {
      const { apiKeys } = await ctx.upstreams.identity.call((c) => c.listApiKeys, {});
      return { apiKeys: apiKeys.map(presentKey), count: apiKeys.length };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/api-keys/{id}',
    summary: 'Revoke an API key (its next use answers 401)',
    tags: ['API keys'],
    auth: 'user',
    upstreams: ['identity'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler(ctx) {
      await ctx.upstreams.identity.call((c) => c.revokeApiKey, { id: ctx.params.id });
      ctx.authenticator.evict({ apiKeyId: ctx.params.id });
      return { message: 'API key revoked' };
    },
  }),
];
