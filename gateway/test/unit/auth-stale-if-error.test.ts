import { AppError } from '@pfs/kit';
import type { Request } from 'express';
import { Authenticator } from '../../src/auth/authenticator';
import type { Upstreams } from '../../src/upstreams';

/**
 * While identity fails to answer (down, or its database connection cut under the query), a
 * credential it verified moments ago keeps working; only identity's verdict revokes it.
 */
describe('Authenticator stale-if-error', () => {
  const request = (key: string) =>
    ({ get: (h: string) => (h.toLowerCase() === 'x-api-key' ? key : undefined) }) as Request;
  const principal = { userId: 'u1', tier: 'free', scopes: [], method: 'api_key' };

  function withIdentity(answers: (() => unknown)[]) {
    let calls = 0;
    const upstreams = {
      identity: {
        call: async () => {
          const answer = answers[Math.min(calls++, answers.length - 1)];
          return answer();
        },
      },
    } as unknown as Upstreams;
    // TTL 0 for the cache check would disable remembering; 1 ms expires it at once.
    return { auth: new Authenticator(upstreams, 1), calls: () => calls };
  }
  const after = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it.each([
    ['an internal error', new AppError('INTERNAL_ERROR', 'Internal error')],
    ['unavailable', new AppError('SERVICE_UNAVAILABLE', 'The identity service is unavailable')],
    ['a timeout', new AppError('GATEWAY_TIMEOUT', 'The identity service did not answer in time')],
  ])('serves the recently verified principal when identity answers %s', async (_, failure) => {
    const { auth, calls } = withIdentity([
      () => ({ principal }),
      () => {
        throw failure;
      },
    ]);
    expect((await auth.authenticate(request('k1')))?.userId).toBe('u1');
    await after(5);
    expect((await auth.authenticate(request('k1')))?.userId).toBe('u1');
    expect(calls()).toBe(2);
  });

  it("identity's verdict revokes at once, and a never-verified credential is not served", async () => {
    const { auth } = withIdentity([
      () => ({ principal }),
      () => {
        throw new AppError('UNAUTHORIZED', 'Invalid credentials');
      },
    ]);
    await auth.authenticate(request('k1'));
    await after(5);
    await expect(auth.authenticate(request('k1'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const failing = withIdentity([
      () => {
        throw new AppError('INTERNAL_ERROR', 'Internal error');
      },
    ]);
    await expect(failing.auth.authenticate(request('k2'))).rejects.toMatchObject({
      code: 'INTERNAL_ERROR',
    });
  });

  it('a programming error is not taken for an upstream failure', async () => {
    const { auth } = withIdentity([
      () => ({ principal }),
      () => {
        throw new TypeError('bug');
      },
    ]);
    await auth.authenticate(request('k1'));
    await after(5);
    await expect(auth.authenticate(request('k1'))).rejects.toThrow(TypeError);
  });
});
