import type { Money } from '@pfs/kit';

/**
 * Custom rules (SPEC.md: "Rules apply to transactions, bills, expenses and patterns") are
 * owned by categorization. This is the one place bills hands a new bill or pattern to them,
 * before it is stored: a rule may set the category (setCategory) or the merchant.
 *
 * Today it passes the subject through unchanged: categorization has no rules RPC yet
 * (proto/pfs/categorization/v1 has none). When it has, call it here (bills → categorization
 * gRPC, with the user id) and map the returned actions onto the subject; every caller
 * already awaits this function and stores what it returns.
 */

export interface RuleSubject {
  /** Which of the rule targets (`appliesTo`) this is. */
  appliesTo: 'bills' | 'patterns';
  userId: string;
  name: string;
  merchant: string | null;
  amount: Money;
  categoryId: string | null;
}

export async function applyBillRules<T extends RuleSubject>(subject: T): Promise<T> {
  return subject;
}
