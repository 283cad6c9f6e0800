import type { Knex } from '@pfs/kit';
import { addDays, maxDate } from './domain/dates';
import type { BillPattern } from './domain/patterns';
import { occurrencesBetween } from './domain/recurrence';
import { insertOccurrences } from './store/bills';
import { claimPatternsToGenerate, setGeneratedThrough } from './store/patterns';

/**
 * Occurrences are generated from today (or the pattern's start, if later) up to
 * today + horizon, never before today: a pattern whose start date is in the past does not
 * produce a backlog of overdue bills. `generated_through` remembers how far a pattern got,
 * so the rolling job only adds the new days, and an occurrence the user deleted is not
 * made again. The unique (pattern_id, due_date) index makes any overlap harmless.
 */
export async function generateOccurrences(
  trx: Knex.Transaction,
  pattern: BillPattern,
  today: string,
  horizonDays: number,
): Promise<number> {
  const horizon = addDays(today, horizonDays);
  let from = maxDate(pattern.startDate, today);
  if (pattern.generatedThrough) from = maxDate(from, addDays(pattern.generatedThrough, 1));
  const dates = from <= horizon ? occurrencesBetween(pattern, from, horizon) : [];
  const inserted = await insertOccurrences(trx, pattern, dates);
  if (!pattern.generatedThrough || pattern.generatedThrough < horizon) {
    await setGeneratedThrough(trx, pattern.id, horizon);
  }
  return inserted;
}

/**
 * The rolling horizon for every user's patterns, a batch of patterns per transaction. Safe to
 * run concurrently: each batch is claimed with FOR UPDATE SKIP LOCKED.
 */
export async function generateAhead(
  db: Knex,
  today: string,
  horizonDays: number,
  batchSize = 100,
): Promise<{ patterns: number; occurrences: number }> {
  const horizon = addDays(today, horizonDays);
  const totals = { patterns: 0, occurrences: 0 };
  for (;;) {
    const batch = await db.transaction(async (trx) => {
      const patterns = await claimPatternsToGenerate(trx, horizon, batchSize);
      let occurrences = 0;
      for (const pattern of patterns)
        occurrences += await generateOccurrences(trx, pattern, today, horizonDays);
      return { patterns: patterns.length, occurrences };
    });
    totals.patterns += batch.patterns;
    totals.occurrences += batch.occurrences;
    if (batch.patterns < batchSize) return totals;
  }
}
