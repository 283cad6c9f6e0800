import * as categorization from '@pfs/categorization';
import { createGateway, gatewayConfigSchema, type Gateway } from '@pfs/gateway';
import * as identity from '@pfs/identity';
import {
  closeHealthClients,
  createDb,
  loadConfig,
  migrateSchema,
  waitForDb,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
  type RunningGrpcServer,
  startGrpcServer,
} from '@pfs/kit';
import * as ledger from '@pfs/ledger';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SERVICE_NAMES = ['identity', 'ledger', 'categorization'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

interface RunningService {
  db: Knex;
  grpc: RunningGrpcServer;
}

export interface StackOptions {
  databaseUrl: string;
  logger: Logger;
  /** Environment the services and gateway read their settings from (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** HTTP port of the gateway; 0 picks a free one. */
  port?: number;
  host?: string;
  poolMax?: number;
}

export interface Stack {
  /** Base URL of the gateway, e.g. http://127.0.0.1:8080 */
  url: string;
  gateway: Gateway;
  services: Record<ServiceName, RunningService>;
  /** Stops one service's gRPC server (its routes answer 503 while others keep working). */
  stopService(name: ServiceName): Promise<void>;
  close(): Promise<void>;
}

function bindingsFor(name: ServiceName, db: Knex, logger: Logger, env: NodeJS.ProcessEnv): GrpcServiceBinding[] {
  switch (name) {
    case 'identity':
      return identity.createServer({ db, logger, config: loadConfig(identity.configSchema, env) });
    case 'ledger':
      return ledger.createServer({ db, logger });
    case 'categorization':
      return categorization.createServer({ db, logger });
  }
}

const MIGRATIONS = {
  identity: { schema: identity.SCHEMA, migrations: identity.migrations },
  ledger: { schema: ledger.SCHEMA, migrations: ledger.migrations },
  categorization: { schema: categorization.SCHEMA, migrations: categorization.migrations },
};

/**
 * Every service and the gateway in one process, still talking real gRPC over loopback:
 * the embedded default, and the harness the integration tests drive.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const env = { ...(opts.env ?? process.env), DATABASE_URL: opts.databaseUrl };
  const services = {} as Record<ServiceName, RunningService>;
  for (const name of SERVICE_NAMES) {
    const { schema, migrations } = MIGRATIONS[name];
    const logger = opts.logger.child({ service: name });
    const db = createDb({ connectionString: opts.databaseUrl, schema, poolMax: opts.poolMax });
    await waitForDb(db);
    await migrateSchema(db, schema, migrations);
    const grpc = await startGrpcServer({
      bindings: bindingsFor(name, db, logger, env),
      address: '127.0.0.1:0',
      logger,
      readinessCheck: () => db.raw('select 1').then(() => true, () => false),
    });
    services[name] = { db, grpc };
  }

  const config = loadConfig(gatewayConfigSchema, {
    ...env,
    IDENTITY_GRPC_URL: services.identity.grpc.address,
    LEDGER_GRPC_URL: services.ledger.grpc.address,
    CATEGORIZATION_GRPC_URL: services.categorization.grpc.address,
  });
  const gateway = createGateway({ config, logger: opts.logger.child({ service: 'gateway' }) });
  const host = opts.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve) => {
    const s = gateway.app.listen(opts.port ?? 0, host, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  opts.logger.info({ url: `http://${host}:${port}` }, 'gateway listening');

  const stopped = new Set<ServiceName>();
  const stopService = async (name: ServiceName) => {
    if (stopped.has(name)) return;
    stopped.add(name);
    await services[name].grpc.shutdown(2_000);
  };

  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    gateway,
    services,
    stopService,
    async close() {
      // Stop accepting first, then drain the mesh, then close the pools.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // In-flight responses get a short grace period, then their sockets are cut.
        setTimeout(() => server.closeAllConnections(), 3_000).unref();
      });
      await gateway.close();
      for (const name of SERVICE_NAMES) await stopService(name);
      for (const name of SERVICE_NAMES) await services[name].db.destroy();
      closeHealthClients();
    },
  };
}
