/**
 * Statement-import benchmark: generates a realistic N-row bank CSV, uploads it through the
 * gateway of the embedded stack (gateway → gRPC client stream → ledger → PostgreSQL) and waits
 * until every row is in, then prints rows/s, wall time and the stack process's peak RSS.
 *
 *   node tools/bench/dist/import-bench.js
 *
 * The stack runs in a child process (its own event loop and memory), forked from this file.
 * Scenarios, each on a fresh stack:
 *   background: the default settings: a file over 2 MiB is stored and imported by the
 *               background worker (202, then GET …/imports/{id} until completed);
 *   reimport:   the same file again on the same stack: every row is a duplicate;
 *   serial:     background with IMPORT_WRITERS=1 (one batch written at a time);
 *   sync:       IMPORT_BACKGROUND_BYTES raised above the file size: one request, one database
 *               transaction (201).
 *
 * Env: IMPORT_BENCH_ROWS (comma-separated row counts, default 100000), IMPORT_BENCH_SCENARIOS
 * (default background,reimport,serial,sync), IMPORT_BENCH_REPEAT (rounds, default 1; medians
 * are printed when above 1), DATABASE_URL (else an embedded PostgreSQL in a temp dir).
 * Writes tools/bench/results/import-latest.json.
 */
import { createLogger } from '@pfs/kit';
import {
  startEmbeddedPostgres,
  startStack,
  type EmbeddedDatabase,
  type Stack,
} from '@pfs/standalone';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { freePort } from './proc';

const ROLE = process.env.IMPORT_BENCH_ROLE;
const JWT_SECRET = `import-bench-${randomBytes(16).toString('hex')}`;
const ADMIN_TOKEN = `import-bench-admin-${randomBytes(16).toString('hex')}`;

interface Ready {
  type: 'ready';
  url: string;
  token: string;
}

// ---------------------------------------------------------------------------------------------
// Child: the embedded stack.

async function runStack(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL!;
  const stack: Stack = await startStack({
    databaseUrl,
    logger: createLogger('import-bench-stack', process.env.LOG_LEVEL ?? 'warn'),
    env: process.env,
    port: 0,
  });
  const post = async (
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    method = 'POST',
  ) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const registered = await post('/api/auth/register', {
    email: `import-bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'bench-password-123',
    firstName: 'Import',
    lastName: 'Bench',
    countryCode: 'AU',
  });
  const user = registered.user as { id: string };
  await post(
    `/api/admin/users/${user.id}/tier`,
    { tier: 'enterprise', rateLimit: 10_000_000 },
    { 'x-admin-token': process.env.ADMIN_TOKEN ?? '' },
    'PUT',
  );
  process.send?.({
    type: 'ready',
    url: stack.url,
    token: String(registered.token),
  } satisfies Ready);
  const stop = () => {
    setTimeout(() => process.exit(1), 15_000).unref();
    void stack.close().finally(() => process.exit(0));
  };
  process.on('message', (msg: { type?: string }) => msg?.type === 'shutdown' && stop());
  process.on('disconnect', stop);
}

// ---------------------------------------------------------------------------------------------
// Parent: data, load and measurement.

const MERCHANTS = [
  'WOOLWORTHS 1234 SYDNEY NSW',
  'COLES 0456 MELBOURNE VIC',
  'THE COFFEE CLUB BRISBANE QLD',
  'BP EXPRESS PARRAMATTA NSW',
  'UBER *TRIP HELP.UBER.COM',
  'NETFLIX.COM MELBOURNE',
  'BUNNINGS 3321 CHATSWOOD NSW',
  'TELSTRA DIRECT DEBIT',
  'AMAZON MKTPLC AU SYDNEY',
  'CHEMIST WAREHOUSE 221 PERTH WA',
];

/** A CommBank-style statement export with a header row: Date,Description,Amount,Balance. */
function statementCsv(rows: number): Buffer {
  const lines = ['Date,Description,Amount,Balance'];
  let balance = 250_000_00;
  const start = Date.UTC(2024, 0, 1);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < rows; i++) {
    const day = new Date(start + Math.floor((i / rows) * 730) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const credit = i % 25 === 0;
    const cents = credit
      ? 150_000 + Math.floor(random() * 300_000)
      : 150 + Math.floor(random() * 25_000);
    balance += credit ? cents : -cents;
    const amount = `${credit ? '' : '-'}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const description = credit
      ? `SALARY ACME PTY LTD REF ${100000 + i}`
      : `EFTPOS ${MERCHANTS[i % MERCHANTS.length]} CARD XX${1000 + (i % 9000)} REF ${i}`;
    lines.push(`${date},"${description}",${amount},${(balance / 100).toFixed(2)}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface StackChild {
  child: ChildProcess;
  url: string;
  token: string;
  stop(): Promise<void>;
}

async function startStackChild(env: NodeJS.ProcessEnv): Promise<StackChild> {
  const child = fork(__filename, [], {
    env: { ...process.env, ...env, IMPORT_BENCH_ROLE: 'stack' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the stack did not start within 120 s')),
      120_000,
    );
    child.on('message', (msg: Ready) => {
      if (msg?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(msg);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited (code ${code})`));
    });
  });
  return {
    child,
    url: ready.url,
    token: ready.token,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'shutdown' });
      const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

interface ImportJson {
  id: string;
  status: string;
  imported: number;
  duplicates: number;
  skipped: number;
  processedRows: number;
}

