import { AppError } from '@pfs/kit';
import { IssueList } from './issues';
import { randomBase62 } from './secrets';
import { NAME_MAX_LENGTH } from './user';

export const API_KEY_PREFIX = 'pfs_';
export const API_KEY_RANDOM_LENGTH = 40;
/** How much of the secret lists show, enough to tell keys apart and nothing to guess with. */
export const API_KEY_DISPLAY_LENGTH = 12;
export const MAX_ACTIVE_API_KEYS = 100;
export const MAX_EXPIRES_IN_DAYS = 3650;

export const API_KEY_SCOPES = [
  'mcp:read',
  'mcp:tools:list',
  'mcp:tools:call',
  'mcp:resources:read',
  'mcp:full',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['mcp:full'];

const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_LENGTH);
}

export function apiKeyDisplayPrefix(secret: string): string {
  return secret.slice(0, API_KEY_DISPLAY_LENGTH);
}

/** Credentials in our key format go to the key table; anything else is tried as a JWT. */
export function isApiKeyCredential(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX);
}

/** A malformed key cannot exist, so it is refused without a database lookup. */
export function isWellFormedApiKey(credential: string): boolean {
  return API_KEY_SHAPE.test(credential);
}

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

export interface ApiKeyRequest {
  name: string;
  /** undefined means "not given" (the default applies); an empty list is an error. */
  scopes: string[] | undefined;
  /** 0 means the key never expires. */
  expiresInDays: number;
}

export interface ApiKeyGrant {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
}

export function parseApiKeyRequest(input: ApiKeyRequest, now: Date): ApiKeyGrant {
  const issues = new IssueList();
  const name = input.name.trim();
  issues.requireLength('name', name, 1, NAME_MAX_LENGTH);

  const scopes: ApiKeyScope[] = [];
  if (input.scopes === undefined) scopes.push(...DEFAULT_API_KEY_SCOPES);
  else if (input.scopes.length === 0) issues.add('scopes', 'must name at least one scope');
  for (const scope of input.scopes ?? []) {
    if (!isApiKeyScope(scope)) {
      issues.add('scopes', `unknown scope "${scope}"; allowed: ${API_KEY_SCOPES.join(', ')}`);
    } else if (!scopes.includes(scope)) {
      scopes.push(scope);
    }
  }

  const days = input.expiresInDays;
  if (!Number.isInteger(days) || days < 0 || days > MAX_EXPIRES_IN_DAYS) {
    issues.add('expiresInDays', `must be 0 (never expires) or from 1 to ${MAX_EXPIRES_IN_DAYS}`);
  }
  if (!issues.isEmpty) throw AppError.validation(issues.issues);
  return {
    name,
    scopes,
    expiresAt: days === 0 ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000),
  };
}

export interface ApiKeyState {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export function apiKeyStatus(key: ApiKeyState, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}
