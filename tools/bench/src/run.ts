/**
 * The benchmark: the gateway+gRPC stack against a single-process Express+pg baseline and a bare
 * Express server, each in its own process, loaded by autocannon from this one.
 *
 *   node tools/bench/dist/run.js        (or `make bench` from the root, which builds first)
 *
 * Settings (env): BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 2), BENCH_ROUNDS (5) and
 * BENCH_RAMP (s, 1) for the alternating slices, BENCH_CONNECTIONS (50),
 * BENCH_RATE (200) and BENCH_RATE_CONNECTIONS (10) for the steady-rate scenario,
 * BENCH_SEED_COUNT (10000), BENCH_CATEGORIZED_SHARE (0.7), BENCH_POOL_MAX (10, each pool),
 * BENCH_CPU_PROF=1 (a .cpuprofile per server process in tools/bench/results/profiles),
 * BENCH_SCENARIOS (comma-separated ids: list-50, list-steady, create-50, own-path; default all),
 * BENCH_CREATE_SAME_DAY=1 (every create on one day and merchant).
 *
 * Writes tools/bench/results/latest.json. Exits 0 whether or not the targets are met (the
 * bench reports, it does not gate); exits 1 only when it could not run.
 */
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@pfs/standalone';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { combine, measureSlice, warmUp, type LoadSpec, type Measurement, type Slice } from './load';
import { freePort, startChild, type RunningChild, Cleanups, runBench } from './proc';
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
  durationSec: envNumber('BENCH_DURATION', 10, 1, 600),
  warmupSec: envNumber('BENCH_WARMUP', 2, 0, 120),
  /**
   * Slices each measurement is cut into, the sides of a scenario taking turns (A B, B A, …) so
   * that other work on the machine weighs on both alike; each slice starts with rampSec of
   * unrecorded load.
   */
  rounds: envNumber('BENCH_ROUNDS', 5, 1, 100),
  rampSec: envNumber('BENCH_RAMP', 1, 0, 60),
  connections: envNumber('BENCH_CONNECTIONS', 50, 1, 1000),
  rate: envNumber('BENCH_RATE', 200, 1, 100_000),
  rateConnections: envNumber('BENCH_RATE_CONNECTIONS', 10, 1, 1000),
  seedCount: envNumber('BENCH_SEED_COUNT', 10_000, 0, 5_000_000),
  categorizedShare: envNumber('BENCH_CATEGORIZED_SHARE', 0.7, 0, 1),
  /** Every create on 2025-03-14 at one merchant (the daily-totals row then serialises them). */
  createSameDay: process.env.BENCH_CREATE_SAME_DAY === '1',
  /** PostgreSQL pool size of each service and of the baseline (the services' default is 10). */
  poolMax: envNumber('BENCH_POOL_MAX', 10, 1, 200),
  cpuProfile: process.env.BENCH_CPU_PROF === '1',
  /** Comma-separated scenario ids to run (list-50, list-steady, create-50, own-path); all when unset. */
  scenarios: (process.env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
};

const TARGETS = {
  listRpsRatioMin: 0.8,
  listP95RatioMax: 1.25,
  // Issue 13: the gateway's own path >= 0.6x bare Express, /api/auth/me >= 0.3x, create >= 0.5x.
  ownPathRpsRatioMin: 0.6,
  meRpsRatioMin: 0.3,
  createRpsRatioMin: 0.5,
};

const RESULTS_DIR = join(__dirname, '..', 'results');
const LOG_DIR = join(RESULTS_DIR, 'logs');
const PROFILE_DIR = join(RESULTS_DIR, 'profiles');

interface Scenario {
  id: string;
  title: string;
  runs: Measurement[];
}

const cleanups = new Cleanups();

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

async function json(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, body };
}

interface ListBody {
  transactions?: { id: string; category?: unknown }[];
  pagination?: { total: number };
}

