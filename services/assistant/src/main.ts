import './instrument';
import { createLogger, loadConfig, openServiceDb, Shutdown, startGrpcServer } from '@pfs/kit';
import {
  closeServices,
  configSchema,
  createServer,
  createServices,
  migrations,
  SCHEMA,
  selectEngine,
} from './index';

/** Distributed mode: this service alone in its process, with its own pool and port. */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('assistant');
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  const db = await openServiceDb({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    migrations,
    logger,
    shutdown,
  });

  const services = createServices(config, config.TOOL_DEADLINE_MS);
  shutdown.add('service clients', () => closeServices(services));
  const grpc = await startGrpcServer({
    bindings: createServer({ db, logger, services, engine: selectEngine(config, logger) }),
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
  console.error('assistant failed to start', err);
  process.exit(1);
});
