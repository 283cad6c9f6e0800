import { AppError } from '@pfs/kit';
import {
  API_KEY_DISPLAY_LENGTH,
  apiKeyDisplayPrefix,
  apiKeyStatus,
  generateApiKeySecret,
  isApiKeyCredential,
  isWellFormedApiKey,
  parseApiKeyRequest,
  type ApiKeyRequest,
} from '../../src/domain/api-key';
import { randomBase62, sha256Hex } from '../../src/domain/secrets';

const now = new Date('2025-01-01T00:00:00Z');
const base: ApiKeyRequest = { name: 'CI', scopes: undefined, expiresInDays: 0 };

function fieldsOf(input: ApiKeyRequest): string[] {
  try {
    parseApiKeyRequest(input, now);
  } catch (err) {
    expect((err as AppError).code).toBe('VALIDATION_ERROR');
    return ((err as AppError).details?.issues ?? []).map((i) => i.field);
  }
  throw new Error('expected a validation error');
}

describe('API key secrets', () => {
  it('are pfs_ plus 40 base62 characters, different every time', () => {
    const a = generateApiKeySecret();
    const b = generateApiKeySecret();
    expect(a).toMatch(/^pfs_[0-9A-Za-z]{40}$/);
    expect(a).not.toBe(b);
    expect(isWellFormedApiKey(a)).toBe(true);
  });

  it('are shown in lists only by their first 12 characters', () => {
    const secret = generateApiKeySecret();
    expect(apiKeyDisplayPrefix(secret)).toBe(secret.slice(0, 12));
    expect(API_KEY_DISPLAY_LENGTH).toBe(12);
  });

  it('are told apart from JWTs by their prefix', () => {
    expect(isApiKeyCredential('pfs_abc')).toBe(true);
    expect(isApiKeyCredential('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
    expect(isWellFormedApiKey('pfs_short')).toBe(false);
    expect(isWellFormedApiKey(`pfs_${'-'.repeat(40)}`)).toBe(false);
  });

  it('hash to 64 hex characters', () => {
    expect(sha256Hex('pfs_x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('randomBase62', () => {
  it('drops bytes that would bias the alphabet', () => {
    // 255 and 248 are above the unbiased limit; 0 → '0', 61 → 'z', 62 → '0'.
    const bytes = Buffer.from([255, 248, 0, 61, 62, 247]);
    expect(randomBase62(4, () => bytes)).toBe('0z0z');
  });
});

describe('parseApiKeyRequest', () => {
  it('defaults scopes to mcp:full and never expires on 0 days', () => {
    expect(parseApiKeyRequest(base, now)).toEqual({
      name: 'CI',
      scopes: ['mcp:full'],
      expiresAt: null,
    });
  });

  it('dedupes scopes in the order given', () => {
    const grant = parseApiKeyRequest(
      { ...base, scopes: ['mcp:read', 'mcp:tools:list', 'mcp:read'] },
      now,
    );
    expect(grant.scopes).toEqual(['mcp:read', 'mcp:tools:list']);
  });

  it('expires after the given days', () => {
    expect(parseApiKeyRequest({ ...base, expiresInDays: 30 }, now).expiresAt).toEqual(
      new Date('2025-01-31T00:00:00Z'),
    );
  });

  it('names the unknown scope', () => {
    try {
      parseApiKeyRequest({ ...base, scopes: ['mcp:read', 'admin'] }, now);
      throw new Error('expected a validation error');
    } catch (err) {
      expect((err as AppError).details?.issues).toEqual([
        { field: 'scopes', message: expect.stringContaining('"admin"') },
      ]);
    }
  });

  it('refuses an explicitly empty scope list', () => {
    expect(fieldsOf({ ...base, scopes: [] })).toEqual(['scopes']);
  });

  it.each([-1, 3651, 1.5])('refuses expiresInDays %p', (expiresInDays) => {
    expect(fieldsOf({ ...base, expiresInDays })).toEqual(['expiresInDays']);
  });

  it('requires a name of at most 200 characters', () => {
    expect(fieldsOf({ ...base, name: '  ' })).toEqual(['name']);
    expect(fieldsOf({ ...base, name: 'x'.repeat(201) })).toEqual(['name']);
  });
});

describe('apiKeyStatus', () => {
  it('is revoked before expired, and expired at the instant of expiry', () => {
    expect(apiKeyStatus({ revokedAt: now, expiresAt: now }, now)).toBe('revoked');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(
      'active',
    );
    expect(apiKeyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active');
  });
});
