import * as assistant from '@pfs/assistant';
import * as bills from '@pfs/bills';
import * as categorization from '@pfs/categorization';
import * as documents from '@pfs/documents';
import { createGateway, gatewayConfigSchema, type Gateway } from '@pfs/gateway';
import * as identity from '@pfs/identity';
import {
  closeHealthClients,
  createBlobStore,
  createDb,
  createEventBus,
  eventBusConfigSchema,
  loadConfig,
  migrateSchema,
  OutboxRelay,
  outboxMigration,
  waitForDb,
  type EventBus,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
  type RunningGrpcServer,
  startGrpcServer,
} from '@pfs/kit';
import * as ledger from '@pfs/ledger';
import * as tax from '@pfs/tax';
import * as webhooks from '@pfs/webhooks';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// In start order: bills reads the ledger, so it comes after it.
export const SERVICE_NAMES = [
  'identity',
  'ledger',
  'categorization',
  'tax',
  'bills',
  'documents',
  // After the services its tools call (it only needs their addresses).
  'assistant',
  'webhooks',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

interface RunningService {
  db: Knex;
  grpc: RunningGrpcServer;
}

/** What services need of each other beyond their own database (rules, ADR 010). */
interface Wiring {
  rules?: ledger.RulesSource;
  billRules?: bills.BillRulesSource;
  ruleTargets?: categorization.RuleTargetAddresses;
  /** Wakes the webhooks worker after a test or redelivery was queued. */
  webhooksQueued?: () => void;
  /** The documents service's blob store and document reader (made once, closed by the stack). */
  documents?: Pick<documents.DocumentsDeps, 'blobs' | 'reader'>;
  /** The assistant's clients of the services its tools call (made when it starts). */
  assistant?: () => assistant.Services;
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
  /**
   * The event bus every service publishes to (through its outbox relay) and consumes from:
   * in-process unless NATS_URL is set in the environment. Tests subscribe here.
   */
  events: EventBus;
  /** Stops one service's gRPC server (its routes answer 503 while others keep working). */
  stopService(name: ServiceName): Promise<void>;
  /**
   * Starts a stopped service's gRPC server again on the same address, so every client that
   * held the address reconnects to it.
   */
  startService(name: ServiceName): Promise<void>;
  close(): Promise<void>;
}

function bindingsFor(
  name: ServiceName,
  db: Knex,
  logger: Logger,
  env: NodeJS.ProcessEnv,
  importWorker?: ledger.ImportWorker,
  billsLedger?: bills.LedgerReader,
  wiring: Wiring = {},
): GrpcServiceBinding[] {
  switch (name) {
    case 'identity':
      return identity.createServer({ db, logger, config: loadConfig(identity.configSchema, env) });
    case 'ledger':
      return ledger.createServer({
        db,
        logger,
        config: loadConfig(ledger.configSchema, env),
        importWorker,
        rules: wiring.rules,
      });
    case 'categorization':
      return categorization.createServer({ db, logger, ruleTargets: wiring.ruleTargets });
    case 'tax':
      return tax.createServer({ db, logger });
    case 'bills':
      if (!billsLedger) throw new Error('bills needs the ledger');
      return bills.createServer({
        db,
        logger,
        config: loadConfig(bills.configSchema, env),
        ledger: billsLedger,
        rules: wiring.billRules,
      });
    case 'documents': {
      if (!wiring.documents) throw new Error('documents needs its blob store and reader');
      const config = loadConfig(documents.configSchema, env);
      return documents.createServer({
        db,
        logger,
        ...wiring.documents,
        limits: documents.limitsOf(config),
      });
    }
    case 'assistant': {
      if (!wiring.assistant)
        throw new Error('assistant needs the addresses of its tools’ services');
      const config = loadConfig(assistant.configSchema, env);
      return assistant.createServer({
        db,
        logger,
        services: wiring.assistant(),
        engine: assistant.selectEngine(config, logger),
      });
    }
    case 'webhooks': {
      const config = loadConfig(webhooks.configSchema, env);
      return webhooks.createServer({
        db,
        logger,
        allowPrivateUrls: config.WEBHOOK_ALLOW_PRIVATE_URLS,
        secretKey: config.WEBHOOK_SECRET_KEY,
        onQueued: wiring.webhooksQueued,
      });
    }
  }
}

const MIGRATIONS = {
  identity: { schema: identity.SCHEMA, migrations: identity.migrations },
  ledger: { schema: ledger.SCHEMA, migrations: ledger.migrations },
  categorization: { schema: categorization.SCHEMA, migrations: categorization.migrations },
  tax: { schema: tax.SCHEMA, migrations: tax.migrations },
  bills: { schema: bills.SCHEMA, migrations: bills.migrations },
  documents: { schema: documents.SCHEMA, migrations: documents.migrations },
  assistant: { schema: assistant.SCHEMA, migrations: assistant.migrations },
  webhooks: { schema: webhooks.SCHEMA, migrations: webhooks.migrations },
};

/**
 * Every service and the gateway in one process, still talking real gRPC over loopback:
 * the embedded default, and the harness the integration tests drive.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const env = { ...(opts.env ?? process.env), DATABASE_URL: opts.databaseUrl };
  const services = {} as Record<ServiceName, RunningService>;
  const importWorkers: ledger.ImportWorker[] = [];
  // Bills' background half (jobs, autopay consumer) and its connection to the ledger.
  let billsWorkers: bills.BillsWorkers | undefined;
  let billsLedger: ReturnType<typeof bills.connectLedger> | undefined;
  // Webhooks' background half: the event consumer and the delivery worker.
  let webhooksWorkers: webhooks.WebhooksWorkers | undefined;
  const { NATS_URL } = loadConfig(eventBusConfigSchema, env);
  const events = createEventBus({
    natsUrl: NATS_URL,
    logger: opts.logger.child({ component: 'events' }),
    name: 'pfs',
  });
  // Rules (ADR 010): the ledger asks categorization, categorization runs rules through the
  // ledger and bills. Addresses are looked up when used, since the services start in turn.
  const ledgerConfig = loadConfig(ledger.configSchema, env);
  const rulesSource = ledger.createRulesSource({
    address: () => services.categorization?.grpc.address,
    logger: opts.logger.child({ service: 'ledger' }),
    deadlineMs: ledgerConfig.RULES_DEADLINE_MS,
  });
  const billRules = bills.connectBillRules({
    address: () => services.categorization?.grpc.address,
    logger: opts.logger.child({ service: 'bills' }),
    deadlineMs: ledgerConfig.RULES_DEADLINE_MS,
  });
  const documentsConfig = loadConfig(documents.configSchema, env);
  const documentReader = documents.createDocumentReader({
    engine: documentsConfig.OCR_ENGINE,
    concurrency: documentsConfig.READ_CONCURRENCY,
    queueLimit: documentsConfig.READ_QUEUE,
    idleMs: documentsConfig.READ_IDLE_SECONDS * 1000,
    logger: opts.logger.child({ service: 'documents' }),
  });
  let documentsConsumers: { stop(): Promise<void> } | undefined;
  let assistantServices: assistant.Services | undefined;
  const wiring: Wiring = {
    documents: { blobs: createBlobStore(documentsConfig), reader: documentReader },
    rules: rulesSource,
    billRules,
    ruleTargets: {
      ledger: () => services.ledger?.grpc.address,
      bills: () => services.bills?.grpc.address,
    },
    webhooksQueued: () => webhooksWorkers?.wake(),
    assistant: () =>
      (assistantServices = assistant.createServices(
        {
          LEDGER_GRPC_URL: services.ledger.grpc.address,
          CATEGORIZATION_GRPC_URL: services.categorization.grpc.address,
          BILLS_GRPC_URL: services.bills.grpc.address,
          TAX_GRPC_URL: services.tax.grpc.address,
          DOCUMENTS_GRPC_URL: services.documents.grpc.address,
        },
        loadConfig(assistant.configSchema, env).TOOL_DEADLINE_MS,
      )),
  };
  const startArgs = new Map<ServiceName, Parameters<typeof startGrpcServer>[0]>();
  let rulesCatchUp: ledger.RulesCatchUp | undefined;
  for (const name of SERVICE_NAMES) {
    const { schema, migrations } = MIGRATIONS[name];
    const logger = opts.logger.child({ service: name });
    const db = createDb({ connectionString: opts.databaseUrl, schema, poolMax: opts.poolMax });
    await waitForDb(db);
    await migrateSchema(db, schema, migrations);
    // The ledger's background import worker runs beside its gRPC server and stops before its pool.
    const importWorker =
      name === 'ledger'
        ? ledger.createImportWorker({
            db,
            logger,
            config: loadConfig(ledger.configSchema, env),
            rules: rulesSource,
          })
        : undefined;
    importWorker?.start();
    if (importWorker) importWorkers.push(importWorker);
    if (name === 'bills') billsLedger = bills.connectLedger(services.ledger.grpc.address);
    const grpcArgs = {
      bindings: bindingsFor(name, db, logger, env, importWorker, billsLedger?.reader, wiring),
      address: '127.0.0.1:0',
      logger,
      readinessCheck: () =>
        db.raw('select 1').then(
          () => true,
          () => false,
        ),
    };
    const grpc = await startGrpcServer(grpcArgs);
    startArgs.set(name, { ...grpcArgs, address: grpc.address });
    services[name] = { db, grpc };
    if (name === 'ledger') {
      rulesCatchUp = ledger.createRulesCatchUp({
        db,
        logger,
        rules: rulesSource,
        intervalMs: ledgerConfig.RULES_CATCHUP_MS,
      });
      rulesCatchUp.start();
    }
    // Categorization's consumers (transaction.deleted removes assignments) on the stack's bus.
    if (name === 'categorization')
      await categorization.startCategorizationConsumers({ db, logger, bus: events });
    if (name === 'bills' && billsLedger) {
      // Jobs claimed in PostgreSQL (safe beside other stacks on the same database) and the
      // autopay consumer of the ledger's events on the stack's bus.
      billsWorkers = await bills.startBillsWorkers({
        db,
        logger,
        config: loadConfig(bills.configSchema, env),
        ledger: billsLedger.reader,
        bus: events,
        rules: billRules,
      });
    }
    // A deleted transaction takes its attachment links along.
    if (name === 'documents')
      documentsConsumers = await documents.startDocumentsConsumers({ db, logger, bus: events });
    if (name === 'webhooks') {
      webhooksWorkers = await webhooks.startWebhooksWorkers({
        db,
        logger,
        config: loadConfig(webhooks.configSchema, env),
        bus: events,
      });
    }
  }

  // One relay per service that has an outbox, started once every service (and so every
  // in-process consumer) is up.
  const relays: OutboxRelay[] = [];
  for (const name of SERVICE_NAMES) {
    const { schema, migrations } = MIGRATIONS[name];
    if (!Object.values(migrations).includes(outboxMigration)) continue;
    const relay = new OutboxRelay({
      db: services[name].db,
      service: schema,
      transport: events.transport,
      logger: opts.logger.child({ service: name }),
    });
    relay.start();
    relays.push(relay);
  }

  const config = loadConfig(gatewayConfigSchema, {
    ...env,
    IDENTITY_GRPC_URL: services.identity.grpc.address,
    LEDGER_GRPC_URL: services.ledger.grpc.address,
    CATEGORIZATION_GRPC_URL: services.categorization.grpc.address,
    TAX_GRPC_URL: services.tax.grpc.address,
    BILLS_GRPC_URL: services.bills.grpc.address,
    WEBHOOKS_GRPC_URL: services.webhooks.grpc.address,
    DOCUMENTS_GRPC_URL: services.documents.grpc.address,
    ASSISTANT_GRPC_URL: services.assistant.grpc.address,
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
  const startService = async (name: ServiceName) => {
    if (!stopped.has(name)) return;
    const args = startArgs.get(name);
    if (!args) throw new Error(`${name} was never started`);
    services[name] = { ...services[name], grpc: await startGrpcServer(args) };
    stopped.delete(name);
  };

  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    gateway,
    services,
    events,
    stopService,
    startService,
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
      for (const worker of importWorkers) await worker.stop();
      await rulesCatchUp?.stop();
      rulesSource.close();
      billRules.close();
      await billsWorkers?.stop();
      await webhooksWorkers?.stop();
      await documentsConsumers?.stop();
      await documentReader.close();
      // Relays finish their round before the bus closes, and both before the pools close.
      for (const relay of relays) await relay.stop();
      await events.close();
      for (const name of SERVICE_NAMES) await services[name].db.destroy();
      billsLedger?.close();
      if (assistantServices) assistant.closeServices(assistantServices);
      closeHealthClients();
    },
  };
}
