import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

import { freePort } from '@pfs/kit/ports';

/** Ports for the bench's children: below the ephemeral range (see @pfs/kit/ports). */
export { freePort };

/** What a child process sends once it listens (or fails to). */
export type ReadyMessage =
  | { type: 'ready'; url: string; token?: string; userId?: string }
  | { type: 'error'; message: string };

/** Event-loop time so far (ms): utilisation over a window is Δactive / (Δactive + Δidle). */
export interface LoopTime {
  idle: number;
  active: number;
}

/** A child's answer to a stats request. */
export type StatsMessage = { type: 'stats'; id: number; loop: LoopTime };

/** A child's memory (after a full GC when it runs with --expose-gc). */
export type MemoryMessage = {
  type: 'memory';
  id: number;
  memory: NodeJS.MemoryUsage;
  afterGc: boolean;
};

/** What the parent sends a child. */
export type ControlMessage =
  | { type: 'shutdown' }
  | { type: 'stats'; id: number }
  | { type: 'memory'; id: number }
  | { type: 'heap-snapshot'; file: string };

export interface RunningChild {
  name: string;
  child: ChildProcess;
  ready: Extract<ReadyMessage, { type: 'ready' }>;
  /** Asks the child to shut down, then kills it if it has not exited within graceMs. */
  stop(graceMs?: number): Promise<void>;
  /** The child's event-loop time so far; undefined if it does not answer within 5 s. */
  loopTime(): Promise<LoopTime | undefined>;
  /** The child's process.memoryUsage() (after gc() with --expose-gc); undefined on no answer. */
  memory(): Promise<Omit<MemoryMessage, 'type' | 'id'> | undefined>;
}

/**
 * Forks a compiled entry point in its own process (its own event loop), its output going to
 * logFile, and resolves when it reports ready over IPC. Bounded by readyTimeoutMs.
 */
export async function startChild(opts: {
  name: string;
  file: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  readyTimeoutMs: number;
  execArgv?: string[];
}): Promise<RunningChild> {
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child = fork(opts.file, [], {
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: opts.execArgv ?? [],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const stop = async (graceMs = 10_000): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) {
        try {
          child.send({ type: 'shutdown' } satisfies ControlMessage);
        } catch {
          // The channel closed in between: the kill below still applies.
        }
      } else {
        child.kill('SIGTERM');
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    log.end();
  };

  let ready: Extract<ReadyMessage, { type: 'ready' }>;
  try {
    ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `${opts.name} did not become ready within ${opts.readyTimeoutMs} ms (log: ${opts.logFile})`,
            ),
          ),
        opts.readyTimeoutMs,
      );
      child.on('message', (msg: ReadyMessage) => {
        if (msg?.type === 'ready') {
          clearTimeout(timer);
          resolve(msg);
        } else if (msg?.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`${opts.name} failed to start: ${msg.message} (log: ${opts.logFile})`));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `${opts.name} exited before ready (code ${code}, signal ${signal}; log: ${opts.logFile})`,
          ),
        );
      });
    });
  } catch (err) {
    await stop(2_000);
    throw err;
  }
  let nextStatsId = 1;
  const ask = <M extends StatsMessage | MemoryMessage>(type: M['type']): Promise<M | undefined> =>
    new Promise((resolve) => {
      if (!child.connected) return resolve(undefined);
      const id = nextStatsId++;
      const onMessage = (msg: M) => {
        if (msg?.type !== type || msg.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(msg);
      };
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        resolve(undefined);
      }, 5_000);
      child.on('message', onMessage);
      try {
        child.send({ type, id } satisfies ControlMessage);
      } catch {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(undefined);
      }
    });
  const loopTime = async () => (await ask<StatsMessage>('stats'))?.loop;
  const memory = async () => {
    const answer = await ask<MemoryMessage>('memory');
    return answer && { memory: answer.memory, afterGc: answer.afterGc };
  };

  return { name: opts.name, child, ready, stop, loopTime, memory };
}

/**
 * Child side: answer stats requests (event-loop time), and run `shutdown` when the parent asks
 * or goes away (the IPC channel closes), so no child outlives a crashed run. Exits afterwards,
 * bounded.
 */
