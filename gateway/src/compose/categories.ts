import { AppError, isTransportFailure } from '@pfs/kit';
import { presentCategory, type CategoryJson } from '../present/category';
import type { Upstreams } from '../upstreams';

/**
 * Embeds categories with one batched call per page. If categorization is down the ledger
 * still answers, with `category: null`, rather than failing a route it does not own.
 */
export async function categoriesById(upstreams: Upstreams, ids: (string | undefined)[]): Promise<Map<string, CategoryJson>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!unique.length) return new Map();
  try {
    const { categories } = await upstreams.categorization.call((c) => c.batchGetCategories, { ids: unique });
    return new Map(categories.map((c) => [c.id, presentCategory(c)]));
  } catch (err) {
    if (isTransportFailure(err)) return new Map();
    throw err;
  }
}

/** A categoryId in a write must name one of the caller's own categories. */
export async function assertOwnCategory(upstreams: Upstreams, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  try {
    await upstreams.categorization.call((c) => c.getCategory, { id: categoryId });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      throw AppError.validation([{ field: 'categoryId', message: 'is not one of your categories' }]);
    }
    throw err;
  }
}
