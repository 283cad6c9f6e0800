import type { Client } from '@grpc/grpc-js';
import {
  AppError,
  breakerState,
  checkGrpcHealth,
  isTransportFailure,
  ServiceClient,
  type CallOpts,
  type ClientConstructor,
  type ClientStreamCall,
  type ClientStreamMethod,
  type ServerStreamMethod,
  type UnaryMethod,
} from '@pfs/kit';
import { AssistantServiceClient } from '@pfs/proto/assistant';
import { BillsServiceClient } from '@pfs/proto/bills';
import { CategorizationServiceClient } from '@pfs/proto/categorization';
import { DocumentsServiceClient } from '@pfs/proto/documents';
import { IdentityServiceClient } from '@pfs/proto/identity';
import { LedgerServiceClient } from '@pfs/proto/ledger';
import { TaxServiceClient } from '@pfs/proto/tax';
import { WebhooksServiceClient } from '@pfs/proto/webhooks';
import CircuitBreaker from 'opossum';
import type { GatewayConfig } from './config';

export interface BreakerSettings {
  resetTimeoutMs: number;
  errorThresholdPercentage: number;
  volumeThreshold: number;
}

/**
 * One downstream service behind its own circuit breaker. Only transport failures
 * (unavailable, deadline exceeded) count against the circuit: a NOT_FOUND is a healthy answer.
 */
export interface ServiceFacade<S extends Client> {
  call<Req, Res>(
    pick: (c: S) => UnaryMethod<Req, Res>,
    request: Req,
    opts?: CallOpts,
  ): Promise<Res>;
  /**
   * Opens a client-streaming call: refused at once while the circuit is open, and its outcome
   * counts against the circuit like a unary call's.
   */
  clientStream<Req, Res>(
    pick: (c: S) => ClientStreamMethod<Req, Res>,
    opts?: CallOpts,
  ): ClientStreamCall<Req, Res>;
  /** Opens a server-streaming call (refused at once while the circuit is open). */
  serverStream<Req, Res>(
    pick: (c: S) => ServerStreamMethod<Req, Res>,
    request: Req,
    opts?: CallOpts,
  ): { messages: AsyncIterable<Res>; cancel(): void };
}

export class Upstream<C extends Client> {
  private readonly siblings = new Map<unknown, ServiceClient<Client>>();
  private readonly breaker: CircuitBreaker<[() => Promise<unknown>], unknown>;

  constructor(
    readonly name: string,
    readonly grpcServiceName: string,
    readonly client: ServiceClient<C>,
    settings: BreakerSettings,
  ) {
    this.breaker = new CircuitBreaker((thunk: () => Promise<unknown>) => thunk(), {
      timeout: false,
      resetTimeout: settings.resetTimeoutMs,
      errorThresholdPercentage: settings.errorThresholdPercentage,
      volumeThreshold: settings.volumeThreshold,
      rollingCountTimeout: 10_000,
      errorFilter: (err: unknown) => !isTransportFailure(err),
    });
    this.breaker.on('open', () => breakerState.set({ service: name }, 1));
    this.breaker.on('close', () => breakerState.set({ service: name }, 0));
  }

  async call<Req, Res>(
    pick: (c: C) => UnaryMethod<Req, Res>,
    request: Req,
    opts?: CallOpts,
  ): Promise<Res> {
    return this.guarded(() => this.client.call(pick, request, opts));
  }

  /**
   * Another gRPC service hosted by the same upstream (e.g. the ledger's ExpenseService): same
   * address, same channel pool, same circuit breaker.
   */
  service<S extends Client>(Ctor: ClientConstructor<S>): ServiceFacade<S> {
    let client = this.siblings.get(Ctor) as ServiceClient<S> | undefined;
    if (!client) {
      client = new ServiceClient(
        this.name,
        Ctor,
        this.client.address,
        this.client.defaultDeadlineMs,
      );
      this.siblings.set(Ctor, client);
    }
    const sibling = client;
    return {
      call: (pick, request, opts) => this.guarded(() => sibling.call(pick, request, opts)),
      clientStream: (pick, opts) => {
        if (this.breaker.opened) throw this.unavailable();
        const stream = sibling.clientStream(pick, opts);
        this.guarded(() => stream.response).catch(() => undefined);
        return stream;
      },
      serverStream: (pick, request, opts) => {
        if (this.breaker.opened) throw this.unavailable();
        return sibling.serverStream(pick, request, opts);
      },
    };
  }

