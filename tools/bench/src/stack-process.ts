/**
 * The whole stack (gateway + identity, ledger and categorization over real gRPC) in its own
 * process, so it shares no event loop with the load generator. Forked by run.ts; reports
 * {url, token, userId} over IPC once a bench user is registered and its rate limit lifted.
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL is started in BENCH_DATA_DIR on
 * BENCH_PG_PORT), JWT_SECRET, ADMIN_TOKEN, ARGON2_MEMORY_KIB, POOL_MAX (each service's pool,
 * default 10), LOG_LEVEL (default info).
 */
import { createLogger } from '@pfs/kit';
import {
  startEmbeddedPostgres,
  startStack,
  type EmbeddedDatabase,
  type Stack,
} from '@pfs/standalone';
import { randomBytes } from 'node:crypto';
import { onParentShutdown, sendToParent } from './proc';

interface RegisterResponse {
  token: string;
  user: { id: string };
}

async function request<T>(url: string, init: RequestInit, expected: number): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (res.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

let embedded: EmbeddedDatabase | undefined;
let stack: Stack | undefined;

async function cleanup(): Promise<void> {
  await stack?.close().catch((err: unknown) => console.error('stack close failed', err));
  stack = undefined;
  await embedded
    ?.stop()
    .catch((err: unknown) => console.error('embedded PostgreSQL stop failed', err));
  embedded = undefined;
}

async function main(): Promise<void> {
  const logger = createLogger('pfs-bench-stack', process.env.LOG_LEVEL ?? 'info');
  const adminToken = process.env.ADMIN_TOKEN;
  if (!process.env.JWT_SECRET || !adminToken)
    throw new Error('JWT_SECRET and ADMIN_TOKEN are required');
  onParentShutdown(cleanup);

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = process.env.BENCH_DATA_DIR;
    if (!dataDir) throw new Error('DATABASE_URL or BENCH_DATA_DIR is required');
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: Number(process.env.BENCH_PG_PORT ?? 54339),
      database: 'pfs_bench',
    });
    databaseUrl = embedded.url;
  }

  const poolMax = process.env.POOL_MAX ? Number(process.env.POOL_MAX) : undefined;
  stack = await startStack({ databaseUrl, logger, env: process.env, port: 0, poolMax });

  const email = `bench-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await request<RegisterResponse>(
    `${stack.url}/api/auth/register`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'bench-password-123',
        firstName: 'Bench',
        lastName: 'User',
      }),
    },
    201,
  );
  // Lift the user's budget so the bench measures the path, not the limiter's refusals.
  await request(
    `${stack.url}/api/admin/users/${registered.user.id}/tier`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
      body: JSON.stringify({ tier: 'enterprise', rateLimit: 10_000_000 }),
    },
    200,
  );
  sendToParent({
    type: 'ready',
    url: stack.url,
    token: registered.token,
    userId: registered.user.id,
  });
}

main().catch(async (err: unknown) => {
  console.error(err);
  sendToParent({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  const hardExit = setTimeout(() => process.exit(1), 15_000);
  hardExit.unref();
  await cleanup();
  process.exit(1);
});
