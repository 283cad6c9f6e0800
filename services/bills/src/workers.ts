import type { EventBus, Knex, Logger, Subscription } from '@pfs/kit';
import type { BillsConfig } from './config';
import { AUTOPAY_CONSUMER, AUTOPAY_SUBJECTS, autopayHandler } from './events/autopay';
import { billJobs } from './jobs/bill-jobs';
import { JobRunner } from './jobs/runner';
import type { LedgerReader } from './ledger';
import type { BillRulesSource } from './rules';

export interface BillsWorkersOptions {
  db: Knex;
  logger: Logger;
  config: BillsConfig;
  ledger: LedgerReader;
  /** Where autopay consumes the ledger's events; without one, autopay does not run. */
  bus?: EventBus;
  /** Categorization's rules: with one, the rules catch-up job runs (ADR 010). */
  rules?: BillRulesSource;
  now?: () => Date;
}

export interface BillsWorkers {
  jobs?: JobRunner;
  autopay?: Subscription;
  /** Stops the consumer and the job runner (waiting for work in hand); pools stay open. */
  stop(): Promise<void>;
}

/**
 * The background half of bills, beside its gRPC server in every replica: the job runner
 * (generate-occurrences hourly, due-soon daily, the rules catch-up every few seconds; claimed in PostgreSQL, so replicas do not
 * repeat each other) and the autopay consumer (durable, idempotent through the inbox).
 */
export async function startBillsWorkers(opts: BillsWorkersOptions): Promise<BillsWorkers> {
  const { db, logger, config } = opts;
  let jobs: JobRunner | undefined;
  if (config.BILL_JOBS_ENABLED) {
    jobs = new JobRunner({
      db,
      logger,
      now: opts.now,
      // The rules catch-up is the most frequent job: the runner looks at least that often.
      pollMs: opts.rules
        ? Math.min(config.BILL_JOBS_POLL_MS, config.BILL_RULES_CATCHUP_MS)
        : config.BILL_JOBS_POLL_MS,
      jobs: billJobs(
        db,
        {
          horizonDays: config.BILL_HORIZON_DAYS,
          defaultDueSoonDays: config.BILL_DUE_SOON_DAYS,
          generateEveryMs: config.BILL_GENERATE_EVERY_MS,
          dueSoonEveryMs: config.BILL_DUE_SOON_EVERY_MS,
          rulesCatchUpEveryMs: config.BILL_RULES_CATCHUP_MS,
        },
        opts.rules,
      ),
    });
    jobs.start();
  }
  let autopay: Subscription | undefined;
  if (config.BILL_AUTOPAY_ENABLED && opts.bus) {
    autopay = await opts.bus.subscribe({
      consumer: AUTOPAY_CONSUMER,
      subjects: AUTOPAY_SUBJECTS,
      db,
      logger,
      handler: autopayHandler({ ledger: opts.ledger, logger, now: opts.now }),
    });
  }
  return {
    jobs,
    autopay,
    async stop() {
      await autopay?.stop();
      await jobs?.stop();
    },
  };
}
