import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT, startProcess, waitFor, type Proc } from './processes';

/**
 * Distributed mode on one machine: every service in its own process against the machine's
 * PostgreSQL (DATABASE_URL), real gRPC over TCP, and two gateway replicas sharing one Redis
 * rate-limit budget (REDIS_URL). Run by .ci/run when those services answer.
 */
const { DATABASE_URL, REDIS_URL } = process.env;
const built = existsSync(join(ROOT, 'gateway/dist/src/main.js'));
const describeIf = DATABASE_URL && built ? describe : describe.skip;
if (!DATABASE_URL) console.warn('distributed tests skipped: DATABASE_URL is not set');
else if (!built) console.warn('distributed tests skipped: run `make build` first');

const ADMIN_TOKEN = 'distributed-admin-token';
const JWT_SECRET = 'distributed-test-secret-0123456789abcdef';

describeIf('distributed mode: one process per service', () => {
  const procs: Proc[] = [];
  const ports: Record<string, number> = {};
  let gatewayA = '';
  let gatewayB = '';

  beforeAll(async () => {
    for (const name of [
      'identity',
      'ledger',
      'categorization',
      'tax',
      'bills',
      'gatewayA',
      'gatewayB',
    ])
      ports[name] = await freePort();
    const common = {
      DATABASE_URL: DATABASE_URL!,
      JWT_SECRET,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    };
    const address = (name: string) => `127.0.0.1:${ports[name]}`;
    // The service-to-service edges: ledger and bills ask categorization for rules; bills reads
    // the ledger; categorization applies rule runs through ledger and bills.
    const calls: Record<string, Record<string, string>> = {
      identity: {},
      tax: {},
      ledger: { CATEGORIZATION_GRPC_URL: address('categorization') },
      bills: {
        LEDGER_GRPC_URL: address('ledger'),
        CATEGORIZATION_GRPC_URL: address('categorization'),
      },
      categorization: { LEDGER_GRPC_URL: address('ledger'), BILLS_GRPC_URL: address('bills') },
    };
    for (const name of ['identity', 'ledger', 'categorization', 'tax', 'bills']) {
      procs.push(
        startProcess(name, `services/${name}/dist/src/main.js`, {
          ...common,
          GRPC_PORT: String(ports[name]),
          ...calls[name],
        }),
      );
    }
    const gatewayEnv = {
      IDENTITY_GRPC_URL: `127.0.0.1:${ports.identity}`,
      LEDGER_GRPC_URL: `127.0.0.1:${ports.ledger}`,
      CATEGORIZATION_GRPC_URL: `127.0.0.1:${ports.categorization}`,
      TAX_GRPC_URL: `127.0.0.1:${ports.tax}`,
      BILLS_GRPC_URL: `127.0.0.1:${ports.bills}`,
      ADMIN_TOKEN,
      ...(REDIS_URL ? { REDIS_URL } : {}),
    };
    procs.push(
      startProcess('gatewayA', 'gateway/dist/src/main.js', {
        ...gatewayEnv,
        PORT: String(ports.gatewayA),
      }),
    );
    procs.push(
      startProcess('gatewayB', 'gateway/dist/src/main.js', {
        ...gatewayEnv,
        PORT: String(ports.gatewayB),
      }),
    );
    gatewayA = `http://127.0.0.1:${ports.gatewayA}`;
    gatewayB = `http://127.0.0.1:${ports.gatewayB}`;
    // One budget for both replicas, well inside the hook's own timeout, so a start that fails
    // prints every process's output instead of jest giving up on the hook first.
    const deadline = Date.now() + 90_000;
    try {
      for (const url of [gatewayA, gatewayB]) {
        // Ready for the five services this test runs (the others are not started here; the
        // journey in tools/testing runs them all).
        await waitFor(
          async () => {
            const res = await fetch(`${url}/readyz`);
            const { services } = (await res.json()) as { services?: Record<string, string> };
            return ['identity', 'ledger', 'categorization', 'tax', 'bills'].every(
              (name) => services?.[name] === 'up',
            );
          },
          `${url}/readyz`,
          deadline - Date.now(),
          procs,
        );
      }
    } catch (err) {
      for (const p of procs) console.error(`--- ${p.name}\n${p.output()}`);
      throw err;
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
  });

  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('registers on one replica and serves the user on the other, over real gRPC', async () => {
    const email = `dist-${randomUUID()}@example.com`;
    const reg = await post(gatewayA, '/api/auth/register', {
      email,
      password: 'long password 1',
      firstName: 'D',
      lastName: 'M',
    });
    expect(reg.status).toBe(201);
    const { token } = (await reg.json()) as { token: string };
    const created = await post(
      gatewayB,
      '/api/bank/transactions',
      { date: '2025-05-01', description: 'Rent', amount: 1500, type: 'debit' },
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(created.status).toBe(201);
    const list = await fetch(`${gatewayA}/api/bank/transactions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await list.json()) as { pagination: { total: number } };
    expect(body.pagination.total).toBe(1);
    const categories = await fetch(`${gatewayB}/api/categories`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      ((await categories.json()) as { categories: unknown[] }).categories.length,
    ).toBeGreaterThan(0);
  });

  it('serves bills from the bills process, which reads the ledger over gRPC', async () => {
    const email = `bills-${randomUUID()}@example.com`;
    const reg = await post(gatewayA, '/api/auth/register', {
      email,
      password: 'long password 1',
      firstName: 'B',
      lastName: 'L',
    });
    const { token } = (await reg.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const created = await post(
      gatewayA,
      '/api/bills',
      { name: 'Rent', amount: 1500, dueDate: '2030-01-01', notes: 'by BPAY' },
      auth,
    );
    expect(created.status).toBe(201);
    const { bill } = (await created.json()) as { bill: { id: string; notes: string } };
    expect(bill.notes).toBe('by BPAY');
    const got = await fetch(`${gatewayB}/api/bills/${bill.id}`, { headers: auth });
    expect(got.status).toBe(200);
    const suggestions = await fetch(`${gatewayB}/api/bills/patterns/suggestions`, {
      headers: auth,
    });
    expect(suggestions.status).toBe(200);
    expect(((await suggestions.json()) as { suggestions: unknown[] }).suggestions).toEqual([]);
  });

  (REDIS_URL ? it : it.skip)(
    'shares one rate-limit budget across gateway replicas through Redis',
    async () => {
      const email = `rl-${randomUUID()}@example.com`;
      const reg = await post(gatewayA, '/api/auth/register', {
        email,
        password: 'long password 1',
        firstName: 'R',
        lastName: 'L',
      });
      const { token, user } = (await reg.json()) as { token: string; user: { id: string } };
      const tier = await fetch(`${gatewayA}/api/admin/users/${user.id}/tier`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
        body: JSON.stringify({ tier: 'starter', rateLimit: 6 }),
      });
      expect(tier.status).toBe(200);
      const statuses: number[] = [];
      const remaining: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${i % 2 ? gatewayB : gatewayA}/api/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        statuses.push(res.status);
        remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      expect(remaining.slice(0, 6)).toEqual(['5', '4', '3', '2', '1', '0']);
    },
  );

  it('a service stopped with SIGTERM exits cleanly; only its routes answer 503', async () => {
    const email = `down-${randomUUID()}@example.com`;
    const reg = await post(gatewayA, '/api/auth/register', {
      email,
      password: 'long password 1',
      firstName: 'S',
      lastName: 'T',
    });
    const { token } = (await reg.json()) as { token: string };
    const ledger = procs.find((p) => p.name === 'ledger')!;
    expect(await ledger.stop()).toBe(0);
    const res = await fetch(`${gatewayA}/api/bank/transactions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
    const me = await fetch(`${gatewayA}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });
});
