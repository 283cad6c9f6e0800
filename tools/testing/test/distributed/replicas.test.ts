import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  createTestDatabase,
  freePort,
  isBuilt,
  json,
  natsServerAvailable,
  register,
  startNats,
  startS3,
  startSystem,
  waitFor,
  type Client,
  type System,
  type TestDatabase,
  type TestNats,
  type TestS3,
  recordFigures,
} from '../../distributed/cluster';
import {
  consumerMismatches,
  inboxCounts,
  lostWrites,
  outboxBacklog,
  documentsProbe,
  PROBES,
  publishedBySubject,
  drainEvents,
  Traffic,
} from '../../distributed/traffic';

/**
 * Two replicas of every service (and of the gateway): two runners (tools/run-distributed.mjs)
 * on the same PostgreSQL database and NATS JetStream, traffic spread over both gateways. Every
 * background job still does its work once: each bill gets one `bill.due_soon`, each background
 * import is run once and imports its rows once, each event is published once and handled once
 * per consumer (and, with the webhooks service, delivered once per endpoint).
 */
const { DATABASE_URL } = process.env;
const ready = !!DATABASE_URL && isBuilt('gateway') && natsServerAvailable();
if (!ready)
  console.warn(
    'distributed replica tests skipped: they need DATABASE_URL, a build (npx turbo run build) and /usr/sbin/nats-server',
  );

// Above the ledger's 64 KiB sample, so the upload is imported in the background (202).
const ROWS = 2000;
const IMPORTS = 4;
const BILLS = 20;

const csvOf = (importNo: number) =>
  [
    'Date,Description,Amount',
    ...Array.from(
      { length: ROWS },
      (_, i) =>
        `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')},IMPORT ${importNo} ROW ${i} PAYEE,-${(1 + i / 100).toFixed(2)}`,
    ),
  ].join('\n');

const addDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