interface Measurement {
  scenario: string;
  rows: number;
  fileBytes: number;
  status: number;
  /** Upload until the import's answer (201) or acceptance (202). */
  answerMs: number;
  /** Upload until every row is in. */
  wallMs: number;
  rowsPerSecond: number;
  imported: number;
  duplicates: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  peakRssGrowthMiB: number;
}

async function measureImport(
  stack: StackChild,
  scenario: string,
  rows: number,
  file: Buffer,
): Promise<Measurement> {
  const pid = stack.child.pid!;
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 20);
  const headers = { authorization: `Bearer ${stack.token}` };
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'statement.csv');
  const started = performance.now();
  const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await res.json()) as { import: ImportJson };
  const answerMs = performance.now() - started;
  if (res.status !== 201 && res.status !== 202)
    throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
  let result = body.import;
  while (result.status !== 'completed') {
    if (result.status === 'failed') throw new Error(`import failed: ${JSON.stringify(result)}`);
    await new Promise((r) => setTimeout(r, 50));
    const poll = await fetch(`${stack.url}/api/bank/transactions/imports/${result.id}`, {
      headers,
    });
    result = ((await poll.json()) as { import: ImportJson }).import;
  }
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pid));
  const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    scenario,
    rows,
    fileBytes: file.length,
    status: res.status,
    answerMs: Math.round(answerMs),
    wallMs: Math.round(wallMs),
    rowsPerSecond: Math.round(rows / (wallMs / 1000)),
    imported: result.imported,
    duplicates: result.duplicates,
    rssBeforeMiB: mib(before),
    peakRssMiB: mib(peak),
    peakRssGrowthMiB: mib(peak - before),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function runBench(): Promise<void> {
  const rowCounts = (process.env.IMPORT_BENCH_ROWS ?? '100000')
    .split(',')
    .map((s) => Number(s.trim()));
  const scenarios = (process.env.IMPORT_BENCH_SCENARIOS ?? 'background,reimport,serial,sync')
    .split(',')
    .map((s) => s.trim());
  const repeat = Math.max(1, Number(process.env.IMPORT_BENCH_REPEAT ?? 1));
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'pfs-import-bench-'));
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'pfs_import_bench',
    });
    databaseUrl = embedded.url;
  }
  const baseEnv = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    ADMIN_TOKEN,
    ARGON2_MEMORY_KIB: '1024',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  /** Each scenario on a fresh stack (its own process), with the settings it needs. */
  const stacks: { scenario: string; env: Record<string, string>; then?: string }[] = [
    { scenario: 'background', env: {}, then: 'reimport' },
    { scenario: 'serial', env: { IMPORT_WRITERS: '1' } },
    { scenario: 'sync', env: { IMPORT_BACKGROUND_BYTES: String(256 * 1024 * 1024) } },
  ];
  const results: Measurement[] = [];
  const print = (r: Measurement) =>
    console.log(
      `  ${r.scenario.padEnd(10)} HTTP ${r.status}  answer ${String(r.answerMs).padStart(6)} ms  ` +
        `all rows in ${String(r.wallMs).padStart(6)} ms  ${String(r.rowsPerSecond).padStart(7)} rows/s  ` +
        `imported ${r.imported}, duplicates ${r.duplicates}  ` +
        `RSS ${r.rssBeforeMiB} → peak ${r.peakRssMiB} MiB (+${r.peakRssGrowthMiB})  load ${loadavg()[0].toFixed(1)}`,
    );
  try {
    for (const rows of rowCounts) {
      const file = statementCsv(rows);
      console.log(`\n${rows} rows, ${(file.length / 1024 / 1024).toFixed(1)} MiB CSV`);
      for (let round = 0; round < repeat; round++) {
        for (const { scenario, env, then } of stacks) {
          const wanted =
            scenarios.includes(scenario) || (then !== undefined && scenarios.includes(then));
          if (!wanted) continue;
          const stack = await startStackChild({ ...baseEnv, ...env });
          try {
            const first = await measureImport(stack, scenario, rows, file);
            if (scenarios.includes(scenario)) {
              results.push(first);
              print(first);
            }
            if (then && scenarios.includes(then)) {
              const again = await measureImport(stack, then, rows, file);
              results.push(again);
              print(again);
            }
          } finally {
            await stack.stop();
          }
        }
      }
      if (repeat > 1) {
        for (const scenario of scenarios) {
          const runs = results.filter((r) => r.rows === rows && r.scenario === scenario);
          if (!runs.length) continue;
          console.log(
            `  median ${scenario.padEnd(10)} ${median(runs.map((r) => r.wallMs))} ms, ` +
              `${median(runs.map((r) => r.rowsPerSecond))} rows/s, peak RSS +${median(runs.map((r) => r.peakRssGrowthMiB))} MiB`,
          );
        }
      }
    }
  } finally {
    await embedded?.stop().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const out = join(__dirname, '..', 'results');
  mkdirSync(out, { recursive: true });
  const report = {
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: loadavg(),
    },
    targetSeconds: 10,
    results,
  };
  writeFileSync(join(out, 'import-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const slow = results.filter(
    (r) => r.rows <= 100_000 && r.scenario !== 'reimport' && r.wallMs > 10_000,
  );
  console.log(
    slow.length
      ? `\nSlower than the 10 s target: ${slow.map((s) => `${s.scenario} (${s.wallMs} ms)`).join(', ')}`
      : '\nEvery import met the 10 s target.',
  );
}

(ROLE === 'stack' ? runStack() : runBench()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
