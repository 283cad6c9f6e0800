import { DEFAULT_PAGE_LIMIT } from '@pfs/kit';
import type { PageInfo } from '@pfs/proto/common';

/** The page a list route asks its service for (defaults: page 1, 50 per page). */
export function pageRequest(query: { page?: number; limit?: number }): {
  page: number;
  limit: number;
} {
  return { page: query.page ?? 1, limit: query.limit ?? DEFAULT_PAGE_LIMIT };
}

/** The contract's pagination object from a service's PageInfo (int64 total arrives as text). */
export function presentPage(page: PageInfo | undefined): {
  page: number;
  limit: number;
  total: number;
  pages: number;
} {
  return {
    page: page?.page ?? 1,
    limit: page?.limit ?? DEFAULT_PAGE_LIMIT,
    total: Number(page?.total ?? 0),
    pages: page?.pages ?? 0,
  };
}
