/**
 * Polls `check` every `everyMs` until it holds, and resolves with the milliseconds that took.
 * A check that throws counts as "not yet" (a server still starting refuses connections).
 * `stopIf` names a reason the wait can no longer succeed (a process it waits on has exited):
 * the wait then fails at once, so the caller can still report why before its own deadline.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  everyMs = 200,
  stopIf?: () => string | undefined,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const stopped = stopIf?.();
    if (stopped) throw new Error(`${stopped} while waiting for ${what}`);
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
