export const TIERS = ['free', 'starter', 'professional', 'elite', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const API_KEY_SCOPES = [
  'mcp:read',
  'mcp:tools:list',
  'mcp:tools:call',
  'mcp:resources:read',
  'mcp:full',
] as const;

/** Who is calling, as identity vouched for it. */
export interface Principal {
  userId: string;
  tier: Tier;
  /** Requests per window; 0 means the tier's default. */
  rateLimit: number;
  scopes: string[];
  /** jwt = Authorization: Bearer <JWT>; session = cookie; api_key = X-API-Key or Bearer key. */
  method: 'jwt' | 'session' | 'api_key';
  sessionId: string;
  apiKeyId: string;
  countryCode: string;
  businessType: string;
  /** Epoch ms after which the credential is no longer valid (Infinity = never). */
  expiresAtMs: number;
}

export const TIER_RATE_LIMITS: Record<Tier, number> = {
  free: 100,
  starter: 500,
  professional: 2000,
  elite: 5000,
  enterprise: 20000,
};

export function tierAtLeast(actual: Tier, required: Tier): boolean {
  return TIERS.indexOf(actual) >= TIERS.indexOf(required);
}

export function asTier(value: string): Tier {
  return (TIERS as readonly string[]).includes(value) ? (value as Tier) : 'free';
}

/** CONTRACT.md: mcp:full allows everything, mcp:read safe methods only, other scopes nothing. */
export function scopeAllows(scopes: string[], method: string): boolean {
  if (scopes.includes('mcp:full')) return true;
  const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return safe && scopes.includes('mcp:read');
}