  private unavailable(): AppError {
    return new AppError('SERVICE_UNAVAILABLE', `The ${this.name} service is unavailable`, {
      service: this.name,
    });
  }

  private async guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return (await this.breaker.fire(run)) as T;
    } catch (err) {
      if ((err as { code?: string }).code === 'EOPENBREAKER') throw this.unavailable();
      throw err;
    }
  }

  get isOpen(): boolean {
    return this.breaker.opened;
  }

  ready(): Promise<boolean> {
    return checkGrpcHealth(this.client.address, this.grpcServiceName);
  }

  close(): void {
    this.breaker.shutdown();
    this.client.close();
    for (const sibling of this.siblings.values()) sibling.close();
  }
}

export interface Upstreams {
  identity: Upstream<IdentityServiceClient>;
  ledger: Upstream<LedgerServiceClient>;
  categorization: Upstream<CategorizationServiceClient>;
  tax: Upstream<TaxServiceClient>;
  bills: Upstream<BillsServiceClient>;
  webhooks: Upstream<WebhooksServiceClient>;
  documents: Upstream<DocumentsServiceClient>;
  assistant: Upstream<AssistantServiceClient>;
}

export type UpstreamName = keyof Upstreams;

export function createUpstreams(config: GatewayConfig): Upstreams {
  const settings: BreakerSettings = {
    resetTimeoutMs: config.BREAKER_RESET_MS,
    errorThresholdPercentage: config.BREAKER_ERROR_PERCENT,
    volumeThreshold: config.BREAKER_VOLUME_THRESHOLD,
  };
  const deadline = config.GRPC_DEADLINE_MS;
  return {
    identity: new Upstream(
      'identity',
      'pfs.identity.v1.IdentityService',
      new ServiceClient('identity', IdentityServiceClient, config.IDENTITY_GRPC_URL, deadline),
      settings,
    ),
    ledger: new Upstream(
      'ledger',
      'pfs.ledger.v1.LedgerService',
      new ServiceClient('ledger', LedgerServiceClient, config.LEDGER_GRPC_URL, deadline),
      settings,
    ),
    categorization: new Upstream(
      'categorization',
      'pfs.categorization.v1.CategorizationService',
      new ServiceClient(
        'categorization',
        CategorizationServiceClient,
        config.CATEGORIZATION_GRPC_URL,
        deadline,
      ),
      settings,
    ),
    tax: new Upstream(
      'tax',
      'pfs.tax.v1.TaxService',
      new ServiceClient('tax', TaxServiceClient, config.TAX_GRPC_URL, deadline),
      settings,
    ),
    bills: new Upstream(
      'bills',
      'pfs.bills.v1.BillsService',
      new ServiceClient('bills', BillsServiceClient, config.BILLS_GRPC_URL, deadline),
      settings,
    ),
    webhooks: new Upstream(
      'webhooks',
      'pfs.webhooks.v1.WebhooksService',
      new ServiceClient('webhooks', WebhooksServiceClient, config.WEBHOOKS_GRPC_URL, deadline),
      settings,
    ),
    documents: new Upstream(
      'documents',
      'pfs.documents.v1.DocumentsService',
      new ServiceClient('documents', DocumentsServiceClient, config.DOCUMENTS_GRPC_URL, deadline),
      settings,
    ),
    assistant: new Upstream(
      'assistant',
      'pfs.assistant.v1.AssistantService',
      new ServiceClient(
        'assistant',
        AssistantServiceClient,
        config.ASSISTANT_GRPC_URL,
        // An answer may wait on a model and several tools: longer than one record's read.
        config.ASSISTANT_DEADLINE_MS,
      ),
      settings,
    ),
  };
}
