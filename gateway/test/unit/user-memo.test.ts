import { Authenticator } from '../../src/auth/authenticator';
import type { Upstreams } from '../../src/upstreams';

/** GET /api/auth/me answers from a per-user memo that lives as long as cached credentials. */
describe('Authenticator.memoizeForUser', () => {
  const upstreams = {} as Upstreams;

  it('loads once per TTL, per user and key, and forgets on evict({userId})', async () => {
    const auth = new Authenticator(upstreams, 60_000);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await auth.memoizeForUser('u1', 'me', load)).toEqual({ n: 1 });
    expect(await auth.memoizeForUser('u1', 'me', load)).toEqual({ n: 1 });
    expect(await auth.memoizeForUser('u2', 'me', load)).toEqual({ n: 2 });
    expect(await auth.memoizeForUser('u1', 'other', load)).toEqual({ n: 3 });
    auth.evict({ userId: 'u1' });
    expect(await auth.memoizeForUser('u1', 'me', load)).toEqual({ n: 4 });
    expect(await auth.memoizeForUser('u2', 'me', load)).toEqual({ n: 2 });
    // Evicting a session or key leaves the user's memo alone.
    auth.evict({ sessionId: 's' });
    expect(await auth.memoizeForUser('u2', 'me', load)).toEqual({ n: 2 });
  });

  it('remembers nothing with AUTH_CACHE_TTL_MS=0, and nothing that failed', async () => {
    const off = new Authenticator(upstreams, 0);
    let loads = 0;
    await off.memoizeForUser('u', 'me', async () => ++loads);
    await off.memoizeForUser('u', 'me', async () => ++loads);
    expect(loads).toBe(2);
    const on = new Authenticator(upstreams, 60_000);
    await expect(
      on.memoizeForUser('u', 'me', async () => {
        throw new Error('identity down');
      }),
    ).rejects.toThrow('identity down');
    expect(await on.memoizeForUser('u', 'me', async () => 'fresh')).toBe('fresh');
  });
});
