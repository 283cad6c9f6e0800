import './instrument';
import {
  createEventBus,
  createLogger,
  eventBusConfigSchema,
  loadConfig,
  openServiceDb,
  OutboxRelay,
  Shutdown,
  startGrpcServer,
} from '@pfs/kit';
import { configSchema, createServer, migrations, SCHEMA, startWebhooksWorkers } from './index';

/** Distributed mode: webhooks alone in its process: gRPC, the event consumer and the worker. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('webhooks');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

  // Without NATS no other process's events reach this one: deliveries of tests and
  // redeliveries still go out.
  const { NATS_URL } = loadConfig(eventBusConfigSchema);
  const bus = NATS_URL
    ? createEventBus({ natsUrl: NATS_URL, logger, name: 'webhooks' })
    : undefined;
  if (bus) {
    shutdown.add('event-bus', () => bus.close());
    // Webhooks publishes nothing, but the relay also prunes the inbox and parked events (ADR 015).
    const relay = new OutboxRelay({ db, service: SCHEMA, transport: bus.transport, logger });
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());
  }
  if (!bus) logger.warn('NATS_URL is not set: no events arrive, only test deliveries go out');

  const workers = await startWebhooksWorkers({ db, logger, config, bus });
  shutdown.add('workers', () => workers.stop());

  const grpc = await startGrpcServer({
    bindings: createServer({
      db,
      logger,
      allowPrivateUrls: config.WEBHOOK_ALLOW_PRIVATE_URLS,
      secretKey: config.WEBHOOK_SECRET_KEY,
      onQueued: workers.wake,
    }),
    address: `0.0.0.0:${config.GRPC_PORT}`,
    logger,
    readinessCheck: () =>
      db.raw('select 1').then(
        () => true,
        () => false,
      ),
  });
  shutdown.add('grpc server', () => grpc.shutdown());
}

main().catch((err: unknown) => {
  console.error('webhooks failed to start', err);
  process.exit(1);
});
