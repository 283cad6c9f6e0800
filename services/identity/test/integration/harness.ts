import {
  createDb,
  createLogger,
  migrateSchema,
  ServiceClient,
  startGrpcServer,
  type Knex,
  type RunningGrpcServer,
} from '@pfs/kit';
import { IdentityServiceClient, type RegisterRequest } from '@pfs/proto/identity';
import { randomUUID } from 'node:crypto';
import { configSchema, createServer, migrations, SCHEMA, type IdentityConfig } from '../../src';

export const JWT_SECRET = 'integration-test-secret-0123456789abcdef';

export interface Harness {
  client: ServiceClient<IdentityServiceClient>;
  db: Knex;
  config: IdentityConfig;
  close(): Promise<void>;
}

/** A real identity gRPC server on a free port, against the shared test database. */
export async function startIdentity(env: Record<string, string> = {}): Promise<Harness> {
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup sets it)');
  const config = configSchema.parse({
    JWT_SECRET,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOGIN_SLOWDOWN_MS: '0',
    ...env,
  });
  const logger = createLogger('identity-test', 'silent');
  const db = createDb({ connectionString, schema: SCHEMA });
  await migrateSchema(db, SCHEMA, migrations);
  const server: RunningGrpcServer = await startGrpcServer({
    bindings: createServer({ db, logger, config }),
    address: '127.0.0.1:0',
    logger,
  });
  const client = new ServiceClient('identity', IdentityServiceClient, server.address);
  return {
    client,
    db,
    config,
    async close() {
      client.close();
      await server.shutdown(1000);
      await db.destroy();
    },
  };
}

/** The database is shared by every test file: each test signs up its own address. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.com`;
}

export function registration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    email: uniqueEmail(),
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    businessType: '',
    countryCode: '',
    ...overrides,
  };
}

/** Registers a fresh user and returns what the sign-up answered. */
export async function signUp(h: Harness, overrides: Partial<RegisterRequest> = {}) {
  const request = registration(overrides);
  const response = await h.client.call((c) => c.register, request);
  if (!response.user || !response.tokens)
    throw new Error('register answered without user or tokens');
  return { request, user: response.user, tokens: response.tokens };
}
