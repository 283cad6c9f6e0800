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
import {
  configSchema,
  createServer,
  migrations,
  SCHEMA,
  startCategorizationConsumers,
} from './index';

/** Distributed mode: this service alone in its process, with its own pool and port. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('categorization');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

  // rule.executed goes out through the outbox (ADR 004); without NATS it waits there.
  const { NATS_URL } = loadConfig(eventBusConfigSchema);
  const bus = createEventBus({ natsUrl: NATS_URL, logger, name: 'categorization' });
  shutdown.add('event-bus', () => bus.close());
  if (bus.kind === 'nats') {
    const relay = new OutboxRelay({ db, service: SCHEMA, transport: bus.transport, logger });
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());
    // transaction.deleted from the ledger removes the transaction's assignments.
    // (stopped by the bus's close above).
    await startCategorizationConsumers({ db, logger, bus });
  }

  const grpc = await startGrpcServer({
    bindings: createServer({
      db,
      logger,
      ruleTargets: {
        ledger: () => config.LEDGER_GRPC_URL,
        bills: () => config.BILLS_GRPC_URL,
      },
    }),
    address: `0.0.0.0:${config.GRPC_PORT}`,
    logger,
  });
  shutdown.add('grpc server', () => grpc.shutdown());
}

main().catch((err: unknown) => {
  console.error('categorization failed to start', err);
  process.exit(1);
});
