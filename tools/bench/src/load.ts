import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { cpuSecondsOf, postgresPids } from './proc';

export interface LoadSpec {
  /** Which side: e.g. "gateway", "baseline", "bare". */
  target: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Total requests per second across all connections (open-ish model); unset: as fast as possible. */
  overallRate?: number;
  /** The status every answer should have (others are counted as unexpected). */
  expectStatus: number;
  /** Process whose CPU use is reported as the server's. */
  serverPid?: number;
  /** The embedded postmaster, whose backends' CPU use is reported as PostgreSQL's. */
  postmasterPid?: number;
}

export interface Measurement {
  target: string;
  url: string;
  method: string;
  connections: number;
  overallRate: number | null;
  durationSec: number;
  requests: number;
  /** Answers per second over the measured window. */
  rps: number;
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  statusCounts: Record<string, number>;
  unexpected: number;
  errors: number;
  timeouts: number;
  /** 1-minute load average when the measured run started (other work on the machine skews figures). */
  loadAverage1m: number;
  /** CPU use during the measured window, in % of one core. */
  cpuPercent: { server: number | null; postgres: number | null; loadGenerator: number };
  /** autocannon's own summary (its latency histogram corrects for coordinated omission under overallRate). */
  autocannon: { rpsAverage: number; latencyP50: number; latencyP97_5: number; latencyP99: number };
}

/** Responses recorded per run at most, so memory stays bounded whatever the speed. */
const MAX_SAMPLES = 4_000_000;

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[rank]);
}

function round(n: number, places = 2): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}

function cpuOfPostgres(postmasterPid: number): Map<number, number> {
  return new Map(postgresPids(postmasterPid).map((pid) => [pid, cpuSecondsOf(pid)]));
}

interface Run {
  result: autocannon.Result;
  samples: Float64Array;
  statusCounts: Record<string, number>;
}

function fire(spec: LoadSpec, durationSec: number, record: boolean): Promise<Run> {
  const samples = new Float64Array(record ? MAX_SAMPLES : 0);
  let n = 0;
  const statusCounts: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method ?? 'GET',
        headers: spec.headers,
        body: spec.body,
        connections: spec.connections,
        duration: durationSec,
        timeout: 10,
        ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
      },
      (err, result) => {
        clearTimeout(guard);
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve({ result, samples: samples.subarray(0, n), statusCounts });
      },
    );
    // autocannon stops by itself after `duration`; this only bounds a wedged run.
    const guard = setTimeout(() => instance.stop(), (durationSec + 30) * 1000);
    if (record) {
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
        if (n < MAX_SAMPLES) samples[n++] = responseTime;
      });
    }
  });
}

/** Warm-up (discarded), then the measured run, with CPU use of server, PostgreSQL and load generator. */
export async function measure(spec: LoadSpec): Promise<Measurement> {
  if (spec.warmupSec > 0) await fire(spec, spec.warmupSec, false);

  const loadAverage1m = round(loadavg()[0]);
  const serverCpu0 = spec.serverPid ? cpuSecondsOf(spec.serverPid) : 0;
  const pgCpu0 = spec.postmasterPid ? cpuOfPostgres(spec.postmasterPid) : new Map<number, number>();
  const selfCpu0 = process.cpuUsage();
  const started = process.hrtime.bigint();

  const { result, samples, statusCounts } = await fire(spec, spec.durationSec, true);

  const wallSec = Number(process.hrtime.bigint() - started) / 1e9;
  const selfCpu = process.cpuUsage(selfCpu0);
  const serverCpu = spec.serverPid ? cpuSecondsOf(spec.serverPid) - serverCpu0 : null;
  let pgCpu: number | null = null;
  if (spec.postmasterPid) {
    pgCpu = 0;
    for (const [pid, now] of cpuOfPostgres(spec.postmasterPid)) pgCpu += now - (pgCpu0.get(pid) ?? 0);
  }

  const sorted = Float64Array.from(samples).sort();
  const total = sorted.length;
  let sum = 0;
  for (const v of sorted) sum += v;
  const expected = statusCounts[spec.expectStatus] ?? 0;
  const measuredSec = result.duration || spec.durationSec;

  return {
    target: spec.target,
    url: spec.url,
    method: spec.method ?? 'GET',
    connections: spec.connections,
    overallRate: spec.overallRate ?? null,
    durationSec: measuredSec,
    requests: total,
    rps: round(total / measuredSec, 1),
    latencyMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: total ? round(sum / total) : 0,
      max: total ? round(sorted[total - 1]) : 0,
    },
    statusCounts,
    unexpected: total - expected,
    errors: result.errors,
    timeouts: result.timeouts,
    loadAverage1m,
    cpuPercent: {
      server: serverCpu === null ? null : round((serverCpu / wallSec) * 100, 1),
      postgres: pgCpu === null ? null : round((pgCpu / wallSec) * 100, 1),
      loadGenerator: round(((selfCpu.user + selfCpu.system) / 1e6 / wallSec) * 100, 1),
    },
    autocannon: {
      rpsAverage: result.requests.average,
      latencyP50: result.latency.p50,
      latencyP97_5: result.latency.p97_5,
      latencyP99: result.latency.p99,
    },
  };
}
