import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError, ERROR_HTTP_STATUS, type ErrorCode } from '../../src/errors';
import { fromGrpcError, isTransportFailure, overloaded, toGrpcStatus } from '../../src/grpc/status';

function asServiceError(s: ReturnType<typeof toGrpcStatus>): ServiceError {
  return Object.assign(new Error(s.details), {
    code: s.code!,
    details: s.details!,
    metadata: s.metadata!,
  }) as ServiceError;
}

describe('error mapping across gRPC', () => {
  it.each(Object.keys(ERROR_HTTP_STATUS) as ErrorCode[])(
    'round-trips %s with its message and details',
    (code) => {
      const original = new AppError(code, `message for ${code}`, {
        issues: [{ field: 'amount', message: 'bad' }],
        retryAfterSeconds: 7,
      });
      const back = fromGrpcError(asServiceError(toGrpcStatus(original)), 'ledger');
      expect(back).toBeInstanceOf(AppError);
      expect(back.code).toBe(code);
      expect(back.message).toBe(original.message);
      expect(back.details).toEqual({
        retryAfterSeconds: 7,
        issues: [{ field: 'amount', message: 'bad' }],
      });
      expect(back.httpStatus).toBe(ERROR_HTTP_STATUS[code]);
    },
  );

  it('hides the message of unexpected errors', () => {
    const s = toGrpcStatus(new Error('connection string postgres://secret'));
    expect(s.code).toBe(status.INTERNAL);
    expect(fromGrpcError(asServiceError(s), 'x').message).toBe('Internal error');
  });

  it('maps transport failures without detail to 503/504 naming the service', () => {
    const unavailable = Object.assign(new Error('x'), {
      code: status.UNAVAILABLE,
      details: 'No connection',
      metadata: new Metadata(),
    }) as ServiceError;
    const err = fromGrpcError(unavailable, 'ledger');
    expect([err.code, err.httpStatus, err.details]).toEqual([
      'SERVICE_UNAVAILABLE',
      503,
      { service: 'ledger' },
    ]);
    expect(isTransportFailure(err)).toBe(true);
    const deadline = Object.assign(new Error('x'), {
      code: status.DEADLINE_EXCEEDED,
      details: '',
      metadata: new Metadata(),
    }) as ServiceError;
    expect(fromGrpcError(deadline, 'ledger').code).toBe('GATEWAY_TIMEOUT');
    expect(isTransportFailure(AppError.notFound())).toBe(false);
  });

  it('carries load shedding across gRPC as a 503 with Retry-After that leaves the circuit closed', () => {
    const shed = fromGrpcError(asServiceError(toGrpcStatus(overloaded('busy', 3))), 'documents');
    expect([shed.code, shed.details]).toEqual([
      'SERVICE_UNAVAILABLE',
      { reason: 'OVERLOADED', retryAfterSeconds: 3 },
    ]);
    expect(isTransportFailure(shed)).toBe(false);
  });
});
