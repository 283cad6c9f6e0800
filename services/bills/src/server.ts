import {
  AppError,
  formatMoney,
  isUuid,
  normalizePage,
  pageInfo,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  BillsServiceService,
  type Bill as BillMessage,
  type BillsServiceServer,
  type Pattern as PatternMessage,
  type PatternSuggestion,
} from '@pfs/proto/bills';
import type { BillsConfig } from './config';
import { validateBillPatch, validateNewBill, type Bill } from './domain/bills';
import { addMonthsClamped, isCalendarDate, utcDay } from './domain/dates';
import { detectPatterns, type DetectedPattern } from './domain/detection';
import { Issues, requireId } from './domain/fields';
import { merchantKey } from './domain/merchant';
import {
  applyPatternPatch,
  validateNewPattern,
  type BillPattern,
  type PatternFields,
} from './domain/patterns';
import { nextOccurrence, sameSchedule } from './domain/recurrence';
import { enqueuePatternDetected } from './events/publish';
import type { LedgerReader } from './ledger';
import { generateOccurrences } from './occurrences';
import { ruleTargetBinding } from './rules-run';
import { applyBillRulesOrPending, billRuleSet, ruleSubject, type BillRulesSource } from './rules';
import {
  deleteBill,
  deleteFutureUnpaidOccurrences,
  findBill,
  insertBill,
  listBills,
  payBill,
  refreshFutureUnpaidOccurrences,
  updateBill,
} from './store/bills';
import { detectionKey, recordDetections } from './store/detected';
import {
  deletePattern,
  findPattern,
  insertPattern,
  listPatterns,
  patternPayees,
  updatePattern,
} from './store/patterns';
import { dueSoonDays, setDueSoonDays } from './store/settings';

export const SERVICE_NAME = 'pfs.bills.v1.BillsService';

/** How far back pattern detection reads the user's transactions. */
export const DETECTION_MONTHS = 18;

export interface BillsDeps {
  db: Knex;
  logger: Logger;
  config: Pick<BillsConfig, 'BILL_HORIZON_DAYS' | 'BILL_DUE_SOON_DAYS'>;
  /** The ledger's transactions (pattern detection). */
  ledger: LedgerReader;
  /** Decides "today" (tests pin it). */
  now?: () => Date;
  /** Categorization's custom rules for new and updated bills and patterns (ADR 010). */
  rules?: BillRulesSource;
}

