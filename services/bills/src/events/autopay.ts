import { eventSubject, isUuid, type EventHandler, type Knex, type Logger } from '@pfs/kit';
import { matchBill, AUTOPAY_WINDOW_DAYS, type PaymentCandidate } from '../domain/autopay';
import type { Bill } from '../domain/bills';
import { addDays } from '../domain/dates';
import type { LedgerReader } from '../ledger';
import { linkedTransactionIds, markPaidByTransaction, unpaidBillsForUpdate } from '../store/bills';

/**
 * Autopay: the ledger's new debits pay matching unpaid bills (domain/autopay.ts decides what
 * matches). A durable consumer of `transaction.created` and `transaction.imported`; kit's
 * inbox makes each event's effects commit once, so a redelivery pays nothing twice.
 */

export const AUTOPAY_CONSUMER = 'bills-autopay';
export const AUTOPAY_SUBJECTS = [
  eventSubject('ledger', 'transaction.created'),
  eventSubject('ledger', 'transaction.imported'),
];

/** The ledger's payloads (services/ledger/src/events/transactions.ts), as far as autopay reads them. */
interface TransactionCreated {
  id: string;
  date: string;
  amount: string;
  type: string;
  description: string;
  merchant: string | null;
}

interface TransactionImported {
  transactionIds?: string[];
}

export interface AutopayDeps {
  ledger: LedgerReader;
  logger: Logger;
  now?: () => Date;
}

/** Pays what the payments match, oldest payment first; returns the bills paid. */
async function payMatching(
  trx: Knex.Transaction,
  userId: string,
  payments: PaymentCandidate[],
  unpaid: Bill[],
  now: Date,
): Promise<{ billId: string; transactionId: string }[]> {
  const linked = await linkedTransactionIds(
    trx,
    userId,
    payments.map((p) => p.id),
  );
  let open = unpaid;
  const paid: { billId: string; transactionId: string }[] = [];
  for (const payment of [...payments].sort((a, b) => a.date.localeCompare(b.date))) {
    if (linked.has(payment.id)) continue;
    const bill = matchBill(payment, open);
    if (!bill) continue;
    if (await markPaidByTransaction(trx, userId, bill.id, payment.id, now)) {
      paid.push({ billId: bill.id, transactionId: payment.id });
      open = open.filter((b) => b.id !== bill.id);
    }
  }
  return paid;
}

export function autopayHandler({
  ledger,
  logger,
  now = () => new Date(),
}: AutopayDeps): EventHandler {
  const log = logger.child({ component: 'autopay' });
  return async (event, trx) => {
    const userId = event.userId;
    if (!userId || !isUuid(userId)) return;
    let payments: PaymentCandidate[];
    let unpaid: Bill[];

    if (event.type === 'transaction.created') {
      const t = event.data as TransactionCreated;
      if (t?.type !== 'debit' || !isUuid(t.id)) return;
      const day = t.date.slice(0, 10);
      unpaid = await unpaidBillsForUpdate(trx, userId, {
        from: addDays(day, -AUTOPAY_WINDOW_DAYS),
        to: addDays(day, AUTOPAY_WINDOW_DAYS),
      });
      if (!unpaid.length) return;
      payments = [
        {
          id: t.id,
          date: t.date,
          amount: t.amount,
          merchant: t.merchant,
          description: t.description,
        },
      ];
    } else if (event.type === 'transaction.imported') {
      const ids = new Set((event.data as TransactionImported)?.transactionIds ?? []);
      if (!ids.size) return;
      unpaid = await unpaidBillsForUpdate(trx, userId);
      if (!unpaid.length) return;
      // The import's rows in the window the unpaid bills could match, from the ledger's API.
      const dues = unpaid.map((b) => b.dueDate).sort();
      const debits = await ledger.debits(userId, {
        from: addDays(dues[0], -AUTOPAY_WINDOW_DAYS),
        to: addDays(dues[dues.length - 1], AUTOPAY_WINDOW_DAYS),
      });
      payments = debits.filter((d) => ids.has(d.id));
    } else {
      return;
    }

    const paid = await payMatching(trx, userId, payments, unpaid, now());
    if (paid.length)
      log.info({ userId, eventId: event.id, paid }, 'bills paid by matching transactions');
  };
}
