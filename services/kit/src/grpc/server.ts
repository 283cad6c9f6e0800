import {
  Server,
  ServerCredentials,
  type handleClientStreamingCall,
  type handleUnaryCall,
  type Metadata,
  type sendUnaryData,
  type handleServerStreamingCall,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { runWithContext } from '../context';
import { AppError } from '../errors';
import { isUuid } from '../ids';
import { grpcServerDuration } from '../metrics';
import { OPERATOR_KEY, REQUEST_ID_KEY, USER_ID_KEY } from './metadata';
import { toGrpcStatus } from './status';

/** What a handler knows about its caller, taken from the call's metadata. */
export interface CallContext {
  requestId: string;
  metadata: Metadata;
}

export interface UserCallContext extends CallContext {
  userId: string;
}

function firstString(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' && value.length ? value : undefined;
}

type Access = 'user' | 'public' | 'operator';

/**
 * Runs one call's handler inside its request context: checks the caller's access, records
 * the server duration, and answers with the handler's result or its error as a gRPC status.
 */
function serve<Res, Ctx extends CallContext>(
  access: Access,
  call: { metadata: Metadata; getPath(): string },
  callback: sendUnaryData<Res>,
  handler: (ctx: Ctx) => Promise<Res>,
): void {
  const started = process.hrtime.bigint();
  const metadata = call.metadata;
  const requestId = firstString(metadata, REQUEST_ID_KEY) ?? randomUUID();
  const userId = firstString(metadata, USER_ID_KEY);
  const [, service = '', method = ''] = call.getPath().split('/');
  const finish = (code: string) =>
    grpcServerDuration.observe(
      { service, method, code },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
  runWithContext({ requestId, userId }, () => {
    const run = async (): Promise<Res> => {
      if (access === 'user' && !isUuid(userId)) {
        throw new AppError('UNAUTHORIZED', 'Missing caller identity');
      }
      if (access === 'operator' && firstString(metadata, OPERATOR_KEY) !== '1') {
        throw new AppError('UNAUTHORIZED', 'Operator credentials required');
      }
      return handler({ requestId, metadata, userId } as unknown as Ctx);
    };
    run().then(
      (response) => {
        finish('OK');
        callback(null, response);
      },
      (err: unknown) => {
        if (!(err instanceof AppError)) {
          serverLogger?.error({ err, method: call.getPath() }, 'unhandled error in gRPC handler');
        }
        const status = toGrpcStatus(err);
        finish(String(status.code));
        callback(status, null);
      },
    );
  });
}

function wrap<Req, Res, Ctx extends CallContext>(
  access: Access,
  handler: (request: Req, ctx: Ctx) => Promise<Res>,
): handleUnaryCall<Req, Res> {
  return (call: ServerUnaryCall<Req, Res>, callback) =>
    serve<Res, Ctx>(access, call, callback, (ctx) => handler(call.request, ctx));
}

let serverLogger: Logger | undefined;

/** A handler for callers acting as a user: refuses calls without a user id in metadata. */
export function unary<Req, Res>(
  handler: (request: Req, ctx: UserCallContext) => Promise<Res>,
): handleUnaryCall<Req, Res> {
  return wrap<Req, Res, UserCallContext>('user', handler);
}

/**
 * A client-streaming handler for callers acting as a user (the streaming twin of `unary`):
 * the handler reads the request messages as an async iterable, at its own pace (gRPC flow
 * control holds the sender back meanwhile), and returns the one response.
 */
export function clientStream<Req, Res>(
  handler: (requests: AsyncIterable<Req>, ctx: UserCallContext) => Promise<Res>,
): handleClientStreamingCall<Req, Res> {
  return (call: ServerReadableStream<Req, Res>, callback) =>
    serve<Res, UserCallContext>('user', call, callback, (ctx) => handler(call, ctx));
}

/**
 * A server-streaming handler for callers acting as a user: the handler sends messages with
 * `send`, which waits while the client's window is full (gRPC flow control), and the call ends
 * when the handler returns; a thrown error ends it with that status instead.
 */
export function serverStream<Req, Res>(
  handler: (
    request: Req,
    send: (message: Res) => Promise<void>,
    ctx: UserCallContext,
  ) => Promise<void>,
): handleServerStreamingCall<Req, Res> {
  return (call: ServerWritableStream<Req, Res>) => {
    const send = (message: Res): Promise<void> =>
      new Promise((resolve, reject) => {
        if (call.cancelled) return reject(new AppError('SERVICE_UNAVAILABLE', 'Call cancelled'));
        if (call.write(message)) resolve();
        else call.once('drain', () => resolve());
      });
    serve<null, UserCallContext>(
      'user',
      call,
      (err) => (err ? call.emit('error', err) : call.end()),
      async (ctx) => {
        await handler(call.request, send, ctx);
        return null;
      },
    );
  };
}

/** A handler callable before a user is known (register, login, authenticate). */
export function publicUnary<Req, Res>(
  handler: (request: Req, ctx: CallContext) => Promise<Res>,
): handleUnaryCall<Req, Res> {
  return wrap<Req, Res, CallContext>('public', handler);
}

/** A handler for operator calls that the gateway authenticated with ADMIN_TOKEN. */
export function operatorUnary<Req, Res>(
  handler: (request: Req, ctx: CallContext) => Promise<Res>,
): handleUnaryCall<Req, Res> {
  return wrap<Req, Res, CallContext>('operator', handler);
}

export interface GrpcServiceBinding {
  /** Fully qualified service name, e.g. pfs.ledger.v1.LedgerService (used by gRPC health). */
  name: string;
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

export interface RunningGrpcServer {
  server: Server;
  port: number;
  address: string;
  health: HealthImplementation;
  /** Stops accepting, lets in-flight calls finish (forcing after the grace period). */
  shutdown(graceMs?: number): Promise<void>;
}

export async function startGrpcServer(opts: {
  bindings: GrpcServiceBinding[];
  /** host:port; port 0 picks a free one. */
  address: string;
  logger: Logger;
  /** Polled every few seconds; while false the health service answers NOT_SERVING (e.g. DB down). */
  readinessCheck?: () => Promise<boolean>;
}): Promise<RunningGrpcServer> {
  serverLogger = opts.logger;
  const server = new Server({
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    // Clients reconnect (and re-resolve) periodically, so new replicas receive traffic.
    'grpc.max_connection_age_ms': 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 30_000,
    // No channelz service is exposed: its per-call bookkeeping is pure overhead on hot paths.
    'grpc.enable_channelz': 0,
  });
  const statusMap: Record<string, 'SERVING'> = { '': 'SERVING' };
  for (const b of opts.bindings) {
    server.addService(b.definition, b.implementation);
    statusMap[b.name] = 'SERVING';
  }
  const health = new HealthImplementation(statusMap);
  health.addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(opts.address, ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  let stopping = false;
  const readinessCheck = opts.readinessCheck;
  const poller = readinessCheck
    ? setInterval(() => {
        void readinessCheck().then((ok) => {
          if (stopping) return;
          for (const name of Object.keys(statusMap))
            health.setStatus(name, ok ? 'SERVING' : 'NOT_SERVING');
        });
      }, 3_000)
    : undefined;
  poller?.unref();
  const host = opts.address.slice(0, opts.address.lastIndexOf(':'));
  const address = `${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}`;
  opts.logger.info(
    { address, services: opts.bindings.map((b) => b.name) },
    'gRPC server listening',
  );
  return {
    server,
    port,
    address,
    health,
    shutdown: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (poller) clearInterval(poller);
        for (const name of Object.keys(statusMap)) health.setStatus(name, 'NOT_SERVING');
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
