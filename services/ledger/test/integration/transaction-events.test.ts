import {
  createDb,
  createEventBus,
  createLogger,
  eventSubject,
  migrateSchema,
  OutboxRelay,
  ServiceClient,
  startGrpcServer,
  type EventBus,
  type EventEnvelope,
  type Knex,
  type RunningGrpcServer,
  type Subscription,
} from '@pfs/kit';
import { LedgerServiceClient } from '@pfs/proto/ledger';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, migrations, SCHEMA } from '../../src';
import {
  enqueueTransactionImported,
  TRANSACTION_CREATED,
  TRANSACTION_IMPORTED,
  type TransactionCreatedData,
  type TransactionImportedData,
} from '../../src/events/transactions';
import { ledgerAs, newUser, rejection } from './harness';

/**
 * The ledger's events end to end: gRPC call → row + outbox in one transaction → relay →
 * in-process bus → an idempotent consumer. A database of its own: relays of stacks in other
 * test files (same server, same `ledger` schema) would otherwise publish these rows to their
 * own buses.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup provides it)');
const logger = createLogger('ledger-events-test', 'silent');
const dbName = `ledger_events_${randomBytes(4).toString('hex')}`;

let admin: Knex;
let db: Knex;
let server: RunningGrpcServer;
let client: ServiceClient<LedgerServiceClient>;
let bus: EventBus;
let relay: OutboxRelay;
let subscription: Subscription;
const received: EventEnvelope[] = [];

beforeAll(async () => {
  admin = createDb({ connectionString: base, schema: 'public' });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  db = createDb({ connectionString: url.toString(), schema: SCHEMA });
  await migrateSchema(db, SCHEMA, migrations);
  server = await startGrpcServer({
    bindings: createServer({ db, logger }),
    address: '127.0.0.1:0',
    logger,
  });
  client = new ServiceClient('ledger', LedgerServiceClient, server.address);

  bus = createEventBus({ logger }); // no NATS URL: the embedded default's in-process bus
  subscription = await bus.subscribe({
    consumer: 'ledger-events-test',
    subjects: [
      eventSubject(SCHEMA, TRANSACTION_CREATED),
      eventSubject(SCHEMA, TRANSACTION_IMPORTED),
    ],
    db,
    logger,
    handler: async (event) => {
      received.push(event);
    },
  });
  relay = new OutboxRelay({ db, service: SCHEMA, transport: bus.transport, logger });
  relay.start();
});

afterAll(async () => {
  await relay?.stop();
  await bus?.close();
  client?.close();
  await server?.shutdown(1_000);
  await db?.destroy();
  await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
  await admin?.destroy();
});

async function eventsFor(
  predicate: (e: EventEnvelope) => boolean,
  count = 1,
): Promise<EventEnvelope[]> {
  const deadline = Date.now() + 10_000;
  while (received.filter(predicate).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 300)); // room for a stray second delivery
  return received.filter(predicate);
}

describe('ledger events', () => {
  it('publishes exactly one transaction.created per CreateTransaction, with the transaction', async () => {
    const userId = newUser();
    const category = randomUUID();
    const created = await ledgerAs(client, userId).create({
      date: '2024-07-01T09:30:00+10:00',
      description: 'Team lunch',
      amount: '84.5',
      type: 'debit',
      merchant: 'Cafe Rio',
      categoryId: category,
      isTaxDeductible: true,
    });

    const events = await eventsFor((e) => (e.data as TransactionCreatedData).id === created.id);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: TRANSACTION_CREATED,
        source: 'ledger',
        userId,
        occurredAt: expect.any(String),
        data: {
          id: created.id,
          date: '2024-06-30T23:30:00.000Z',
          amount: '84.50',
          type: 'debit',
          description: 'Team lunch',
          merchant: 'Cafe Rio',
          categoryId: category,
          isTaxDeductible: true,
        } satisfies TransactionCreatedData,
      },
    ]);
    expect(Date.parse(events[0].occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(subscription.stats.parked).toBe(0);
  });

  it('writes no event when the transaction is not created', async () => {
    const userId = newUser();
    const ledger = ledgerAs(client, userId);
    expect((await rejection(ledger.create({ amount: '-5' }))).code).toBe('VALIDATION_ERROR');
    const minimal = await ledger.create({ merchant: undefined });
    const events = await eventsFor((e) => e.userId === userId);
    expect(events.map((e) => (e.data as TransactionCreatedData).id)).toEqual([minimal.id]);
    expect(events[0].data).toMatchObject({
      merchant: null,
      categoryId: null,
      isTaxDeductible: false,
      amount: '25.00',
    });
    expect(await db('outbox').where({ user_id: userId }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('lets an import enqueue one transaction.imported in its own transaction', async () => {
    const userId = newUser();
    const data: TransactionImportedData = {
      importId: randomUUID(),
      imported: 2,
      duplicates: 1,
      skipped: 3,
      transactionIds: [randomUUID(), randomUUID()],
    };
    const envelope = await db.transaction((trx) => enqueueTransactionImported(trx, userId, data));
    expect(envelope).toMatchObject({ type: TRANSACTION_IMPORTED, source: 'ledger', userId, data });
    const events = await eventsFor((e) => e.type === TRANSACTION_IMPORTED && e.userId === userId);
    expect(events).toEqual([envelope]);
    // Rolled back with the import: never published.
    const lostUser = newUser();
    await expect(
      db.transaction(async (trx) => {
        await enqueueTransactionImported(trx, lostUser, data);
        throw new Error('import failed');
      }),
    ).rejects.toThrow('import failed');
    expect(await eventsFor((e) => e.userId === lostUser, 0)).toEqual([]);
  });
});
