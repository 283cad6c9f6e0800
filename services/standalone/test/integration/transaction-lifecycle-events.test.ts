import { createDb, createLogger, type EventEnvelope, type Knex } from '@pfs/kit';
import { randomBytes } from 'node:crypto';
import { startStack, type Stack } from '../../src';
import { ADMIN_TOKEN, client, registerUser, type Api } from './harness';

/**
 * transaction.updated and transaction.deleted (issue 13): written by the ledger's outbox in the
 * change's own database transaction, relayed on the stack's bus; categorization's durable
 * consumer removes a deleted transaction's category assignments. A database of its own, like
 * events.test.ts, so no other stack's relay publishes these rows.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup starts PostgreSQL)');
const dbName = `stack_txevents_${randomBytes(4).toString('hex')}`;

let admin: Knex;
let stack: Stack;
let api: Api;
const received: EventEnvelope[] = [];

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  admin = createDb({ connectionString: base, schema: 'public' });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const { NATS_URL: _ignored, ...env } = process.env;
  stack = await startStack({
    databaseUrl: url.toString(),
    logger: createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent'),
    poolMax: 4,
    env: {
      ...env,
      JWT_SECRET: 'integration-test-secret-0123456789abcdef',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOGIN_SLOWDOWN_MS: '0',
      ADMIN_TOKEN,
    },
  });
  api = client(stack);
  await stack.events.subscribe({
    consumer: 'stack-txevents-test',
    subjects: ['pfs.ledger.transaction.*'],
    db: stack.services.ledger.db,
    logger: createLogger('test', 'silent'),
    handler: async (event) => {
      received.push(event);
    },
  });
});

afterAll(async () => {
  await stack?.close();
  await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
  await admin?.destroy();
});

it('publishes transaction.updated with the changed fields, and none for a patch that changes nothing', async () => {
  const user = await registerUser(api);
  const created = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { date: '2025-03-14', description: 'Officeworks', amount: 110, type: 'debit' },
  });
  expect(created.status).toBe(201);
  const id = created.body.transaction.id as string;

  const patched = await api('PATCH', `/api/bank/transactions/${id}`, {
    token: user.token,
    body: { amount: 99.5, description: 'Officeworks paper' },
  });
  expect(patched.status).toBe(200);
  await api('PATCH', `/api/bank/transactions/${id}`, {
    token: user.token,
    body: { amount: 99.5 },
  });
  await until(
    () =>
      received.some(
        (e) => e.type === 'transaction.updated' && (e.data as { id: string }).id === id,
      ),
    'transaction.updated',
  );
  await new Promise((r) => setTimeout(r, 300));
  const updates = received.filter(
    (e) => e.type === 'transaction.updated' && (e.data as { id: string }).id === id,
  );
  expect(updates).toHaveLength(1);
  expect(updates[0]).toEqual(
    expect.objectContaining({
      source: 'ledger',
      userId: user.id,
      data: expect.objectContaining({
        id,
        amount: '99.50',
        description: 'Officeworks paper',
        changedFields: expect.arrayContaining(['amount', 'description']),
        previous: { amount: '110.00', description: 'Officeworks' },
      }),
    }),
  );
});

it('deleting a transaction publishes transaction.deleted and removes its category assignments', async () => {
  const user = await registerUser(api);
  const [category] = (await api('GET', '/api/categories', { token: user.token })).body.categories;
  const keep = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: {
      date: '2025-03-15',
      description: 'Keep me',
      amount: 5,
      type: 'debit',
      categoryId: category.id,
    },
  });
  const gone = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: {
      date: '2025-03-15',
      description: 'Delete me',
      amount: 7,
      type: 'debit',
      categoryId: category.id,
    },
  });
  expect(gone.status).toBe(201);
  const goneId = gone.body.transaction.id as string;
  const keepId = keep.body.transaction.id as string;
  const assignments = () =>
    stack.services.categorization
      .db('transaction_category_assignments')
      .where({ user_id: user.id });
  await until(async () => (await assignments()).length === 2, 'both assignments recorded');

  const deleted = await api('DELETE', `/api/bank/transactions/${goneId}`, { token: user.token });
  expect([200, 204]).toContain(deleted.status);
  await until(
    () =>
      received.some(
        (e) => e.type === 'transaction.deleted' && (e.data as { id: string }).id === goneId,
      ),
    'transaction.deleted',
  );
  const event = received.find((e) => e.type === 'transaction.deleted')!;
  expect(event).toEqual(
    expect.objectContaining({
      userId: user.id,
      data: expect.objectContaining({ id: goneId, amount: '7.00', categoryId: category.id }),
    }),
  );
  await until(
    async () => (await assignments()).length === 1,
    'the deleted transaction’s assignment removed',
  );
  expect((await assignments()).map((a: { transaction_id: string }) => a.transaction_id)).toEqual([
    keepId,
  ]);
  const history = await stack.services.categorization
    .db('assignment_history')
    .where({ user_id: user.id, transaction_id: goneId, action: 'removed' });
  expect(history).toEqual([
    expect.objectContaining({ notes: 'Transaction deleted', category_id: category.id }),
  ]);
  // Consumed once, remembered in categorization's inbox.
  const inbox = await stack.services.categorization
    .db('inbox')
    .where({ consumer: 'categorization-transaction-deleted', event_id: event.id });
  expect(inbox).toHaveLength(1);
  // A second delete is a 404 and publishes nothing more.
  expect(
    (await api('DELETE', `/api/bank/transactions/${goneId}`, { token: user.token })).status,
  ).toBe(404);
});
