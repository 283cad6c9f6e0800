import { AppError, createLogger, isTransportFailure, type Logger } from '@pfs/kit';
import { ClassificationServiceClient } from '@pfs/proto/categorization/v1/classification';
import type { Transaction } from '@pfs/proto/ledger';
import type { Upstreams } from '../upstreams';

/** GetTransaction calls in flight at once when a route needs many transactions by id. */
export const LEDGER_LOOKUP_CONCURRENCY = 16;

let log: Logger | undefined;
const logger = () =>
  (log ??= createLogger(
    'gateway',
    process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  ));

/** Runs `work` over the items with at most `limit` in flight; results in input order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The caller's transactions among the ids, by id; ids that are not the caller's (or do not
 * exist) are simply absent. The ledger has no batch read by ids, so this is GetTransaction
 * per id with bounded concurrency (one gRPC round trip each, {@link LEDGER_LOOKUP_CONCURRENCY}
 * at a time over the same HTTP/2 channel).
 */
export async function ownTransactions(
  upstreams: Upstreams,
  ids: readonly string[],
): Promise<Map<string, Transaction>> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await mapLimited(unique, LEDGER_LOOKUP_CONCURRENCY, async (id) => {
    try {
      const { transaction } = await upstreams.ledger.call((c) => c.getTransaction, { id });
      return transaction;
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
      throw err;
    }
  });
  return new Map(found.flatMap((t) => (t ? [[t.id.toLowerCase(), t] as const] : [])));
}

export function classificationService(upstreams: Upstreams) {
  return upstreams.categorization.service(ClassificationServiceClient);
}

/**
 * Teaches the classifier the category the user just set on a transaction (or that they cleared
 * it). Awaited, so the next classification already knows it; but the user's write has
 * happened, so a failure here is logged and never fails the request. (Once transaction events
 * exist, categorization will consume them durably and this call becomes a fast path.)
 */
export async function learnFromTransactions(
  upstreams: Upstreams,
  transactions: readonly (Transaction | undefined)[],
): Promise<void> {
  const labels = transactions.flatMap((t) =>
    t
      ? [
          {
            transactionId: t.id,
            description: t.description,
            merchant: t.merchant,
            amount: t.amount,
            type: t.type,
            categoryId: t.categoryId ?? '',
          },
        ]
      : [],
  );
  if (!labels.length) return;
  try {
    await classificationService(upstreams).call((c) => c.recordLabels, { labels });
  } catch (err) {
    const transport =
      isTransportFailure(err) || (err as { code?: string }).code === 'SERVICE_UNAVAILABLE';
    logger()[transport ? 'warn' : 'error'](
      { err: (err as Error).message, labels: labels.length },
      'could not teach the classifier (the transaction write itself succeeded)',
    );
  }
}
