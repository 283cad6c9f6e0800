import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  builtServices,
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
  type ServiceName,
  type System,
  type TestDatabase,
  type TestNats,
  type TestS3,
  recordFigures,
} from '../../distributed/cluster';

/**
 * A user's journey through the gateway of the distributed system (tools/run-distributed.mjs:
 * every service its own process, real gRPC over TCP) against the machine's PostgreSQL and
 * Redis, NATS JetStream (the machine's NATS_URL, else a nats-server of the test's own) and an
 * S3-compatible server the test starts (s3rver). Register, import, rule, classify, bill paid by
 * autopay over NATS, tax, then — for the services that are built — receipt upload and analysis,
 * chat, MCP and a webhook delivered to a local receiver. A step whose service is not built is
 * skipped and says so.
 */
const { DATABASE_URL, NATS_URL } = process.env;
const ready = !!DATABASE_URL && isBuilt('gateway') && (!!NATS_URL || natsServerAvailable());
if (!DATABASE_URL) console.warn('distributed journey skipped: DATABASE_URL is not set');
else if (!isBuilt('gateway'))
  console.warn('distributed journey skipped: build first (npx turbo run build)');
else if (!ready) console.warn('distributed journey skipped: no NATS_URL and no nats-server binary');

const missing = (['documents', 'assistant', 'webhooks'] as ServiceName[]).filter(
  (s) => !isBuilt(s),
);
for (const name of missing)
  console.warn(
    `distributed journey: the ${name} service is not built (services/${name}/dist/src/main.js); its steps are skipped`,
  );

/** A step that needs `service`: skipped, saying so, when that service is not built. */
const stepFor = (service: ServiceName) => (isBuilt(service) ? it : it.skip);

const CSV = [
  'Date,Description,Amount',
  '2025-03-01,UBER TRIP SYDNEY,-23.50',
  '2025-03-02,ACME PROPERTY RENT,-1500.00',
  '2025-03-03,EMPLOYER PAYROLL,4000.00',
  '2025-03-04,WOOLWORTHS METRO,-54.20',
].join('\n');

async function importCsv(user: Client, csv: string, fileName = 'statement.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  return fetch(`${user.base}/api/bank/transactions/import`, {
    method: 'POST',
    headers: user.headers,
    body: form,
  });
}

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

