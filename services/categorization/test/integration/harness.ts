import {
  createDb,
  createLogger,
  migrateSchema,
  newId,
  ServiceClient,
  startGrpcServer,
  type Knex,
  type RunningGrpcServer,
} from '@pfs/kit';
import {
  CategorizationServiceClient,
  type Category,
  type CategoryInput,
  type ListCategoriesResponse,
} from '@pfs/proto/categorization';
import { createServer, migrations, SCHEMA } from '../../src';

/** A real categorization gRPC server on a free port, against the shared test database. */
export interface Harness {
  db: Knex;
  server: RunningGrpcServer;
  client: ServiceClient<CategorizationServiceClient>;
  /** The service as seen by one user (pass no id to call without caller identity). */
  as(userId?: string): CategorizationApi;
  close(): Promise<void>;
}

export interface CategorizationApi {
  provision(countryCode?: string, businessType?: string): Promise<number>;
  list(opts?: {
    page?: number;
    limit?: number;
    countryCode?: string;
  }): Promise<ListCategoriesResponse>;
  get(id: string): Promise<Category>;
  batchGet(ids: string[]): Promise<Category[]>;
  create(input: CategoryInput): Promise<Category>;
  update(id: string, patch: CategoryInput): Promise<Category>;
  remove(id: string): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is not set (run through the integration jest project)');
  const db = createDb({ connectionString: url, schema: SCHEMA });
  await migrateSchema(db, SCHEMA, migrations);
  const logger = createLogger('categorization-test', 'silent');
  const server = await startGrpcServer({
    bindings: createServer({ db, logger }),
    address: '127.0.0.1:0',
    logger,
  });
  const client = new ServiceClient('categorization', CategorizationServiceClient, server.address);

  const as = (userId?: string): CategorizationApi => {
    const opts = { userId };
    return {
      provision: async (countryCode = '', businessType = '') =>
        (await client.call((c) => c.provisionDefaults, { countryCode, businessType }, opts))
          .created,
      list: ({ page = 0, limit = 0, countryCode = '' } = {}) =>
        client.call((c) => c.listCategories, { page: { page, limit }, countryCode }, opts),
      get: async (id) => (await client.call((c) => c.getCategory, { id }, opts)).category!,
      batchGet: async (ids) =>
        (await client.call((c) => c.batchGetCategories, { ids }, opts)).categories,
      create: async (category) =>
        (await client.call((c) => c.createCategory, { category }, opts)).category!,
      update: async (id, patch) =>
        (await client.call((c) => c.updateCategory, { id, patch }, opts)).category!,
      remove: async (id) => {
        await client.call((c) => c.deleteCategory, { id }, opts);
      },
    };
  };

  return {
    db,
    server,
    client,
    as,
    async close() {
      client.close();
      await server.shutdown(1_000);
      await db.destroy();
    },
  };
}

/** Test files share one database and run in parallel: every test acts as a fresh user. */
export const newUser = newId;
