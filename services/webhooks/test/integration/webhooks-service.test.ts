import {
  AppError,
  buildEnvelope,
  createDb,
  createDeliveryHandler,
  createLogger,
  eventSubject,
  migrateSchema,
  newId,
  ServiceClient,
  startGrpcServer,
  type Knex,
  type RunningGrpcServer,
} from '@pfs/kit';
import { WebhooksServiceClient } from '@pfs/proto/webhooks';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import {
  createSender,
  createServer,
  DELIVERY_CONSUMER,
  deliveryHandler,
  DeliveryWorker,
  migrations,
  RETRY_DELAYS_MS,
  SCHEMA,
  type Resolver,
  type Sender,
} from '../../src';
import { startReceiver, type Receiver } from './receiver';

/**
 * Real gRPC and real PostgreSQL (a database of its own: the workers claim every user's rows),
 * a real HTTP receiver started here, and a clock the tests move.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base)
  throw new Error('TEST_DATABASE_URL is not set (run through the integration jest project)');
const dbName = `webhooks_service_${randomBytes(4).toString('hex')}`;
const logger = createLogger('webhooks-test', 'silent');

let admin: Knex;
let db: Knex;
let dbUrl: string;
let receiver: Receiver;
/** allowPrivate server (loopback receiver) and a strict one (SSRF rules on). */
let open: RunningGrpcServer;
let strict: RunningGrpcServer;
let openClient: ServiceClient<WebhooksServiceClient>;
let strictClient: ServiceClient<WebhooksServiceClient>;

