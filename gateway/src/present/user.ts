import type { User } from '@pfs/proto/identity';
import { z } from 'zod';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessType: z.enum(['individual', 'sole_trader', 'business']),
  countryCode: z.string(),
  emailVerified: z.boolean(),
  tier: z.enum(['free', 'starter', 'professional', 'elite', 'enterprise']),
  rateLimit: z.number().int().describe('Requests per 15 minutes'),
  createdAt: z.string(),
});

export type UserJson = z.output<typeof userSchema>;

const TIER_DEFAULTS: Record<string, number> = {
  free: 100,
  starter: 500,
  professional: 2000,
  elite: 5000,
  enterprise: 20000,
};

export function presentUser(u: User): UserJson {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    businessType: u.businessType as UserJson['businessType'],
    countryCode: u.countryCode,
    emailVerified: u.emailVerified,
    tier: u.tier as UserJson['tier'],
    rateLimit: u.rateLimit || (TIER_DEFAULTS[u.tier] ?? 100),
    createdAt: u.createdAt,
  };
}
