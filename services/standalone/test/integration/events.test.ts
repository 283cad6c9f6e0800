import { createDb, createLogger, eventSubject, type EventEnvelope, type Knex } from '@pfs/kit';
import { randomBytes } from 'node:crypto';
import { startStack, type Stack } from '../../src';
import { ADMIN_TOKEN, client, registerUser, type Api } from './harness';

/**
 * The embedded default's event wiring: a REST call reaches the ledger, whose outbox relay
 * publishes to the in-process bus the stack exposes as `stack.events`. The stack runs on a
 * database of its own: the relays of stacks in other test files (same server, same `ledger`
 * schema) would otherwise publish this file's events to their own buses.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup starts PostgreSQL)');
const dbName = `stack_events_${randomBytes(4).toString('hex')}`;

let admin: Knex;
let stack: Stack;
let api: Api;

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
});

afterAll(async () => {
  await stack?.close();
  await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
  await admin?.destroy();
});

it('publishes transaction.created on the stack bus when a transaction is created over REST', async () => {
  expect(stack.events.kind).toBe('in-process');
  const received: EventEnvelope[] = [];
  await stack.events.subscribe({
    consumer: 'stack-events-test',
    subjects: [eventSubject('ledger', 'transaction.created')],
    // The consumer's inbox lives in the consuming service's schema; the ledger's will do here.
    db: stack.services.ledger.db,
    logger: createLogger('test', 'silent'),
    handler: async (event) => {
      received.push(event);
    },
  });
  const user = await registerUser(api);
  const res = await api('POST', '/api/bank/transactions', {
    token: user.token,
    body: { date: '2025-03-14', description: 'Officeworks stationery', amount: 110, type: 'debit' },
  });
  expect(res.status).toBe(201);
  const id = res.body.transaction.id as string;

  const deadline = Date.now() + 10_000;
  while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 300));
  expect(received).toEqual([
    expect.objectContaining({
      type: 'transaction.created',
      source: 'ledger',
      userId: user.id,
      data: expect.objectContaining({
        id,
        amount: '110.00',
        type: 'debit',
        description: 'Officeworks stationery',
      }),
    }),
  ]);
});
