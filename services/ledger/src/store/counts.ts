import { LruMap, type Knex } from '@pfs/kit';
import type { TransactionFilter } from '../domain/listing';
import { NO_CATEGORY_KEY } from '../migrations/0004_transaction_daily_totals';

const DAY_MS = 86_400_000;

/** The UTC day of an instant at exactly midnight UTC; undefined when absent, null otherwise. */
function midnightDay(at: Date | undefined): string | undefined | null {
  if (!at) return undefined;
  return at.getTime() % DAY_MS === 0 ? at.toISOString().slice(0, 10) : null;
}

/**
 * The exact number of the user's transactions matching `filter`, read from the per-day totals
 * of migration 0004 when every filter is one of their key columns: a sum over at most a few
 * rows per day instead of a count over every matching transaction (a million for a large
 * user). Undefined when the filter needs the transactions themselves (text search, amount
 * range, merchant combined with category or deductibility): the caller counts rows then.
 */
export async function countFromDailyTotals(
  db: Knex,
  userId: string,
  filter: TransactionFilter,
): Promise<number | undefined> {
  if (filter.searchPattern || filter.minAmount || filter.maxAmount) return undefined;
  // The list's date filters are whole UTC days; anything else cannot be read from day totals.
  const fromDay = midnightDay(filter.occurredFrom);
  const beforeDay = midnightDay(filter.occurredBefore);
  if (fromDay === null || beforeDay === null) return undefined;

  let query: Knex.QueryBuilder;
  if (filter.merchant) {
    if (filter.categoryId || filter.uncategorized || filter.isTaxDeductible !== undefined) {
      return undefined;
    }
    query = db('merchant_daily_totals')
      .where('user_id', userId)
      .whereRaw('merchant_key = lower(?)', [filter.merchant]);
  } else {
    query = db('transaction_daily_totals').where('user_id', userId);
    if (filter.categoryId) query.where('category_key', filter.categoryId);
    if (filter.uncategorized) query.where('category_key', NO_CATEGORY_KEY);
    if (filter.isTaxDeductible !== undefined)
      query.where('is_tax_deductible', filter.isTaxDeductible);
  }
  if (filter.type) query.where('type', filter.type);
  if (fromDay) query.where('day', '>=', fromDay);
  if (beforeDay) query.where('day', '<', beforeDay);
  const [row] = (await query.sum({ total: 'tx_count' })) as { total: string | number | null }[];
  return Number(row?.total ?? 0);
}

/** Exact totals remembered per ledger database handle, each with the version it is valid at. */
interface CachedTotal {
  version: number;
  total: number;
}

/** Totals remembered per pool, least recently used dropped first. */
const MAX_CACHED_TOTALS = 10_000;
const caches = new WeakMap<Knex, LruMap<string, CachedTotal>>();

function cacheOf(db: Knex): LruMap<string, CachedTotal> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LruMap(MAX_CACHED_TOTALS);
    caches.set(db, cache);
  }
  return cache;
}

/** The user's transactions version (migration 0007): 0 before their first write. */
async function versionOf(db: Knex, userId: string): Promise<number> {
  const row = (await db('transaction_versions').where('user_id', userId).first('version')) as
    { version: number | string } | undefined;
  return Number(row?.version ?? 0);
}

/**
 * The exact number of the user's transactions matching `filter`. Every write bumps the user's
 * version in the same transaction, so a total computed after reading version V stays exact for
 * as long as the version is still V: repeated lists (paging, refreshing, a busy client) cost a
 * primary-key lookup instead of a count. On a miss the total comes from the per-day totals when
 * the filter allows, else from `countRows`. The version is read before counting, so a cached
 * total is never older than the version it is filed under.
 */
export async function countTransactions(
  db: Knex,
  userId: string,
  filter: TransactionFilter,
  countRows: () => Promise<number>,
): Promise<number> {
  const version = await versionOf(db, userId);
  const cache = cacheOf(db);
  const key = `${userId}|${JSON.stringify(filter)}`;
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.total;
  const total = (await countFromDailyTotals(db, userId, filter)) ?? (await countRows());
  cache.set(key, { version, total });
  return total;
}
