/**
 * Ledger analytics and list benchmark at a million transactions: one user with
 * BENCH_LEDGER_COUNT (default 1,000,000) transactions over two years, served by the real stack
 * (gateway + gRPC services, in its own process) on an embedded PostgreSQL.
 *
 *   node tools/bench/dist/analytics-bench.js
 *
 * Measures, through the gateway:
 * - GET /api/analytics/summary for the last 365 days: BENCH_SUMMARY_RUNS (20) sequential
 *   requests after 2 warm-ups; target median < 500 ms. Also the daily cashflow of that year.
 * - GET /api/bank/transactions (50 per page, exact total) with each filter at a steady
 *   BENCH_LIST_RATE (50) req/s for BENCH_LIST_DURATION s (20) after BENCH_LIST_WARMUP s (3):
 *   paced open loop (one request every 20 ms; target p95 < 50 ms), then autocannon with
 *   overallRate at BENCH_LIST_CONNECTIONS (10) connections, which sends in bursts at the top
 *   of each second (reported beside it). BENCH_FILTERS picks filter ids.
 *
 * Before measuring, every answer is checked against a plain SQL aggregate over the rows (the
 * summary's income, expenses and count; each filter's total). Writes
 * tools/bench/results/analytics-latest.json. Exits 0 whether or not targets are met; 1 only
 * when it could not run. LOG_LEVEL (default warn) is the stack's log level; BENCH_QUIET_LOAD
 * (unset) makes each measurement first wait, up to 2 minutes, for the 1-minute load average
 * to drop below it (the load average before each measurement is always recorded).
 */
