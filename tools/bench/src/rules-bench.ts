/**
 * Rules benchmark (ADR 010): 100 rules over 100,000 transactions of one user, applied by
 * POST /api/rules/run through the embedded stack (gateway → categorization RunRules → ledger
 * ApplyRules → PostgreSQL). The target is under 10 s.
 *
 *   node tools/bench/dist/rules-bench.js
 *
 * Env: RULES_BENCH_ROWS (default 100000), RULES_BENCH_RULES (default 100), DATABASE_URL
 * (else an embedded PostgreSQL in a temp dir). Prints the timings as JSON.
 */
import { createLogger } from '@pfs/kit';
import { startEmbeddedPostgres, startStack } from '@pfs/standalone';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './proc';

const ROWS = Number(process.env.RULES_BENCH_ROWS ?? 100_000);
const RULES = Number(process.env.RULES_BENCH_RULES ?? 100);

const MERCHANTS = [
  'Uber',
  'Woolworths',
  'Coles',
  'Netflix',
  'Spotify',
  'Shell',
  'BP',
  'Officeworks',
  'Bunnings',
  'Qantas',
];
const WORDS = [
  'TRIP',
  'GROCERIES',
  'SUBSCRIPTION',
  'FUEL',
  'PAPER',
  'TOOLS',
  'FLIGHT',
  'LUNCH',
  'RENT',
  'POWER',
];

/** A varied rule set: text, regex, decimal and date conditions; every action kind but addCategory. */
function ruleBodies(categoryIds: string[]): Record<string, unknown>[] {
  return Array.from({ length: RULES }, (_, i) => {
    const word = WORDS[i % WORDS.length];
    const merchant = MERCHANTS[i % MERCHANTS.length];
    const conditions = [
      [{ field: 'description', type: 'contains', value: `${word.toLowerCase()} ${i % 7}` }],
      [{ field: 'description', type: 'regex', value: `^${merchant.toUpperCase()} \\*${word}` }],
      [
        { field: 'merchant', type: 'equals', value: merchant },
        { field: 'amount', type: 'between', value: [i % 50, (i % 50) + 25] },
      ],
      [
        { field: 'merchant', type: 'in', value: [merchant, MERCHANTS[(i + 3) % MERCHANTS.length]] },
        { field: 'date', type: 'gte', value: '2024-06-01' },
        { field: 'description', type: 'endsWith', value: String(i % 10), negate: true },
      ],
    ][i % 4];
    const actions = [
      [{ type: 'setCategory', value: categoryIds[i % categoryIds.length] }],
      [{ type: 'setTaxFlags', value: { isTaxDeductible: i % 2 === 0 } }],
      [{ type: 'setMerchant', value: `${merchant} ${i % 3}` }],
      [
        { type: 'setGst', value: { gstRate: 0.1 } },
        { type: 'setBusinessUse', value: 50 + (i % 50) },
      ],
    ][i % 4];
    return {
      name: `bench rule ${i}`,
      priority: i,
      match: i % 5 === 0 ? 'any' : 'all',
      conditions,
      actions,
      stopProcessing: i % 10 === 9,
    };
  });
}

async function main(): Promise<void> {
  let databaseUrl = process.env.DATABASE_URL;
  let stopDb: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!databaseUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'pfs-rules-bench-'));
    const db = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'pfs_rules_bench',
    });
    databaseUrl = db.url;
    stopDb = () => db.stop();
  }
  const adminToken = `rules-bench-${randomBytes(8).toString('hex')}`;
  const stack = await startStack({
    databaseUrl,
    logger: createLogger('rules-bench', process.env.LOG_LEVEL ?? 'warn'),
    env: {
      ...process.env,
      JWT_SECRET: `rules-bench-${randomBytes(16).toString('hex')}`,
      ADMIN_TOKEN: adminToken,
      RATE_LIMIT_ANONYMOUS: '100000',
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
    const reg = await call('POST', '/api/auth/register', undefined, {
      email: `rules-bench-${Date.now()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Rules',
      lastName: 'Bench',
    });
    const token = reg.token as string;
    const userId = reg.user.id as string;
    await fetch(`${stack.url}/api/admin/users/${userId}/tier`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
      body: JSON.stringify({ tier: 'enterprise', rateLimit: 1_000_000 }),
    });

    const seedStarted = Date.now();
    await stack.services.ledger.db.raw(
      `INSERT INTO transactions (id, user_id, occurred_at, description, amount, type, merchant)
       SELECT gen_random_uuid(), ?::uuid,
              timestamptz '2024-01-01' + (g % 365) * interval '1 day',
              upper((?::text[])[1 + g % 10]) || ' *' || (?::text[])[1 + (g / 10) % 10] || ' ' || (g % 13),
              ((g % 20000) / 100.0 + 1)::numeric(14, 2),
              CASE WHEN g % 9 = 0 THEN 'credit' ELSE 'debit' END,
              (?::text[])[1 + g % 10]
       FROM generate_series(1, ?) AS g`,
      [userId, MERCHANTS, WORDS, MERCHANTS, ROWS],
    );
    const seedMs = Date.now() - seedStarted;

    const categories = (await call('GET', '/api/categories?limit=50', token)).categories as {
      id: string;
    }[];
    for (const body of ruleBodies(categories.map((c) => c.id)))
      await call('POST', '/api/rules', token, body);

    const runs: { ms: number; processed: number; matched: number; updated: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const { run } = await call('POST', '/api/rules/run', token, {});
      runs.push({
        ms: Date.now() - started,
        processed: run.processed,
        matched: run.matched,
        updated: run.updated,
      });
    }
    console.log(
      JSON.stringify({ rows: ROWS, rules: RULES, seedMs, runs, targetMs: 10_000 }, null, 2),
    );
  } finally {
    await stack.close();
    await stopDb?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
