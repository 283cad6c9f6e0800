/** Storage per user by subscription tier, in bytes (settings may raise or lower them). */
export interface QuotaSettings {
  free: number;
  starter: number;
  professional: number;
  elite: number;
  enterprise: number;
}

const MB = 1024 * 1024;

export const DEFAULT_QUOTAS: QuotaSettings = {
  free: 100 * MB,
  starter: 1024 * MB,
  professional: 5 * 1024 * MB,
  elite: 20 * 1024 * MB,
  enterprise: 100 * 1024 * MB,
};

export function quotaFor(tier: string, quotas: QuotaSettings): number {
  return Object.hasOwn(quotas, tier) ? quotas[tier as keyof QuotaSettings] : quotas.free;
}
