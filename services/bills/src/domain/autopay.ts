import { Decimal, money, type Money } from '@pfs/kit';
import { daysBetween } from './dates';
import { merchantKey, merchantsMatch } from './merchant';

/**
 * Autopay: a debit that looks like the payment of an unpaid bill marks the bill paid. A match
 * needs all three:
 * - the payee: the bill's merchant (or, without one, its name) and the transaction's
 *   merchant or description name the same payee (`merchantsMatch` on merchant keys);
 * - the amount: within max(1.00, 5% of the bill) of the bill's amount;
 * - the date: the transaction is at most 7 days before or after the due date.
 * Of several matching bills the one due closest to the payment wins, then the closest amount.
 */

export const AUTOPAY_WINDOW_DAYS = 7;
const MIN_TOLERANCE = new Decimal('1.00');
const RELATIVE_TOLERANCE = new Decimal('0.05');

export interface PaymentCandidate {
  id: string;
  /** YYYY-MM-DD (a date-time is cut to its day). */
  date: string;
  amount: Money | string;
  merchant: string | null;
  description: string;
}

export interface UnpaidBill {
  id: string;
  name: string;
  merchant: string | null;
  amount: Money;
  dueDate: string;
}

export function amountTolerance(billAmount: Money): Money {
  return Decimal.max(MIN_TOLERANCE, billAmount.times(RELATIVE_TOLERANCE));
}

function payeeKeys(t: PaymentCandidate): string[] {
  return [merchantKey(t.merchant), merchantKey(t.description)].filter(Boolean);
}

function billKey(b: UnpaidBill): string {
  return merchantKey(b.merchant || b.name);
}

export function matchesBill(t: PaymentCandidate, b: UnpaidBill): boolean {
  const key = billKey(b);
  if (!payeeKeys(t).some((k) => merchantsMatch(key, k))) return false;
  const amount = money(t.amount);
  if (amount.minus(b.amount).abs().gt(amountTolerance(b.amount))) return false;
  return Math.abs(daysBetween(b.dueDate, t.date.slice(0, 10))) <= AUTOPAY_WINDOW_DAYS;
}

/** The unpaid bill this payment pays, if any. */
export function matchBill<B extends UnpaidBill>(t: PaymentCandidate, bills: B[]): B | undefined {
  const day = t.date.slice(0, 10);
  const amount = money(t.amount);
  return bills
    .filter((b) => matchesBill(t, b))
    .sort(
      (a, b) =>
        Math.abs(daysBetween(a.dueDate, day)) - Math.abs(daysBetween(b.dueDate, day)) ||
        amount.minus(a.amount).abs().comparedTo(amount.minus(b.amount).abs()) ||
        a.dueDate.localeCompare(b.dueDate),
    )[0];
}
