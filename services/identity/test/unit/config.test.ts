import { ConfigError, loadConfig } from '@pfs/kit';
import { configSchema } from '../../src/config';

const secret = 'x'.repeat(32);

describe('configSchema', () => {
  it('fills in the defaults', () => {
    expect(loadConfig(configSchema, { JWT_SECRET: secret })).toEqual({
      JWT_SECRET: secret,
      GRPC_PORT: 50051,
      ACCESS_TOKEN_TTL_SECONDS: 3600,
      REFRESH_TOKEN_TTL_SECONDS: 30 * 24 * 3600,
      ARGON2_MEMORY_KIB: 19456,
      ARGON2_TIME_COST: 2,
      LOGIN_MAX_FAILURES_PER_EMAIL: 5,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 20,
      LOGIN_FAILURE_WINDOW_SECONDS: 900,
      LOGIN_SLOWDOWN_MS: 200,
    });
  });

  it('reads numbers from the environment', () => {
    const config = loadConfig(configSchema, {
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://db/pfs',
      GRPC_PORT: '6000',
      LOGIN_SLOWDOWN_MS: '0',
    });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://db/pfs',
      GRPC_PORT: 6000,
      LOGIN_SLOWDOWN_MS: 0,
    });
  });

  it('refuses a missing or short JWT secret', () => {
    expect(() => loadConfig(configSchema, {})).toThrow(ConfigError);
    expect(() => loadConfig(configSchema, { JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses non-numeric settings', () => {
    expect(() => loadConfig(configSchema, { JWT_SECRET: secret, ARGON2_TIME_COST: 'two' })).toThrow(
      /ARGON2_TIME_COST/,
    );
  });
});
