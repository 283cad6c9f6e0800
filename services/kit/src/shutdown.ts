import type { Logger } from 'pino';

type Closer = () => Promise<void> | void;

/**
 * Ordered graceful shutdown: closers run in reverse registration order (stop accepting
 * first, close pools last), each awaited, once, on SIGTERM or SIGINT.
 */
export class Shutdown {
  private readonly closers: { name: string; close: Closer }[] = [];
  private running?: Promise<void>;

  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs = 15_000,
  ) {}

  add(name: string, close: Closer): void {
    this.closers.push({ name, close });
  }

  run(reason = 'shutdown'): Promise<void> {
    this.running ??= this.closeAll(reason);
    return this.running;
  }

  installSignalHandlers(): void {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        void this.run(signal).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  }

  private async closeAll(reason: string): Promise<void> {
    this.logger.info({ reason }, 'shutting down');
    const timer = setTimeout(() => {
      this.logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, this.timeoutMs);
    timer.unref();
    for (const { name, close } of [...this.closers].reverse()) {
      try {
        await close();
      } catch (err) {
        this.logger.error({ err, name }, 'error while closing');
      }
    }
    clearTimeout(timer);
  }
}
