import { AppError, type FieldIssue } from '@pfs/kit';

/** The business types CONTRACT.md names for a user; they choose the default catalogue. */
export const BUSINESS_TYPES = ['individual', 'sole_trader', 'business'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** CONTRACT.md: a user registered without a country is Australian. */
export const DEFAULT_COUNTRY_CODE = 'AU';
export const DEFAULT_BUSINESS_TYPE: BusinessType = 'individual';

export interface UserProfile {
  countryCode: string;
  businessType: BusinessType;
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

function isBusinessType(value: string): value is BusinessType {
  return (BUSINESS_TYPES as readonly string[]).includes(value);
}

/**
 * Reads the profile that picks a user's default categories. Empty values (proto3 defaults)
 * mean "not given" and fall back to AU / individual; anything else must be well formed.
 */
export function parseUserProfile(raw: {
  countryCode?: string;
  businessType?: string;
}): UserProfile {
  const issues: FieldIssue[] = [];
  const country = raw.countryCode?.trim() ?? '';
  const business = raw.businessType?.trim().toLowerCase() ?? '';
  if (country && !COUNTRY_CODE.test(country)) {
    issues.push({ field: 'countryCode', message: 'must be a two-letter country code such as AU' });
  }
  if (business && !isBusinessType(business)) {
    issues.push({ field: 'businessType', message: `must be one of ${BUSINESS_TYPES.join(', ')}` });
  }
  if (issues.length) throw AppError.validation(issues);
  return {
    countryCode: country ? country.toUpperCase() : DEFAULT_COUNTRY_CODE,
    businessType: business && isBusinessType(business) ? business : DEFAULT_BUSINESS_TYPE,
  };
}
