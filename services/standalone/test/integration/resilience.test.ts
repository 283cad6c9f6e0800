import type { Stack } from '../../src';
import { client, expectError, registerUser, startTestStack, type Api } from './harness';

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ BREAKER_VOLUME_THRESHOLD: '3', GRPC_DEADLINE_MS: '1500' });
  api = client(stack);
});
afterAll(() => stack.close());

describe('a stopped upstream', () => {
  it('answers 503 for its routes only, opens its breaker, and the rest keeps working', async () => {
    const user = await registerUser(api);
    const ready = await api('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.services).toEqual({
      identity: 'up',
      ledger: 'up',
      categorization: 'up',
      tax: 'up',
      bills: 'up',
      documents: 'up',
      assistant: 'up',
      webhooks: 'up',
    });

    await stack.stopService('ledger');

    for (let i = 0; i < 5; i++) {
      const res = await api('GET', '/api/bank/transactions', { token: user.token });
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    }
    expect(stack.gateway.upstreams.ledger.isOpen).toBe(true);
    expect(stack.gateway.upstreams.identity.isOpen).toBe(false);

    expect((await api('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await api('GET', '/api/categories', { token: user.token })).status).toBe(200);

    const notReady = await api('GET', '/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body.services.ledger).toBe('down');
    expect((await api('GET', '/healthz')).status).toBe(200);
  });
});
