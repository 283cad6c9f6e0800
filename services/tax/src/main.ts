import './instrument';
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

/** Distributed mode: this service alone in its process, with its own pool and port. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('tax');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  const db = createDb({ connectionString: config.DATABASE_URL, schema: SCHEMA });
  // Closers run in reverse: the server stops (draining calls) before the pool closes.
  shutdown.add('database', () => db.destroy());
  await waitForDb(db);
  const applied = await migrateSchema(db, SCHEMA, migrations);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const grpc = await startGrpcServer({
    bindings: createServer({ db, logger }),
    address: `0.0.0.0:${config.GRPC_PORT}`,
    logger,
  });
  shutdown.add('grpc server', () => grpc.shutdown());
}

main().catch((err: unknown) => {
  console.error('tax failed to start', err);
  process.exit(1);
});
