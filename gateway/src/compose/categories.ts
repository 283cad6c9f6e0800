import { AppError, currentContext, isTransportFailure } from '@pfs/kit';
import { presentCategory, type CategoryJson } from '../present/category';
import type { Route } from '../routes/route';
import type { Upstreams } from '../upstreams';

/**
 * Each user's categories, briefly remembered: every list page embeds them, and asking
 * categorization again for the same ~30 categories each time was a second gRPC hop on the
 * hottest route. Writes through this gateway forget the user's entry at once; another
 * replica's writes show within CATEGORY_CACHE_TTL_MS (as with the auth cache, ADR 003).
 */
const CATEGORY_CACHE_TTL_MS = 5_000;
const MAX_CACHED_USERS = 10_000;
const cache = new Map<string, { at: number; byId: Map<string, CategoryJson> }>();

export function forgetCategories(userId: string | undefined): void {
  if (userId) cache.delete(userId);
}

/** Routes that change categories or sets forget the caller's cached categories when they succeed. */
export function forgettingCategories(routes: Route[]): Route[] {
  return routes.map((route) =>
    route.method === 'get'
      ? route
      : {
          ...route,
          async handler(ctx) {
            try {
              return await route.handler(ctx);
            } finally {
              forgetCategories(ctx.principal?.userId);
            }
          },
        },
  );
}

function cachedEntry(userId: string | undefined) {
  if (!userId) return undefined;
  const entry = cache.get(userId);
  if (entry && Date.now() - entry.at < CATEGORY_CACHE_TTL_MS) return entry;
  if (entry) cache.delete(userId);
  if (cache.size >= MAX_CACHED_USERS) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  const fresh = { at: Date.now(), byId: new Map<string, CategoryJson>() };
  cache.set(userId, fresh);
  return fresh;
}

/**
 * Embeds categories with one batched call per page. If categorization is down the ledger
 * still answers, with `category: null`, rather than failing a route it does not own.
 */
export async function categoriesById(
  upstreams: Upstreams,
  ids: (string | undefined)[],
): Promise<Map<string, CategoryJson>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!unique.length) return new Map();
  const entry = cachedEntry(currentContext()?.userId);
  const missing = entry ? unique.filter((id) => !entry.byId.has(id)) : unique;
  if (missing.length) {
    try {
      const { categories } = await upstreams.categorization.call((c) => c.batchGetCategories, {
        ids: missing,
      });
      for (const c of categories) entry?.byId.set(c.id, presentCategory(c));
      if (!entry) return new Map(categories.map((c) => [c.id, presentCategory(c)]));
    } catch (err) {
      if (!isTransportFailure(err)) throw err;
      if (!entry) return new Map();
    }
  }
  const found = new Map<string, CategoryJson>();
  for (const id of unique) {
    const category = entry?.byId.get(id);
    if (category) found.set(id, category);
  }
  return found;
}

/** A categoryId in a write must name one of the caller's own categories. */
export async function assertOwnCategory(
  upstreams: Upstreams,
  categoryId: string | null | undefined,
): Promise<void> {
  if (!categoryId) return;
  try {
    await upstreams.categorization.call((c) => c.getCategory, { id: categoryId });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      throw AppError.validation([
        { field: 'categoryId', message: 'is not one of your categories' },
      ]);
    }
    throw err;
  }
}
