import './instrument';
import { createLogger, loadConfig, openServiceDb, Shutdown, startGrpcServer } from '@pfs/kit';
import { configSchema, createServer, migrations, SCHEMA } from './index';

/** Distributed mode: this service alone in its process, with its own pool and port. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('tax');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

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
