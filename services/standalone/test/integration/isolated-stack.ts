import { createDb, createLogger, type Knex } from '@pfs/kit';
import { randomBytes } from 'node:crypto';
import { startStack, type Stack } from '../../src';
import { ADMIN_TOKEN } from './harness';

/**
 * A stack on a database of its own, for tests that follow events or background jobs: the
 * relays, consumers and job runners of stacks in other test files (same server, same
 * schemas) would otherwise take this file's events and jobs. In-process bus (NATS_URL unset).
 */
export async function startIsolatedStack(
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ stack: Stack; close(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup starts PostgreSQL)');
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin: Knex = createDb({ connectionString: base, schema: 'public' });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const { NATS_URL: _ignored, ...processEnv } = process.env;
  const stack = await startStack({
    databaseUrl: url.toString(),
    logger: createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent'),
    poolMax: 4,
    env: {
      ...processEnv,
      JWT_SECRET: 'integration-test-secret-0123456789abcdef',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOGIN_SLOWDOWN_MS: '0',
      ADMIN_TOKEN,
      ...env,
    },
  });
  return {
    stack,
    async close() {
      await stack.close();
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
      await admin.destroy();
    },
  };
}

/** Polls until `check` returns a value (not undefined/false), or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
