export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

export interface Page {
  page: number;
  limit: number;
}

export interface PageInfo extends Page {
  total: number;
  pages: number;
}

/** Normalises a page request arriving over gRPC (0 = default, limit clamped to 200). */
export function normalizePage(req?: { page?: number; limit?: number }): Page {
  const page = req?.page && req.page > 0 ? req.page : 1;
  const raw = req?.limit && req.limit > 0 ? req.limit : DEFAULT_PAGE_LIMIT;
  return { page, limit: Math.min(raw, MAX_PAGE_LIMIT) };
}

export function pageInfo({ page, limit }: Page, total: number): PageInfo {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

export function offsetOf({ page, limit }: Page): number {
  return (page - 1) * limit;
}
