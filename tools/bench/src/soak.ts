/**
 * The soak: a mixed workload at a steady rate against the embedded default (the whole stack in
 * one process, as `README`'s run command ships it) for 10 minutes, checking what users feel
 * (p95 under SPEC's 200 ms), that nothing fails, and that memory stays flat.
 *
 *   node tools/bench/dist/soak.js
 *
 * Mix (weights): transaction list pages 30, filtered lists 8, one transaction 10, create 15,
 * update 5, delete 3, /api/auth/me 8, categories 5, analytics summary 5, classify 6 (5 ids),
 * statement import (a 20-row CSV, new rows each time) 2, tax calculation 3, chat (the offline
 * engine: totals, largest expenses, GST) 2.
 *
 * Requests are sent open-loop at SOAK_RATE per second (default 100), so a slow answer does not
 * slow the arrivals; at most SOAK_MAX_IN_FLIGHT (256) are outstanding, and an arrival beyond
 * that counts as an error ("overload"). Every SOAK_SAMPLE_S (10) seconds the stack process's
 * RSS (from /proc) and its heap after a full GC (it runs with --expose-gc) are sampled.
 * Memory is "flat" when the heap after GC and the RSS of the last minute are within 10%
 * (and 16 MiB) of the second minute's (the first is warm-up: caches, JIT, pools).
 *
 * Settings (env): SOAK_DURATION (s, 600), SOAK_RATE (100), SOAK_MAX_IN_FLIGHT (256),
 * SOAK_SAMPLE_S (10), BENCH_SEED_COUNT (10000), BENCH_POOL_MAX (10), LOG_LEVEL (warn),
 * SOAK_HEAP_SNAPSHOTS (seconds into the run, e.g. "120,300": heap snapshots of the stack),
 * SOAK_CPU_PROF (1: a CPU profile of the stack, summarised by profile-summary.js).
 * Writes tools/bench/results/soak-latest.json. Exits 0 when it ran (whatever the verdict),
 * 1 when it could not run.
 */
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@pfs/standalone';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Cleanups, freePort, nearestRank, runBench, startChild, type RunningChild } from './proc';
import { categoryIdsOf, seedTransactions } from './seed';

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number in [${min}, ${max}]`);
  return n;
}

const settings = {
  durationSec: envNumber('SOAK_DURATION', 600, 10, 24 * 3600),
  rate: envNumber('SOAK_RATE', 100, 1, 10_000),
  maxInFlight: envNumber('SOAK_MAX_IN_FLIGHT', 256, 1, 10_000),
  sampleSec: envNumber('SOAK_SAMPLE_S', 10, 1, 600),
  /** Seconds into the run at which the stack writes a heap snapshot (leak hunting), e.g. "120,300". */
  heapSnapshotsAt: (process.env.SOAK_HEAP_SNAPSHOTS ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  seedCount: envNumber('BENCH_SEED_COUNT', 10_000, 0, 5_000_000),
  poolMax: envNumber('BENCH_POOL_MAX', 10, 1, 200),
};

const P95_LIMIT_MS = 200;
const RESULTS_DIR = join(__dirname, '..', 'results');
const LOG_DIR = join(RESULTS_DIR, 'logs');
const cleanups = new Cleanups();

function log(line: string): void {
  console.log(`[soak] ${line}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? nearestRank(sorted, p) : 0;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface OpStats {
  latencies: number[];
  errors: number;
  statuses: Record<string, number>;
}

interface MemorySample {
  atSec: number;
  rssMiB: number;
  heapUsedMiB: number;
  afterGc: boolean;
}

/** RSS of a process in MiB, from /proc. */
function rssMiBOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kib / 1024;
  } catch {
    return 0;
  }
}

type Op = {
  name: string;
  weight: number;
  run: (api: Api) => Promise<Response>;
};

interface Api {
  url: string;
  headers: Record<string, string>;
  ids: string[];
  categoryIds: string[];
  created: string[];
}

const day = () => {
  const d = new Date(Date.now() - Math.floor(Math.random() * 700) * 86_400_000);
  return d.toISOString().slice(0, 10);
};
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const MERCHANTS = ['Woolworths', 'Coles', 'Shell', 'Officeworks', 'Bunnings', 'Uber', 'Qantas'];