export function onParentShutdown(shutdown: () => Promise<void>): void {
  let stopping = false;
  const stopNow = () => {
    if (stopping) return;
    stopping = true;
    const hardExit = setTimeout(() => process.exit(1), 15_000);
    hardExit.unref();
    shutdown()
      .catch((err: unknown) => console.error('shutdown failed', err))
      .finally(() => process.exit(0));
  };
  process.on('message', (msg: ControlMessage) => {
    if (msg?.type === 'shutdown') stopNow();
    else if (msg?.type === 'stats' && process.send) {
      const { idle, active } = performance.eventLoopUtilization();
      process.send({ type: 'stats', id: msg.id, loop: { idle, active } } satisfies StatsMessage);
    } else if (msg?.type === 'heap-snapshot') {
      // For leak hunting (soak.ts SOAK_HEAP_SNAPSHOTS): blocks the loop for a few seconds.
      writeHeapSnapshot(msg.file);
    } else if (msg?.type === 'memory' && process.send) {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      process.send({
        type: 'memory',
        id: msg.id,
        memory: process.memoryUsage(),
        afterGc: Boolean(gc),
      } satisfies MemoryMessage);
    }
  });
  process.on('disconnect', stopNow);
  process.on('SIGTERM', stopNow);
  process.on('SIGINT', stopNow);
}

export function sendToParent(msg: ReadyMessage): void {
  if (process.send) process.send(msg);
  else console.log(JSON.stringify(msg));
}

/**
 * The embedded stack (stack-process.js) in a child process with its own PostgreSQL and data
 * under a fresh temp directory, both removed by `cleanups`; resolves with the bench user's
 * URL and token. `env` adds to (or, with undefined, removes from) this process's environment.
 */
export async function startBenchStack(opts: {
  tag: string;
  cleanups: Cleanups;
  env?: Record<string, string | undefined>;
  execArgv?: string[];
}): Promise<RunningChild & { url: string; token: string }> {
  const dir = mkdtempSync(join(tmpdir(), `pfs-${opts.tag}-`));
  // PostgreSQL runs as its own user when the bench runs as root: it must reach its directory.
  chmodSync(dir, 0o755);
  opts.cleanups.push({
    name: 'temp dir',
    fn: async () => rmSync(dir, { recursive: true, force: true }),
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_DATA_DIR: join(dir, 'pg'),
    BENCH_PG_PORT: String(await freePort()),
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_TOKEN: randomBytes(16).toString('hex'),
    ARGON2_MEMORY_KIB: '4096',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  for (const [key, value] of Object.entries(opts.env ?? {}))
    if (value === undefined) delete env[key];
    else env[key] = value;
  const stack = await startChild({
    name: 'stack',
    file: join(__dirname, 'stack-process.js'),
    env,
    logFile: join(dir, 'stack.log'),
    readyTimeoutMs: 180_000,
    execArgv: opts.execArgv,
  });
  opts.cleanups.push({ name: 'stack', fn: () => stack.stop() });
  const { url, token } = stack.ready;
  if (!token) throw new Error('the stack reported no bench user');
  return Object.assign(stack, { url, token });
}

/** The nearest-rank percentile of ascending samples (NaN when there are none). */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where unavailable. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The postmaster and its backends: every process whose parent is postmasterPid, plus itself. */
export function postgresPids(postmasterPid: number): number[] {
  const pids = [postmasterPid];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postmasterPid) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** What a bench started and must stop, undone in reverse order (servers, then PostgreSQL, then files). */
export class Cleanups {
  private readonly steps: { name: string; fn: () => Promise<void> }[] = [];

  push(step: { name: string; fn: () => Promise<void> }): void {
    this.steps.push(step);
  }

  async runAll(): Promise<void> {
    while (this.steps.length) {
      const { name, fn } = this.steps.pop()!;
      try {
        await Promise.race([
          fn(),
          new Promise<void>((_, reject) =>
            setTimeout(() => reject(new Error('timed out')), 30_000).unref(),
          ),
        ]);
      } catch (err) {
        console.error(
          `cleanup of ${name} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}

/**
 * Runs a bench entry point: everything it started is stopped on success, failure or Ctrl-C;
 * exit 0 when it ran (whether or not targets were met), 1 when it could not run.
 */
export function runBench(opts: {
  tag: string;
  main: () => Promise<void>;
  cleanups: Cleanups;
  log: (line: string) => void;
  afterCleanup?: () => void;
}): void {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      opts.log(`${signal}: stopping everything`);
      void opts.cleanups.runAll().finally(() => process.exit(130));
    });
  }
  opts
    .main()
    .then(
      () => 0,
      (err: unknown) => {
        console.error(
          `[${opts.tag}] failed:`,
          err instanceof Error ? (err.stack ?? err.message) : err,
        );
        return 1;
      },
    )
    .then(async (code) => {
      await opts.cleanups.runAll();
      opts.afterCleanup?.();
      process.exit(code);
    });
}
