import type { EventBus, Knex, Logger, Subscription } from '@pfs/kit';
import type { WebhooksConfig } from './config';
import { DELIVERY_CONSUMER, DELIVERY_SUBJECTS, deliveryHandler } from './delivery/consumer';
import { createSender, type Sender } from './delivery/sender';
import { DeliveryWorker } from './delivery/worker';
import type { Resolver } from './domain/ssrf';

export interface WebhooksWorkersOptions {
  db: Knex;
  logger: Logger;
  config: WebhooksConfig;
  /** Where the services' events arrive; without one, no new deliveries are created. */
  bus?: EventBus;
  resolve?: Resolver;
  sender?: Sender;
  now?: () => Date;
}

export interface WebhooksWorkers {
  worker?: DeliveryWorker;
  consumer?: Subscription;
  /** Claims at once (after deliveries were queued in this process). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The background half of webhooks, beside its gRPC server in every replica: the durable
 * consumer turning events into deliveries, and the delivery worker (claims in PostgreSQL).
 */
export async function startWebhooksWorkers(opts: WebhooksWorkersOptions): Promise<WebhooksWorkers> {
  const { db, logger, config } = opts;
  let worker: DeliveryWorker | undefined;
  if (config.WEBHOOK_WORKER_ENABLED) {
    worker = new DeliveryWorker({
      db,
      logger,
      now: opts.now,
      sender:
        opts.sender ??
        createSender({
          allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS,
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          responseCapBytes: config.WEBHOOK_RESPONSE_CAP_BYTES,
          resolve: opts.resolve,
        }),
      pollMs: config.WEBHOOK_POLL_MS,
      leaseMs: config.WEBHOOK_LEASE_MS,
      endpointConcurrency: config.WEBHOOK_ENDPOINT_CONCURRENCY,
      concurrency: config.WEBHOOK_WORKER_CONCURRENCY,
      disableAfterDays: config.WEBHOOK_DISABLE_AFTER_DAYS,
      retentionDays: config.WEBHOOK_DELIVERY_RETENTION_DAYS,
      secretKey: config.WEBHOOK_SECRET_KEY,
    });
    worker.start();
  }
  const wake = () => worker?.wake();
  const consumer = opts.bus
    ? await opts.bus.subscribe({
        consumer: DELIVERY_CONSUMER,
        subjects: DELIVERY_SUBJECTS,
        db,
        logger,
        handler: deliveryHandler({ now: opts.now, onQueued: wake }),
      })
    : undefined;
  return {
    worker,
    consumer,
    wake,
    async stop() {
      await consumer?.stop();
      await worker?.stop();
    },
  };
}
