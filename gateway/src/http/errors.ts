import { AppError, currentContext, type Logger } from '@pfs/kit';
import type { ErrorRequestHandler, Response } from 'express';

/** Writes the contract's error body: {success:false, error, code, details?, requestId}. */
export function sendError(res: Response, err: AppError): void {
  const requestId = currentContext()?.requestId ?? String(res.getHeader('X-Request-Id') ?? '');
  const retryAfter = err.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && !res.getHeader('Retry-After')) {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
  }
  res.status(err.httpStatus).json({
    success: false,
    error: err.message,
    code: err.code,
    ...(err.details ? { details: err.details } : {}),
    requestId,
  });
}

/** Turns body-parser's failures into contract errors; never leaks a stack trace. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; message?: string };
  switch (e.type) {
    case 'entity.parse.failed':
      return new AppError('VALIDATION_ERROR', 'Malformed JSON in request body');
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
    default:
      return new AppError('INTERNAL_ERROR', 'Internal error');
  }
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const appError = toAppError(err);
    if (appError.code === 'INTERNAL_ERROR' && !(err instanceof AppError)) {
      logger.error({ err }, 'unhandled error');
    }
    if (res.headersSent) return;
    sendError(res, appError);
  };
}
