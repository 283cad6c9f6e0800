import type { Knex } from '@pfs/kit';
import { utcDay } from '../domain/dates';
import { enqueueBillDueSoon } from '../events/publish';
import { generateAhead } from '../occurrences';
import { claimDueSoon, markDueSoonNotified, toBill } from '../store/bills';
import type { BillRulesSource } from '../rules';
import { settlePendingRules } from '../rules-run';
import type { JobDefinition } from './runner';

export const GENERATE_OCCURRENCES = 'generate-occurrences';
export const DUE_SOON = 'due-soon';
export const RULES_CATCH_UP = 'rules-catch-up';

export interface BillJobSettings {
  horizonDays: number;
  defaultDueSoonDays: number;
  generateEveryMs: number;
  dueSoonEveryMs: number;
  /** Period of the rules catch-up (runs only with a rules source). */
  rulesCatchUpEveryMs?: number;
}

/**
 * `bill.due_soon` for every unpaid bill due from today to today + the user's window, once
 * per bill: the event and the bill's `due_soon_notified_at` are written in one transaction,
 * on bills claimed with SKIP LOCKED, so concurrent runs can neither skip nor repeat one.
 */
export async function notifyDueSoon(
  db: Knex,
  now: Date,
  defaultDays: number,
  batchSize = 200,
): Promise<{ notified: number }> {
  const today = utcDay(now);
  let notified = 0;
  for (;;) {
    const count = await db.transaction(async (trx) => {
      const rows = await claimDueSoon(trx, today, defaultDays, batchSize);
      for (const row of rows) await enqueueBillDueSoon(trx, toBill(row), today);
      await markDueSoonNotified(
        trx,
        rows.map((r) => r.id),
        now,
      );
      return rows.length;
    });
    notified += count;
    if (count < batchSize) return { notified };
  }
}

export function billJobs(
  db: Knex,
  settings: BillJobSettings,
  rules?: BillRulesSource,
): JobDefinition[] {
  const jobs: JobDefinition[] = [
    {
      name: GENERATE_OCCURRENCES,
      everyMs: settings.generateEveryMs,
      run: (now) => generateAhead(db, utcDay(now), settings.horizonDays),
    },
    {
      name: DUE_SOON,
      everyMs: settings.dueSoonEveryMs,
      run: (now) => notifyDueSoon(db, now, settings.defaultDueSoonDays),
    },
  ];
  // Bills and patterns saved while categorization was away get its rules once it answers.
  if (rules)
    jobs.push({
      name: RULES_CATCH_UP,
      everyMs: settings.rulesCatchUpEveryMs ?? 5_000,
      run: (now) => settlePendingRules(db, rules, now),
    });
  return jobs;
}
