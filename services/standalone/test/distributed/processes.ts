import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitFor as poll } from '@pfs/kit';
import { freePort } from '@pfs/kit/ports';

export { freePort };

export const ROOT = join(__dirname, '../../../..');

export interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts one compiled deployable (gateway/… or services/<name>/dist/…) as its own process. */
export function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [join(ROOT, script)], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return {
    name,
    child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Polls `check` until it holds. A process of `watching` that exits fails the wait at once (its
 * start cannot succeed any more), so the caller can print the processes' output while the test
 * hook still has time to.
 */
export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  watching: readonly Proc[] = [],
): Promise<void> {
  await poll(check, what, timeoutMs, 200, () => {
    const exited = watching.filter((p) => p.child.exitCode !== null || p.child.signalCode !== null);
    return exited.length
      ? exited.map((p) => `${p.name} exited (${p.child.exitCode ?? p.child.signalCode})`).join(', ')
      : undefined;
  });
}