let clock = new Date();
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** Test resolver: fixed answers per host, falling back to "does not resolve". */
const dnsAnswers = new Map<string, string[][]>();
const resolve: Resolver = async (host) => {
  const queue = dnsAnswers.get(host);
  if (!queue?.length) throw new Error('ENOTFOUND');
  const answer = queue.length > 1 ? queue.shift()! : queue[0];
  return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const openSender = (timeoutMs = 2_000): Sender =>
  createSender({ allowPrivate: true, timeoutMs, responseCapBytes: 256, resolve });

function worker(extra: Partial<ConstructorParameters<typeof DeliveryWorker>[0]> = {}) {
  return new DeliveryWorker({
    db,
    logger,
    sender: openSender(),
    now,
    random: () => 0.5,
    leaseMs: 60_000,
    ...extra,
  });
}

beforeAll(async () => {
  admin = createDb({ connectionString: base, schema: 'public' });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  db = createDb({ connectionString: dbUrl, schema: SCHEMA, poolMax: 8 });
  await migrateSchema(db, SCHEMA, migrations);
  receiver = await startReceiver();
  open = await startGrpcServer({
    bindings: createServer({ db, logger, allowPrivateUrls: true, resolve, now }),
    address: '127.0.0.1:0',
    logger,
  });
  strict = await startGrpcServer({
    bindings: createServer({ db, logger, allowPrivateUrls: false, resolve, now }),
    address: '127.0.0.1:0',
    logger,
  });
  openClient = new ServiceClient('webhooks', WebhooksServiceClient, open.address);
  strictClient = new ServiceClient('webhooks', WebhooksServiceClient, strict.address);
});

afterAll(async () => {
  openClient?.close();
  strictClient?.close();
  await open?.shutdown(1000);
  await strict?.shutdown(1000);
  await receiver?.close();
  await db?.destroy();
  await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
  await admin?.destroy();
});

beforeEach(async () => {
  clock = new Date();
  // Each test starts with no pending work from the others.
  await db('deliveries').delete();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the call to fail');
}

type C = WebhooksServiceClient;
const as = (userId: string, client = openClient) => ({
  create: (body: { url: string; eventTypes?: string[]; description?: string; enabled?: boolean }) =>
    client.call(
      (c: C) => c.createEndpoint,
      { description: '', eventTypes: ['transaction.imported'], ...body },
      { userId },
    ),
  get: (id: string) => client.call((c: C) => c.getEndpoint, { id }, { userId }),
  list: () => client.call((c: C) => c.listEndpoints, { page: { page: 1, limit: 50 } }, { userId }),
  update: (id: string, patch: Record<string, unknown>) =>
    client.call(
      (c: C) => c.updateEndpoint,
      { id, eventTypes: [], setEventTypes: false, ...patch },
      { userId },
    ),
  remove: (id: string) => client.call((c: C) => c.deleteEndpoint, { id }, { userId }),
  rotate: (id: string) => client.call((c: C) => c.rotateSecret, { id }, { userId }),
  deliveries: (endpointId: string, status = '') =>
    client.call(
      (c: C) => c.listDeliveries,
      { endpointId, status, page: { page: 1, limit: 200 } },
      { userId },
    ),
  test: (endpointId: string) => client.call((c: C) => c.sendTest, { endpointId }, { userId }),
  redeliver: (endpointId: string, deliveryId: string) =>
    client.call((c: C) => c.redeliver, { endpointId, deliveryId }, { userId }),
});

/** Runs the consumer's handler on one event, as the bus would. */
const consumer = () =>
  createDeliveryHandler({
    consumer: DELIVERY_CONSUMER,
    subjects: [],
    db,
    logger,
    handler: deliveryHandler({ now }),
  });

async function publish(
  userId: string,
  type: string,
  data: Record<string, unknown>,
  source = 'ledger',
) {
  const event = buildEnvelope(source, { type, userId, data }, clock);
  await consumer().handle({ event, subject: eventSubject(source, type), attempt: 1 });
  return event;
}

describe('subscriptions', () => {
  it('creates with a once-shown whsec_ secret, lists, updates and deletes; another user gets 404', async () => {
    const alice = as(newId());
    const bob = as(newId());
    const { endpoint, secret } = await alice.create({
      url: receiver.url('/crud'),
      eventTypes: ['transaction.imported', 'bill.due_soon'],
      description: 'Books',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: receiver.url('/crud'),
      description: 'Books',
      eventTypes: ['transaction.imported', 'bill.due_soon'],
      enabled: true,
      disabledReason: '',
      secretPrefix: `${secret.slice(0, 10)}…`,
    });
    const got = await alice.get(endpoint!.id);
    expect(JSON.stringify(got)).not.toContain(secret);
    expect((await alice.list()).endpoints.map((e) => e.id)).toContain(endpoint!.id);

    expect((await failure(bob.get(endpoint!.id))).code).toBe('NOT_FOUND');
    expect((await failure(bob.update(endpoint!.id, { enabled: false }))).code).toBe('NOT_FOUND');
    expect((await failure(bob.remove(endpoint!.id))).code).toBe('NOT_FOUND');
    expect((await failure(bob.deliveries(endpoint!.id))).code).toBe('NOT_FOUND');
    expect((await failure(bob.test(endpoint!.id))).code).toBe('NOT_FOUND');
    expect((await bob.list()).endpoints).toEqual([]);

    const unknown = await failure(alice.create({ url: receiver.url('/x'), eventTypes: ['nope'] }));
    expect(unknown.code).toBe('VALIDATION_ERROR');
    expect(unknown.details?.issues?.[0]).toMatchObject({ field: 'eventTypes.0' });
    expect((await failure(alice.create({ url: receiver.url('/x'), eventTypes: [] }))).code).toBe(
      'VALIDATION_ERROR',
    );

    const updated = await alice.update(endpoint!.id, {
      eventTypes: ['rule.executed'],
      setEventTypes: true,
      enabled: false,
    });
    expect(updated.endpoint).toMatchObject({ eventTypes: ['rule.executed'], enabled: false });
    await alice.remove(endpoint!.id);
    expect((await failure(alice.get(endpoint!.id))).code).toBe('NOT_FOUND');
  });
});

describe('secrets at rest', () => {
  it('are sealed with WEBHOOK_SECRET_KEY; deliveries (and rotations) still verify', async () => {
    const key = 'test-webhook-secret-key-0123456789abcdef';
    const keyed = await startGrpcServer({
      bindings: createServer({ db, logger, allowPrivateUrls: true, resolve, now, secretKey: key }),
      address: '127.0.0.1:0',
      logger,
    });
    const keyedClient = new ServiceClient('webhooks', WebhooksServiceClient, keyed.address);
    try {
      const user = as(newId(), keyedClient);
      const { endpoint, secret } = await user.create({ url: receiver.url('/sealed') });
      const row = await db('endpoints').where({ id: endpoint!.id }).first();
      expect(row.secret).toMatch(/^enc:v1:/);
      expect(row.secret).not.toContain(secret.slice('whsec_'.length));
      expect(endpoint!.secretPrefix).toBe(`${secret.slice(0, 10)}…`);
      await user.test(endpoint!.id);
      // Without the key nothing can be signed, so nothing is sent.
      expect(await worker().runOnce()).toBe(1);
      expect(receiver.at('/sealed')).toHaveLength(0);
      advance(61_000);
      await worker({ secretKey: key }).runOnce();
      const [first] = receiver.at('/sealed');
      expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({
        type: 'webhook.test',
      });
      const { secret: fresh } = await user.rotate(endpoint!.id);
      await user.test(endpoint!.id);
      await worker({ secretKey: key }).runOnce();
      const second = receiver.at('/sealed')[1];
      expect(new Webhook(secret).verify(second.body, second.headers)).toBeTruthy();
      expect(new Webhook(fresh).verify(second.body, second.headers)).toBeTruthy();
    } finally {
      keyedClient.close();
      await keyed.shutdown(1000);
    }
  });
});

describe('delivery', () => {
  it('signs per Standard Webhooks (verified by the standardwebhooks library) with body {type, timestamp, data}', async () => {
    const user = newId();
    const { endpoint, secret } = await as(user).create({ url: receiver.url('/signed') });
    const other = await as(user).create({
      url: receiver.url('/other'),
      eventTypes: ['bill.due_soon'],
    });
    const event = await publish(user, 'transaction.imported', {
      importId: newId(),
      imported: 2,
      duplicates: 0,
      skipped: 0,
      transactionIds: [],
    });
    // The same event again (a bus redelivery) creates nothing new.
    await consumer().handle({ event, subject: 'x', attempt: 2 });
    expect(await worker().runOnce()).toBe(1);

    const [req] = receiver.at('/signed');
    expect(receiver.at('/other')).toHaveLength(0);
    const verified = new Webhook(secret).verify(req.body, req.headers) as Record<string, unknown>;
    expect(verified).toEqual({
      type: 'transaction.imported',
      timestamp: event.occurredAt,
      data: event.data,
    });
    expect(req.headers['webhook-id']).toBe(`msg_${event.id}`);
    expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(() => new Webhook(other.secret).verify(req.body, req.headers)).toThrow();

    const { deliveries } = await as(user).deliveries(endpoint!.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      eventType: 'transaction.imported',
      responseExcerpt: '{"ok":true}',
      nextAttemptAt: '',
    });
    expect(deliveries[0].latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(deliveries[0].requestExcerpt)).toMatchObject({
      type: 'transaction.imported',
    });
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
    const user = newId();
    const { endpoint, secret: old } = await as(user).create({ url: receiver.url('/rotate') });
    const { secret: fresh, endpoint: rotated } = await as(user).rotate(endpoint!.id);
    expect(fresh).not.toBe(old);
    expect(rotated!.previousSecretExpiresAt).toBe(
      new Date(clock.getTime() + 86_400_000).toISOString(),
    );
    await as(user).test(endpoint!.id);
    await worker().runOnce();
    const [first] = receiver.at('/rotate');
    expect(first.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(old).verify(first.body, first.headers)).toMatchObject({
      type: 'webhook.test',
    });
    expect(new Webhook(fresh).verify(first.body, first.headers)).toMatchObject({
      type: 'webhook.test',
    });

    advance(86_400_000 + 1_000);
    await as(user).test(endpoint!.id);
    await worker().runOnce();
    const second = receiver.at('/rotate')[1];
    const sigs = second.headers['webhook-signature'].split(' ');
    expect(sigs).toHaveLength(1);
    const at = new Date(Number(second.headers['webhook-timestamp']) * 1000);
    expect(sigs[0]).toBe(new Webhook(fresh).sign(second.headers['webhook-id'], at, second.body));
  });

  it('retries a 500 on the Standard Webhooks schedule with jitter, over more than 24 h, then fails', async () => {
    const user = newId();
    receiver.on('/down', (_r, res) => res.writeHead(500).end('boom'));
    const { endpoint } = await as(user).create({ url: receiver.url('/down') });
    await publish(user, 'transaction.imported', { importId: newId() });
    const w = worker();
    const started = clock.getTime();
    const gaps: number[] = [];
    let last = started;
    for (;;) {
      expect(await w.runOnce()).toBe(1);
      const [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
      if (d.status === 'failed') break;
      expect(d.status).toBe('pending');
      // Not due yet: nothing is claimed a second before the next attempt.
      const next = Date.parse(d.nextAttemptAt);
      clock = new Date(next - 1_000);
      expect(await w.runOnce()).toBe(0);
      clock = new Date(next);
      gaps.push(next - last);
      last = next;
    }
    expect(gaps).toEqual(RETRY_DELAYS_MS.map((ms) => Math.round(ms * 1.05)));
    expect(last - started).toBeGreaterThan(24 * 3_600_000);
    const [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d).toMatchObject({
      status: 'failed',
      attempts: 8,
      responseStatus: 500,
      responseExcerpt: 'boom',
    });
    expect(d.lastError).toBe('HTTP 500');
    expect(receiver.at('/down')).toHaveLength(8);

    // Redelivery by id: a new delivery with the same webhook-id and a fresh schedule.
    receiver.on('/down', (_r, res) => res.writeHead(204).end());
    const { delivery } = await as(user).redeliver(endpoint!.id, d.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, messageId: d.messageId });
    await w.runOnce();
    const after = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(after.map((x) => x.status).sort()).toEqual(['failed', 'succeeded']);
    expect(receiver.at('/down').at(-1)!.headers['webhook-id']).toBe(d.messageId);
    const pending = await as(user).test(endpoint!.id);
    expect((await failure(as(user).redeliver(endpoint!.id, pending.delivery!.id))).code).toBe(
      'CONFLICT',
    );
    expect((await failure(as(newId()).redeliver(endpoint!.id, d.id))).code).toBe('NOT_FOUND');
  });

  it('treats no answer within the timeout as a failure and retries 5 s later', async () => {
    const user = newId();
    let hang = true;
    receiver.on('/slow', (_r, res) => {
      if (!hang) res.writeHead(200).end();
      // otherwise never answers
    });
    const { endpoint } = await as(user).create({ url: receiver.url('/slow') });
    await as(user).test(endpoint!.id);
    const w = worker({ sender: openSender(300) });
    await w.runOnce();
    let [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'timed out after 300 ms',
    });
    expect(Date.parse(d.nextAttemptAt) - clock.getTime()).toBe(5_250);
    hang = false;
    advance(5_250);
    await w.runOnce();
    [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });
  });

  it('delivers at least once when a worker dies between send and record', async () => {
    const user = newId();
    const { endpoint } = await as(user).create({ url: receiver.url('/crash') });
    await as(user).test(endpoint!.id);
    const dying = worker({ afterSend: () => false });
    expect(await dying.runOnce()).toBe(1);
    expect(receiver.at('/crash')).toHaveLength(1);
    // Its lease holds: another worker does not send it meanwhile.
    const survivor = worker();
    advance(30_000);
    expect(await survivor.runOnce()).toBe(0);
    advance(31_000);
    expect(await survivor.runOnce()).toBe(1);
    const sent = receiver.at('/crash');
    expect(sent).toHaveLength(2);
    expect(sent[1].headers['webhook-id']).toBe(sent[0].headers['webhook-id']);
    const [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('delivers at least once when the worker process is killed (SIGKILL) between send and record', async () => {
    const user = newId();
    const { endpoint } = await as(user).create({ url: receiver.url('/killed') });
    await as(user).test(endpoint!.id);
    const child = fork(join(__dirname, 'crash-worker.cjs'), [], {
      env: { ...process.env, CRASH_DATABASE_URL: dbUrl },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const messages: string[] = [];
    child.on('message', (m: { type: string }) => messages.push(m.type));
    const exit = await new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    expect(exit).toBe('SIGKILL');
    expect(messages).toEqual(['sent']);
    expect(receiver.at('/killed')).toHaveLength(1);
    let [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: undefined });
    // Held by the dead worker's lease until it expires, then sent again with the same id. The
    // child leased on the real clock, some seconds after this test's clock was set.
    clock = new Date();
    const survivor = worker();
    expect(await survivor.runOnce()).toBe(0);
    advance(61_000);
    expect(await survivor.runOnce()).toBe(1);
    const sent = receiver.at('/killed');
    expect(sent).toHaveLength(2);
    expect(sent[1].headers['webhook-id']).toBe(sent[0].headers['webhook-id']);
    [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });
  });

  it('two workers on their own pools never send one delivery twice, and respect the per-endpoint bound', async () => {
    const user = newId();
    const paths = ['/a', '/b', '/c', '/d'];
    for (const p of paths)
      receiver.on(p, (_r, res) => setTimeout(() => res.writeHead(200).end(), 15));
    const endpoints = [];
    for (const p of paths)
      endpoints.push(
        (await as(user).create({ url: receiver.url(p), eventTypes: ['rule.executed'] })).endpoint!,
      );
    for (let i = 0; i < 30; i++)
      await publish(user, 'rule.executed', { runId: newId() }, 'categorization');
    const poolB = createDb({ connectionString: dbUrl, schema: SCHEMA, poolMax: 8 });
    try {
      const a = worker({ endpointConcurrency: 2, concurrency: 6 });
      const b = new DeliveryWorker({
        db: poolB,
        logger,
        sender: openSender(),
        now,
        endpointConcurrency: 2,
        concurrency: 6,
      });
      const drain = async (w: DeliveryWorker) => {
        let idle = 0;
        while (idle < 3) idle = (await w.runOnce()) ? 0 : idle + 1;
      };
      await Promise.all([drain(a), drain(b)]);
    } finally {
      await poolB.destroy();
    }
    const ids = paths.flatMap((p) => receiver.at(p).map((r) => `${p} ${r.headers['webhook-id']}`));
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    for (const p of paths) expect(receiver.maxActive(p)).toBeLessThanOrEqual(2);
    const [{ n }] = await db('deliveries').where({ status: 'succeeded' }).count({ n: '*' });
    expect(Number(n)).toBe(120);
  });

  it('a slow partner with a backlog does not starve the others', async () => {
    const user = newId();
    const held: (() => void)[] = [];
    receiver.on('/slow-partner', (_r, res) => held.push(() => res.writeHead(200).end()));
    const slow = (await as(user).create({ url: receiver.url('/slow-partner') })).endpoint!;
    const fast = (await as(user).create({ url: receiver.url('/fast-partner') })).endpoint!;
    for (let i = 0; i < 40; i++) await as(user).test(slow.id);
    advance(1_000);
    for (let i = 0; i < 5; i++) await as(user).test(fast.id);
    advance(1_000);
    const w = worker({ endpointConcurrency: 2, concurrency: 8 });
    const first = await w.claimAndSend();
    // Two of each: the per-endpoint bound, and the backlog did not fill the batch.
    expect(first).toHaveLength(4);
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 500 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
    };
    const fastDone = async () =>
      (await as(user).deliveries(fast.id, 'succeeded')).deliveries.length;
    await until(async () => (await fastDone()) === 2);
    // The slow partner holds both its slots; the fast one gets the rest of its deliveries.
    while ((await w.runOnce()) > 0);
    expect(await fastDone()).toBe(5);
    expect(receiver.at('/slow-partner')).toHaveLength(2);
    await until(async () => held.length === 2);
    for (const release of held.splice(0)) release();
    await Promise.all(first);
  });

  it('disables an endpoint failing for days and shows why; enabling again clears it', async () => {
    const user = newId();
    receiver.on('/dead', (_r, res) => res.writeHead(503).end());
    const { endpoint } = await as(user).create({ url: receiver.url('/dead') });
    const w = worker({ disableAfterDays: 5 });
    await publish(user, 'transaction.imported', { importId: newId() });
    await w.runOnce();
    advance(3 * 86_400_000);
    await publish(user, 'transaction.imported', { importId: newId() });
    await w.runOnce();
    expect((await as(user).get(endpoint!.id)).endpoint).toMatchObject({ enabled: true });
    advance(2 * 86_400_000 + 1);
    await publish(user, 'transaction.imported', { importId: newId() });
    await w.runOnce();
    const { endpoint: disabled } = await as(user).get(endpoint!.id);
    expect(disabled).toMatchObject({ enabled: false });
    expect(disabled!.disabledReason).toMatch(
      /^Disabled automatically on .*every delivery has failed since .*HTTP 503/,
    );
    expect(disabled!.failingSince).not.toBe('');
    // No new deliveries for a disabled endpoint, and its pending retries wait.
    const before = (await as(user).deliveries(endpoint!.id)).deliveries.length;
    await publish(user, 'transaction.imported', { importId: newId() });
    expect((await as(user).deliveries(endpoint!.id)).deliveries).toHaveLength(before);
    advance(86_400_000);
    expect(await w.runOnce()).toBe(0);
    const { endpoint: again } = await as(user).update(endpoint!.id, { enabled: true });
    expect(again).toMatchObject({ enabled: true, disabledReason: '', failingSince: '' });
  });

  it('prunes finished deliveries after the retention, never pending ones', async () => {
    const user = newId();
    receiver.on('/prune-down', (_r, res) => res.writeHead(500).end());
    const up = (await as(user).create({ url: receiver.url('/prune-up') })).endpoint!;
    const down = (await as(user).create({ url: receiver.url('/prune-down') })).endpoint!;
    await as(user).test(up.id);
    await as(user).test(down.id);
    const w = worker({ retentionDays: 30 });
    await w.runOnce();
    expect(await w.prune()).toBe(0);
    advance(31 * 86_400_000);
    expect(await w.prune()).toBe(1);
    expect((await as(user).deliveries(up.id)).deliveries).toEqual([]);
    expect((await as(user).deliveries(down.id)).deliveries).toHaveLength(1);
  });

  it('does not follow redirects and reads answers only up to the cap', async () => {
    const user = newId();
    receiver.on('/redirect', (_r, res) =>
      res.writeHead(302, { location: receiver.url('/target') }).end(),
    );
    receiver.on('/big', (_r, res) => res.writeHead(200).end('x'.repeat(1_000_000)));
    const r = await as(user).create({ url: receiver.url('/redirect') });
    const big = await as(user).create({ url: receiver.url('/big') });
    await as(user).test(r.endpoint!.id);
    await as(user).test(big.endpoint!.id);
    await worker().runOnce();
    expect(receiver.at('/target')).toHaveLength(0);
    const [redirected] = (await as(user).deliveries(r.endpoint!.id)).deliveries;
    expect(redirected).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      lastError: 'HTTP 302 (redirects are not followed)',
    });
    const [capped] = (await as(user).deliveries(big.endpoint!.id)).deliveries;
    expect(capped.status).toBe('succeeded');
    expect(capped.responseExcerpt).toHaveLength(256);
  });

  it('fans one event out to every subscribed endpoint of its user only', async () => {
    const user = newId();
    const stranger = newId();
    for (let i = 0; i < 25; i++)
      await as(user).create({ url: receiver.url(`/fan/${i}`), eventTypes: ['pattern.detected'] });
    await as(user).create({
      url: receiver.url('/fan/off'),
      eventTypes: ['pattern.detected'],
      enabled: false,
    });
    await as(stranger).create({
      url: receiver.url('/fan/stranger'),
      eventTypes: ['pattern.detected'],
    });
    await publish(user, 'pattern.detected', { merchant: 'Netflix' }, 'bills');
    const w = worker({ concurrency: 50 });
    while (await w.runOnce());
    const fan = receiver.received.filter((r) => r.path.startsWith('/fan/'));
    expect(fan).toHaveLength(25);
    expect(fan.some((r) => r.path === '/fan/off' || r.path === '/fan/stranger')).toBe(false);
  });
});

