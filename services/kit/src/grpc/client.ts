import {
  credentials,
  Metadata,
  type CallOptions,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type ClientReadableStream,
  type ClientWritableStream,
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

/** The (metadata, options, callback) form ts-proto generates for a client-streaming method. */
export type ClientStreamMethod<Req, Res> = (
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientWritableStream<Req>;

/** The (request, metadata, options) form ts-proto generates for a server-streaming method. */
export type ServerStreamMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
) => ClientReadableStream<Res>;

/** An open client-streaming call: write with backpressure, then end and await the answer. */
export interface ClientStreamCall<Req, Res> {
  /**
   * Sends one message; resolves once the stream can take more (after 'drain' when its buffer
   * is full), and rejects with the call's error when the server has already failed it.
   */
  write(message: Req): Promise<void>;
  /** Half-closes the request stream and resolves with the response. */
  end(): Promise<Res>;
  /** Settles when the server answers, which may be before end() when it fails early. */
  readonly response: Promise<Res>;
  cancel(): void;
}

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
      // No channelz service is exposed: its per-call bookkeeping is pure overhead on hot paths.
      'grpc.enable_channelz': 0,
    });
  }

  call<Req, Res>(
    pick: (client: C) => UnaryMethod<Req, Res>,
    request: Req,
    opts: CallOpts = {},
  ): Promise<Res> {
    const method = pick(this.client);
    const finish = this.startTimer(method.name || 'unary');
    return new Promise<Res>((resolve, reject) => {
      method.call(
        this.client,
        request,
        this.metadataFor(opts),
        { deadline: this.deadlineFor(opts) },
        (err, response) => {
          finish(err);
          if (err) reject(fromGrpcError(err, this.service));
          else resolve(response);
        },
      );
    });
  }

  /**
   * Opens a client-streaming call with the same deadline, identity metadata and error mapping
   * as call(). The caller writes the messages (awaiting each write, which honours
   * backpressure) and then end()s the stream to get the response.
   */
  clientStream<Req, Res>(
    pick: (client: C) => ClientStreamMethod<Req, Res>,
    opts: CallOpts = {},
  ): ClientStreamCall<Req, Res> {
    const method = pick(this.client);
    const finish = this.startTimer(method.name || 'clientStream');
    let settled = false;
    let stream!: ClientWritableStream<Req>;
    const response = new Promise<Res>((resolve, reject) => {
      stream = method.call(
        this.client,
        this.metadataFor(opts),
        { deadline: this.deadlineFor(opts) },
        (err, res) => {
          settled = true;
          finish(err);
          if (err) reject(fromGrpcError(err, this.service));
          else resolve(res);
        },
      );
    });
    // Callers see a failure through write(), end() or response; never as an unhandled rejection.
    response.catch(() => undefined);
    // Writes are awaited one at a time, so at most one waits for 'drain' (or for the answer).
    let waiting: { resolve: () => void; reject: (err: unknown) => void } | undefined;
    const release = (settle: (w: NonNullable<typeof waiting>) => void) => {
      const w = waiting;
      waiting = undefined;
      if (w) settle(w);
    };
    stream.on('drain', () => release((w) => w.resolve()));
    response.then(
      () => release((w) => w.resolve()),
      (err: unknown) => release((w) => w.reject(err)),
    );
    return {
      response,
      write(message: Req): Promise<void> {
        if (settled) return response.then(() => undefined);
        if (stream.write(message)) return Promise.resolve();
        return new Promise<void>((resolve, reject) => {
          waiting = { resolve, reject };
        });
      },
      end(): Promise<Res> {
        if (!settled) stream.end();
        return response;
      },
      cancel(): void {
        if (!settled) stream.cancel();
      },
    };
  }

  /**
   * Opens a server-streaming call: its messages as an async iterable (flow control holds the
   * server back while the caller is slow), its failure as an AppError thrown from iteration.
   */
  serverStream<Req, Res>(
    pick: (client: C) => ServerStreamMethod<Req, Res>,
    request: Req,
    opts: CallOpts = {},
  ): { messages: AsyncIterable<Res>; cancel(): void } {
    const method = pick(this.client);
    const finish = this.startTimer(method.name || 'serverStream');
    const stream = method.call(this.client, request, this.metadataFor(opts), {
      deadline: this.deadlineFor(opts),
    });
    const service = this.service;
    async function* messages(): AsyncGenerator<Res> {
      try {
        for await (const message of stream as AsyncIterable<Res>) yield message;
        finish(null);
      } catch (err) {
        finish(err as ServiceError);
        throw (err as { code?: unknown }).code !== undefined &&
          typeof (err as ServiceError).details === 'string'
          ? fromGrpcError(err as ServiceError, service)
          : err;
      }
    }
    return { messages: messages(), cancel: () => stream.cancel() };
  }

  private metadataFor(opts: CallOpts): Metadata {
    const ctx = currentContext();
    const metadata = new Metadata();
    if (ctx?.requestId) metadata.set(REQUEST_ID_KEY, ctx.requestId);
    const userId = opts.userId ?? ctx?.userId;
    if (userId) metadata.set(USER_ID_KEY, userId);
    if (opts.operator) metadata.set(OPERATOR_KEY, '1');
    return metadata;
  }

  private deadlineFor(opts: CallOpts): Date {
    return new Date(Date.now() + (opts.deadlineMs ?? this.defaultDeadlineMs));
  }

  /** Starts the client-duration histogram for one call; the returned function records it. */
  private startTimer(method: string): (err: ServiceError | null) => void {
    const started = process.hrtime.bigint();
    return (err) =>
      grpcClientDuration.observe(
        { service: this.service, method, code: err ? String(err.code) : 'OK' },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
  }

  close(): void {
    this.client.close();
  }
}