(ready ? describe : describe.skip)('two replicas of every service', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let s3: TestS3;
  let a: System;
  let b: System;
  let users: Client[];
  let traffic: Traffic;
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let receiver: Server;
  let receiverUrl = '';

  beforeAll(async () => {
    db = await createTestDatabase(DATABASE_URL!, 'dist_replicas');
    nats = await startNats();
    s3 = await startS3();
    const port = await freePort();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${port}/hooks/replicas`;
    const env = {
      // Background work often, so both replicas keep competing for it.
      BILL_JOBS_POLL_MS: '200',
      BILL_DUE_SOON_EVERY_MS: '300',
      BILL_GENERATE_EVERY_MS: '300',
      IMPORT_POLL_MS: '100',
      IMPORT_BACKGROUND_BYTES: '4096',
      IMPORT_BATCH_ROWS: '250',
    };
    // One after the other: the second finds the migrations applied.
    a = await startSystem({ label: 'replica-a', databaseUrl: db.url, natsUrl: nats.url, s3, env });
    b = await startSystem({ label: 'replica-b', databaseUrl: db.url, natsUrl: nats.url, s3, env });
    users = [
      await register(a.gateway, 'replica-a', 'enterprise'),
      await register(b.gateway, 'replica-b', 'enterprise'),
    ];
    // Each user through both gateways: a client per (user, gateway).
    const viaOther = await Promise.all(
      users.map(async (u) => ({ ...u, base: u.base === a.gateway ? b.gateway : a.gateway })),
    );
    const clients = [...users, ...viaOther].map((u) => rebase(u));
    const probes = PROBES.filter((p) => a.services.includes(p.service));
    if (a.services.includes('documents')) probes.push(await documentsProbe(clients));
    traffic = new Traffic(clients, probes, 50);
    traffic.start();
  }, 240_000);

  afterAll(async () => {
    await traffic?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((r) => receiver?.close(r));
    await s3?.stop();
    await nats?.dispose();
    await db?.drop();
  }, 90_000);

  it('runs every service twice, each in its own process', () => {
    const pids = new Set<number>();
    for (const system of [a, b]) {
      const state = system.state();
      expect(Object.keys(state).sort()).toEqual([...system.services, 'gateway'].sort());
      for (const s of Object.values(state)) {
        expect(s.state).toBe('running');
        pids.add(s.pid!);
      }
    }
    expect(pids.size).toBe(2 * (a.services.length + 1));
  });

  it('background imports: each is run once and imports its rows once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < IMPORTS; i++) {
      const user = users[i % 2];
      const form = new FormData();
      form.append('file', new Blob([csvOf(i)], { type: 'text/csv' }), `big-${i}.csv`);
      const res = await fetch(`${i % 2 ? b.gateway : a.gateway}/api/bank/transactions/import`, {
        method: 'POST',
        headers: user.headers,
        body: form,
      });
      expect(res.status).toBe(202);
      ids.push((await json<{ import: { id: string } }>(res)).import.id);
    }
    await waitFor(
      async () =>
        (
          await db.query(
            `SELECT 1 FROM ledger.imports WHERE id = ANY($1::uuid[]) AND status = 'completed'`,
            [ids],
          )
        ).length === IMPORTS,
      'every background import completed',
      120_000,
      250,
    );
    const rows = await db.query<{ imported: number; duplicates: number; attempts: number }>(
      'SELECT imported, duplicates, attempts FROM ledger.imports WHERE id = ANY($1::uuid[])',
      [ids],
    );
    expect(rows).toEqual(Array(IMPORTS).fill({ imported: ROWS, duplicates: 0, attempts: 1 }));
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger.transactions WHERE description LIKE 'IMPORT % ROW % PAYEE'`,
    );
    expect(n).toBe(IMPORTS * ROWS);
    // One transaction.imported per import.
    const events = await db.query<{ id: string }>(
      `SELECT coalesce(payload->'data'->>'importId', payload->>'importId') AS id
         FROM ledger.outbox WHERE type = 'transaction.imported'`,
    );
    expect(
      events
        .map((e) => e.id)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual([...ids].sort());
  }, 180_000);

  it('the due-soon job notifies each bill once while both replicas run it', async () => {
    const created: string[] = [];
    for (let i = 0; i < BILLS; i++) {
      const user = users[i % 2];
      const res = await fetch(`${i % 3 ? a.gateway : b.gateway}/api/bills`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Due soon ${i}`,
          amount: 10 + i,
          dueDate: addDays(1 + (i % 2)),
        }),
      });
      expect(res.status).toBe(201);
      created.push((await json<{ bill: { id: string } }>(res)).bill.id);
    }
    const runsBefore = await jobRuns();
    await waitFor(
      async () => {
        const [{ n }] = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM bills.bills WHERE id = ANY($1::uuid[]) AND due_soon_notified_at IS NOT NULL',
          [created],
        );
        return n === BILLS;
      },
      'every bill notified',
      60_000,
      100,
    );
    // Let both replicas run the job a few more times: nothing is notified twice.
    const runsAfterNotified = await jobRuns();
    await waitFor(
      async () => (await jobRuns()) >= runsAfterNotified + 6,
      'six more due-soon runs',
      30_000,
    );
    const events = await db.query<{ bill: string; n: number }>(
      `SELECT bill, count(*)::int AS n FROM (
         SELECT coalesce(payload->'data'->>'billId', payload->>'billId') AS bill
           FROM bills.outbox WHERE type = 'bill.due_soon') e
        WHERE bill = ANY($1::text[]) GROUP BY 1`,
      [created],
    );
    expect(events.length).toBe(BILLS);
    expect(events.filter((e) => e.n !== 1)).toEqual([]);
    recordFigures(
      'replicas',
      `due-soon: ${BILLS} bills, one event each; job runs ${runsBefore} → ${await jobRuns()}`,
    );
  }, 120_000);

  async function jobRuns(): Promise<number> {
    const [row] = await db.query<{ runs: number }>(
      `SELECT runs FROM bills.jobs WHERE name = 'due-soon'`,
    );
    return row?.runs ?? 0;
  }

  (isBuilt('webhooks') ? it : it.skip)(
    'webhook deliveries: each event delivered once per endpoint',
    async () => {
      const created = await users[0].post('/api/webhooks', {
        url: receiverUrl,
        eventTypes: ['transaction.imported', 'bill.due_soon'],
      });
      expect(created.status).toBe(201);
      const before = received.length;
      const form = new FormData();
      form.append(
        'file',
        new Blob(['Date,Description,Amount\n2025-05-01,HOOK ROW,-3.00'], { type: 'text/csv' }),
        'hook.csv',
      );
      const res = await fetch(`${a.gateway}/api/bank/transactions/import`, {
        method: 'POST',
        headers: users[0].headers,
        body: form,
      });
      expect(res.status).toBe(201);
      await waitFor(() => received.length > before, 'a webhook delivery', 60_000);
      // Give a second replica the chance to deliver it again (it must not).
      await waitFor(
        async () => (await outboxBacklog(db)).ledger === 0,
        'ledger outbox drained',
        30_000,
      );
      const ids = received.map((r) => String(r.headers['webhook-id']));
      expect(new Set(ids).size).toBe(ids.length);
    },
    120_000,
  );

  it('every event is published once and handled once by each consumer; no write lost', async () => {
    await traffic.stop();
    const { report } = await drainEvents(db, nats.url, 'after the traffic');
    expect(report.subjects).toEqual(await publishedBySubject(db));
    const { inbox, parked } = await inboxCounts(db);
    expect(parked).toBe(0);
    // Handled once by each consumer: its inbox (whose key makes a second handling impossible
    // to commit) holds exactly the events of the types it handles.
    expect(consumerMismatches(report, inbox)).toEqual([]);
    expect(await lostWrites(db, traffic)).toEqual([]);
    recordFigures(
      'replicas',
      `replicas: ${traffic.written.length} writes over both gateways; stream ${JSON.stringify(report.subjects)}; inbox ${JSON.stringify(inbox)}`,
    );
  }, 180_000);
});

/** A copy of `u` whose requests go to its `base` (register() bound them to the first gateway). */
function rebase(u: Client): Client {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${u.base}${path}`, {
      method,
      headers:
        body === undefined ? u.headers : { ...u.headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    ...u,
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
    send,
  };
}
