import { status as GrpcStatus } from '@grpc/grpc-js';

/** The machine-readable error codes of CONTRACT.md, with the HTTP status each answers. */
export const ERROR_HTTP_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  TIER_REQUIRED: 403,
  CSRF_FAILED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export interface FieldIssue {
  field: string;
  message: string;
}

export interface ErrorDetails {
  issues?: FieldIssue[];
  [key: string]: unknown;
}

/** An error that is safe to show the client: its message and code are part of the API. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    // A 4xx is an answer, not a bug: capturing a stack for every 401/404/429 costs measurable
    // CPU on hot paths and nobody reads it.
    const stackLimit = Error.stackTraceLimit;
    if (ERROR_HTTP_STATUS[code] < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackLimit;
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return ERROR_HTTP_STATUS[this.code];
  }

  static validation(issues: FieldIssue[], message = 'Validation failed'): AppError {
    return new AppError('VALIDATION_ERROR', message, { issues });
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

const CODE_TO_GRPC: Record<ErrorCode, GrpcStatus> = {
  VALIDATION_ERROR: GrpcStatus.INVALID_ARGUMENT,
  UNAUTHORIZED: GrpcStatus.UNAUTHENTICATED,
  FORBIDDEN: GrpcStatus.PERMISSION_DENIED,
  INSUFFICIENT_SCOPE: GrpcStatus.PERMISSION_DENIED,
  TIER_REQUIRED: GrpcStatus.PERMISSION_DENIED,
  CSRF_FAILED: GrpcStatus.PERMISSION_DENIED,
  NOT_FOUND: GrpcStatus.NOT_FOUND,
  CONFLICT: GrpcStatus.ALREADY_EXISTS,
  PAYLOAD_TOO_LARGE: GrpcStatus.OUT_OF_RANGE,
  UNSUPPORTED_MEDIA_TYPE: GrpcStatus.INVALID_ARGUMENT,
  RATE_LIMITED: GrpcStatus.RESOURCE_EXHAUSTED,
  INTERNAL_ERROR: GrpcStatus.INTERNAL,
  SERVICE_UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  GATEWAY_TIMEOUT: GrpcStatus.DEADLINE_EXCEEDED,
};

export function grpcStatusForCode(code: ErrorCode): GrpcStatus {
  return CODE_TO_GRPC[code];
}

/** For a status that arrived without our detail (e.g. raised by grpc-js itself). */
export function codeForGrpcStatus(status: GrpcStatus): ErrorCode {
  switch (status) {
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.OUT_OF_RANGE:
    case GrpcStatus.FAILED_PRECONDITION:
      return 'VALIDATION_ERROR';
    case GrpcStatus.UNAUTHENTICATED:
      return 'UNAUTHORIZED';
    case GrpcStatus.PERMISSION_DENIED:
      return 'FORBIDDEN';
    case GrpcStatus.NOT_FOUND:
      return 'NOT_FOUND';
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return 'CONFLICT';
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 'RATE_LIMITED';
    case GrpcStatus.UNAVAILABLE:
      return 'SERVICE_UNAVAILABLE';
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 'GATEWAY_TIMEOUT';
    default:
      return 'INTERNAL_ERROR';
  }
}
