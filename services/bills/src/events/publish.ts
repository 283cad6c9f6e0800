import { createOutbox, formatMoney, type EventEnvelope, type Knex } from '@pfs/kit';
import type { Bill } from '../domain/bills';
import { daysBetween } from '../domain/dates';
import type { DetectedPattern } from '../domain/detection';

/**
 * What bills publishes (subjects `pfs.bills.<type>`), always through its outbox inside the
 * transaction that makes the change, so an event exists exactly when its change committed.
 * The webhooks service turns them into the webhook event types of CONTRACT.md.
 */

/** 'bills' is the schema (SCHEMA in index.ts) and the subject token. */
export const billsOutbox = createOutbox('bills');

export const BILL_DUE_SOON = 'bill.due_soon';
export const PATTERN_DETECTED = 'pattern.detected';

/** `bill.due_soon`: once per bill (and due date), when it comes within the user's window. */
export interface BillDueSoonData {
  billId: string;
  name: string;
  /** "12.30" */
  amount: string;
  dueDate: string;
  /** 0 = due today. */
  daysUntilDue: number;
  categoryId: string | null;
  merchant: string | null;
  recurring: boolean;
  patternId: string | null;
}

/** `pattern.detected`: once per user, merchant and frequency, the first time it is suggested. */
export interface PatternDetectedData {
  merchant: string;
  name: string;
  amount: string;
  frequency: string;
  interval: number;
  nextDueDate: string;
  confidence: number;
  occurrences: number;
  lastDate: string;
  transactionIds: string[];
}

export function enqueueBillDueSoon(
  trx: Knex.Transaction,
  bill: Bill,
  today: string,
): Promise<EventEnvelope<BillDueSoonData>> {
  return billsOutbox.enqueueEvent(trx, {
    type: BILL_DUE_SOON,
    userId: bill.userId,
    data: {
      billId: bill.id,
      name: bill.name,
      amount: formatMoney(bill.amount),
      dueDate: bill.dueDate,
      daysUntilDue: daysBetween(today, bill.dueDate),
      categoryId: bill.categoryId,
      merchant: bill.merchant,
      recurring: bill.recurring,
      patternId: bill.patternId,
    },
  });
}

export function enqueuePatternDetected(
  trx: Knex.Transaction,
  userId: string,
  p: DetectedPattern,
): Promise<EventEnvelope<PatternDetectedData>> {
  return billsOutbox.enqueueEvent(trx, {
    type: PATTERN_DETECTED,
    userId,
    data: {
      merchant: p.merchant,
      name: p.name,
      amount: p.amount,
      frequency: p.frequency,
      interval: p.interval,
      nextDueDate: p.nextDueDate,
      confidence: p.confidence,
      occurrences: p.occurrences,
      lastDate: p.lastDate,
      transactionIds: p.transactionIds,
    },
  });
}
