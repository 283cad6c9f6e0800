#!/usr/bin/env node
// Distributed mode on one machine: one process per service against DATABASE_URL (and NATS_URL,
// REDIS_URL, MINIO_*), real gRPC over TCP between them, the gateway on PORT. Ctrl-C stops them all.
//
// Which deployables run: the names given as arguments, else PFS_SERVICES (comma-separated),
// else all of them (the eight services and the gateway). A deployable whose build output
// (…/dist/src/main.js) is missing is skipped, saying so, so the same command works while a
// service is still being written.
//
// A process that exits on its own (crash, kill -9, failed start) is started again after a
// growing delay (PFS_RESTART_MIN_MS, default 250 ms, doubling to PFS_RESTART_MAX_MS, default
// 10 s; back to the minimum once it has stayed up 30 s); every restart is logged with its
// count. PFS_MAX_RESTARTS (default 0: no limit) leaves a process down after that many restarts
// in a row; the others keep running. PFS_RUN_STATE=<file> keeps a JSON snapshot of every
// process (pid, port, restarts, state) there, for tests and operators.
//
// Each process connects to PostgreSQL with application_name `pfs-<name>` (PGAPPNAME), so its
// connections can be told apart in pg_stat_activity.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const log = (message) => console.error(`[run-distributed] ${message}`);

if (!env.DATABASE_URL) {
  log(
    'DATABASE_URL is required for the distributed mode (e.g. postgres://postgres@127.0.0.1:5432/pfs)',
  );
  process.exit(2);
}
if (!env.JWT_SECRET) {
  env.JWT_SECRET = randomBytes(48).toString('base64url');
  log('JWT_SECRET unset: generated one for this run (sessions will not survive a restart)');
}

const host = env.GRPC_HOST ?? '127.0.0.1';
const intEnv = (name, fallback) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    log(`${name} must be a non-negative integer`);
    process.exit(2);
  }
  return value;
};

// Every service with its fixed gRPC port (overridable by <NAME>_GRPC_PORT). Each process is
// given the address of every other one that runs (<NAME>_GRPC_URL); a service reads the ones
// it calls and ignores the rest.
const SERVICES = [
  ['identity', 50051],
  ['ledger', 50052],
  ['categorization', 50053],
  ['bills', 50054],
  ['tax', 50055],
  ['documents', 50056],
  ['assistant', 50057],
  ['webhooks', 50058],
].map(([name, port]) => ({
  name,
  port: intEnv(`${name.toUpperCase()}_GRPC_PORT`, port),
  script: `services/${name}/dist/src/main.js`,
}));
const GATEWAY = { name: 'gateway', port: intEnv('PORT', 8080), script: 'gateway/dist/src/main.js' };
const ALL = [...SERVICES, GATEWAY];

const args = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const requested = (args.length ? args : (env.PFS_SERVICES ?? '').split(','))
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = requested.filter((name) => !ALL.some((d) => d.name === name));
if (unknown.length) {
  log(`unknown deployable(s): ${unknown.join(', ')} (known: ${ALL.map((d) => d.name).join(', ')})`);
  process.exit(2);
}
const selected = requested.length ? ALL.filter((d) => requested.includes(d.name)) : ALL;
const deployables = selected.filter((d) => {
  if (existsSync(join(ROOT, d.script))) return true;
  log(`${d.name}: skipped, ${d.script} is not built (npx turbo run build)`);
  return false;
});
if (!deployables.length) {
  log('nothing to run');
  process.exit(2);
}

const addresses = Object.fromEntries(
  deployables
    .filter((d) => d !== GATEWAY)
    .map((d) => [`${d.name.toUpperCase()}_GRPC_URL`, `${host}:${d.port}`]),
);

const restartMinMs = intEnv('PFS_RESTART_MIN_MS', 250);
const restartMaxMs = Math.max(intEnv('PFS_RESTART_MAX_MS', 10_000), restartMinMs);
const maxRestarts = intEnv('PFS_MAX_RESTARTS', 0);
const STABLE_MS = 30_000;
const statePath = env.PFS_RUN_STATE;

/** @type {Map<string, {d: object, child?: import('node:child_process').ChildProcess, restarts: number, streak: number, state: string, startedAt?: number, timer?: NodeJS.Timeout, lastExit?: string}>} */
const procs = new Map();
let stopping = false;

function writeState() {
  if (!statePath) return;
  const snapshot = {
    runner: process.pid,
    stopping,
    processes: Object.fromEntries(
      [...procs].map(([name, p]) => [
        name,
        {
          pid: p.child?.pid ?? null,
          port: p.d.port,
          state: p.state,
          restarts: p.restarts,
          startedAt: p.startedAt ? new Date(p.startedAt).toISOString() : null,
          lastExit: p.lastExit ?? null,
        },
      ]),
    ),
  };
  const tmp = `${statePath}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(snapshot, null, 2));
  renameSync(tmp, statePath);
}

function start(p) {
  const { d } = p;
  const extra =
    d === GATEWAY
      ? { ...addresses, PORT: String(d.port) }
      : { ...addresses, GRPC_PORT: String(d.port) };
  const child = spawn(process.execPath, [join(ROOT, d.script)], {
    env: { ...env, PGAPPNAME: `pfs-${d.name}`, ...extra },
    stdio: 'inherit',
  });
  p.child = child;
  p.state = 'running';
  p.startedAt = Date.now();
  log(
    `${d.name}: started (pid ${child.pid}, port ${d.port}${p.restarts ? `, restart #${p.restarts}` : ''})`,
  );
  writeState();
  child.on('error', (err) => log(`${d.name}: could not start: ${err.message}`));
  child.on('exit', (code, signal) => {
    const uptime = Date.now() - p.startedAt;
    p.lastExit = signal ?? `code ${code}`;
    p.child = undefined;
    if (stopping) {
      p.state = 'stopped';
      writeState();
      return;
    }
    if (uptime >= STABLE_MS) p.streak = 0;
    if (maxRestarts && p.streak >= maxRestarts) {
      p.state = 'failed';
      log(
        `${d.name}: exited (${p.lastExit}) after ${p.streak} restarts in a row; left down, the others keep running`,
      );
      writeState();
      return;
    }
    const delay = Math.min(restartMinMs * 2 ** p.streak, restartMaxMs);
    p.streak++;
    p.restarts++;
    p.state = 'restarting';
    log(
      `${d.name}: exited (${p.lastExit}) after ${(uptime / 1000).toFixed(1)} s; restart #${p.restarts} in ${delay} ms`,
    );
    writeState();
    p.timer = setTimeout(() => start(p), delay);
  });
}

for (const d of deployables) {
  const p = { d, restarts: 0, streak: 0, state: 'starting' };
  procs.set(d.name, p);
  start(p);
}
log(`running: ${deployables.map((d) => d.name).join(', ')}`);

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const running = [...procs.values()].filter((p) => {
    clearTimeout(p.timer);
    return p.child;
  });
  for (const p of running) p.child.kill('SIGTERM');
  writeState();
  const timer = setTimeout(() => {
    for (const p of running) p.child?.kill('SIGKILL');
    process.exit(code);
  }, 20_000);
  Promise.all(
    running.map((p) => new Promise((r) => (p.child ? p.child.once('exit', r) : r()))),
  ).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
