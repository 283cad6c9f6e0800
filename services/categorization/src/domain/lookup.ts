import { AppError, isUuid } from '@pfs/kit';

/** One batch lookup serves a page of transactions (≤ 200) with room to spare. */
export const MAX_BATCH_GET_IDS = 500;

/**
 * The ids worth looking up: unique and well formed. Malformed ids cannot name a category,
 * so they are dropped like unknown ones rather than failing the whole batch.
 */
export function lookupIds(ids: readonly string[]): string[] {
  if (ids.length > MAX_BATCH_GET_IDS) {
    throw AppError.validation([
      { field: 'ids', message: `must contain at most ${MAX_BATCH_GET_IDS} ids` },
    ]);
  }
  return [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
}
