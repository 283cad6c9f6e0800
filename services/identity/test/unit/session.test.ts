import {
  buildAccessClaims,
  isSessionLive,
  readAccessClaims,
  secondsFrom,
} from '../../src/domain/session';

const userId = '0b7f5c1e-7a0e-4a53-9d2f-2f5b8c3f0a11';
const sessionId = '5d0c7a4e-1c2b-4f8e-8a9d-6e3f2b1a0c9d';
const now = new Date('2025-01-01T00:00:00Z');

describe('access claims', () => {
  it('carry user, session, type, issuer and an expiry ttl after now', () => {
    const claims = buildAccessClaims({ userId, sessionId, now, ttlSeconds: 3600, jti: 'j' });
    expect(claims).toEqual({
      sub: userId,
      sid: sessionId,
      typ: 'access',
      iss: 'pfs',
      jti: 'j',
      iat: 1735689600,
      exp: 1735689600 + 3600,
    });
  });

  it('get a fresh jti each time', () => {
    const a = buildAccessClaims({ userId, sessionId, now, ttlSeconds: 60 });
    const b = buildAccessClaims({ userId, sessionId, now, ttlSeconds: 60 });
    expect(a.jti).not.toBe(b.jti);
  });

  it('read back into a grant', () => {
    const claims = buildAccessClaims({ userId, sessionId, now, ttlSeconds: 60 });
    expect(readAccessClaims({ ...claims })).toEqual({
      userId,
      sessionId,
      expiresAt: new Date('2025-01-01T00:01:00Z'),
    });
  });

  it('are refused when of another type, issuer or shape', () => {
    const claims = { ...buildAccessClaims({ userId, sessionId, now, ttlSeconds: 60 }) };
    expect(readAccessClaims({ ...claims, typ: 'refresh' })).toBeUndefined();
    expect(readAccessClaims({ ...claims, iss: 'other' })).toBeUndefined();
    expect(readAccessClaims({ ...claims, sid: 'nope' })).toBeUndefined();
    expect(readAccessClaims({ ...claims, sub: undefined })).toBeUndefined();
  });
});

describe('isSessionLive', () => {
  it('needs the session unrevoked and unexpired', () => {
    const later = secondsFrom(now, 1);
    expect(isSessionLive({ expiresAt: later, revokedAt: null }, now)).toBe(true);
    expect(isSessionLive({ expiresAt: now, revokedAt: null }, now)).toBe(false);
    expect(isSessionLive({ expiresAt: later, revokedAt: now }, now)).toBe(false);
  });
});
