import { AppError } from '@pfs/kit';
import { IssueList } from './issues';

export const BUSINESS_TYPES = ['individual', 'sole_trader', 'business'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const DEFAULT_BUSINESS_TYPE: BusinessType = 'individual';

/** Ordered from least to most capable. */
export const TIERS = ['free', 'starter', 'professional', 'elite', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
export const DEFAULT_TIER: Tier = 'free';

export const DEFAULT_COUNTRY_CODE = 'AU';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 200;
export const RATE_LIMIT_MAX = 10_000_000;

// Deliberately loose: the only real proof of an address is a delivered message.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const COUNTRY_CODE_SHAPE = /^[A-Za-z]{2}$/;

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  businessType: BusinessType;
  countryCode: string;
  emailVerified: boolean;
  tier: Tier;
  /** Requests per 15 minutes for this user; null means the tier's default. */
  rateLimit: number | null;
  createdAt: Date;
}

export interface RegistrationInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Empty means the default. */
  businessType: string;
  /** Empty means the default. */
  countryCode: string;
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessType: BusinessType;
  countryCode: string;
}

/** The form of an email used for uniqueness, lookups and throttling keys. */
export function canonicalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isBusinessType(value: string): value is BusinessType {
  return (BUSINESS_TYPES as readonly string[]).includes(value);
}

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

function checkEmail(issues: IssueList, email: string): void {
  if (!email) issues.add('email', 'is required');
  else if (email.length > EMAIL_MAX_LENGTH) {
    issues.add('email', `must be at most ${EMAIL_MAX_LENGTH} characters`);
  } else if (!EMAIL_SHAPE.test(email) || email.split('@')[0].length > 64) {
    issues.add('email', 'must be a valid email address');
  }
}

/** Validates and normalizes a sign-up; throws VALIDATION_ERROR listing every bad field. */
export function parseRegistration(input: RegistrationInput): Registration {
  const issues = new IssueList();
  const email = input.email.trim();
  checkEmail(issues, email);
  // Passwords are taken verbatim: trimming would silently change the secret.
  issues.requireLength('password', input.password, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  issues.requireLength('firstName', firstName, 1, NAME_MAX_LENGTH);
  issues.requireLength('lastName', lastName, 1, NAME_MAX_LENGTH);

  const businessType = input.businessType.trim() || DEFAULT_BUSINESS_TYPE;
  if (!isBusinessType(businessType)) {
    issues.add('businessType', `must be one of ${BUSINESS_TYPES.join(', ')}`);
  }
  const countryCode = input.countryCode.trim() || DEFAULT_COUNTRY_CODE;
  if (!COUNTRY_CODE_SHAPE.test(countryCode)) {
    issues.add('countryCode', 'must be a two-letter country code');
  }
  if (!issues.isEmpty) throw AppError.validation(issues.issues);
  return {
    email,
    password: input.password,
    firstName,
    lastName,
    businessType: businessType as BusinessType,
    countryCode: countryCode.toUpperCase(),
  };
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Login input only needs to be present: its shape says nothing about whether the account
 * exists. Over-long values are refused before any hashing work is spent on them.
 */
export function parseCredentials(input: Credentials): Credentials {
  const issues = new IssueList();
  const email = input.email.trim();
  if (!email) issues.add('email', 'is required');
  else if (email.length > EMAIL_MAX_LENGTH) {
    issues.add('email', `must be at most ${EMAIL_MAX_LENGTH} characters`);
  }
  if (!input.password) issues.add('password', 'is required');
  else if ([...input.password].length > PASSWORD_MAX_LENGTH) {
    issues.add('password', `must be at most ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (!issues.isEmpty) throw AppError.validation(issues.issues);
  return { email, password: input.password };
}

export interface TierChangeInput {
  tier: string;
  /** Absent keeps the current setting; 0 resets it to the tier default. */
  rateLimit?: number;
}

export interface TierChange {
  tier: Tier;
  /** undefined: keep; null: tier default; a number: the per-user limit. */
  rateLimit: number | null | undefined;
}

export function parseTierChange(input: TierChangeInput): TierChange {
  const issues = new IssueList();
  const tier = input.tier.trim();
  if (!isTier(tier)) issues.add('tier', `must be one of ${TIERS.join(', ')}`);
  const { rateLimit } = input;
  if (
    rateLimit !== undefined &&
    (!Number.isInteger(rateLimit) || rateLimit < 0 || rateLimit > RATE_LIMIT_MAX)
  ) {
    issues.add('rateLimit', `must be 0 (tier default) or an integer from 1 to ${RATE_LIMIT_MAX}`);
  }
  if (!issues.isEmpty) throw AppError.validation(issues.issues);
  return {
    tier: tier as Tier,
    rateLimit: rateLimit === undefined ? undefined : rateLimit === 0 ? null : rateLimit,
  };
}