describe('SSRF safety', () => {
  const tricks: [string, string][] = [
    ['plain http', 'http://93.184.216.34/hook'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback name', 'https://localhost/hook'],
    ['decimal loopback', 'https://2130706433/hook'],
    ['octal loopback', 'https://0177.0.0.1/hook'],
    ['hex loopback', 'https://0x7f.0.0.1/hook'],
    ['unspecified', 'https://0.0.0.0/hook'],
    ['private 10/8', 'https://10.0.0.1/hook'],
    ['private 172.16/12', 'https://172.16.5.4/hook'],
    ['private 192.168/16', 'https://192.168.1.1/hook'],
    ['link-local / cloud metadata', 'https://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'https://100.64.0.1/hook'],
    ['Alibaba metadata (CGNAT)', 'https://100.100.100.200/hook'],
    ['multicast', 'https://224.0.0.1/hook'],
    ['broadcast', 'https://255.255.255.255/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped public IPv6', 'https://[::ffff:93.184.216.34]/hook'],
    ['NAT64', 'https://[64:ff9b::7f00:1]/hook'],
    ['6to4', 'https://[2002:7f00:1::1]/hook'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['IPv6 ULA', 'https://[fc00::1]/hook'],
    ['AWS metadata IPv6 (ULA)', 'https://[fd00:ec2::254]/hook'],
    ['IPv6 multicast', 'https://[ff02::1]/hook'],
    ['credentials in URL', 'https://user:pass@public.example/hook'],
    ['GCP metadata name', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['name resolving to a private address', 'https://internal-rebind.example/hook'],
    ['name with one private address among public ones', 'https://mixed.example/hook'],
    ['name that does not resolve', 'https://nowhere.example/hook'],
    ['not a URL', 'not a url'],
    ['other scheme', 'ftp://93.184.216.34/hook'],
  ];
  beforeAll(() => {
    dnsAnswers.set('internal-rebind.example', [['10.1.2.3']]);
    dnsAnswers.set('mixed.example', [['93.184.216.34', '192.168.0.10']]);
    dnsAnswers.set('public.example', [['93.184.216.34']]);
  });

  it.each(tricks)('refuses %s at creation', async (_name, url) => {
    const err = await failure(as(newId(), strictClient).create({ url }));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.[0]?.field).toBe('url');
  });

  it('accepts a public https URL, and refuses changing it to a private one', async () => {
    const user = as(newId(), strictClient);
    const { endpoint } = await user.create({ url: 'https://public.example/hook' });
    expect(endpoint!.url).toBe('https://public.example/hook');
    expect((await failure(user.update(endpoint!.id, { url: 'https://10.0.0.1/' }))).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('checks again at delivery: a name rebound to loopback after creation is refused, nothing is sent', async () => {
    dnsAnswers.set('rebinding.example', [['93.184.216.34'], ['127.0.0.1']]);
    const user = newId();
    const { endpoint } = await as(user, strictClient).create({
      url: `https://rebinding.example:${receiver.port}/rebound`,
    });
    await as(user).test(endpoint!.id);
    const strictWorker = worker({
      sender: createSender({
        allowPrivate: false,
        timeoutMs: 1_000,
        responseCapBytes: 256,
        resolve,
      }),
    });
    await strictWorker.runOnce();
    const [d] = (await as(user).deliveries(endpoint!.id)).deliveries;
    expect(d.lastError).toBe('URL refused: 127.0.0.1 is not a public address (loopback)');
    expect(d.status).toBe('pending');
    expect(receiver.at('/rebound')).toHaveLength(0);
  });

  it('over https: connects to the checked address and still verifies the certificate for the host name', async () => {
    const fixtures = join(__dirname, '..', 'fixtures');
    const cert = readFileSync(join(fixtures, 'partner.test.crt'));
    const tls = https.createServer(
      { cert, key: readFileSync(join(fixtures, 'partner.test.key')) },
      (req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200).end('tls ok'));
      },
    );
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    const port = (tls.address() as AddressInfo).port;
    try {
      dnsAnswers.set('partner.test', [['127.0.0.1']]);
      dnsAnswers.set('impostor.test', [['127.0.0.1']]);
      const user = newId();
      const good = (await as(user).create({ url: `https://partner.test:${port}/tls` })).endpoint!;
      const bad = (await as(user).create({ url: `https://impostor.test:${port}/tls` })).endpoint!;
      await as(user).test(good.id);
      await as(user).test(bad.id);
      await worker({
        sender: createSender({
          allowPrivate: true,
          timeoutMs: 2_000,
          responseCapBytes: 256,
          resolve,
          ca: cert,
        }),
      }).runOnce();
      const [ok] = (await as(user).deliveries(good.id)).deliveries;
      expect(ok).toMatchObject({ status: 'succeeded', responseExcerpt: 'tls ok' });
      const [refused] = (await as(user).deliveries(bad.id)).deliveries;
      expect(refused.status).toBe('pending');
      expect(refused.lastError).toMatch(/altnames|certificate/i);
    } finally {
      tls.closeAllConnections();
      await new Promise((r) => tls.close(r));
    }
  });

  it('connects to the address it checked, not to a fresh DNS answer', async () => {
    // Only the injected resolver knows this name; the system resolver could not reach it.
    dnsAnswers.set('partner.invalid', [['127.0.0.1']]);
    const user = newId();
    const { endpoint } = await as(user).create({
      url: `http://partner.invalid:${receiver.port}/pinned`,
    });
    await as(user).test(endpoint!.id);
    await worker().runOnce();
    const [req] = receiver.at('/pinned');
    expect(req.headers.host).toBe(`partner.invalid:${receiver.port}`);
  });
});
