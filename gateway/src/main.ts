// Tracing must load before express, grpc-js and http are first required.
import { startTracing } from '@pfs/kit/tracing';
startTracing('gateway');

import { createLogger, loadConfig, Shutdown } from '@pfs/kit';
import { createGateway } from './app';
import { gatewayConfigSchema } from './config';

async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger('gateway');
  const gateway = createGateway({ config, logger });
  const server = gateway.app.listen(config.PORT, () =>
    logger.info({ port: config.PORT }, 'gateway listening'),
  );
  server.keepAliveTimeout = 65_000;
  const shutdown = new Shutdown(logger);
  shutdown.add('upstreams', () => gateway.close());
  shutdown.add('http', () => new Promise<void>((resolve) => server.close(() => resolve())));
  shutdown.installSignalHandlers();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
