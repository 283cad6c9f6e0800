import { ConfigError, loadConfig } from '@pfs/kit';
import { configSchema } from '../../src';

describe('configSchema', () => {
  it('defaults the gRPC port', () => {
    expect(loadConfig(configSchema, { DATABASE_URL: 'postgres://x/y' })).toEqual({
      DATABASE_URL: 'postgres://x/y',
      GRPC_PORT: 50052,
      IMPORT_MAX_BYTES: 50 * 1024 * 1024,
      IMPORT_BACKGROUND_BYTES: 2 * 1024 * 1024,
      IMPORT_BATCH_ROWS: 2000,
      IMPORT_POLL_MS: 2000,
      IMPORT_WRITERS: 2,
      RULES_DEADLINE_MS: 300,
      RULES_CATCHUP_MS: 2000,
    });
  });

  it('reads the gRPC port', () => {
    expect(
      loadConfig(configSchema, { DATABASE_URL: 'postgres://x/y', GRPC_PORT: '6000' }).GRPC_PORT,
    ).toBe(6000);
  });

  it.each([
    [{}, /DATABASE_URL/],
    [{ DATABASE_URL: '' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://x/y', GRPC_PORT: 'abc' }, /GRPC_PORT/],
    [{ DATABASE_URL: 'postgres://x/y', GRPC_PORT: '70000' }, /GRPC_PORT/],
  ])('refuses %p', (env, message) => {
    expect(() => loadConfig(configSchema, env)).toThrow(ConfigError);
    expect(() => loadConfig(configSchema, env)).toThrow(message);
  });
});
