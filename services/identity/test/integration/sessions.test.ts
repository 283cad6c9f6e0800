import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { JWT_SECRET, signUp, startIdentity, uniqueEmail, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startIdentity();
});

afterAll(async () => {
  await h.close();
});

const login = (email: string, password: string, clientAddress = '') =>
  h.client.call((c) => c.login, { email, password, clientAddress });

const authenticate = (credential: string) => h.client.call((c) => c.authenticate, { credential });

describe('Login', () => {
  it('signs in case-insensitively with a new session', async () => {
    const { request, user, tokens: first } = await signUp(h);
    const res = await login(request.email.toUpperCase(), request.password);
    expect(res.user).toEqual(user);
    expect(res.tokens?.sessionId).not.toBe(first.sessionId);
    const { principal } = await authenticate(res.tokens!.accessToken);
    expect(principal?.sessionId).toBe(res.tokens?.sessionId);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { request } = await signUp(h);
    const wrong = await login(request.email, 'wrong password').catch((e: unknown) => e);
    const unknown = await login(uniqueEmail('ghost'), request.password).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  });

  it('refuses missing credentials as a validation error', async () => {
    await expect(login('', '')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'email' }, { field: 'password' }] },
    });
  });
});

describe('Login throttling', () => {
  it('refuses an email after 5 failures, even with the right password, until the window ends', async () => {
    const { request } = await signUp(h);
    for (let i = 0; i < 5; i++) {
      await expect(login(request.email, `wrong-${i}`)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    const refused = await login(request.email, request.password).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const retryAfter = (refused as { details: { retryAfterSeconds: number } }).details
      .retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The window runs out: the count starts over and the right password works again.
    await h
      .db('login_failures')
      .where({ key: `email:${request.email.toLowerCase()}` })
      .update({ window_started_at: h.db.raw("now() - interval '16 minutes'") });
    await expect(login(request.email, request.password)).resolves.toMatchObject({
      user: { email: request.email },
    });
  });

  it('clears the email count on success', async () => {
    const { request } = await signUp(h);
    for (let i = 0; i < 4; i++) await login(request.email, 'wrong').catch(() => undefined);
    await login(request.email, request.password);
    for (let i = 0; i < 4; i++) {
      await expect(login(request.email, 'wrong')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(login(request.email, request.password)).resolves.toBeDefined();
  });

  it('counts unknown emails too, so throttling does not reveal which accounts exist', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) {
      await expect(login(ghost, 'guess')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(login(ghost, 'guess')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('refuses a client address after 20 failures across emails', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const { request } = await signUp(h);
    for (let i = 0; i < 20; i++) {
      await expect(login(uniqueEmail('spray'), 'guess', address)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    await expect(login(request.email, request.password, address)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // From elsewhere the same account is fine: only the address is held back.
    await expect(login(request.email, request.password, '198.51.100.7')).resolves.toBeDefined();
  });

  it('lets no more parallel guesses through than the limit', async () => {
    const { request } = await signUp(h);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => login(request.email, `parallel-${i}`)),
    );
    const codes = results.map((r) =>
      r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(7);
  });

  it('slows failures beyond the second', async () => {
    const slow = await startIdentity({ LOGIN_SLOWDOWN_MS: '300' });
    try {
      const { request } = await signUp(slow);
      const timeFailure = async () => {
        const started = Date.now();
        await slow.client
          .call((c) => c.login, { email: request.email, password: 'wrong', clientAddress: '' })
          .catch(() => undefined);
        return Date.now() - started;
      };
      const [first, second, third] = [
        await timeFailure(),
        await timeFailure(),
        await timeFailure(),
      ];
      expect(first).toBeLessThan(250);
      expect(second).toBeLessThan(250);
      expect(third).toBeGreaterThanOrEqual(290);
    } finally {
      await slow.close();
    }
  });
});

describe('Refresh', () => {
  it('rotates the refresh token within the same session', async () => {
    const { user, tokens } = await signUp(h);
    const next = await h.client.call((c) => c.refresh, { refreshToken: tokens.refreshToken });
    expect(next.user).toEqual(user);
    expect(next.tokens?.sessionId).toBe(tokens.sessionId);
    expect(next.tokens?.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.tokens?.accessToken).not.toBe(tokens.accessToken);
    await expect(authenticate(next.tokens!.accessToken)).resolves.toBeDefined();
    const again = await h.client.call((c) => c.refresh, {
      refreshToken: next.tokens!.refreshToken,
    });
    expect(again.tokens?.sessionId).toBe(tokens.sessionId);
  });

  it('stores refresh tokens only as hashes', async () => {
    const { tokens } = await signUp(h);
    const row = await h.db('sessions').where({ id: tokens.sessionId }).first();
    expect(row.refresh_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokens.refreshToken);
  });

  it('ends the session when a replaced refresh token comes back', async () => {
    const { tokens } = await signUp(h);
    const next = await h.client.call((c) => c.refresh, { refreshToken: tokens.refreshToken });
    await expect(
      h.client.call((c) => c.refresh, { refreshToken: tokens.refreshToken }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Both holders are now out: the current refresh token and its access token stop working.
    await expect(
      h.client.call((c) => c.refresh, { refreshToken: next.tokens!.refreshToken }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(authenticate(next.tokens!.accessToken)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses unknown, empty, expired and revoked refresh tokens', async () => {
    await expect(
      h.client.call((c) => c.refresh, { refreshToken: 'made-up' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(h.client.call((c) => c.refresh, { refreshToken: '' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });

    const expired = await signUp(h);
    await h
      .db('sessions')
      .where({ id: expired.tokens.sessionId })
      .update({ expires_at: h.db.raw("now() - interval '1 second'") });
    await expect(
      h.client.call((c) => c.refresh, { refreshToken: expired.tokens.refreshToken }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const loggedOut = await signUp(h);
    await h.client.call(
      (c) => c.logout,
      { sessionId: loggedOut.tokens.sessionId },
      { userId: loggedOut.user.id },
    );
    await expect(
      h.client.call((c) => c.refresh, { refreshToken: loggedOut.tokens.refreshToken }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('Logout', () => {
  it('makes the session JWT stop working, and is idempotent', async () => {
    const { user, tokens } = await signUp(h);
    await expect(authenticate(tokens.accessToken)).resolves.toBeDefined();
    await h.client.call((c) => c.logout, { sessionId: tokens.sessionId }, { userId: user.id });
    await expect(authenticate(tokens.accessToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      h.client.call((c) => c.logout, { sessionId: tokens.sessionId }, { userId: user.id }),
    ).resolves.toEqual({});
  });

  it("leaves another user's session alone", async () => {
    const victim = await signUp(h);
    const other = await signUp(h);
    await h.client.call(
      (c) => c.logout,
      { sessionId: victim.tokens.sessionId },
      { userId: other.user.id },
    );
    await expect(authenticate(victim.tokens.accessToken)).resolves.toBeDefined();
  });

  it('accepts unknown and malformed session ids', async () => {
    const { user } = await signUp(h);
    for (const sessionId of [randomUUID(), 'nope', '']) {
      await expect(
        h.client.call((c) => c.logout, { sessionId }, { userId: user.id }),
      ).resolves.toEqual({});
    }
  });

  it('refuses a call without caller identity', async () => {
    await expect(h.client.call((c) => c.logout, { sessionId: randomUUID() })).rejects.toMatchObject(
      {
        code: 'UNAUTHORIZED',
      },
    );
  });
});

describe('Authenticate with a JWT', () => {
  it('answers the principal of the session', async () => {
    const { user, tokens } = await signUp(h, { businessType: 'business', countryCode: 'nz' });
    const { principal } = await authenticate(tokens.accessToken);
    expect(principal).toEqual({
      userId: user.id,
      tier: 'free',
      rateLimit: 0,
      scopes: [],
      method: 'jwt',
      sessionId: tokens.sessionId,
      apiKeyId: '',
      countryCode: 'NZ',
      businessType: 'business',
      expiresAt: expect.any(String),
    });
    // The JWT's exp has whole seconds; the token answer has the same instant.
    expect(
      Math.abs(Date.parse(principal!.expiresAt) - Date.parse(tokens.accessExpiresAt)),
    ).toBeLessThan(1000);
  });

  const key = new TextEncoder().encode(JWT_SECRET);
  const sign = (claims: Record<string, unknown>, secret = key) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);

  it('refuses tampered, expired, foreign and mistyped tokens', async () => {
    const { user, tokens } = await signUp(h);
    const now = Math.floor(Date.now() / 1000);
    const base = {
      sub: user.id,
      sid: tokens.sessionId,
      typ: 'access',
      iss: 'pfs',
      iat: now,
      exp: now + 60,
    };
    // Sanity check: a hand-made token with the right claims passes.
    await expect(authenticate(await sign(base))).resolves.toBeDefined();

    const [header, payload, signature] = tokens.accessToken.split('.');
    const candidates = [
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      await sign({ ...base, exp: now - 10, iat: now - 100 }),
      await sign(base, new TextEncoder().encode('another-secret-another-secret-another')),
      await sign({ ...base, typ: 'refresh' }),
      await sign({ ...base, iss: 'elsewhere' }),
      await sign({ ...base, sid: randomUUID() }),
      await sign({ ...base, sub: randomUUID() }),
      'not-a-jwt',
      '',
    ];
    for (const credential of candidates) {
      await expect(authenticate(credential)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('refuses the token once its session has expired', async () => {
    const { tokens } = await signUp(h);
    await h
      .db('sessions')
      .where({ id: tokens.sessionId })
      .update({ expires_at: h.db.raw("now() - interval '1 second'") });
    await expect(authenticate(tokens.accessToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
