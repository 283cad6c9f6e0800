// Must stay the first import (see tracing.ts).
import './tracing';
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
  createImportWorker,
  createRulesCatchUp,
  createRulesSource,
  createServer,
  migrations,
  SCHEMA,
} from './index';

/** Distributed mode: the ledger as its own process, serving gRPC on GRPC_PORT. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('ledger');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();
  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

  // Events (ADR 004): the relay publishes the outbox to NATS JetStream. Without NATS_URL no
  // other process could receive them, so they wait in the outbox instead of being dropped.
  const { NATS_URL } = loadConfig(eventBusConfigSchema);
  const bus = createEventBus({ natsUrl: NATS_URL, logger, name: 'ledger' });
  shutdown.add('event-bus', () => bus.close());
  if (bus.kind === 'nats') {
    const relay = new OutboxRelay({ db, service: SCHEMA, transport: bus.transport, logger });
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());
  } else {
    logger.warn('NATS_URL is not set: events stay in the outbox until a relay with NATS runs');
  }

  // Custom rules (ADR 010): looked up in categorization on every write; records saved while it
  // is away are settled by the catch-up job (claimed in PostgreSQL, safe with replicas).
  const rules = config.CATEGORIZATION_GRPC_URL
    ? createRulesSource({
        address: () => config.CATEGORIZATION_GRPC_URL,
        logger,
        deadlineMs: config.RULES_DEADLINE_MS,
      })
    : undefined;
  if (rules) {
    shutdown.add('rules-source', () => rules.close());
    const catchUp = createRulesCatchUp({ db, logger, rules, intervalMs: config.RULES_CATCHUP_MS });
    catchUp.start();
    shutdown.add('rules-catch-up', () => catchUp.stop());
  }

  // Background statement imports: claimed from PostgreSQL, so any number of replicas may run
  // one; each run applies the rules as they are when its rows are written.
  const importWorker = createImportWorker({ db, logger, config, rules });
  importWorker.start();
  shutdown.add('import-worker', () => importWorker.stop());

  const server = await startGrpcServer({
    bindings: createServer({ db, logger, config, importWorker, rules }),
    address: `0.0.0.0:${config.GRPC_PORT}`,
    logger,
    // gRPC health turns NOT_SERVING while the database is unreachable, so traffic moves away.
    readinessCheck: () =>
      db.raw('select 1').then(
        () => true,
        () => false,
      ),
  });
  shutdown.add('grpc', () => server.shutdown());
}

main().catch((err: unknown) => {
  console.error('ledger failed to start', err);
  process.exit(1);
});
