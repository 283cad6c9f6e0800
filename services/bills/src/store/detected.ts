import type { Knex } from '@pfs/kit';

/**
 * Remembers which suggestions were announced (pattern.detected), once per user, merchant key
 * and frequency. Returns the keys that were new, in the caller's transaction, so the events
 * are written with the rows that make them "seen".
 */
export async function recordDetections(
  trx: Knex.Transaction,
  userId: string,
  detections: { merchantKey: string; frequency: string }[],
): Promise<Set<string>> {
  if (!detections.length) return new Set();
  const rows = (await trx('detected_patterns')
    .insert(
      detections.map((d) => ({
        user_id: userId,
        merchant_key: d.merchantKey,
        frequency: d.frequency,
      })),
    )
    .onConflict(['user_id', 'merchant_key', 'frequency'])
    .ignore()
    .returning(['merchant_key', 'frequency'])) as { merchant_key: string; frequency: string }[];
  return new Set(rows.map((r) => detectionKey(r.merchant_key, r.frequency)));
}

export function detectionKey(merchantKey: string, frequency: string): string {
  return `${frequency}:${merchantKey}`;
}
