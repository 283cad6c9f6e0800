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
  connectLedger,
  connectBillRules,
  createServer,
  migrations,
  SCHEMA,
  startBillsWorkers,
} from './index';

/** Distributed mode: bills alone in its process, with its own pool, port, jobs and consumer. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('bills');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  // Closers run in reverse: server, workers, bus, ledger client, then the pool.
  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

  const ledgerConnection = connectLedger(config.LEDGER_GRPC_URL);
  shutdown.add('ledger client', () => ledgerConnection.close());
  const ledger = ledgerConnection.reader;

  // Events (ADR 004): without NATS_URL no other process could exchange events with this one,
  // so bill.due_soon and pattern.detected wait in the outbox, and autopay does not run.
  const { NATS_URL } = loadConfig(eventBusConfigSchema);
  const bus = NATS_URL ? createEventBus({ natsUrl: NATS_URL, logger, name: 'bills' }) : undefined;
  if (bus) {
    shutdown.add('event-bus', () => bus.close());
    const relay = new OutboxRelay({ db, service: SCHEMA, transport: bus.transport, logger });
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());
  } else {
    logger.warn('NATS_URL is not set: events stay in the outbox and autopay is off');
  }

  // Custom rules for new and updated bills and patterns (ADR 010), looked up in categorization.
  const billRules = connectBillRules({ address: () => config.CATEGORIZATION_GRPC_URL, logger });
  shutdown.add('rules', () => billRules.close());

  // Jobs are claimed in PostgreSQL (FOR UPDATE SKIP LOCKED), so every replica may run them.
  const workers = await startBillsWorkers({ db, logger, config, ledger, bus, rules: billRules });
  shutdown.add('workers', () => workers.stop());

  const grpc = await startGrpcServer({
    bindings: createServer({ db, logger, config, ledger, rules: billRules }),
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
  console.error('bills failed to start', err);
  process.exit(1);
});
