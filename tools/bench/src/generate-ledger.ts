/**
 * Ledger data for the analytics benchmark: `count` transactions (default 1,000,000) for one
 * user, two years back from today, generated inside PostgreSQL with one INSERT … SELECT
 * generate_series (seed.ts's weighted merchant profiles: no rows cross the wire), then
 * VACUUM ANALYZE of the ledger's tables so the planner has statistics and the visibility map
 * allows index-only scans, as it would on a long-lived table. The statement-level triggers of
 * ledger migration 0004 fold the rows into the per-day totals in the same statement.
 *
 *   node dist/generate-ledger.js <databaseUrl> <userId> [count]
 */
import pg from 'pg';
import { categoryIdsOf, seedTransactions } from './seed';

export interface GenerateLedgerOptions {
  userId: string;
  /** Transactions to insert; default 1,000,000. */
  count?: number;
  /** The user's category ids (default: read from the categorization schema). */
  categoryIds?: string[];
  /** Share of rows given one of the categories; default 0.7. */
  categorizedShare?: number;
  log?: (line: string) => void;
}

export interface GeneratedLedger {
  inserted: number;
  categories: number;
  insertMs: number;
  vacuumMs: number;
  /**
   * Share of the table's pages VACUUM marked all-visible (index-only scans skip the heap only
   * on those). Below 1 when a transaction older than the load was still open.
   */
  allVisibleShare: number;
  /** The user's rows afterwards, and whether the per-day totals agree with them exactly. */
  check: {
    transactions: number;
    totalsCount: number;
    amount: string;
    totalsAmount: string;
    exact: boolean;
  };
}

const TABLES = [
  'ledger.transactions',
  'ledger.transaction_daily_totals',
  'ledger.merchant_daily_totals',
];

export async function generateLedger(
  client: pg.ClientBase,
  opts: GenerateLedgerOptions,
): Promise<GeneratedLedger> {
  const log = opts.log ?? (() => {});
  const count = opts.count ?? 1_000_000;
  const categoryIds = opts.categoryIds ?? (await categoryIdsOf(client, opts.userId));
  log(`inserting ${count} transactions for ${opts.userId} (${categoryIds.length} categories)`);
  let started = Date.now();
  const inserted = await seedTransactions(client, {
    userId: opts.userId,
    count,
    categoryIds,
    categorizedShare: opts.categorizedShare ?? 0.7,
  });
  const insertMs = Date.now() - started;
  log(`inserted ${inserted} rows in ${insertMs} ms; VACUUM ANALYZE`);
  started = Date.now();
  let allVisibleShare = 0;
  // A transaction that began before the load ends holds VACUUM back from marking the new pages
  // all-visible; the services' transactions are short, so retry a few times.
  for (let attempt = 0; attempt < 5 && allVisibleShare < 0.99; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 2_000));
    for (const table of TABLES) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const { rows: pages } = await client.query<{ relpages: number; relallvisible: number }>(
      `SELECT relpages, relallvisible FROM pg_class WHERE oid = 'ledger.transactions'::regclass`,
    );
    allVisibleShare = pages[0].relpages ? pages[0].relallvisible / pages[0].relpages : 1;
  }
  allVisibleShare = Math.round(allVisibleShare * 1000) / 1000;
  const vacuumMs = Date.now() - started;
  if (allVisibleShare < 0.99) log(`WARNING: only ${allVisibleShare} of the pages are all-visible`);

  const { rows } = await client.query<{
    n: string;
    s: string | null;
    tn: string | null;
    ts: string | null;
  }>(
    `SELECT (SELECT count(*) FROM ledger.transactions WHERE user_id = $1) AS n,
            (SELECT sum(amount) FROM ledger.transactions WHERE user_id = $1) AS s,
            (SELECT sum(tx_count) FROM ledger.transaction_daily_totals WHERE user_id = $1) AS tn,
            (SELECT sum(amount_total) FROM ledger.transaction_daily_totals WHERE user_id = $1) AS ts`,
    [opts.userId],
  );
  const r = rows[0];
  const check = {
    transactions: Number(r.n),
    totalsCount: Number(r.tn ?? 0),
    amount: r.s ?? '0',
    totalsAmount: r.ts ?? '0',
    exact: Number(r.n) === Number(r.tn ?? 0) && (r.s ?? '0') === (r.ts ?? '0'),
  };
  return { inserted, categories: categoryIds.length, insertMs, vacuumMs, allVisibleShare, check };
}

if (require.main === module) {
  const [databaseUrl, userId, countText] = process.argv.slice(2);
  if (!databaseUrl || !userId) {
    console.error('usage: node dist/generate-ledger.js <databaseUrl> <userId> [count]');
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  client
    .connect()
    .then(() =>
      generateLedger(client, {
        userId,
        count: countText ? Number(countText) : undefined,
        log: (line) => console.log(`[generate-ledger] ${line}`),
      }),
    )
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => client.end());
}
