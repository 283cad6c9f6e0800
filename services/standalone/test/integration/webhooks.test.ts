import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Stack } from '../../src';
import {
  client,
  expectError,
  registerUser,
  setTier,
  type Api,
  type Json,
  type TestUser,
} from './harness';
import { eventually, startIsolatedStack } from './isolated-stack';

/**
 * Webhooks through the gateway on the embedded stack (a database of its own, so no other
 * file's worker takes these deliveries): tier and ownership, CRUD, test events, redelivery,
 * and each of the four event types delivered end to end from the real action to a receiver
 * started here, every request verified with the standardwebhooks library.
 */
let stack: Stack;
let close: () => Promise<void>;
let api: Api;

interface Hit {
  path: string;
  headers: Record<string, string>;
  body: string;
}
const hits: Hit[] = [];
let failNext = 0;
let receiver: http.Server;
let base = '';

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      hits.push({ path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end('not now');
      } else res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ stack, close } = await startIsolatedStack('stack_webhooks', {
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_POLL_MS: '100',
    BILL_JOBS_POLL_MS: '100',
    BILL_DUE_SOON_EVERY_MS: '250',
  }));
  api = client(stack);
});
afterAll(async () => {
  await close?.();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

async function professional(): Promise<TestUser> {
  const user = await registerUser(api);
  await setTier(api, user.id, 'professional');
  return user;
}

async function subscribe(user: TestUser, path: string, eventTypes: string[]) {
  const res = await api('POST', '/api/webhooks', {
    token: user.token,
    body: { url: `${base}${path}`, eventTypes, description: path },
  });
  expect(res.status).toBe(201);
  return { id: res.body.webhook.id as string, secret: res.body.secret as string };
}

/** Waits for a signed request at `path` of the given type, verifies it and returns its body. */
async function received(path: string, secret: string, type: string): Promise<Json> {
  const hit = await eventually(async () =>
    hits.find((h) => h.path === path && JSON.parse(h.body).type === type),
  );
  const body = new Webhook(secret).verify(hit.body, hit.headers) as Json;
  expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);
  return body;
}

describe('tier and ownership', () => {
  it('needs professional or above (403 TIER_REQUIRED), and another user’s webhook is 404', async () => {
    const user = await registerUser(api);
    for (const tier of ['free', 'starter']) {
      if (tier !== 'free') await setTier(api, user.id, tier);
      const res = await api('GET', '/api/webhooks', { token: user.token });
      expectError(res, 403, 'TIER_REQUIRED');
      expect(res.body.details.requiredTier).toBe('professional');
    }
    for (const tier of ['professional', 'elite', 'enterprise']) {
      await setTier(api, user.id, tier);
      expect((await api('GET', '/api/webhooks', { token: user.token })).status).toBe(200);
    }
    const owner = await professional();
    const other = await professional();
    const { id } = await subscribe(owner, '/owned', ['rule.executed']);
    for (const [method, path, body] of [
      ['GET', `/api/webhooks/${id}`],
      ['PATCH', `/api/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${id}`],
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['POST', `/api/webhooks/${id}/test`],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
    ] as const) {
      expectError(await api(method, path, { token: other.token, body }), 404, 'NOT_FOUND');
    }
    expect((await api('GET', '/api/webhooks', { token: other.token })).body.webhooks).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('creates (secret once), reads, lists, updates, validates and deletes', async () => {
    const user = await professional();
    const created = await api('POST', '/api/webhooks', {
      token: user.token,
      body: { url: `${base}/crud`, eventTypes: ['bill.due_soon'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.webhook.id;
    expect(created.body.webhook).toMatchObject({
      url: `${base}/crud`,
      description: '',
      eventTypes: ['bill.due_soon'],
      enabled: true,
      disabledReason: null,
    });
    const got = await api('GET', `/api/webhooks/${id}`, { token: user.token });
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).not.toContain(created.body.secret);
    const list = await api('GET', '/api/webhooks?limit=1', { token: user.token });
    expect(list.body.pagination).toEqual({ page: 1, limit: 1, total: 1, pages: 1 });

    const patched = await api('PATCH', `/api/webhooks/${id}`, {
      token: user.token,
      body: { eventTypes: ['pattern.detected', 'rule.executed'], description: 'ops' },
    });
    expect(patched.body.webhook).toMatchObject({
      eventTypes: ['pattern.detected', 'rule.executed'],
      description: 'ops',
    });
    expectError(
      await api('POST', '/api/webhooks', {
        token: user.token,
        body: { url: `${base}/x`, eventTypes: ['transaction.created'] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('POST', '/api/webhooks', {
        token: user.token,
        body: { url: 'ftp://example.com/x', eventTypes: ['rule.executed'] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('PATCH', `/api/webhooks/${id}`, { token: user.token, body: { eventTypes: [] } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('GET', '/api/webhooks/not-a-uuid', { token: user.token }),
      404,
      'NOT_FOUND',
    );
    expect((await api('DELETE', `/api/webhooks/${id}`, { token: user.token })).status).toBe(200);
    expectError(await api('GET', `/api/webhooks/${id}`, { token: user.token }), 404, 'NOT_FOUND');
  });

  it('sends a signed test event, lists the delivery, and redelivers a failed one by id', async () => {
    const user = await professional();
    const { id, secret } = await subscribe(user, '/test-event', ['rule.executed']);
    failNext = 1;
    const queued = await api('POST', `/api/webhooks/${id}/test`, { token: user.token });
    expect(queued.status).toBe(202);
    expect(queued.body.delivery).toMatchObject({ status: 'pending', eventType: 'webhook.test' });
    const body = await received('/test-event', secret, 'webhook.test');
    expect(body.data).toMatchObject({ webhookId: id });
    // The first attempt got a 500: pending, with its next attempt about 5 s later.
    const listed = await eventually(async () => {
      const res = await api('GET', `/api/webhooks/${id}/deliveries`, { token: user.token });
      return res.body.deliveries[0]?.attempts === 1 && res.body;
    });
    expect(listed.pagination).toMatchObject({ total: 1 });
    expect(listed.deliveries[0]).toMatchObject({
      status: 'pending',
      responseStatus: 500,
      responseExcerpt: 'not now',
      lastError: 'HTTP 500',
      webhookId: id,
    });
    expect(typeof listed.deliveries[0].nextAttemptAt).toBe('string');
    expect(typeof listed.deliveries[0].latencyMs).toBe('number');
    expect(JSON.parse(listed.deliveries[0].requestExcerpt).type).toBe('webhook.test');
    expectError(
      await api('POST', `/api/webhooks/${id}/deliveries/${listed.deliveries[0].id}/redeliver`, {
        token: user.token,
      }),
      409,
      'CONFLICT',
    );

    // The retry 5 s later succeeds; then it can be redelivered by id.
    const done = await eventually(async () => {
      const res = await api('GET', `/api/webhooks/${id}/deliveries?status=succeeded`, {
        token: user.token,
      });
      return res.body.deliveries[0];
    }, 15_000);
    expect(done).toMatchObject({ attempts: 2, responseStatus: 200, responseExcerpt: 'thanks' });
    const again = await api('POST', `/api/webhooks/${id}/deliveries/${done.id}/redeliver`, {
      token: user.token,
    });
    expect(again.status).toBe(202);
    expect(again.body.delivery.messageId).toBe(done.messageId);
    await eventually(
      async () => hits.filter((h) => h.headers['webhook-id'] === done.messageId).length === 3,
    );
  }, 30_000);
});

describe('events end to end', () => {
  it('transaction.imported: a statement import reaches the partner', async () => {
    const user = await professional();
    const { secret } = await subscribe(user, '/imports', ['transaction.imported']);
    const form = new FormData();
    form.append(
      'file',
      new Blob(['Date,Description,Amount\n2025-03-01,Coffee,-4.50\n2025-03-02,Salary,2000\n'], {
        type: 'text/csv',
      }),
      'statement.csv',
    );
    const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const imported = ((await res.json()) as Json).import;
    const body = await received('/imports', secret, 'transaction.imported');
    expect(body.data).toMatchObject({ importId: imported.id, imported: 2, duplicates: 0 });
    expect(body.data.transactionIds).toHaveLength(2);
  });

  it('bill.due_soon: a bill coming due reaches the partner', async () => {
    const user = await professional();
    const { secret } = await subscribe(user, '/bills', ['bill.due_soon']);
    const dueDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const bill = await api('POST', '/api/bills', {
      token: user.token,
      body: { name: 'Electricity', amount: 180, dueDate },
    });
    expect(bill.status).toBe(201);
    const body = await received('/bills', secret, 'bill.due_soon');
    expect(body.data).toMatchObject({
      billId: bill.body.bill.id,
      name: 'Electricity',
      amount: '180.00',
      dueDate,
      daysUntilDue: 1,
    });
  });

  it('pattern.detected: a recurring payment found in the history reaches the partner', async () => {
    const user = await professional();
    const { secret } = await subscribe(user, '/patterns', ['pattern.detected']);
    const now = new Date();
    const monthsAgo = (k: number, d: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, d)).toISOString().slice(0, 10);
    const rows: string[] = [];
    for (let k = 6; k >= 1; k--) rows.push(`${monthsAgo(k, 5)},NETFLIX.COM,-17.99`);
    const form = new FormData();
    form.append(
      'file',
      new Blob([`Date,Description,Amount\n${rows.join('\n')}\n`], { type: 'text/csv' }),
      'statement.csv',
    );
    const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const suggestions = await api('GET', '/api/bills/patterns/suggestions', { token: user.token });
    expect(suggestions.body.suggestions).toHaveLength(1);
    const body = await received('/patterns', secret, 'pattern.detected');
    expect(body.data).toMatchObject({ frequency: 'monthly', amount: '17.99', occurrences: 6 });
  });

  it('rule.executed: a rule run reaches the partner', async () => {
    const user = await professional();
    const { secret } = await subscribe(user, '/rules', ['rule.executed']);
    await api('POST', '/api/bank/transactions', {
      token: user.token,
      body: { date: '2025-03-01', amount: 15.99, type: 'debit', description: 'Netflix' },
    });
    const category = (await api('GET', '/api/categories?limit=1', { token: user.token })).body
      .categories[0].id;
    const rule = await api('POST', '/api/rules', {
      token: user.token,
      body: {
        name: 'streaming',
        conditions: [{ field: 'description', type: 'startsWith', value: 'netflix' }],
        actions: [{ type: 'setCategory', value: category }],
      },
    });
    expect(rule.status).toBe(201);
    const run = await api('POST', '/api/rules/run', { token: user.token, body: {} });
    expect(run.status).toBe(200);
    const body = await received('/rules', secret, 'rule.executed');
    expect(body.data).toMatchObject({
      runId: run.body.run.id,
      ruleIds: [rule.body.rule.id],
      matched: 1,
    });
  });
});

describe('OpenAPI', () => {
  it('documents each event payload in the webhooks section', async () => {
    const doc = (await api('GET', '/api/openapi.json')).body;
    for (const type of [
      'transaction.imported',
      'bill.due_soon',
      'pattern.detected',
      'rule.executed',
    ]) {
      const schema = doc.webhooks[type].post.requestBody.content['application/json'].schema;
      expect(schema.required).toEqual(['type', 'timestamp', 'data']);
      expect(schema.properties.type.const).toBe(type);
      expect(schema.properties.data.type).toBe('object');
    }
    expect(doc.paths['/api/webhooks'].post.responses['201']).toBeDefined();
  });
});
