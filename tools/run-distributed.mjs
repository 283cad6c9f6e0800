#!/usr/bin/env node
// Distributed mode on one machine: one process per service against DATABASE_URL (and NATS_URL),
// real gRPC over TCP between them, the gateway on PORT. Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const env = { ...process.env };
if (!env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is required for the distributed mode (e.g. postgres://postgres@127.0.0.1:5432/pfs)',
  );
  process.exit(2);
}
if (!env.JWT_SECRET) {
  env.JWT_SECRET = randomBytes(48).toString('base64url');
  console.warn(
    'JWT_SECRET unset: generated one for this run (sessions will not survive a restart)',
  );
}

const host = env.GRPC_HOST ?? '127.0.0.1';
const services = [
  { name: 'identity', port: Number(env.IDENTITY_GRPC_PORT ?? 50051) },
  { name: 'ledger', port: Number(env.LEDGER_GRPC_PORT ?? 50052) },
  { name: 'categorization', port: Number(env.CATEGORIZATION_GRPC_PORT ?? 50053) },
  { name: 'tax', port: Number(env.TAX_GRPC_PORT ?? 50055) },
  { name: 'bills', port: Number(env.BILLS_GRPC_PORT ?? 50054) },
];
const portOf = (name) => services.find((s) => s.name === name).port;

const children = [];
function start(name, script, extraEnv) {
  const child = spawn(process.execPath, [script], {
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  children.push(child);
}

for (const s of services) {
  // Bills reads transactions from the ledger (pattern suggestions, autopay).
  // Custom rules (ADR 010): ledger and bills read them from categorization, which runs them
  // through the ledger's and bills' RuleTargetService.
  const rulesEnv = { CATEGORIZATION_GRPC_URL: `${host}:${portOf('categorization')}` };
  const extra =
    s.name === 'bills'
      ? { LEDGER_GRPC_URL: `${host}:${portOf('ledger')}`, ...rulesEnv }
      : s.name === 'ledger'
        ? rulesEnv
        : s.name === 'categorization'
          ? {
              LEDGER_GRPC_URL: `${host}:${portOf('ledger')}`,
              BILLS_GRPC_URL: `${host}:${portOf('bills')}`,
            }
          : {};
  start(s.name, `services/${s.name}/dist/src/main.js`, { GRPC_PORT: String(s.port), ...extra });
}
start('gateway', 'gateway/dist/src/main.js', {
  IDENTITY_GRPC_URL: `${host}:${services[0].port}`,
  LEDGER_GRPC_URL: `${host}:${services[1].port}`,
  CATEGORIZATION_GRPC_URL: `${host}:${services[2].port}`,
  TAX_GRPC_URL: `${host}:${services.find((s) => s.name === 'tax').port}`,
  BILLS_GRPC_URL: `${host}:${portOf('bills')}`,
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 20_000);
  Promise.all(
    children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  ).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