/** Checks both list endpoints answer the same page before they are compared. */
async function checkSameAnswers(
  gatewayUrl: string,
  baselineUrl: string,
  auth: Record<string, string>,
) {
  const [gw, base] = await Promise.all([
    json(`${gatewayUrl}/api/bank/transactions?limit=50&page=1`, auth),
    json(`${baselineUrl}/transactions?limit=50&page=1`, auth),
  ]);
  const g = gw.body as ListBody;
  const b = base.body as ListBody;
  const gIds = (g.transactions ?? []).map((t) => t.id);
  const bIds = (b.transactions ?? []).map((t) => t.id);
  const check = {
    gatewayStatus: gw.status,
    baselineStatus: base.status,
    gatewayTotal: g.pagination?.total ?? null,
    baselineTotal: b.pagination?.total ?? null,
    samePage: gIds.length > 0 && gIds.join() === bIds.join(),
    gatewayWithCategory: (g.transactions ?? []).filter((t) => t.category).length,
    baselineWithCategory: (b.transactions ?? []).filter((t) => t.category).length,
    gatewayBytes: JSON.stringify(gw.body).length,
    baselineBytes: JSON.stringify(base.body).length,
  };
  if (
    gw.status !== 200 ||
    base.status !== 200 ||
    !check.samePage ||
    check.gatewayTotal !== check.baselineTotal
  ) {
    console.warn(`[bench] WARNING: gateway and baseline lists differ: ${JSON.stringify(check)}`);
    if (gw.status !== 200)
      console.warn(`[bench] gateway answered: ${JSON.stringify(gw.body).slice(0, 500)}`);
  }
  return check;
}

function fmt(n: number | null | undefined, places = 1): string {
  return n === null || n === undefined || Number.isNaN(n) ? '-' : n.toFixed(places);
}

function printTable(scenarios: Scenario[]): string {
  const header = [
    'Scenario',
    'Target',
    'Load',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'server CPU%',
    'server loop busy',
    'PG CPU%',
  ];
  const rows: string[][] = [];
  for (const s of scenarios) {
    for (const m of s.runs) {
      rows.push([
        s.title,
        m.target,
        m.overallRate ? `${m.overallRate} rps / ${m.connections} conns` : `${m.connections} conns`,
        fmt(m.rps, 0),
        fmt(m.latencyMs.p50, 2),
        fmt(m.latencyMs.p95, 2),
        fmt(m.latencyMs.p99, 2),
        String(m.unexpected + m.errors),
        fmt(m.cpuPercent.server, 0),
        m.serverEventLoopUtilization === null
          ? '-'
          : `${Math.round(m.serverEventLoopUtilization * 100)}%`,
        fmt(m.cpuPercent.postgres, 0),
      ]);
    }
  }
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  return lines.join('\n');
}

function find(scenarios: Scenario[], id: string, target: string): Measurement | undefined {
  return scenarios.find((s) => s.id === id)?.runs.find((m) => m.target === target);
}

interface Ratio {
  name: string;
  value: number | null;
  target: string;
  met: boolean | null;
}

function ratios(scenarios: Scenario[]): Ratio[] {
  const div = (a?: number, b?: number) =>
    a !== undefined && b ? Math.round((a / b) * 1000) / 1000 : null;
  const listRps = div(
    find(scenarios, 'list-50', 'gateway')?.rps,
    find(scenarios, 'list-50', 'baseline')?.rps,
  );
  const listP95 = div(
    find(scenarios, 'list-steady', 'gateway')?.latencyMs.p95,
    find(scenarios, 'list-steady', 'baseline')?.latencyMs.p95,
  );
  const ownPath = div(
    find(scenarios, 'own-path', 'gateway 404')?.rps,
    find(scenarios, 'own-path', 'bare express')?.rps,
  );
  const me = div(
    find(scenarios, 'own-path', 'gateway /api/auth/me')?.rps,
    find(scenarios, 'own-path', 'bare express')?.rps,
  );
  const create = div(
    find(scenarios, 'create-50', 'gateway')?.rps,
    find(scenarios, 'create-50', 'baseline')?.rps,
  );
  return [
    {
      name: 'list req/s, gateway / baseline (50 conns)',
      value: listRps,
      target: `>= ${TARGETS.listRpsRatioMin}`,
      met: listRps === null ? null : listRps >= TARGETS.listRpsRatioMin,
    },
    {
      name: `list p95, gateway / baseline (${settings.rate} req/s)`,
      value: listP95,
      target: `<= ${TARGETS.listP95RatioMax}`,
      met: listP95 === null ? null : listP95 <= TARGETS.listP95RatioMax,
    },
    {
      name: 'gateway auth+limit path (404 route) req/s / bare Express',
      value: ownPath,
      target: `>= ${TARGETS.ownPathRpsRatioMin}`,
      met: ownPath === null ? null : ownPath >= TARGETS.ownPathRpsRatioMin,
    },
    {
      name: 'gateway /api/auth/me req/s / bare Express',
      value: me,
      target: `>= ${TARGETS.meRpsRatioMin}`,
      met: me === null ? null : me >= TARGETS.meRpsRatioMin,
    },
    {
      name: 'create req/s, gateway / baseline (50 conns)',
      value: create,
      target: `>= ${TARGETS.createRpsRatioMin}`,
      met: create === null ? null : create >= TARGETS.createRpsRatioMin,
    },
  ];
}

