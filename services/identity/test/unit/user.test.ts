import { AppError } from '@pfs/kit';
import {
  canonicalEmail,
  parseCredentials,
  parseRegistration,
  parseTierChange,
  type RegistrationInput,
} from '../../src/domain/user';

const valid: RegistrationInput = {
  email: 'Ada@Example.com',
  password: 'correct horse',
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessType: '',
  countryCode: '',
};

function issuesOf(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION_ERROR');
    return (err as AppError).details?.issues ?? [];
  }
  throw new Error('expected a validation error');
}

describe('parseRegistration', () => {
  it('applies the defaults and keeps the email as typed', () => {
    expect(parseRegistration(valid)).toEqual({
      email: 'Ada@Example.com',
      password: 'correct horse',
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessType: 'individual',
      countryCode: 'AU',
    });
  });

  it('uppercases the country code and accepts every business type', () => {
    for (const businessType of ['individual', 'sole_trader', 'business']) {
      const r = parseRegistration({ ...valid, businessType, countryCode: 'nz' });
      expect(r.businessType).toBe(businessType);
      expect(r.countryCode).toBe('NZ');
    }
  });

  it('trims names and email but never the password', () => {
    const r = parseRegistration({
      ...valid,
      email: ' a@b.co ',
      firstName: ' A ',
      password: ' spaced pw ',
    });
    expect(r.email).toBe('a@b.co');
    expect(r.firstName).toBe('A');
    expect(r.password).toBe(' spaced pw ');
  });

  it('reports every bad field at once, named as in the REST body', () => {
    const issues = issuesOf(() =>
      parseRegistration({
        email: 'not-an-email',
        password: 'short',
        firstName: '',
        lastName: 'x'.repeat(201),
        businessType: 'corporation',
        countryCode: 'AUS',
      }),
    );
    expect(issues.map((i) => i.field)).toEqual([
      'email',
      'password',
      'firstName',
      'lastName',
      'businessType',
      'countryCode',
    ]);
  });

  it.each([
    ['a@b', 'no dot in domain'],
    ['@b.co', 'no local part'],
    ['a b@c.co', 'space'],
    ['a@@b.co', 'two @'],
    [`${'x'.repeat(65)}@b.co`, 'local part over 64'],
    [`a@${'b'.repeat(250)}.co`, 'over 254'],
  ])('refuses the email %s (%s)', (email) => {
    expect(issuesOf(() => parseRegistration({ ...valid, email }))[0].field).toBe('email');
  });

  it('bounds the password to 8..128 characters', () => {
    expect(() => parseRegistration({ ...valid, password: 'x'.repeat(8) })).not.toThrow();
    expect(() => parseRegistration({ ...valid, password: 'x'.repeat(128) })).not.toThrow();
    expect(issuesOf(() => parseRegistration({ ...valid, password: 'x'.repeat(7) }))).toHaveLength(
      1,
    );
    expect(issuesOf(() => parseRegistration({ ...valid, password: 'x'.repeat(129) }))).toHaveLength(
      1,
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(() => parseRegistration({ ...valid, password: '🔑'.repeat(128) })).not.toThrow();
  });

  it('refuses non-letter country codes', () => {
    expect(issuesOf(() => parseRegistration({ ...valid, countryCode: 'A1' }))[0].field).toBe(
      'countryCode',
    );
  });
});

describe('canonicalEmail', () => {
  it('trims and lowercases', () => {
    expect(canonicalEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('parseCredentials', () => {
  it('requires both fields', () => {
    expect(
      issuesOf(() => parseCredentials({ email: ' ', password: '' })).map((i) => i.field),
    ).toEqual(['email', 'password']);
  });

  it('refuses over-long passwords before any hashing', () => {
    expect(
      issuesOf(() => parseCredentials({ email: 'a@b.co', password: 'x'.repeat(129) }))[0].field,
    ).toBe('password');
  });
});

describe('parseTierChange', () => {
  it('keeps the rate limit when absent, resets it on 0', () => {
    expect(parseTierChange({ tier: 'elite' })).toEqual({ tier: 'elite', rateLimit: undefined });
    expect(parseTierChange({ tier: 'free', rateLimit: 0 })).toEqual({
      tier: 'free',
      rateLimit: null,
    });
    expect(parseTierChange({ tier: 'enterprise', rateLimit: 10_000_000 })).toEqual({
      tier: 'enterprise',
      rateLimit: 10_000_000,
    });
  });

  it('refuses unknown tiers and out-of-range limits', () => {
    expect(
      issuesOf(() => parseTierChange({ tier: 'gold', rateLimit: -1 })).map((i) => i.field),
    ).toEqual(['tier', 'rateLimit']);
    expect(issuesOf(() => parseTierChange({ tier: 'free', rateLimit: 10_000_001 }))[0].field).toBe(
      'rateLimit',
    );
  });
});
