import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { cpuSecondsOf, nearestRank, postgresPids, type LoopTime } from './proc';

export interface LoadSpec {
  /** Which side: e.g. "gateway", "baseline", "bare". */
  target: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** When set, each request's body comes from here (overrides body). */
  nextBody?: () => string;
  connections: number;
  /** Total requests per second across all connections; unset: as fast as possible. */
  overallRate?: number;
  /** The status every answer should have (others are counted as unexpected). */
  expectStatus: number;
  /** Process whose CPU use is reported as the server's. */
  serverPid?: number;
  /** The embedded postmaster, whose backends' CPU use is reported as PostgreSQL's. */
  postmasterPid?: number;
  /** The server's event-loop time (for its utilisation over the measured window). */
  serverLoopTime?: () => Promise<LoopTime | undefined>;
}

export interface Measurement {
  target: string;
  url: string;
  method: string;
  connections: number;
  overallRate: number | null;
  /** Measured seconds (sum of the slices). */
  durationSec: number;
  slices: number;
  requests: number;
  /** Answers per second over the measured time. */
  rps: number;
  /** Raw per-response latencies (no coordinated-omission correction). */
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  statusCounts: Record<string, number>;
  unexpected: number;
  errors: number;
  timeouts: number;
  /** Mean 1-minute load average at the start of the slices (other work skews figures). */
  loadAverage1m: number;
  /** CPU use during the measured time, in % of one core. */
  cpuPercent: { server: number | null; postgres: number | null; loadGenerator: number };
  /**
   * Share of the measured time the server's event loop was busy (0..1). Near 1 means its one
   * thread is the bottleneck, even when its CPU% is lower because it was waiting for a core.
   */
  serverEventLoopUtilization: number | null;
}

/** One measured stretch of load against one spec. */
export interface Slice {
  samples: Float64Array;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSec: number;
  wallSec: number;
  loadAverage1m: number;
  serverCpuSec: number | null;
  postgresCpuSec: number | null;
  loadGeneratorCpuSec: number;
  loop: { active: number; idle: number } | null;
}

/** Responses recorded per slice at most, so memory stays bounded whatever the speed. */
const MAX_SAMPLES = 2_000_000;

function round(n: number, places = 2): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? round(nearestRank(sorted, p)) : 0;
}

function cpuOfPostgres(postmasterPid: number): Map<number, number> {
  return new Map(postgresPids(postmasterPid).map((pid) => [pid, cpuSecondsOf(pid)]));
}

interface Fired {
  result: autocannon.Result;
  samples: Float64Array;
  statusCounts: Record<string, number>;
}

/**
 * Runs autocannon for rampSec + recordSec, recording only the responses that complete in the
 * last recordSec: every connection starts at once, so the first stretch of a run has no
 * completions yet and would under-count the slower side.
 */
function fire(spec: LoadSpec, rampSec: number, recordSec: number): Promise<Fired> {
  const record = recordSec > 0;
  const durationSec = rampSec + recordSec;
  const samples = new Float64Array(record ? MAX_SAMPLES : 0);
  let n = 0;
  const recordFrom = process.hrtime.bigint() + BigInt(Math.round(rampSec * 1e9));
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
        ...(spec.nextBody
          ? { requests: [{ setupRequest: (req) => ({ ...req, body: spec.nextBody!() }) }] }
          : {}),
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
      instance.on(
        'response',
        (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
          if (process.hrtime.bigint() < recordFrom) return;
          statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
          if (n < MAX_SAMPLES) samples[n++] = responseTime;
        },
      );
    }
  });
}

/** Load that is not measured: connections opened, JIT and pools warm. */
export async function warmUp(spec: LoadSpec, durationSec: number): Promise<void> {
  if (durationSec > 0) await fire(spec, durationSec, 0);
}

/**
 * One measured stretch of durationSec (after rampSec of unrecorded load), with the CPU use of
 * server, PostgreSQL and load generator.
 */
