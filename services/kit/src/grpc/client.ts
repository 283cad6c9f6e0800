import {
  credentials,
  Metadata,
  type CallOptions,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type ServiceError,
} from '@grpc/grpc-js';
import { currentContext } from '../context';
import { grpcClientDuration } from '../metrics';
import { OPERATOR_KEY, REQUEST_ID_KEY, USER_ID_KEY } from './metadata';
import { fromGrpcError } from './status';

/** The 4-argument form ts-proto generates for every unary client method. */
export type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export interface CallOpts {
  /** Defaults to the user of the current request context. */
  userId?: string;
  operator?: boolean;
  deadlineMs?: number;
}

export type ClientConstructor<C> = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options?: Partial<ChannelOptions>,
) => C;

export const DEFAULT_DEADLINE_MS = 5_000;

/**
 * A promisified client for one downstream service: every call carries a deadline, the
 * request id and the acting user id, and failures come back as AppErrors.
 */
export class ServiceClient<C extends Client> {
  readonly client: C;

  constructor(
    readonly service: string,
    Ctor: ClientConstructor<C>,
    readonly address: string,
    readonly defaultDeadlineMs = DEFAULT_DEADLINE_MS,
  ) {
    this.client = new Ctor(address, credentials.createInsecure(), {
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_timeout_ms': 5_000,
      // Reconnect quickly after an upstream restarts instead of waiting out long backoffs.
      'grpc.initial_reconnect_backoff_ms': 200,
      'grpc.max_reconnect_backoff_ms': 2_000,
      'grpc.max_receive_message_length': 64 * 1024 * 1024,
      // With a dns:/// target over a headless Service, spread calls over every replica
      // instead of pinning each gateway to one pod.
      'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
    });
  }

  call<Req, Res>(pick: (client: C) => UnaryMethod<Req, Res>, request: Req, opts: CallOpts = {}): Promise<Res> {
    const ctx = currentContext();
    const metadata = new Metadata();
    if (ctx?.requestId) metadata.set(REQUEST_ID_KEY, ctx.requestId);
    const userId = opts.userId ?? ctx?.userId;
    if (userId) metadata.set(USER_ID_KEY, userId);
    if (opts.operator) metadata.set(OPERATOR_KEY, '1');
    const deadline = new Date(Date.now() + (opts.deadlineMs ?? this.defaultDeadlineMs));
    const method = pick(this.client);
    const started = process.hrtime.bigint();
    return new Promise<Res>((resolve, reject) => {
      method.call(this.client, request, metadata, { deadline }, (err, response) => {
        grpcClientDuration.observe(
          { service: this.service, method: method.name || 'unary', code: err ? String(err.code) : 'OK' },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
        if (err) reject(fromGrpcError(err, this.service));
        else resolve(response);
      });
    });
  }

  close(): void {
    this.client.close();
  }
}