import { startEmbeddedPostgres } from '@pfs/standalone';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { generateLedger, type GeneratedLedger } from './generate-ledger';
import { measure, type Measurement } from './load';
import { freePort, startChild, type RunningChild, Cleanups, runBench } from './proc';

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number in [${min}, ${max}]`);
  return n;
}

const settings = {
  count: envNumber('BENCH_LEDGER_COUNT', 1_000_000, 1, 10_000_000),
  summaryRuns: envNumber('BENCH_SUMMARY_RUNS', 20, 1, 1000),
  rate: envNumber('BENCH_LIST_RATE', 50, 1, 10_000),
  durationSec: envNumber('BENCH_LIST_DURATION', 20, 1, 600),
  warmupSec: envNumber('BENCH_LIST_WARMUP', 3, 0, 120),
  connections: envNumber('BENCH_LIST_CONNECTIONS', 10, 1, 1000),
  filters: (process.env.BENCH_FILTERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  /** When set, each measurement first waits (up to 2 min) for the 1-minute load average to drop below it. */
  quietLoad: process.env.BENCH_QUIET_LOAD ? envNumber('BENCH_QUIET_LOAD', 1, 0, 1000) : undefined,
};

/** Other work on the machine skews latency: optionally wait for calm, and record the load. */
async function settle(): Promise<number> {
  const limit = settings.quietLoad;
  const until = Date.now() + 120_000;
  while (limit !== undefined && loadavg()[0] >= limit && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 5_000));
  }
  return Math.round(loadavg()[0] * 100) / 100;
}

const TARGETS = { summaryMedianMs: 500, listP95Ms: 50 };
const RESULTS_DIR = join(__dirname, '..', 'results');
const LOG_DIR = join(RESULTS_DIR, 'logs');

function log(line: string): void {
  console.log(`[analytics-bench] ${line}`);
}

const cleanups = new Cleanups();

const day = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The parts of the answers the bench reads. */
interface ApiBody {
  summary?: { income: number; expenses: number; transactionCount: number };
  pagination?: { total: number };
}

async function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: ApiBody; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: body as ApiBody, ms };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    runs: sorted.length,
    median: r(at(50)),
    p95: r(at(95)),
    min: r(sorted[0]),
    max: r(sorted[sorted.length - 1]),
  };
}

interface PacedResult {
  requests: number;
  achievedRate: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  statusCounts: Record<string, number>;
  errors: number;
}

/**
 * A steady open-loop load: request i is sent at start + i/rate whatever is still in flight,
 * and its latency runs from that scheduled instant (so a stalled server cannot hide queueing:
 * no coordinated omission). autocannon's overallRate instead lets each connection send its
 * per-second quota back to back at the top of every second, i.e. bursts of `connections`
 * concurrent requests; both are reported.
 */
async function paced(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<PacedResult> {
  const count = Math.max(1, Math.round(seconds * rate));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 5;
  for (let i = 0; i < count; i++) {
    const scheduled = start + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      fetch(url, { headers, signal: AbortSignal.timeout(30_000) })
        .then(async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - scheduled);
          statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  const s = stats(latencies.length ? latencies : [0]);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]
    : 0;
  return {
    requests: latencies.length,
    achievedRate: Math.round((latencies.length / elapsed) * 10) / 10,
    latencyMs: { p50: s.median, p95: s.p95, p99: Math.round(p99 * 10) / 10, max: s.max },
    statusCounts,
    errors,
  };
}

/** A list filter: its query string, and the same condition in SQL for the total check. */
interface ListFilter {
  id: string;
  query: string;
  where: string;
  params: unknown[];
}

function listFilters(categoryId: string | undefined): ListFilter[] {
  const from = day(-120);
  const to = day(-30);
  const filters: ListFilter[] = [
    { id: 'none', query: '', where: 'true', params: [] },
    {
      id: 'from-to',
      query: `from=${from}&to=${to}`,
      where: `occurred_at >= $2::date AND occurred_at < ($3::date + 1)`,
      params: [from, to],
    },
    {
      id: 'q',
      query: 'q=qantas',
      where: `(description ILIKE '%qantas%' OR merchant ILIKE '%qantas%')`,
      params: [],
    },
    {
      id: 'amount',
      query: 'minAmount=100&maxAmount=200',
      where: 'amount BETWEEN 100 AND 200',
      params: [],
    },
    {
      id: 'type-sort-amount',
      query: 'type=credit&sort=amount',
      where: `type = 'credit'`,
      params: [],
    },
  ];
  if (categoryId) {
    filters.splice(2, 0, {
      id: 'categoryId',
      query: `categoryId=${categoryId}`,
      where: 'category_id = $2',
      params: [categoryId],
    });
  }
  return filters;
}

async function main(): Promise<void> {
  mkdirSync(LOG_DIR, { recursive: true });
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');

  const dataDir = mkdtempSync(join(tmpdir(), 'pfs-analytics-bench-'));
  chmodSync(dataDir, 0o755);
  cleanups.push({
    name: 'temp dir',
    fn: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const pgPort = await freePort();
  log(`starting embedded PostgreSQL on port ${pgPort}`);
  const db = await startEmbeddedPostgres({ dataDir, port: pgPort, database: 'pfs_bench' });
  cleanups.push({ name: 'embedded PostgreSQL', fn: () => db.stop() });
  let postmasterPid: number | undefined;
  try {
    postmasterPid =
      Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) ||
      undefined;
  } catch {
    postmasterPid = undefined;
  }

  // The stack in its own process (compiled or, under a TypeScript loader, from source).
  const children: RunningChild[] = [];
  cleanups.push({
    name: 'stack',
    fn: async () => void (await Promise.all(children.map((c) => c.stop()))),
  });
  log('starting the stack in its own process');
  const stack = await startChild({
    name: 'stack',
    file: join(__dirname, `stack-process${extname(__filename)}`),
    execArgv: process.execArgv,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
      ARGON2_MEMORY_KIB: '4096',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    logFile: join(LOG_DIR, `analytics-stack-${stamp}.log`),
    readyTimeoutMs: 180_000,
  });
  children.push(stack);
  const { url, token, userId } = stack.ready;
  if (!token || !userId) throw new Error('the stack process reported no token or user');
  const auth = { authorization: `Bearer ${token}` };

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanups.push({ name: 'pg client', fn: () => client.end() });
  const generated: GeneratedLedger = await generateLedger(client, {
    userId,
    count: settings.count,
    log,
  });
  log(`generated: ${JSON.stringify(generated)}`);
  if (!generated.check.exact) log('WARNING: the per-day totals do not match the rows');
  const categoryId = (
    await client.query<{ category_id: string }>(
      `SELECT category_id FROM ledger.transactions WHERE user_id = $1 AND category_id IS NOT NULL LIMIT 1`,
      [userId],
    )
  ).rows[0]?.category_id;

  // The plan of the text search's page query, for the record (see ledger migration 0009).
  const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM ledger.transactions
     WHERE user_id = $1 AND (description ILIKE '%qantas%' OR merchant ILIKE '%qantas%')
     ORDER BY occurred_at DESC, id DESC LIMIT 50`,
    [userId],
  );
  const searchPlan = plan.map((r) => r['QUERY PLAN']);
  log(`text search page plan:\n  ${searchPlan.join('\n  ')}`);

  // 1. The one-year summary.
  const summaryLoad = await settle();
  const from = day(-364);
  const to = day(0);
  const summaryUrl = `${url}/api/analytics/summary?from=${from}&to=${to}`;
  const cold = await getJson(summaryUrl, auth);
  if (cold.status !== 200)
    throw new Error(`summary answered ${cold.status}: ${JSON.stringify(cold.body).slice(0, 300)}`);
  const { rows: sqlRows } = await client.query<{
    income: string | null;
    expenses: string | null;
    n: string;
  }>(
    `SELECT sum(amount) FILTER (WHERE type = 'credit') AS income, sum(amount) FILTER (WHERE type = 'debit') AS expenses,
            count(*) AS n
     FROM ledger.transactions WHERE user_id = $1 AND occurred_at >= $2::date AND occurred_at < ($3::date + 1)`,
    [userId, from, to],
  );
  const s = cold.body.summary;
  if (!s)
    throw new Error(
      `summary answered without a summary: ${JSON.stringify(cold.body).slice(0, 300)}`,
    );
  const summaryCheck = {
    income: { api: s.income, sql: Number(sqlRows[0].income ?? 0) },
    expenses: { api: s.expenses, sql: Number(sqlRows[0].expenses ?? 0) },
    transactionCount: { api: s.transactionCount, sql: Number(sqlRows[0].n) },
    exact:
      s.income === Number(sqlRows[0].income ?? 0) &&
      s.expenses === Number(sqlRows[0].expenses ?? 0) &&
      s.transactionCount === Number(sqlRows[0].n),
  };
  log(`summary check against SQL: ${JSON.stringify(summaryCheck)}`);
  const timed = async (target: string, runs: number) => {
    for (let i = 0; i < 2; i++) await getJson(target, auth);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const res = await getJson(target, auth);
      if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
      samples.push(res.ms);
    }
    return stats(samples);
  };
  const summary = {
    url: summaryUrl,
    loadAverageBefore: summaryLoad,
    coldMs: Math.round(cold.ms),
    ...(await timed(summaryUrl, settings.summaryRuns)),
  };
  log(
    `summary (365 days, ${s.transactionCount} transactions): median ${summary.median} ms, p95 ${summary.p95} ms (cold ${summary.coldMs} ms)`,
  );
  const cashflowUrl = `${url}/api/analytics/cashflow?from=${from}&to=${to}&interval=day`;
  const cashflow = { url: cashflowUrl, ...(await timed(cashflowUrl, settings.summaryRuns)) };
  log(`cashflow (365 daily points): median ${cashflow.median} ms, p95 ${cashflow.p95} ms`);

  // A control at the same rate: the gateway's authenticated path with one identity call and
  // no ledger work. What it loses to other work on the machine, every list loses too.
  const controlLoad = await settle();
  if (settings.warmupSec > 0)
    await paced(`${url}/api/auth/me`, auth, settings.rate, settings.warmupSec);
  const control = {
    loadAverageBefore: controlLoad,
    ...(await paced(`${url}/api/auth/me`, auth, settings.rate, settings.durationSec)),
  };
  log(
    `control GET /api/auth/me (load average ${controlLoad}): p50 ${control.latencyMs.p50} ms, p95 ${control.latencyMs.p95} ms`,
  );

  // 2. The list with each filter at a steady rate.
  const lists: {
    id: string;
    query: string;
    total: number;
    sqlTotal: number;
    loadBefore: number;
    steady: PacedResult;
    measurement: Measurement;
  }[] = [];
  for (const f of listFilters(categoryId)) {
    if (settings.filters.length && !settings.filters.includes(f.id)) continue;
    const target = `${url}/api/bank/transactions?limit=50${f.query ? `&${f.query}` : ''}`;
    const first = await getJson(target, auth);
    if (first.status !== 200)
      throw new Error(
        `${target} answered ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}`,
      );
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger.transactions WHERE user_id = $1 AND ${f.where}`,
      [userId, ...f.params],
    );
    const total = first.body.pagination?.total ?? -1;
    const sqlTotal = Number(rows[0].n);
    if (total !== sqlTotal) log(`WARNING: ${f.id}: total ${total} but SQL counts ${sqlTotal}`);
    const loadBefore = await settle();
    log(
      `list ${f.id} (total ${total}, load average ${loadBefore}): paced ${settings.rate} req/s for ${settings.durationSec}s after ${settings.warmupSec}s`,
    );
    if (settings.warmupSec > 0) await paced(target, auth, settings.rate, settings.warmupSec);
    const steady = await paced(target, auth, settings.rate, settings.durationSec);
    log(
      `  paced: p50 ${steady.latencyMs.p50} ms, p95 ${steady.latencyMs.p95} ms, p99 ${steady.latencyMs.p99} ms, ` +
        `${steady.achievedRate} req/s, statuses ${JSON.stringify(steady.statusCounts)}, errors ${steady.errors}`,
    );
    const m = await measure({
      target: f.id,
      url: target,
      headers: auth,
      connections: settings.connections,
      overallRate: settings.rate,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      expectStatus: 200,
      serverPid: stack.child.pid,
      postmasterPid,
    });
    log(
      `  autocannon (overallRate ${settings.rate}, ${settings.connections} conns): p50 ${m.latencyMs.p50} ms, p95 ${m.latencyMs.p95} ms, ` +
        `p99 ${m.latencyMs.p99} ms, ${m.rps} req/s, statuses ${JSON.stringify(m.statusCounts)}, CPU server ${m.cpuPercent.server}% / PG ${m.cpuPercent.postgres}%`,
    );
    lists.push({ id: f.id, query: f.query, total, sqlTotal, loadBefore, steady, measurement: m });
  }

  const rows = [
    `| Measurement | Result | Target | Met |`,
    `|---|---|---|---|`,
    `| summary, 365 days (${s.transactionCount} tx), median of ${summary.runs} | ${summary.median} ms (p95 ${summary.p95}, cold ${summary.coldMs}) | < ${TARGETS.summaryMedianMs} ms | ${summary.median < TARGETS.summaryMedianMs ? 'yes' : 'NO'} |`,
    `| cashflow, 365 daily points, median | ${cashflow.median} ms | - | - |`,
    `| control: \`GET /api/auth/me\`, p95 at a steady ${settings.rate} req/s | ${control.latencyMs.p95} ms (p50 ${control.latencyMs.p50}; load ${control.loadAverageBefore}) | - | - |`,
    ...lists.map((l) => {
      const ok =
        l.steady.latencyMs.p95 < TARGETS.listP95Ms &&
        l.steady.errors === 0 &&
        (l.steady.statusCounts['200'] ?? 0) === l.steady.requests;
      return (
        `| list \`${l.query || '(no filter)'}\` total ${l.total}${l.total === l.sqlTotal ? '' : ` (SQL ${l.sqlTotal}!)`}, p95 at a steady ${settings.rate} req/s ` +
        `| ${l.steady.latencyMs.p95} ms (p50 ${l.steady.latencyMs.p50}, p99 ${l.steady.latencyMs.p99}; load ${l.loadBefore}); autocannon ${settings.connections} conns: p95 ${l.measurement.latencyMs.p95} ms ` +
        `| < ${TARGETS.listP95Ms} ms | ${ok ? 'yes' : 'NO'} |`
      );
    }),
  ];
  const table = rows.join('\n');
  console.log(`\n${table}\n`);

  const output = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memoryMiB: Math.round(totalmem() / 2 ** 20),
      node: process.version,
      loadAverage: loadavg(),
    },
    settings,
    targets: TARGETS,
    generated,
    searchPlan,
    summaryCheck,
    summary,
    cashflow,
    control,
    lists: lists.map((l) => ({
      id: l.id,
      query: l.query,
      total: l.total,
      sqlTotal: l.sqlTotal,
      loadAverageBefore: l.loadBefore,
      steady: l.steady,
      autocannon: l.measurement,
    })),
    markdownTable: table,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'analytics-latest.json');
  writeFileSync(file, JSON.stringify(output, null, 2) + '\n');
  log(`results written to ${file}`);
}

runBench({
  tag: 'analytics-bench',
  main,
  cleanups,
  log,
});
