import {
  createDb,
  createLogger,
  migrateSchema,
  ServiceClient,
  startGrpcServer,
  type Knex,
  type RunningGrpcServer,
} from '@pfs/kit';
import {
  LedgerServiceClient,
  type Transaction,
  type TransactionInput,
  type TransactionPatch,
} from '@pfs/proto/ledger';
import { randomUUID } from 'node:crypto';
import { createServer, migrations, SCHEMA } from '../../src';

/** A real ledger gRPC server on a free port over the shared test database. */
export interface Harness {
  db: Knex;
  server: RunningGrpcServer;
  client: ServiceClient<LedgerServiceClient>;
  close(): Promise<void>;
}

export async function startLedger(): Promise<Harness> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup provides it)');
  const db = createDb({ connectionString: url, schema: SCHEMA });
  // Parallel test files migrate the same database; kit serialises them with an advisory lock.
  await migrateSchema(db, SCHEMA, migrations);
  const logger = createLogger('ledger-test', 'silent');
  const server = await startGrpcServer({
    bindings: createServer({ db, logger }),
    address: '127.0.0.1:0',
    logger,
  });
  const client = new ServiceClient('ledger', LedgerServiceClient, server.address);
  return {
    db,
    server,
    client,
    async close() {
      client.close();
      await server.shutdown(1_000);
      await db.destroy();
    },
  };
}

/** A fresh user per test keeps parallel test files from seeing each other's rows. */
export const newUser = (): string => randomUUID();

export function input(overrides: Partial<TransactionInput> = {}): TransactionInput {
  return {
    date: '2024-07-01',
    description: 'Coffee beans',
    amount: '25.00',
    type: 'debit',
    ...overrides,
  };
}

/** Calls bound to one user, the way the gateway calls the ledger. */
export function ledgerAs(client: Harness['client'], userId: string | undefined) {
  const opts = { userId };
  return {
    create: async (tx: Partial<TransactionInput> = {}): Promise<Transaction> =>
      (await client.call((c) => c.createTransaction, { transaction: input(tx) }, opts))
        .transaction!,
    get: async (id: string): Promise<Transaction> =>
      (await client.call((c) => c.getTransaction, { id }, opts)).transaction!,
    list: (request: Parameters<LedgerServiceClient['listTransactions']>[0] = { sort: '' }) =>
      client.call((c) => c.listTransactions, request, opts),
    update: async (id: string, patch: Partial<TransactionPatch>): Promise<Transaction> =>
      (
        await client.call(
          (c) => c.updateTransaction,
          { id, patch: { clearCategoryId: false, clearMerchant: false, ...patch } },
          opts,
        )
      ).transaction!,
    remove: (id: string) => client.call((c) => c.deleteTransaction, { id }, opts),
  };
}

/** Resolves to the AppError a call was rejected with. */
export async function rejection(promise: Promise<unknown>): Promise<{
  code: string;
  message: string;
  details?: { issues?: { field: string; message: string }[] };
}> {
  try {
    await promise;
  } catch (err) {
    return err as never;
  }
  throw new Error('expected the call to fail');
}
