import { AppError } from '@pfs/kit';
import { z } from 'zod';
import { TIERS } from '../auth/principal';
import { presentUser, userSchema } from '../present/user';
import { defineRoute } from './route';

export const adminRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/admin/users/{id}/tier',
    summary: 'Operator: set a user’s tier and optional rate limit',
    description:
      'Enabled only when ADMIN_TOKEN is set (otherwise 404); authenticated by X-Admin-Token. rateLimit is requests per 15 minutes; 0 restores the tier default.',
    tags: ['Operator'],
    auth: 'admin',
    upstreams: ['identity'],
    params: z.object({ id: z.string() }),
    body: z.object({
      tier: z.enum(TIERS),
      rateLimit: z.number().int('must be an integer').min(0).max(10_000_000).optional(),
    }),
    response: z.object({ success: z.literal(true), user: userSchema }),
    async handler(ctx) {
      const { user } = await ctx.upstreams.identity.call(
        (c) => c.setUserTier,
        { userId: ctx.params.id, tier: ctx.body.tier, rateLimit: ctx.body.rateLimit },
        { operator: true },
      );
      if (!user) throw AppError.notFound('User');
      ctx.authenticator.evict({ userId: user.id });
      return { user: presentUser(user) };
    },
  }),
];