function jsonInit(api: Api, method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      ...api.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

let importSeq = 0;

const OPS: Op[] = [
  {
    name: 'list page',
    weight: 30,
    run: (api) =>
      fetch(
        `${api.url}/api/bank/transactions?limit=50&page=${1 + Math.floor(Math.random() * 20)}`,
        jsonInit(api, 'GET'),
      ),
  },
  {
    name: 'list filtered',
    weight: 8,
    run: (api) =>
      fetch(
        `${api.url}/api/bank/transactions?limit=20&search=${encodeURIComponent(pick(MERCHANTS))}`,
        jsonInit(api, 'GET'),
      ),
  },
  {
    name: 'get one',
    weight: 10,
    run: (api) => fetch(`${api.url}/api/bank/transactions/${pick(api.ids)}`, jsonInit(api, 'GET')),
  },
  {
    name: 'create',
    weight: 15,
    run: async (api) => {
      const res = await fetch(
        `${api.url}/api/bank/transactions`,
        jsonInit(api, 'POST', {
          date: day(),
          description: `${pick(MERCHANTS)} soak ${randomUUID().slice(0, 8)}`,
          amount: (100 + Math.round(Math.random() * 20_000)) / 100,
          type: Math.random() < 0.85 ? 'debit' : 'credit',
          merchant: pick(MERCHANTS),
          ...(Math.random() < 0.5 ? { categoryId: pick(api.categoryIds) } : {}),
        }),
      );
      if (res.status === 201) {
        const body = (await res.clone().json()) as { transaction: { id: string } };
        api.created.push(body.transaction.id);
      }
      return res;
    },
  },
  {
    name: 'update',
    weight: 5,
    run: (api) =>
      fetch(
        `${api.url}/api/bank/transactions/${pick(api.ids)}`,
        jsonInit(api, 'PATCH', { description: `Edited ${randomUUID().slice(0, 6)}` }),
      ),
  },
  {
    name: 'delete',
    weight: 3,
    run: (api) => {
      const id = api.created.shift();
      // Nothing of ours to delete yet: read one instead (still counted under delete).
      if (!id)
        return fetch(`${api.url}/api/bank/transactions/${pick(api.ids)}`, jsonInit(api, 'GET'));
      return fetch(`${api.url}/api/bank/transactions/${id}`, jsonInit(api, 'DELETE'));
    },
  },
  {
    name: 'auth/me',
    weight: 8,
    run: (api) => fetch(`${api.url}/api/auth/me`, jsonInit(api, 'GET')),
  },
  {
    name: 'categories',
    weight: 5,
    run: (api) => fetch(`${api.url}/api/categories?limit=100`, jsonInit(api, 'GET')),
  },
  {
    name: 'analytics summary',
    weight: 5,
    run: (api) => fetch(`${api.url}/api/analytics/summary`, jsonInit(api, 'GET')),
  },
  {
    name: 'classify',
    weight: 6,
    run: (api) =>
      fetch(
        `${api.url}/api/transactions/classify`,
        jsonInit(api, 'POST', { transactionIds: Array.from({ length: 5 }, () => pick(api.ids)) }),
      ),
  },
  {
    name: 'import',
    weight: 2,
    run: (api) => {
      const seq = ++importSeq;
      const rows = Array.from(
        { length: 20 },
        (_, i) =>
          `${day()},${pick(MERCHANTS)} import ${seq}-${i} ${randomUUID().slice(0, 6)},-${(Math.random() * 300 + 1).toFixed(2)}`,
      );
      const form = new FormData();
      form.append(
        'file',
        new Blob([`Date,Description,Amount\n${rows.join('\n')}\n`], { type: 'text/csv' }),
        `soak-${seq}.csv`,
      );
      return fetch(`${api.url}/api/bank/transactions/import`, {
        method: 'POST',
        headers: api.headers,
        body: form,
      });
    },
  },
  {
    name: 'tax calculate',
    weight: 3,
    run: (api) =>
      fetch(
        `${api.url}/api/tax/calculate`,
        jsonInit(api, 'POST', {
          amount: Math.round(Math.random() * 100_000) / 100,
          gstIncluded: true,
          countryCode: 'AU',
        }),
      ),
  },
  {
    name: 'chat',
    weight: 2,
    run: (api) =>
      fetch(
        `${api.url}/api/chat/message`,
        jsonInit(api, 'POST', {
          message: pick([
            'How much did I spend last month?',
            `How much did I spend at ${pick(MERCHANTS)} this financial year?`,
            'What were my 5 largest expenses last month?',
            'How much GST is in $220?',
          ]),
        }),
      ),
  },
];

async function main(): Promise<void> {
  mkdirSync(LOG_DIR, { recursive: true });
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');

  const dataDir = mkdtempSync(join(tmpdir(), 'pfs-soak-'));
  chmodSync(dataDir, 0o755);
  cleanups.push({
    name: 'temp dir',
    fn: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const pgPort = await freePort();
  log(`starting embedded PostgreSQL on port ${pgPort}`);
  const db: EmbeddedDatabase = await startEmbeddedPostgres({
    dataDir,
    port: pgPort,
    database: 'pfs_soak',
  });
  cleanups.push({ name: 'embedded PostgreSQL', fn: () => db.stop() });

  const children: RunningChild[] = [];
  cleanups.push({
    name: 'child processes',
    fn: async () => void (await Promise.all(children.map((c) => c.stop()))),
  });
  log('starting the embedded stack in its own process (with --expose-gc for memory samples)');
  const stack = await startChild({
    name: 'stack',
    file: join(__dirname, 'stack-process.js'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
      ARGON2_MEMORY_KIB: '4096',
      POOL_MAX: String(settings.poolMax),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    logFile: join(LOG_DIR, `soak-stack-${stamp}.log`),
    readyTimeoutMs: 180_000,
    execArgv: [
      '--expose-gc',
      // SOAK_CPU_PROF=1: the stack writes a .cpuprofile to results/profiles/ when it exits.
      ...(process.env.SOAK_CPU_PROF === '1'
        ? [
            '--cpu-prof',
            '--cpu-prof-dir',
            join(RESULTS_DIR, 'profiles'),
            '--cpu-prof-name',
            `soak-stack-${stamp}.cpuprofile`,
          ]
        : []),
    ],
  });
  children.push(stack);
  const { token, userId, url } = stack.ready;
  if (!token || !userId) throw new Error('the stack process reported no token or user');
  const pid = stack.child.pid ?? 0;

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let api: Api;
  try {
    const categoryIds = await categoryIdsOf(client, userId);
    await seedTransactions(client, {
      userId,
      count: settings.seedCount,
      categoryIds,
      categorizedShare: 0.7,
    });
    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM ledger.transactions WHERE user_id = $1 ORDER BY random() LIMIT 2000',
      [userId],
    );
    api = {
      url,
      headers: { authorization: `Bearer ${token}` },
      ids: rows.map((r) => r.id),
      categoryIds,
      created: [],
    };
  } finally {
    await client.end();
  }
  log(
    `stack at ${url}, ${settings.seedCount} transactions seeded; ${settings.rate} req/s for ${settings.durationSec} s`,
  );

  const stats = new Map<string, OpStats>(
    OPS.map((o) => [o.name, { latencies: [], errors: 0, statuses: {} }]),
  );
  const perMinute: { latencies: number[]; errors: number }[] = [];
  const totalWeight = OPS.reduce((a, o) => a + o.weight, 0);
  const chooseOp = (): Op => {
    let r = Math.random() * totalWeight;
    for (const op of OPS) if ((r -= op.weight) < 0) return op;
    return OPS[0];
  };
  const errorSamples: string[] = [];
  let inFlight = 0;
  let overload = 0;
  const t0 = performance.now();

  const fire = () => {
    const op = chooseOp();
    const s = stats.get(op.name)!;
    const minute = Math.floor((performance.now() - t0) / 60_000);
    perMinute[minute] ??= { latencies: [], errors: 0 };
    if (inFlight >= settings.maxInFlight) {
      overload++;
      s.errors++;
      perMinute[minute].errors++;
      return;
    }
    inFlight++;
    const start = performance.now();
    op.run(api)
      .then(async (res) => {
        const text = await res.text();
        const ms = performance.now() - start;
        s.latencies.push(ms);
        perMinute[minute].latencies.push(ms);
        s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
        if (res.status >= 400) {
          s.errors++;
          perMinute[minute].errors++;
          if (errorSamples.length < 20)
            errorSamples.push(`${op.name}: ${res.status} ${text.slice(0, 200)}`);
        }
      })
      .catch((err: unknown) => {
        s.errors++;
        perMinute[minute].errors++;
        if (errorSamples.length < 20) errorSamples.push(`${op.name}: ${String(err)}`);
      })
      .finally(() => inFlight--);
  };

  const memory: MemorySample[] = [];
  const sample = async () => {
    const m = await stack.memory();
    memory.push({
      atSec: round((performance.now() - t0) / 1000, 0),
      rssMiB: round(rssMiBOf(pid)),
      heapUsedMiB: round((m?.memory.heapUsed ?? 0) / 1048576),
      afterGc: m?.afterGc ?? false,
    });
  };

  // Open loop: a 10 ms tick sends what the rate owes so far.
  await sample();
  const endAt = t0 + settings.durationSec * 1000;
  let sent = 0;
  let nextSample = t0 + settings.sampleSec * 1000;
  let nextReport = t0 + 60_000;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now >= endAt) {
        clearInterval(tick);
        resolve();
        return;
      }
      const owed = Math.floor(((now - t0) / 1000) * settings.rate) - sent;
      for (let i = 0; i < owed; i++) fire();
      sent += Math.max(0, owed);
      const snapshotAt = settings.heapSnapshotsAt[0];
      if (snapshotAt !== undefined && now - t0 >= snapshotAt * 1000) {
        settings.heapSnapshotsAt.shift();
        const file = join(RESULTS_DIR, `soak-${stamp}-${snapshotAt}s.heapsnapshot`);
        stack.child.send({ type: 'heap-snapshot', file });
        log(`heap snapshot requested: ${file}`);
      }
      if (now >= nextSample) {
        nextSample += settings.sampleSec * 1000;
        void sample();
      }
      if (now >= nextReport) {
        const m = perMinute[Math.floor((now - t0) / 60_000) - 1];
        const sorted = [...(m?.latencies ?? [])].sort((a, b) => a - b);
        const last = memory[memory.length - 1];
        log(
          `minute ${Math.round((nextReport - t0) / 60_000)}: ${sorted.length} answers, p95 ${round(percentile(sorted, 95))} ms, errors ${m?.errors ?? 0}, RSS ${last?.rssMiB} MiB, heap ${last?.heapUsedMiB} MiB`,
        );
        nextReport += 60_000;
      }
    }, 10);
  });
  // Let the last requests finish (bounded).
  for (let i = 0; i < 300 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 100));
  await sample();

  const all = [...stats.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
  const errors = [...stats.values()].reduce((a, s) => a + s.errors, 0);
  const byOp = OPS.map((o) => {
    const s = stats.get(o.name)!;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    return {
      op: o.name,
      count: sorted.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? 0),
      errors: s.errors,
      statuses: s.statuses,
    };
  });
  const minuteRows = perMinute.map((m, i) => {
    const sorted = [...(m?.latencies ?? [])].sort((a, b) => a - b);
    return {
      minute: i + 1,
      count: sorted.length,
      p95: round(percentile(sorted, 95)),
      errors: m?.errors ?? 0,
    };
  });
  const windowAvg = (fromSec: number, toSec: number, key: 'rssMiB' | 'heapUsedMiB') => {
    const xs = memory.filter((m) => m.atSec >= fromSec && m.atSec < toSec).map((m) => m[key]);
    return xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0;
  };
  const end = settings.durationSec;
  const early = Math.min(60, end / 5);
  const mem = {
    heapSecondMinute: windowAvg(early, early + 60, 'heapUsedMiB'),
    heapLastMinute: windowAvg(end - 60, end + 60, 'heapUsedMiB'),
    rssSecondMinute: windowAvg(early, early + 60, 'rssMiB'),
    rssLastMinute: windowAvg(end - 60, end + 60, 'rssMiB'),
  };
  const flat = (a: number, b: number) => b - a <= Math.max(16, a * 0.1);
  const p95 = round(percentile(all, 95));
  const verdict = {
    p95Under200ms: p95 < P95_LIMIT_MS,
    noErrors: errors === 0,
    heapFlat: flat(mem.heapSecondMinute, mem.heapLastMinute),
    rssFlat: flat(mem.rssSecondMinute, mem.rssLastMinute),
  };

  console.log(
    '\n| Operation | count | p50 ms | p95 ms | p99 ms | max ms | errors |\n|---|---|---|---|---|---|---|',
  );
  for (const r of byOp)
    console.log(
      `| ${r.op} | ${r.count} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`,
    );
  console.log(
    `| **all** | ${all.length} | ${round(percentile(all, 50))} | ${p95} | ${round(percentile(all, 99))} | ${round(all[all.length - 1] ?? 0)} | ${errors} |`,
  );
  console.log('\n| Minute | answers | p95 ms | errors |\n|---|---|---|---|');
  for (const m of minuteRows) console.log(`| ${m.minute} | ${m.count} | ${m.p95} | ${m.errors} |`);
  console.log('\nMemory of the stack process (heap after full GC; MiB):');
  console.log(memory.map((m) => `${m.atSec}s rss ${m.rssMiB} heap ${m.heapUsedMiB}`).join('\n'));
  console.log(`\n${JSON.stringify({ ...mem, verdict, overload, errorSamples })}`);

  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, 'soak-latest.json'),
    JSON.stringify(
      {
        startedAt,
        settings,
        machine: { cpus: cpus().length, loadavg: loadavg() },
        totals: {
          answers: all.length,
          errors,
          overload,
          p50: round(percentile(all, 50)),
          p95,
          p99: round(percentile(all, 99)),
        },
        byOp,
        perMinute: minuteRows,
        memory,
        memoryWindows: mem,
        verdict,
        errorSamples,
      },
      null,
      2,
    ),
  );
  log(`results in ${join(RESULTS_DIR, 'soak-latest.json')}`);
}

runBench({ tag: 'soak', main, cleanups, log });
