import {
  Metadata,
  status as GrpcStatus,
  type ServiceError,
  type StatusObject,
} from '@grpc/grpc-js';
import { ErrorDetail } from '@pfs/proto/common';
import {
  AppError,
  codeForGrpcStatus,
  ERROR_HTTP_STATUS,
  grpcStatusForCode,
  type ErrorCode,
} from '../errors';
import { ERROR_DETAIL_KEY } from './metadata';

/** Turns any thrown error into a gRPC status; only AppErrors keep their message. */
export function toGrpcStatus(err: unknown): Partial<StatusObject> {
  const appError = err instanceof AppError ? err : undefined;
  const code: ErrorCode = appError?.code ?? 'INTERNAL_ERROR';
  const message = appError?.message ?? 'Internal error';
  const metadata = new Metadata();
  const { issues, ...rest } = appError?.details ?? {};
  metadata.set(
    ERROR_DETAIL_KEY,
    Buffer.from(
      ErrorDetail.encode({
        code,
        message,
        issues: issues ?? [],
        detailsJson: Object.keys(rest).length ? JSON.stringify(rest) : '',
      }).finish(),
    ),
  );
  return { code: grpcStatusForCode(code), details: message, metadata };
}

/** Rebuilds the AppError a service raised, or maps a transport-level failure. */
export function fromGrpcError(err: ServiceError, service: string): AppError {
  const raw = err.metadata?.get(ERROR_DETAIL_KEY)?.[0];
  if (raw instanceof Buffer) {
    const detail = ErrorDetail.decode(raw);
    if (detail.code in ERROR_HTTP_STATUS) {
      const extra: Record<string, unknown> = detail.detailsJson
        ? JSON.parse(detail.detailsJson)
        : {};
      const details = detail.issues.length ? { ...extra, issues: detail.issues } : extra;
      return new AppError(
        detail.code as ErrorCode,
        detail.message,
        Object.keys(details).length ? details : undefined,
      );
    }
  }
  const code = codeForGrpcStatus(err.code ?? GrpcStatus.UNKNOWN);
  if (code === 'SERVICE_UNAVAILABLE') {
    return new AppError(code, `The ${service} service is unavailable`, { service });
  }
  if (code === 'GATEWAY_TIMEOUT') {
    return new AppError(code, `The ${service} service did not answer in time`, { service });
  }
  return new AppError(code, code === 'INTERNAL_ERROR' ? 'Internal error' : err.details || code);
}

/** Failures that say the upstream is unhealthy (these count against its circuit breaker). */
export function isTransportFailure(err: unknown): boolean {
  return (
    err instanceof AppError &&
    (err.code === 'SERVICE_UNAVAILABLE' || err.code === 'GATEWAY_TIMEOUT') &&
    // A healthy service shedding load (a full work queue, with Retry-After) answered: its
    // circuit stays closed so its other calls keep flowing.
    err.details?.reason !== OVERLOADED
  );
}

/**
 * An upstream that failed to give an answer (down, timed out, shedding load, or broken while
 * answering, e.g. a database connection cut under a query), as opposed to one that answered
 * with a verdict (a 4xx: not found, invalid, refused). Such a failure is worth a retry, a
 * catch-up or a stale answer, never a failure of the caller's own work.
 */
export function isUpstreamFailure(err: unknown): boolean {
  return err instanceof AppError && ERROR_HTTP_STATUS[err.code] >= 500;
}

/** `details.reason` of a SERVICE_UNAVAILABLE that a service answers when its work queue is full. */
export const OVERLOADED = 'OVERLOADED';

/** The error a service answers when it sheds load: 503 with Retry-After, circuit left closed. */
export function overloaded(message: string, retryAfterSeconds: number): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message, { reason: OVERLOADED, retryAfterSeconds });
}
