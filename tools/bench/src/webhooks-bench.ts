/**
 * Webhooks benchmark (ADR 012) on the embedded stack (gateway, every service, the webhooks
 * consumer and worker in one process) and a receiver in this process answering 200 at once:
 *
 * 1. import → partner: sequential statement imports, one subscribed endpoint; for each, the
 *    time from the transaction.imported event (written in the import's commit; its time is
 *    the body's `timestamp`) to the partner receiving the signed request, p50/p95.
 * 2. throughput: deliveries queued for many endpoints at once; deliveries per second until
 *    every one is recorded as succeeded.
 * 3. fan-out: one import to a user with 1,000 subscribed endpoints; time until all 1,000 got it.
 *
 *   node tools/bench/dist/webhooks-bench.js
 *
 * Env: WEBHOOKS_BENCH_IMPORTS (default 100), WEBHOOKS_BENCH_DELIVERIES (default 5000),
 * WEBHOOKS_BENCH_ENDPOINTS (default 20), WEBHOOKS_BENCH_FANOUT (default 1000), DATABASE_URL
 * (else an embedded PostgreSQL in a temp dir). Prints the figures as JSON.
 */
import { createLogger, newId } from '@pfs/kit';
import { startEmbeddedPostgres, startStack } from '@pfs/standalone';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, nearestRank } from './proc';

const IMPORTS = Number(process.env.WEBHOOKS_BENCH_IMPORTS ?? 100);
const DELIVERIES = Number(process.env.WEBHOOKS_BENCH_DELIVERIES ?? 5_000);
const ENDPOINTS = Number(process.env.WEBHOOKS_BENCH_ENDPOINTS ?? 20);
const FANOUT = Number(process.env.WEBHOOKS_BENCH_FANOUT ?? 1_000);

