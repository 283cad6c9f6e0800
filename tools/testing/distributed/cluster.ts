import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { waitFor } from '@pfs/kit';
import { freePort } from '@pfs/kit/ports';

export { freePort, waitFor };

/**
 * Building blocks of the distributed tests: the whole system as separate processes under
 * tools/run-distributed.mjs (the runner that restarts what crashes), a NATS JetStream server
 * and an S3-compatible server (s3rver) owned by the test, and a database of its own per test
 * file on the machine's PostgreSQL.
 */

export const ROOT = join(__dirname, '../../..');

/** Where the distributed tests write their figures (`.ci/run` prints it once they pass). */
export const REPORT_FILE = join(ROOT, 'artifacts/distributed/report.txt');

/**
 * A test's figures (recovery times, event counts) go to REPORT_FILE, not to the console: jest
 * prints console output ahead of a failure, and CI shows only a window of the log, which the
 * figures of the tests that passed would fill before the failing assertion.
 */
export function recordFigures(label: string, text: string): void {
  mkdirSync(join(ROOT, 'artifacts/distributed'), { recursive: true });
  appendFileSync(REPORT_FILE, `[${new Date().toISOString()}] ${label}: ${text}\n`);
}

export const SERVICES = [
  'identity',
  'ledger',
  'categorization',
  'bills',
  'tax',
  'documents',
  'assistant',
  'webhooks',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** A deployable runs in these tests when its build output exists (as the runner decides). */
export const isBuilt = (name: ServiceName | 'gateway'): boolean =>
  existsSync(
    join(
      ROOT,
      name === 'gateway' ? 'gateway/dist/src/main.js' : `services/${name}/dist/src/main.js`,
    ),
  );

export const builtServices = (): ServiceName[] => SERVICES.filter(isBuilt);

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves with the exit of `child`, sending SIGTERM (SIGKILL after `graceMs`). */
export function stopChild(child: ChildProcess, graceMs = 20_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database per test file, dropped at the end.

export interface TestDatabase {
  url: string;
  name: string;
  /** A pool on the database, for counting what the services wrote. */
  pool: pg.Pool;
  /** One row per query result; `query<T>(sql, params)`. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createTestDatabase(baseUrl: string, suffix: string): Promise<TestDatabase> {
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || 'pfs'}_${suffix}`
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 3,
    application_name: 'pfs-test',
  });
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    name,
    pool,
    query: async <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
      (await pool.query<T>(sql, params)).rows,
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// NATS JetStream owned by the test: stopping it disturbs nobody else on the machine.

export const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
export const natsServerAvailable = () => existsSync(NATS_SERVER);

export interface TestNats {
  url: string;
  port: number;
  /** Starts the server again on the same port and store directory (the stream survives). */
  start(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
  /** Stops the server and removes its store. */
  dispose(): Promise<void>;
}

export async function startNats(): Promise<TestNats> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pfs-nats-'));
  let child: ChildProcess | undefined;
  let log = '';
  const nats: TestNats = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      const c = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      c.stdout?.on('data', (d: Buffer) => (log += d.toString()));
      c.stderr?.on('data', (d: Buffer) => (log += d.toString()));
      await waitFor(
        () => {
          if (c.exitCode !== null) throw new Error(`nats-server exited: ${log}`);
          return /Server is ready/.test(log.slice(-4000)) && portAnswers(port);
        },
        'nats-server',
        15_000,
        50,
      );
    },
    async stop() {
      if (child) await stopChild(child, 10_000);
      child = undefined;
      log += '\n--- stopped ---\n';
    },
    output: () => log,
    async dispose() {
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await nats.start();
  return nats;
}

// ---------------------------------------------------------------------------------------------
// S3-compatible object store (s3rver) owned by the test.

export interface TestS3 {
  /** host:port, as MINIO_ENDPOINT takes it. */
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'pfs-documents'): Promise<TestS3> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pfs-s3-'));
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
      '-d',
      dir,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`s3rver exited: ${log}`);
      return portAnswers(port);
    },
    's3rver',
    15_000,
    50,
  );
  const endpoint = `127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's fixed credentials.
    env: {
      MINIO_ENDPOINT: endpoint,
      MINIO_BUCKET: bucket,
      MINIO_USE_SSL: 'false',
      MINIO_ACCESS_KEY: 'S3RVER',
      MINIO_SECRET_KEY: 'S3RVER',
    },
    async stop() {
      await stopChild(child, 5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The system under tools/run-distributed.mjs.

export interface RunnerProcessState {
  pid: number | null;
  port: number;
  state: 'starting' | 'running' | 'restarting' | 'failed' | 'stopped';
  restarts: number;
  lastExit: string | null;
}

export interface System {
  /** http://127.0.0.1:<port> of the gateway. */
  gateway: string;
  ports: Record<ServiceName | 'gateway', number>;
  /** The deployables the runner runs (built ones). */
  services: ServiceName[];
  output(): string;
  state(): Record<string, RunnerProcessState>;
  /** kill -9 of one process; resolves with the killed pid. */
  kill9(name: ServiceName | 'gateway'): number;
  /** Resolves when the runner has started `name` again after `pid` and it is running. */
  waitRestarted(name: ServiceName | 'gateway', pid: number, timeoutMs?: number): Promise<number>;
  waitReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface SystemOptions {
  databaseUrl: string;
  natsUrl?: string;
  s3?: TestS3;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** A label for the state file and log messages. */
  label: string;
}

export const ADMIN_TOKEN = 'distributed-admin-token';
export const JWT_SECRET = 'distributed-test-secret-0123456789abcdef';

/** Starts every built deployable under the runner, on free ports, and waits until it is ready. */
export async function startSystem(opts: SystemOptions): Promise<System> {
  const services = builtServices();
  const ports = {} as Record<ServiceName | 'gateway', number>;
  for (const name of [...SERVICES, 'gateway'] as const) ports[name] = await freePort();
  const stateDir = mkdtempSync(join(tmpdir(), `pfs-run-${opts.label}-`));
  const statePath = join(stateDir, 'state.json');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET,
    ADMIN_TOKEN,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: process.env.DIST_LOG_LEVEL ?? 'warn',
    PORT: String(ports.gateway),
    PFS_RUN_STATE: statePath,
    PFS_RESTART_MIN_MS: '200',
    PFS_RESTART_MAX_MS: '2000',
    // A restarted service is tried again after this long (default 10 s).
    BREAKER_RESET_MS: '2000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    ...(opts.s3?.env ?? {}),
    ...(opts.env ?? {}),
  };
  if (opts.natsUrl) env.NATS_URL = opts.natsUrl;
  else delete env.NATS_URL;
  for (const name of SERVICES) env[`${name.toUpperCase()}_GRPC_PORT`] = String(ports[name]);
  const child = spawn(process.execPath, [join(ROOT, 'tools/run-distributed.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log += d.toString();
    // Keep the last ~2 MB: enough to explain a failure.
    if (log.length > 4_000_000) log = log.slice(-2_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gateway = `http://127.0.0.1:${ports.gateway}`;

  const state = (): Record<string, RunnerProcessState> => {
    try {
      return (
        JSON.parse(readFileSync(statePath, 'utf8')) as {
          processes: Record<string, RunnerProcessState>;
        }
      ).processes;
    } catch {
      return {};
    }
  };

  const system: System = {
    gateway,
    ports,
    services,
    output: () => log,
    state,
    kill9(name) {
      const pid = state()[name]?.pid;
      if (!pid) throw new Error(`${name} has no running process`);
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    waitRestarted: (name, pid, timeoutMs = 30_000) =>
      waitFor(
        () => {
          const s = state()[name];
          return !!s && s.state === 'running' && s.pid !== pid && !!s.pid;
        },
        `${name} restarted by the runner`,
        timeoutMs,
        50,
      ),
    async waitReady(timeoutMs = 90_000) {
      try {
        await waitFor(
          async () => {
            if (child.exitCode !== null) throw new Error('the runner exited');
            // Ready for the services this system runs: an unbuilt (skipped) one stays down.
            const res = await fetch(`${gateway}/readyz`);
            const body = (await res.json()) as { services?: Record<string, string> };
            return services.every((name) => body.services?.[name] === 'up');
          },
          `${opts.label}: gateway /readyz`,
          timeoutMs,
          250,
        );
        // Services the gateway does not (yet) check: their gRPC port answers.
        for (const name of services)
          await waitFor(
            () => portAnswers(ports[name]),
            `${opts.label}: ${name} gRPC port`,
            timeoutMs,
          );
      } catch (err) {
        console.error(`--- ${opts.label} output\n${log.slice(-20_000)}`);
        throw err;
      }
    },
    async stop() {
      await stopChild(child, 30_000);
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
  try {
    await system.waitReady();
  } catch (err) {
    await system.stop();
    throw err;
  }
  return system;
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers against the gateway.

export interface Client {
  base: string;
  token: string;
  userId: string;
  email: string;
  headers: Record<string, string>;
  get(path: string): Promise<Response>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  send(method: string, path: string, body?: unknown): Promise<Response>;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 300)}`);
  }
}

/** Registers a fresh user through the gateway and returns a client acting as that user. */
export async function register(base: string, label: string, tier?: string): Promise<Client> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'long password 1',
      firstName: 'Dist',
      lastName: 'Test',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const { token, user } = await json<{ token: string; user: { id: string } }>(res);
  if (tier) {
    const t = await fetch(`${base}/api/admin/users/${user.id}/tier`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({ tier, rateLimit: 100_000 }),
    });
    if (t.status !== 200) throw new Error(`tier: ${t.status} ${await t.text()}`);
  }
  const headers = { authorization: `Bearer ${token}` };
  const send = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers:
        body === undefined
          ? { ...headers, ...extra }
          : { ...headers, 'content-type': 'application/json', ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    base,
    token,
    userId: user.id,
    email,
    headers,
    get: (path) => send('GET', path),
    post: (path, body, extra) => send('POST', path, body, extra),
    send: (method, path, body) => send(method, path, body),
  };
}