function toBillMessage(b: Bill): BillMessage {
  return {
    id: b.id,
    name: b.name,
    amount: formatMoney(b.amount),
    dueDate: b.dueDate,
    paid: b.paid,
    categoryId: b.categoryId ?? undefined,
    recurring: b.recurring,
    notes: b.notes ?? undefined,
    merchant: b.merchant ?? undefined,
    patternId: b.patternId ?? undefined,
    paidAt: b.paidAt?.toISOString(),
    transactionId: b.transactionId ?? undefined,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

function toPatternMessage(p: BillPattern, today: string): PatternMessage {
  return {
    id: p.id,
    name: p.name,
    amount: formatMoney(p.amount),
    frequency: p.frequency,
    interval: p.interval,
    startDate: p.startDate,
    endDate: p.endDate ?? undefined,
    categoryId: p.categoryId ?? undefined,
    merchant: p.merchant ?? undefined,
    nextDueDate: nextOccurrence(p, today) ?? undefined,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function toSuggestion(p: DetectedPattern): PatternSuggestion {
  return {
    merchant: p.merchant,
    name: p.name,
    amount: p.amount,
    frequency: p.frequency,
    interval: p.interval,
    nextDueDate: p.nextDueDate,
    confidence: p.confidence.toFixed(2),
    occurrences: p.occurrences,
    lastDate: p.lastDate,
    transactionIds: p.transactionIds,
  };
}

function optionalDate(
  issues: Issues,
  field: string,
  value: string | undefined,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isCalendarDate(value)) issues.add(field, 'must be a real calendar date YYYY-MM-DD');
  return value;
}

function optionalUuid(
  issues: Issues,
  field: string,
  value: string | undefined,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isUuid(value)) issues.add(field, 'must be a UUID');
  return value.toLowerCase();
}

export function createServer({
  db,
  logger,
  config,
  ledger,
  now = () => new Date(),
  rules,
}: BillsDeps): GrpcServiceBinding[] {
  const horizonDays = config.BILL_HORIZON_DAYS;
  const today = () => utcDay(now());

  /**
   * Rules (categorization) may adjust a new bill's or pattern's category and merchant.
   * pending: categorization could not be reached; the record is saved as sent, and the
   * rules catch-up job applies the rules later (ADR 010).
   */
  async function withRules<
    T extends {
      name: string;
      merchant: string | null;
      amount: PatternFields['amount'];
      categoryId: string | null;
    },
  >(
    userId: string,
    appliesTo: 'bills' | 'patterns',
    fields: T,
  ): Promise<{ fields: T; pending: boolean }> {
    const ruled = await applyBillRulesOrPending({ ...fields, appliesTo, userId }, rules);
    return {
      fields: { ...fields, categoryId: ruled.subject.categoryId, merchant: ruled.subject.merchant },
      pending: ruled.pending,
    };
  }

  const implementation: BillsServiceServer = {
    createBill: unary(async (req, { userId }) => {
      const { fields, pending } = await withRules(userId, 'bills', validateNewBill(req.bill));
      return { bill: toBillMessage(await insertBill(db, userId, fields, pending)) };
    }),

    listBills: unary(async (req, { userId }) => {
      const issues = new Issues();
      const f = req.filter;
      const from = optionalDate(issues, 'from', f?.from);
      const to = optionalDate(issues, 'to', f?.to);
      if (from && to && from > to) issues.add('from', 'must not be after to');
      const categoryId = optionalUuid(issues, 'categoryId', f?.categoryId);
      const patternId = optionalUuid(issues, 'patternId', f?.patternId);
      issues.throwIfAny();
      const page = normalizePage(req.page);
      const { bills, total } = await listBills(
        db,
        userId,
        { paid: f?.paid, recurring: f?.recurring, from, to, categoryId, patternId },
        page,
      );
      const info = pageInfo(page, total);
      return { bills: bills.map(toBillMessage), page: { ...info, total: String(info.total) } };
    }),

    getBill: unary(async (req, { userId }) => {
      const bill = await findBill(db, userId, requireId(req.id, 'Bill'));
      if (!bill) throw AppError.notFound('Bill');
      return { bill: toBillMessage(bill) };
    }),

    updateBill: unary(async (req, { userId }) => {
      const id = requireId(req.id, 'Bill');
      const changes = validateBillPatch(req.patch);
      // The rules are fetched before the row is locked; they see the bill as patched.
      const set = await billRuleSet(userId, 'bills', rules);
      const bill = await updateBill(db, userId, id, changes, now(), (next) =>
        set ? ruleSubject(set, next) : undefined,
      );
      if (!bill) throw AppError.notFound('Bill');
      return { bill: toBillMessage(bill) };
    }),

    deleteBill: unary(async (req, { userId }) => {
      if (!(await deleteBill(db, userId, requireId(req.id, 'Bill'))))
        throw AppError.notFound('Bill');
      return {};
    }),

    payBill: unary(async (req, { userId }) => {
      const id = requireId(req.id, 'Bill');
      let transactionId: string | null = null;
      if (req.transactionId) {
        if (!isUuid(req.transactionId)) {
          throw AppError.validation([{ field: 'transactionId', message: 'must be a UUID' }]);
        }
        transactionId = req.transactionId.toLowerCase();
      }
      const bill = await payBill(db, userId, id, transactionId, now());
      if (!bill) throw AppError.notFound('Bill');
      return { bill: toBillMessage(bill) };
    }),

    createPattern: unary(async (req, { userId }) => {
      const { fields, pending } = await withRules(
        userId,
        'patterns',
        validateNewPattern(req.pattern),
      );
      const day = today();
      const { pattern, generated } = await db.transaction(async (trx) => {
        const created = await insertPattern(trx, userId, fields, pending);
        return {
          pattern: created,
          generated: await generateOccurrences(trx, created, day, horizonDays),
        };
      });
      return { pattern: toPatternMessage(pattern, day), generated };
    }),

    listPatterns: unary(async (req, { userId }) => {
      const page = normalizePage(req.page);
      const { patterns, total } = await listPatterns(db, userId, page);
      const info = pageInfo(page, total);
      const day = today();
      return {
        patterns: patterns.map((p) => toPatternMessage(p, day)),
        page: { ...info, total: String(info.total) },
      };
    }),

    getPattern: unary(async (req, { userId }) => {
      const pattern = await findPattern(db, userId, requireId(req.id, 'Pattern'));
      if (!pattern) throw AppError.notFound('Pattern');
      return { pattern: toPatternMessage(pattern, today()) };
    }),

    updatePattern: unary(async (req, { userId }) => {
      const id = requireId(req.id, 'Pattern');
      const day = today();
      const at = now();
      // The rules are fetched before the row is locked; they see the pattern as patched.
      const set = await billRuleSet(userId, 'patterns', rules);
      const { pattern, generated } = await db.transaction(async (trx) => {
        const current = await findPattern(trx, userId, id, { forUpdate: true });
        if (!current) throw AppError.notFound('Pattern');
        const patched = applyPatternPatch(current, req.patch);
        const fields = set ? ruleSubject(set, patched) : patched;
        const rescheduled = !sameSchedule(current, fields);
        const updated = await updatePattern(trx, userId, id, fields, {
          resetGeneration: rescheduled,
          now: at,
          rulesPending: !set,
        });
        if (!rescheduled) {
          // Same dates: the future unpaid occurrences take the new name, amount, category.
          await refreshFutureUnpaidOccurrences(trx, updated, day, at);
          return { pattern: updated, generated: 0 };
        }
        // New dates: the future unpaid occurrences are replaced (paid and past ones stay).
        await deleteFutureUnpaidOccurrences(trx, userId, id, day);
        return {
          pattern: updated,
          generated: await generateOccurrences(trx, updated, day, horizonDays),
        };
      });
      return { pattern: toPatternMessage(pattern, day), generated };
    }),

    deletePattern: unary(async (req, { userId }) => {
      const id = requireId(req.id, 'Pattern');
      const deleted = await db.transaction(async (trx) => {
        const current = await findPattern(trx, userId, id, { forUpdate: true });
        if (!current) throw AppError.notFound('Pattern');
        const count = await deleteFutureUnpaidOccurrences(trx, userId, id, today());
        await deletePattern(trx, userId, id);
        return count;
      });
      return { deletedOccurrences: deleted };
    }),

    listPatternSuggestions: unary(async (_req, { userId }) => {
      const day = today();
      const [history, covered] = await Promise.all([
        ledger.debits(userId, { from: addMonthsClamped(day, -DETECTION_MONTHS), to: day }),
        patternPayees(db, userId),
      ]);
      const found = detectPatterns(
        history.map((t) => ({ ...t, date: t.date.slice(0, 10) })),
        { today: day, exclude: covered.map(merchantKey).filter(Boolean) },
      );
      if (found.length) {
        // The first sighting of a (merchant, frequency) is announced once: pattern.detected.
        await db.transaction(async (trx) => {
          const unique = new Map(found.map((p) => [detectionKey(p.key, p.frequency), p]));
          const fresh = await recordDetections(
            trx,
            userId,
            [...unique.values()].map((p) => ({ merchantKey: p.key, frequency: p.frequency })),
          );
          for (const [key, p] of unique)
            if (fresh.has(key)) await enqueuePatternDetected(trx, userId, p);
          if (fresh.size)
            logger.info({ userId, detected: fresh.size }, 'new recurring payments detected');
        });
      }
      return { suggestions: found.map(toSuggestion) };
    }),

    getBillSettings: unary(async (_req, { userId }) => ({
      settings: { dueSoonDays: await dueSoonDays(db, userId, config.BILL_DUE_SOON_DAYS) },
    })),

    updateBillSettings: unary(async (req, { userId }) => {
      const days = req.settings?.dueSoonDays;
      if (days === undefined || !Number.isInteger(days) || days < 0 || days > 60) {
        throw AppError.validation([
          { field: 'dueSoonDays', message: 'must be an integer from 0 to 60' },
        ]);
      }
      return { settings: { dueSoonDays: await setDueSoonDays(db, userId, days, now()) } };
    }),
  };

  return [
    { name: SERVICE_NAME, definition: BillsServiceService, implementation },
    // Rules runs and dry runs over stored bills and patterns (categorization calls it).
    ruleTargetBinding({ db, logger, now }),
  ];
}
