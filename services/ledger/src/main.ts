// Must stay the first import (see tracing.ts).
import './tracing';
import {
  createDb,
  createLogger,
  loadConfig,
  migrateSchema,
  Shutdown,
  startGrpcServer,
  waitForDb,
} from '@pfs/kit';
import { configSchema, createServer, migrations, SCHEMA } from './index';

/** Distributed mode: the ledger as its own process, serving gRPC on GRPC_PORT. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('ledger');
  const shutdown = new Shutdown(logger);
  // Closers run in reverse: the server stops (draining calls) before the pool closes.
  const db = createDb({ connectionString: config.DATABASE_URL, schema: SCHEMA });
  shutdown.add('db', () => db.destroy());
  shutdown.installSignalHandlers();

  await waitForDb(db);
  const applied = await migrateSchema(db, SCHEMA, migrations);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const server = await startGrpcServer({
    bindings: createServer({ db, logger, config }),
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
