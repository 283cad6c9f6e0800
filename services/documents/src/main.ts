import './instrument';
import {
  createBlobStore,
  createEventBus,
  createLogger,
  eventBusConfigSchema,
  loadConfig,
  openServiceDb,
  OutboxRelay,
  Shutdown,
  startGrpcServer,
} from '@pfs/kit';
import {
  configSchema,
  createServer,
  limitsOf,
  migrations,
  SCHEMA,
  startDocumentsConsumers,
} from './index';
import { createDocumentReader } from './receipts';

/** Distributed mode: documents alone in its process: gRPC, its outbox relay and its consumer. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('documents');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

  const blobs = createBlobStore(config);
  const reader = createDocumentReader({
    engine: config.OCR_ENGINE,
    concurrency: config.READ_CONCURRENCY,
    queueLimit: config.READ_QUEUE,
    idleMs: config.READ_IDLE_SECONDS * 1000,
    logger,
  });
  shutdown.add('reader', () => reader.close());

  const { NATS_URL } = loadConfig(eventBusConfigSchema);
  if (NATS_URL) {
    const bus = createEventBus({ natsUrl: NATS_URL, logger, name: 'documents' });
    shutdown.add('event-bus', () => bus.close());
    const relay = new OutboxRelay({ db, service: SCHEMA, transport: bus.transport, logger });
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());
    const consumers = await startDocumentsConsumers({ db, logger, bus });
    shutdown.add('consumers', () => consumers.stop());
  } else {
    logger.warn(
      'NATS_URL is not set: uploads are not announced and deleted transactions keep their links',
    );
  }

  const grpc = await startGrpcServer({
    bindings: createServer({ db, logger, blobs, reader, limits: limitsOf(config) }),
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
  console.error('documents failed to start', err);
  process.exit(1);
});
