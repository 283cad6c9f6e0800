import {
  attemptCeiling,
  failureDelayMs,
  isRefused,
  retryAfterSeconds,
  throttleKeys,
  type LoginThrottlePolicy,
} from '../../src/domain/login-throttle';

const policy: LoginThrottlePolicy = {
  maxFailuresPerEmail: 5,
  maxFailuresPerAddress: 20,
  windowSeconds: 900,
  slowdownMs: 200,
};

describe('throttleKeys', () => {
  it('counts per email and per client address', () => {
    expect(throttleKeys('ada@example.com', '10.0.0.1', policy)).toEqual([
      { key: 'email:ada@example.com', limit: 5 },
      { key: 'address:10.0.0.1', limit: 20 },
    ]);
  });

  it('counts only the email when the address is unknown', () => {
    expect(throttleKeys('ada@example.com', ' ', policy)).toEqual([
      { key: 'email:ada@example.com', limit: 5 },
    ]);
  });
});

describe('failureDelayMs', () => {
  it('is free for the first two failures, then grows per failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => failureDelayMs(n, 200))).toEqual([0, 0, 200, 400, 600]);
  });

  it('is capped at one second', () => {
    expect(failureDelayMs(7, 200)).toBe(1000);
    expect(failureDelayMs(50, 200)).toBe(1000);
  });

  it('is off with a zero slowdown', () => {
    expect(failureDelayMs(10, 0)).toBe(0);
  });
});

describe('refusal', () => {
  it('lets attempts up to the limit through and refuses beyond it', () => {
    expect(isRefused(5, 5)).toBe(false);
    expect(isRefused(6, 5)).toBe(true);
    expect(attemptCeiling(5)).toBe(6);
  });

  it('tells how long until the window ends, at least one second', () => {
    const started = new Date('2025-01-01T00:00:00Z');
    expect(retryAfterSeconds(started, new Date('2025-01-01T00:00:00Z'), 900)).toBe(900);
    expect(retryAfterSeconds(started, new Date('2025-01-01T00:14:59.500Z'), 900)).toBe(1);
    expect(retryAfterSeconds(started, new Date('2025-01-01T00:20:00Z'), 900)).toBe(1);
  });
});
