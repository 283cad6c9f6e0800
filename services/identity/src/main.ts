import {
  ConfigError,
  createDb,
  createLogger,
  loadConfig,
  migrateSchema,
  Shutdown,
  startGrpcServer,
  waitForDb,
} from '@pfs/kit';
import { configSchema, createServer, migrations, SCHEMA } from './index';

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  if (!config.DATABASE_URL)
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required');
  const logger = createLogger('identity');
  const db = createDb({ connectionString: config.DATABASE_URL, schema: SCHEMA });
  const shutdown = new Shutdown(logger);
  shutdown.add('database', () => db.destroy());
  shutdown.installSignalHandlers();

  await waitForDb(db);
  const applied = await migrateSchema(db, SCHEMA, migrations);
  logger.info({ applied }, 'migrations applied');

  const server = await startGrpcServer({
    bindings: createServer({ db, logger, config }),
    address: `0.0.0.0:${config.GRPC_PORT}`,
    logger,
  });
  shutdown.add('grpc server', () => server.shutdown());
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