(ready ? describe : describe.skip)('distributed journey through the gateway', () => {
  let db: TestDatabase;
  let nats: TestNats | undefined;
  let s3: TestS3;
  let system: System;
  let user: Client;
  const received: Received[] = [];
  let receiver: Server;
  let receiverUrl = '';
  const state: {
    categoryId?: string;
    transactions?: { id: string; description: string; categoryId: string | null }[];
  } = {};

  beforeAll(async () => {
    db = await createTestDatabase(DATABASE_URL!, 'dist_journey');
    if (!NATS_URL) nats = await startNats();
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
    receiverUrl = `http://127.0.0.1:${port}/hooks/pfs`;
    system = await startSystem({
      label: 'journey',
      databaseUrl: db.url,
      natsUrl: NATS_URL ?? nats!.url,
      s3,
      env: { IMPORT_POLL_MS: '200', BILL_JOBS_POLL_MS: '500' },
    });
    recordFigures(
      'journey',
      `distributed journey: running ${system.services.join(', ')} + gateway; NATS ${NATS_URL ? 'of the machine' : 'of the test'}`,
    );
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    await new Promise((r) => receiver?.close(r));
    await s3?.stop();
    await nats?.dispose();
    await db?.drop();
  }, 60_000);

  it('runs every built service in its own process under the runner, skipping the others with a log line', () => {
    const state = system.state();
    expect(Object.keys(state).sort()).toEqual([...builtServices(), 'gateway'].sort());
    const pids = new Set(Object.values(state).map((s) => s.pid));
    expect(pids.size).toBe(Object.keys(state).length);
    for (const name of missing)
      expect(system.output()).toContain(
        `${name}: skipped, services/${name}/dist/src/main.js is not built`,
      );
  });

  it('identity: registers a user and answers /api/auth/me', async () => {
    user = await register(system.gateway, 'journey', 'enterprise');
    const me = await user.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect((await json<{ user: { email: string } }>(me)).user.email).toBe(user.email);
  });

  it('categorization: a rule that files rides under a category', async () => {
    const list = await json<{ categories: { id: string; name: string }[] }>(
      await user.get('/api/categories'),
    );
    expect(list.categories.length).toBeGreaterThan(0);
    state.categoryId = (
      list.categories.find((c) => /transport/i.test(c.name)) ?? list.categories[0]
    ).id;
    const rule = await user.post('/api/rules', {
      name: 'Rides',
      conditions: [{ field: 'description', type: 'contains', value: 'uber' }],
      actions: [{ type: 'setCategory', value: state.categoryId }],
    });
    expect(rule.status).toBe(201);
  });

  it('ledger: imports a statement; the rule files the ride as the rows are imported', async () => {
    const res = await importCsv(user, CSV);
    const body = await json<{
      import: { imported: number; duplicates: number; errors: unknown[] };
    }>(res);
    expect(res.status).toBe(201);
    expect(body.import).toMatchObject({ imported: 4, duplicates: 0, errors: [] });
    const again = await json<{ import: { imported: number; duplicates: number } }>(
      await importCsv(user, CSV),
    );
    expect(again.import).toMatchObject({ imported: 0, duplicates: 4 });
    const list = await json<{
      transactions: { id: string; description: string; categoryId: string | null }[];
      pagination: { total: number };
    }>(await user.get('/api/bank/transactions?limit=200'));
    expect(list.pagination.total).toBe(4);
    state.transactions = list.transactions;
    const ride = list.transactions.find((t) => t.description.includes('UBER'))!;
    expect(ride.categoryId).toBe(state.categoryId);
  });

  it('categorization: classifies the imported transactions', async () => {
    const ids = state.transactions!.map((t) => t.id);
    const res = await user.post('/api/transactions/classify', { transactionIds: ids });
    expect(res.status).toBe(200);
    const { results } = await json<{ results: { id: string; confidence: number }[] }>(res);
    expect(results.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('bills: a bill is paid by autopay when the ledger records the payment (events over NATS)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await user.post('/api/bills', {
      name: 'Netflix',
      amount: 15.99,
      dueDate: today,
    });
    expect(created.status).toBe(201);
    const { bill } = await json<{ bill: { id: string } }>(created);
    const tx = await user.post('/api/bank/transactions', {
      date: today,
      description: 'NETFLIX.COM',
      merchant: 'Netflix',
      amount: 15.99,
      type: 'debit',
    });
    expect(tx.status).toBe(201);
    await waitFor(
      async () =>
        (await json<{ bill: { paid: boolean } }>(await user.get(`/api/bills/${bill.id}`))).bill
          .paid === true,
      'the bill paid by autopay',
      30_000,
    );
    // Each of this run's ledger events handled by autopay (the machine's NATS may also carry
    // other runs' events: only ours are counted).
    await waitFor(
      async () => {
        const [{ n, m }] = await db.query<{ n: number; m: number }>(
          `SELECT count(i.event_id)::int AS n, count(*)::int AS m
             FROM ledger.outbox o
             LEFT JOIN bills.inbox i ON i.event_id = o.id AND i.consumer = 'bills-autopay'
            WHERE o.type IN ('transaction.created', 'transaction.imported')`,
        );
        return m > 0 && n === m;
      },
      "every ledger event of this run handled by bills' autopay",
      30_000,
    );
  });

  it('tax: calculates GST', async () => {
    const res = await user.post('/api/tax/calculate', {
      amount: 110,
      gstRate: 0.1,
      gstIncluded: true,
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('10');
  });

  stepFor('documents')('documents: uploads a receipt and analyzes it', async () => {
    const form = new FormData();
    const receipt = 'CORNER CAFE\n2025-03-05\nFlat white 5.50\nTOTAL 5.50\n';
    form.append('files', new Blob([receipt], { type: 'text/plain' }), 'receipt.txt');
    const up = await fetch(`${user.base}/api/chat/upload`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    expect(up.status).toBeLessThan(300);
    const uploaded = await json<{
      data: { files: { assetUrl: string; mimeType: string; size: number; sha256?: string }[] };
    }>(up);
    const [file] = uploaded.data.files;
    expect(file.assetUrl).toContain(`/api/chat/files/${user.userId}/`);
    const stored = await user.get(file.assetUrl);
    expect(stored.status).toBe(200);
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(bytes.toString()).toBe(receipt);
    const { createHash } = await import('node:crypto');
    const analyzed = await user.post('/api/receipts/analyze', {
      assetUrl: file.assetUrl,
      mimeType: file.mimeType,
      size: file.size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(analyzed.status).toBe(200);
    const { data } = await json<{ data: { extracted: { total: number } } }>(analyzed);
    expect(data.extracted.total).toBe(5.5);
  });

  stepFor('assistant')('assistant: answers a chat message', async () => {
    const res = await user.post('/api/chat/message', { message: 'How much did I spend on rent?' });
    expect(res.status).toBe(200);
    const { data } = await json<{ data: { conversationId: string; message: { content: string } } }>(
      res,
    );
    expect(data.conversationId).toBeTruthy();
    expect(data.message.content.length).toBeGreaterThan(0);
    const list = await json<{ data: { conversations: { id: string }[] } }>(
      await user.get('/api/chat/conversations'),
    );
    expect(list.data.conversations.map((c) => c.id)).toContain(data.conversationId);
  });

  stepFor('assistant')('MCP: an API key lists and calls tools over /mcp/inspector', async () => {
    const key = await user.post('/api/api-keys', { name: 'journey', scopes: ['mcp:full'] });
    expect(key.status).toBe(201);
    const secret = (await json<{ key: string }>(key)).key;
    const rpc = (method: string, params: Record<string, unknown> = {}) =>
      fetch(`${user.base}/mcp/inspector`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secret },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    const listed = await rpc('tools/list');
    expect(listed.status).toBe(200);
    const { result } = await json<{
      result: { tools: { name: string; inputSchema?: { required?: string[] } }[] };
    }>(listed);
    expect(result.tools.length).toBeGreaterThan(0);
    const free =
      result.tools.find((t) => /transaction/i.test(t.name) && !t.inputSchema?.required?.length) ??
      result.tools.find((t) => !t.inputSchema?.required?.length);
    if (free) {
      const called = await json<{ result?: { isError?: boolean }; error?: unknown }>(
        await rpc('tools/call', { name: free.name, arguments: {} }),
      );
      expect(called.error).toBeUndefined();
      expect(called.result?.isError ?? false).toBe(false);
    }
  });

  stepFor('webhooks')('webhooks: an import is delivered, signed, to a local receiver', async () => {
    const created = await user.post('/api/webhooks', {
      url: receiverUrl,
      eventTypes: ['transaction.imported'],
      description: 'journey receiver',
    });
    expect(created.status).toBe(201);
    const { webhook, secret } = await json<{ webhook: { id: string }; secret: string }>(created);
    const res = await importCsv(
      user,
      'Date,Description,Amount\n2025-04-01,TRAIN FARE,-4.20\n2025-04-02,BOOKSHOP,-31.00',
      'april.csv',
    );
    expect(res.status).toBe(201);
    await waitFor(
      () => received.some((r) => r.body.includes('transaction.imported')),
      'the transaction.imported webhook at the receiver',
      60_000,
    );
    const delivery = received.find((r) => r.body.includes('transaction.imported'))!;
    const id = String(delivery.headers['webhook-id']);
    const timestamp = String(delivery.headers['webhook-timestamp']);
    const signature = String(delivery.headers['webhook-signature']);
    expect(signature).toMatch(/^v1,/);
    // Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with the base64 key after whsec_.
    expect(secret).toMatch(/^whsec_/);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${id}.${timestamp}.${delivery.body}`)
      .digest('base64');
    expect(signature.split(' ')).toContain(`v1,${expected}`);
    expect(received.filter((r) => r.headers['webhook-id'] === id)).toHaveLength(1);
    const deliveries = await user.get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(deliveries.status).toBe(200);
  });
});
