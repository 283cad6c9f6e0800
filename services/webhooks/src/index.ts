/** The webhooks service: partners' subscriptions and signed, retried, SSRF-safe deliveries. */
export { configSchema, type WebhooksConfig } from './config';
export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type WebhooksDeps } from './server';
export { startWebhooksWorkers, type WebhooksWorkers, type WebhooksWorkersOptions } from './workers';
export {
  DeliveryWorker,
  type ClaimedDelivery,
  type DeliveryWorkerOptions,
} from './delivery/worker';
export { createSender, type Sender, type SendResult } from './delivery/sender';
export { DELIVERY_CONSUMER, DELIVERY_SUBJECTS, deliveryHandler } from './delivery/consumer';
export { EVENT_TYPES, TEST_EVENT_TYPE, WEBHOOK_EVENTS, deliveryBody } from './domain/events';
export { RETRY_DELAYS_MS, MAX_ATTEMPTS, retryDelayMs } from './domain/schedule';
export { signHeaders, newSecret } from './domain/secret';
export {
  addressProblem,
  checkWebhookUrl,
  systemResolver,
  UrlRefused,
  type Resolver,
} from './domain/ssrf';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'webhooks';