interface Arrival {
  path: string;
  at: number;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

async function main(): Promise<void> {
  let databaseUrl = process.env.DATABASE_URL;
  let stopDb: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!databaseUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'pfs-webhooks-bench-'));
    const db = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'pfs_webhooks_bench',
    });
    databaseUrl = db.url;
    stopDb = () => db.stop();
  }

  const arrivals: Arrival[] = [];
  const waiters = new Set<() => void>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<
        Arrival,
        'path' | 'at'
      >;
      arrivals.push({ path: req.url ?? '/', at: Date.now(), ...body });
      for (const w of waiters) w();
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const until = (check: () => boolean, ms = 120_000) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => reject(new Error('timed out waiting for deliveries')), ms);
      const w = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(w);
        resolve();
      };
      waiters.add(w);
    });

  const adminToken = `webhooks-bench-${randomBytes(8).toString('hex')}`;
  const stack = await startStack({
    databaseUrl,
    logger: createLogger('webhooks-bench', process.env.LOG_LEVEL ?? 'warn'),
    env: {
      ...process.env,
      JWT_SECRET: `webhooks-bench-${randomBytes(16).toString('hex')}`,
      ADMIN_TOKEN: adminToken,
      RATE_LIMIT_ANONYMOUS: '100000',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_WORKER_CONCURRENCY: process.env.WEBHOOK_WORKER_CONCURRENCY ?? '64',
      WEBHOOK_ENDPOINT_CONCURRENCY: process.env.WEBHOOK_ENDPOINT_CONCURRENCY ?? '8',
    },
  });
  try {
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${stack.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const json = (await res.json()) as Record<string, any>;
      if (res.status >= 300)
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const newUser = async () => {
      const reg = await call('POST', '/api/auth/register', undefined, {
        email: `webhooks-bench-${newId()}@example.com`,
        password: 'correct horse battery',
        firstName: 'Webhooks',
        lastName: 'Bench',
      });
      await fetch(`${stack.url}/api/admin/users/${reg.user.id}/tier`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
        body: JSON.stringify({ tier: 'enterprise', rateLimit: 10_000_000 }),
      });
      return { token: reg.token as string, id: reg.user.id as string };
    };
    const subscribe = (token: string, path: string) =>
      call('POST', '/api/webhooks', token, {
        url: `${base}${path}`,
        eventTypes: ['transaction.imported'],
      }).then((r) => r.webhook.id as string);
    const importOnce = async (token: string, i: number) => {
      const form = new FormData();
      const day = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
      form.append(
        'file',
        new Blob(
          [`Date,Description,Amount\n${day},Bench row ${i} ${newId()},-${(i % 90) + 10}.25\n`],
          {
            type: 'text/csv',
          },
        ),
        'statement.csv',
      );
      const res = await fetch(`${stack.url}/api/bank/transactions/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { import: { id: string } }).import.id;
    };

    // 1. Import commit → partner.
    const a = await newUser();
    await subscribe(a.token, '/latency');
    const latencies: number[] = [];
    for (let i = 0; i < IMPORTS; i++) {
      const importId = await importOnce(a.token, i);
      await until(() =>
        arrivals.some((x) => x.path === '/latency' && x.data.importId === importId),
      );
      const arrival = arrivals.find((x) => x.path === '/latency' && x.data.importId === importId)!;
      latencies.push(arrival.at - Date.parse(arrival.timestamp));
    }
    latencies.sort((x, y) => x - y);

    // 2. Throughput: DELIVERIES queued over ENDPOINTS endpoints at once.
    const b = await newUser();
    const endpointIds: string[] = [];
    for (let i = 0; i < ENDPOINTS; i++) endpointIds.push(await subscribe(b.token, `/tp/${i}`));
    const wdb = stack.services.webhooks.db;
    const body = JSON.stringify({
      type: 'transaction.imported',
      timestamp: new Date().toISOString(),
      data: {},
    });
    const rows = Array.from({ length: DELIVERIES }, (_, i) => {
      const eventId = newId();
      return {
        id: newId(),
        endpoint_id: endpointIds[i % ENDPOINTS],
        user_id: b.id,
        message_id: `msg_${eventId}`,
        event_id: eventId,
        event_type: 'transaction.imported',
        body,
        next_attempt_at: new Date(),
      };
    });
    const tpBefore = arrivals.length;
    const tpStarted = Date.now();
    for (let i = 0; i < rows.length; i += 1000)
      await wdb('deliveries').insert(rows.slice(i, i + 1000));
    await until(() => arrivals.length - tpBefore >= DELIVERIES, 600_000);
    // Recorded as succeeded, not only received.
    for (;;) {
      const [{ n }] = await wdb('deliveries')
        .where({ user_id: b.id, status: 'succeeded' })
        .count<{ n: string }[]>({ n: '*' });
      if (Number(n) >= DELIVERIES) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const tpMs = Date.now() - tpStarted;

    // 3. Fan-out: one import to FANOUT endpoints.
    const c = await newUser();
    const createStarted = Date.now();
    for (let i = 0; i < FANOUT; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, FANOUT - i) }, (_, k) =>
          subscribe(c.token, `/fan/${i + k}`),
        ),
      );
    const createMs = Date.now() - createStarted;
    const importId = await importOnce(c.token, 1);
    const fan = () =>
      arrivals.filter((x) => x.path.startsWith('/fan/') && x.data.importId === importId);
    await until(() => fan().length >= FANOUT, 600_000);
    const got = fan();
    const eventAt = Date.parse(got[0].timestamp);
    const fanTimes = got.map((x) => x.at - eventAt).sort((x, y) => x - y);

    console.log(
      JSON.stringify(
        {
          importToPartner: {
            imports: IMPORTS,
            p50Ms: nearestRank(latencies, 50),
            p95Ms: nearestRank(latencies, 95),
            maxMs: latencies.at(-1),
          },
          throughput: {
            deliveries: DELIVERIES,
            endpoints: ENDPOINTS,
            ms: tpMs,
            perSecond: Math.round((DELIVERIES / tpMs) * 1000),
          },
          fanOut: {
            endpoints: FANOUT,
            createEndpointsMs: createMs,
            firstMs: fanTimes[0],
            p50Ms: nearestRank(fanTimes, 50),
            allMs: fanTimes.at(-1),
          },
          settings: {
            workerConcurrency: process.env.WEBHOOK_WORKER_CONCURRENCY ?? '64',
            endpointConcurrency: process.env.WEBHOOK_ENDPOINT_CONCURRENCY ?? '8',
            receiver: 'in the bench process, answering 200 at once',
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await stack.close();
    receiver.closeAllConnections();
    receiver.close();
    await stopDb?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