export async function measureSlice(
  spec: LoadSpec,
  durationSec: number,
  rampSec: number,
): Promise<Slice> {
  const loadAverage1m = loadavg()[0];
  const serverCpu0 = spec.serverPid ? cpuSecondsOf(spec.serverPid) : 0;
  const pgCpu0 = spec.postmasterPid ? cpuOfPostgres(spec.postmasterPid) : new Map<number, number>();
  const loop0 = spec.serverLoopTime ? await spec.serverLoopTime() : undefined;
  const selfCpu0 = process.cpuUsage();
  const started = process.hrtime.bigint();

  const { result, samples, statusCounts } = await fire(spec, rampSec, durationSec);

  const wallSec = Number(process.hrtime.bigint() - started) / 1e9;
  const selfCpu = process.cpuUsage(selfCpu0);
  const loop1 = loop0 && spec.serverLoopTime ? await spec.serverLoopTime() : undefined;
  let postgresCpuSec: number | null = null;
  if (spec.postmasterPid) {
    postgresCpuSec = 0;
    for (const [pid, now] of cpuOfPostgres(spec.postmasterPid)) {
      postgresCpuSec += now - (pgCpu0.get(pid) ?? 0);
    }
  }
  return {
    samples: Float64Array.from(samples),
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSec,
    wallSec,
    loadAverage1m,
    serverCpuSec: spec.serverPid ? cpuSecondsOf(spec.serverPid) - serverCpu0 : null,
    postgresCpuSec,
    loadGeneratorCpuSec: (selfCpu.user + selfCpu.system) / 1e6,
    loop:
      loop0 && loop1
        ? { active: loop1.active - loop0.active, idle: loop1.idle - loop0.idle }
        : null,
  };
}

/** Merges the slices of one spec into its measurement. */
export function combine(spec: LoadSpec, slices: Slice[]): Measurement {
  const total = slices.reduce((n, s) => n + s.samples.length, 0);
  const sorted = new Float64Array(total);
  let offset = 0;
  for (const s of slices) {
    sorted.set(s.samples, offset);
    offset += s.samples.length;
  }
  sorted.sort();
  let sum = 0;
  for (const v of sorted) sum += v;

  const statusCounts: Record<string, number> = {};
  for (const s of slices) {
    for (const [code, count] of Object.entries(s.statusCounts)) {
      statusCounts[code] = (statusCounts[code] ?? 0) + count;
    }
  }
  const add = (pick: (s: Slice) => number) => slices.reduce((n, s) => n + pick(s), 0);
  const durationSec = add((s) => s.durationSec);
  const wallSec = add((s) => s.wallSec);
  const cpu = (pick: (s: Slice) => number | null): number | null =>
    slices.some((s) => pick(s) === null)
      ? null
      : round((add((s) => pick(s) ?? 0) / wallSec) * 100, 1);
  const loops = slices.map((s) => s.loop);
  let elu: number | null = null;
  if (loops.every((l) => l !== null)) {
    const active = loops.reduce((n, l) => n + (l?.active ?? 0), 0);
    const idle = loops.reduce((n, l) => n + (l?.idle ?? 0), 0);
    elu = active + idle > 0 ? round(active / (active + idle), 3) : null;
  }

  return {
    target: spec.target,
    url: spec.url,
    method: spec.method ?? 'GET',
    connections: spec.connections,
    overallRate: spec.overallRate ?? null,
    durationSec: round(durationSec),
    slices: slices.length,
    requests: total,
    rps: durationSec ? round(total / durationSec, 1) : 0,
    latencyMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: total ? round(sum / total) : 0,
      max: total ? round(sorted[total - 1]) : 0,
    },
    statusCounts,
    unexpected: total - (statusCounts[spec.expectStatus] ?? 0),
    errors: add((s) => s.errors),
    timeouts: add((s) => s.timeouts),
    loadAverage1m: round(add((s) => s.loadAverage1m) / Math.max(1, slices.length)),
    cpuPercent: {
      server: cpu((s) => s.serverCpuSec),
      postgres: cpu((s) => s.postgresCpuSec),
      loadGenerator: round((add((s) => s.loadGeneratorCpuSec) / wallSec) * 100, 1),
    },
    serverEventLoopUtilization: elu,
  };
}

/** A single measured run: duration and warm-up given with the spec. */
export interface TimedLoadSpec extends LoadSpec {
  durationSec: number;
  warmupSec: number;
}

/** Warm-up, then one measured run of spec.durationSec (no slicing). */
export async function measure(spec: TimedLoadSpec): Promise<Measurement> {
  await warmUp(spec, spec.warmupSec);
  return combine(spec, [await measureSlice(spec, spec.durationSec, 0)]);
}