/** With BENCH_CPU_PROF=1, each server process writes <name>-<time>.cpuprofile when it exits. */
function profileArgs(name: string): string[] {
  if (!settings.cpuProfile) return [];
  return [
    '--cpu-prof',
    '--cpu-prof-dir',
    PROFILE_DIR,
    '--cpu-prof-name',
    `${name}-${Date.now()}.cpuprofile`,
  ];
}

async function main(): Promise<void> {
  mkdirSync(LOG_DIR, { recursive: true });
  if (settings.cpuProfile) mkdirSync(PROFILE_DIR, { recursive: true });
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');

  // 1. Embedded PostgreSQL in a temp dir (reachable by the postgres user when run as root).
  const dataDir = mkdtempSync(join(tmpdir(), 'pfs-bench-'));
  chmodSync(dataDir, 0o755);
  cleanups.push({
    name: 'temp dir',
    fn: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const pgPort = await freePort();
  log(`starting embedded PostgreSQL on port ${pgPort} in ${dataDir}`);
  const db: EmbeddedDatabase = await startEmbeddedPostgres({
    dataDir,
    port: pgPort,
    database: 'pfs_bench',
  });
  cleanups.push({ name: 'embedded PostgreSQL', fn: () => db.stop() });
  let postmasterPid: number | undefined;
  try {
    postmasterPid =
      Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) ||
      undefined;
  } catch {
    postmasterPid = undefined;
  }

  // 2. The stack in its own process.
  const jwtSecret = randomBytes(48).toString('base64url');
  const adminToken = randomBytes(24).toString('base64url');
  const childEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    JWT_SECRET: jwtSecret,
    POOL_MAX: String(settings.poolMax),
    ...extra,
  });
  const children: RunningChild[] = [];
  cleanups.push({
    name: 'child processes',
    fn: async () => void (await Promise.all(children.map((c) => c.stop()))),
  });

  log('starting the stack (gateway + identity + ledger + categorization) in its own process');
  const stack = await startChild({
    name: 'stack',
    file: join(__dirname, 'stack-process.js'),
    env: childEnv({
      ADMIN_TOKEN: adminToken,
      ARGON2_MEMORY_KIB: '4096',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    }),
    logFile: join(LOG_DIR, `stack-${stamp}.log`),
    readyTimeoutMs: 180_000,
    execArgv: profileArgs('stack'),
  });
  children.push(stack);
  const token = stack.ready.token;
  const userId = stack.ready.userId;
  if (!token || !userId) throw new Error('the stack process reported no token or user');
  log(`stack ready at ${stack.ready.url} (user ${userId})`);

  // 3. Seed the user's transactions.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let seeded = 0;
  let categoryCount = 0;
  try {
    const categoryIds = await categoryIdsOf(client, userId);
    categoryCount = categoryIds.length;
    const t0 = Date.now();
    seeded = await seedTransactions(client, {
      userId,
      count: settings.seedCount,
      categoryIds,
      categorizedShare: settings.categorizedShare,
    });
    log(
      `seeded ${seeded} transactions (${categoryCount} categories available) in ${Date.now() - t0} ms`,
    );
  } finally {
    await client.end();
  }

  // 4. The baselines, each in its own process.
  const baseline = await startChild({
    name: 'baseline',
    file: join(__dirname, 'baseline-server.js'),
    env: childEnv({ BENCH_SERVER: 'baseline' }),
    logFile: join(LOG_DIR, `baseline-${stamp}.log`),
    readyTimeoutMs: 30_000,
    execArgv: profileArgs('baseline'),
  });
  children.push(baseline);
  const bare = await startChild({
    name: 'bare',
    file: join(__dirname, 'baseline-server.js'),
    env: childEnv({ BENCH_SERVER: 'bare' }),
    logFile: join(LOG_DIR, `bare-${stamp}.log`),
    readyTimeoutMs: 30_000,
    execArgv: profileArgs('bare'),
  });
  children.push(bare);
  log(`baseline at ${baseline.ready.url}, bare Express at ${bare.ready.url}`);

  const auth = { authorization: `Bearer ${token}` };
  const sanity = await checkSameAnswers(stack.ready.url, baseline.ready.url, auth);
  log(`sanity: ${JSON.stringify(sanity)}`);

  const common = { postmasterPid };
  const gatewayPid = stack.child.pid;
  // Each create is a different day and merchant of the last two years: the ledger's daily
  // totals are upserted by trigger, and 50 concurrent creates on one day and merchant would
  // measure that row's lock instead of the path (BENCH_CREATE_SAME_DAY=1 does exactly that).
  const createMerchants = [
    'Bench Roasters',
    'Corner Bakery',
    'Fuel Stop',
    'Book Nook',
    'Hardware Co',
  ];
  let createCounter = 0;
  const createBody = (): string => {
    const n = createCounter++;
    const day = settings.createSameDay
      ? new Date(Date.UTC(2025, 2, 14))
      : new Date(Date.now() - ((n * 7919) % 730) * 86_400_000);
    return JSON.stringify({
      date: day.toISOString().slice(0, 10),
      description: `Bench purchase ${n}`,
      amount: (500 + ((n * 37) % 20_000)) / 100,
      type: 'debit',
      merchant: settings.createSameDay
        ? 'Bench Roasters'
        : createMerchants[n % createMerchants.length],
    });
  };
  const jsonHeaders = { ...auth, 'content-type': 'application/json' };

  const plan: { id: string; title: string; specs: LoadSpec[] }[] = [
    {
      id: 'list-50',
      title: `List 50/page, ${settings.connections} conns`,
      specs: [
        {
          ...common,
          target: 'gateway',
          url: `${stack.ready.url}/api/bank/transactions?limit=50&page=1`,
          headers: auth,
          connections: settings.connections,
          expectStatus: 200,
          serverPid: gatewayPid,
          serverLoopTime: stack.loopTime,
        },
        {
          ...common,
          target: 'baseline',
          url: `${baseline.ready.url}/transactions?limit=50&page=1`,
          headers: auth,
          connections: settings.connections,
          expectStatus: 200,
          serverPid: baseline.child.pid,
          serverLoopTime: baseline.loopTime,
        },
      ],
    },
    {
      id: 'list-steady',
      title: `List 50/page at ${settings.rate} req/s`,
      specs: [
        {
          ...common,
          target: 'gateway',
          url: `${stack.ready.url}/api/bank/transactions?limit=50&page=1`,
          headers: auth,
          connections: settings.rateConnections,
          overallRate: settings.rate,
          expectStatus: 200,
          serverPid: gatewayPid,
          serverLoopTime: stack.loopTime,
        },
        {
          ...common,
          target: 'baseline',
          url: `${baseline.ready.url}/transactions?limit=50&page=1`,
          headers: auth,
          connections: settings.rateConnections,
          overallRate: settings.rate,
          expectStatus: 200,
          serverPid: baseline.child.pid,
          serverLoopTime: baseline.loopTime,
        },
      ],
    },
    {
      id: 'create-50',
      title: `Create, ${settings.connections} conns`,
      specs: [
        {
          ...common,
          target: 'gateway',
          url: `${stack.ready.url}/api/bank/transactions`,
          method: 'POST',
          headers: jsonHeaders,
          nextBody: createBody,
          connections: settings.connections,
          expectStatus: 201,
          serverPid: gatewayPid,
          serverLoopTime: stack.loopTime,
        },
        {
          ...common,
          target: 'baseline',
          url: `${baseline.ready.url}/transactions`,
          method: 'POST',
          headers: jsonHeaders,
          nextBody: createBody,
          connections: settings.connections,
          expectStatus: 201,
          serverPid: baseline.child.pid,
          serverLoopTime: baseline.loopTime,
        },
      ],
    },
    {
      id: 'own-path',
      title: `Gateway's own path, ${settings.connections} conns`,
      specs: [
        {
          ...common,
          target: 'gateway 404',
          url: `${stack.ready.url}/api/bench-noop`,
          headers: auth,
          connections: settings.connections,
          expectStatus: 404,
          serverPid: gatewayPid,
          serverLoopTime: stack.loopTime,
        },
        {
          ...common,
          target: 'gateway /api/auth/me',
          url: `${stack.ready.url}/api/auth/me`,
          headers: auth,
          connections: settings.connections,
          expectStatus: 200,
          serverPid: gatewayPid,
          serverLoopTime: stack.loopTime,
        },
        {
          ...common,
          target: 'bare express',
          url: `${bare.ready.url}/`,
          connections: settings.connections,
          expectStatus: 200,
          serverPid: bare.child.pid,
          serverLoopTime: bare.loopTime,
        },
      ],
    },
  ];

  const scenarios: Scenario[] = [];
  const loadBefore = loadavg();
  if (loadBefore[0] > cpus().length * 0.5) {
    log(
      `WARNING: the machine is busy (load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs): figures will be noisy`,
    );
  }
  for (const step of plan) {
    if (settings.scenarios.length && !settings.scenarios.includes(step.id)) continue;
    const scenario: Scenario = { id: step.id, title: step.title, runs: [] };
    scenarios.push(scenario);
    log(
      `${step.title}: ${step.specs.map((s) => s.target).join(' vs ')}, each ${settings.warmupSec}s warm-up, ` +
        `then ${settings.durationSec}s measured in ${settings.rounds} alternating slices`,
    );
    for (const spec of step.specs) await warmUp(spec, settings.warmupSec);
    const sliceSec = settings.durationSec / settings.rounds;
    const slices: Slice[][] = step.specs.map(() => []);
    const forward = step.specs.map((_, i) => i);
    const backward = [...forward].reverse();
    for (let round = 0; round < settings.rounds; round++) {
      for (const i of round % 2 === 0 ? forward : backward) {
        slices[i].push(await measureSlice(step.specs[i], sliceSec, settings.rampSec));
      }
    }
    for (const [i, spec] of step.specs.entries()) {
      const m = combine(spec, slices[i]);
      scenario.runs.push(m);
      log(
        `  ${spec.target}: ${fmt(m.rps, 0)} req/s, p50 ${fmt(m.latencyMs.p50, 2)} ms, p95 ${fmt(m.latencyMs.p95, 2)} ms, p99 ${fmt(m.latencyMs.p99, 2)} ms, ` +
          `statuses ${JSON.stringify(m.statusCounts)}, errors ${m.errors}, CPU server ${fmt(m.cpuPercent.server, 0)}% (loop busy ${fmt((m.serverEventLoopUtilization ?? NaN) * 100, 0)}%) / PG ${fmt(m.cpuPercent.postgres, 0)}% / loadgen ${fmt(m.cpuPercent.loadGenerator, 0)}%`,
      );
      if (m.unexpected > 0 || m.errors > 0) {
        log(
          `  WARNING: ${m.unexpected} unexpected statuses and ${m.errors} errors (expected ${spec.expectStatus})`,
        );
      }
    }
  }

  const table = printTable(scenarios);
  const ratioList = ratios(scenarios);
  console.log('\n' + table + '\n');
  console.log('| Ratio | Value | Target | Met |\n|---|---|---|---|');
  for (const r of ratioList) {
    console.log(
      `| ${r.name} | ${r.value === null ? '-' : r.value.toFixed(2)} | ${r.target} | ${r.met === null ? '-' : r.met ? 'yes' : 'NO'} |`,
    );
  }
  console.log('');

  const output = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    loadAverage: { before: loadBefore, after: loadavg() },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memoryMiB: Math.round(totalmem() / 2 ** 20),
      node: process.version,
      platform: process.platform,
    },
    settings,
    seed: { transactions: seeded, categories: categoryCount },
    sanity,
    targets: TARGETS,
    ratios: ratioList,
    scenarios,
    markdownTable: table,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'latest.json');
  writeFileSync(file, JSON.stringify(output, null, 2) + '\n');
  log(`results written to ${file}`);
}

runBench({
  tag: 'bench',
  main,
  cleanups,
  log,
  afterCleanup: () => {
    if (settings.cpuProfile) log(`CPU profile of the stack process in ${PROFILE_DIR}`);
  },
});
