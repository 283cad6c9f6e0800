import { trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger } from 'pino';

/** A pino logger whose every line carries the request id and trace id of the current call. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'],
    mixin() {
      const ctx = currentContext();
      const span = trace.getActiveSpan()?.spanContext();
      return {
        ...(ctx ? { requestId: ctx.requestId, userId: ctx.userId } : {}),
        ...(span ? { traceId: span.traceId, spanId: span.spanId } : {}),
      };
    },
  });
}
