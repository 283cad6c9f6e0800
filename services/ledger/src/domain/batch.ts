import { AppError, isUuid, type FieldIssue } from '@pfs/kit';
import {
  parsePatch,
  resolvePatch,
  type Transaction,
  type TransactionChanges,
  type TransactionPatch,
} from './transactions';

/** Most updates one batch may carry. */
export const BATCH_MAX = 500;

/** One item as the client sends it (the shape of the proto message). */
export interface BatchUpdateInput {
  id: string;
  patch?: TransactionPatch;
}

/** A validated item: a lower-case UUID and its field-level changes. */
export interface BatchUpdate {
  id: string;
  changes: TransactionChanges;
}

/**
 * Runs a single-item validator and returns its issues with their fields moved under
 * `updates.<index>.`, so a client sees which item each problem belongs to.
 */
function issuesOf<T>(index: number, run: () => T): { value?: T; issues: FieldIssue[] } {
  try {
    return { value: run(), issues: [] };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'VALIDATION_ERROR') throw err;
    const issues = err.details?.issues ?? [{ field: '', message: err.message }];
    return {
      issues: issues.map((i) => ({
        field: i.field ? `updates.${index}.${i.field}` : `updates.${index}`,
        message: i.message,
      })),
    };
  }
}

/**
 * Validates a whole batch without touching the database: 1–500 items, each id a UUID named
 * once, each patch valid on its own (the same rules as a single update). Every issue of every
 * item is reported at once.
 */
export function parseBatch(updates: BatchUpdateInput[]): BatchUpdate[] {
  if (updates.length === 0) {
    throw AppError.validation([{ field: 'updates', message: 'must contain at least 1 update' }]);
  }
  if (updates.length > BATCH_MAX) {
    throw AppError.validation([
      { field: 'updates', message: `must contain at most ${BATCH_MAX} updates` },
    ]);
  }
  const issues: FieldIssue[] = [];
  const firstIndexOf = new Map<string, number>();
  const out: BatchUpdate[] = [];
  updates.forEach((update, index) => {
    const rawId = (update.id ?? '').trim();
    let id: string | undefined;
    if (!isUuid(rawId)) {
      issues.push({ field: `updates.${index}.id`, message: 'must be a UUID' });
    } else {
      id = rawId.toLowerCase();
      const first = firstIndexOf.get(id);
      if (first !== undefined) {
        issues.push({
          field: `updates.${index}.id`,
          message: `repeats the id of updates.${first}; each transaction may appear once`,
        });
      } else {
        firstIndexOf.set(id, index);
      }
    }
    const parsed = issuesOf(index, () => parsePatch(update.patch ?? {}));
    issues.push(...parsed.issues);
    if (id && parsed.value) out.push({ id, changes: parsed.value });
  });
  if (issues.length) throw AppError.validation(issues);
  return out;
}

/**
 * Completes every item against its stored transaction (GST re-derivation, GST within amount),
 * exactly as a single update does. `current` must hold every id of the batch.
 */
export function resolveBatch(
  updates: BatchUpdate[],
  current: ReadonlyMap<string, Transaction>,
): BatchUpdate[] {
  const issues: FieldIssue[] = [];
  const out: BatchUpdate[] = [];
  updates.forEach((update, index) => {
    const stored = current.get(update.id);
    if (!stored) throw AppError.notFound('Transaction');
    const resolved = issuesOf(index, () => resolvePatch(stored, update.changes));
    issues.push(...resolved.issues);
    if (resolved.value) out.push({ id: update.id, changes: resolved.value });
  });
  if (issues.length) throw AppError.validation(issues);
  return out;
}
