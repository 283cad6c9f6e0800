import type { Money } from '@pfs/kit';
import type { BillInput, BillPatch } from '@pfs/proto/bills';
import {
  Issues,
  LIMITS,
  parseAmount,
  parseCategoryId,
  parseDate,
  parseName,
  parseOptionalText,
} from './fields';

/** A bill: one amount due on one day, paid or not. Occurrences of a pattern are bills too. */
export interface Bill {
  id: string;
  userId: string;
  name: string;
  amount: Money;
  dueDate: string;
  paid: boolean;
  paidAt: Date | null;
  transactionId: string | null;
  categoryId: string | null;
  notes: string | null;
  merchant: string | null;
  recurring: boolean;
  patternId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a user gives to create a one-off bill. */
export interface NewBill {
  name: string;
  amount: Money;
  dueDate: string;
  categoryId: string | null;
  notes: string | null;
  merchant: string | null;
}

export function validateNewBill(input: BillInput | undefined): NewBill {
  const issues = new Issues();
  const name = parseName(issues, 'name', input?.name ?? '');
  const amount = parseAmount(issues, 'amount', input?.amount ?? '');
  const dueDate = parseDate(issues, 'dueDate', input?.dueDate ?? '');
  const categoryId = parseCategoryId(issues, 'categoryId', input?.categoryId);
  // Notes are kept as written (no trim): they are the user's text.
  const notes = parseOptionalText(issues, 'notes', input?.notes, LIMITS.notes, false);
  const merchant = parseOptionalText(issues, 'merchant', input?.merchant, LIMITS.merchant);
  issues.throwIfAny();
  return {
    name,
    amount: amount as Money,
    dueDate,
    categoryId: categoryId ?? null,
    notes: notes ?? null,
    merchant: merchant ?? null,
  };
}

/** The columns a patch changes (undefined = unchanged, null = cleared). */
export interface BillChanges {
  name?: string;
  amount?: Money;
  dueDate?: string;
  categoryId?: string | null;
  notes?: string | null;
  merchant?: string | null;
  paid?: boolean;
}

export function validateBillPatch(patch: BillPatch | undefined): BillChanges {
  const issues = new Issues();
  const changes: BillChanges = {};
  if (!patch) return changes;
  if (patch.name !== undefined) changes.name = parseName(issues, 'name', patch.name);
  if (patch.amount !== undefined) changes.amount = parseAmount(issues, 'amount', patch.amount);
  if (patch.dueDate !== undefined) changes.dueDate = parseDate(issues, 'dueDate', patch.dueDate);
  if (patch.clearCategoryId) changes.categoryId = null;
  else if (patch.categoryId !== undefined)
    changes.categoryId = parseCategoryId(issues, 'categoryId', patch.categoryId) ?? null;
  if (patch.clearNotes) changes.notes = null;
  else if (patch.notes !== undefined)
    changes.notes = parseOptionalText(issues, 'notes', patch.notes, LIMITS.notes, false);
  if (patch.clearMerchant) changes.merchant = null;
  else if (patch.merchant !== undefined)
    changes.merchant = parseOptionalText(issues, 'merchant', patch.merchant, LIMITS.merchant);
  if (patch.paid !== undefined) changes.paid = patch.paid;
  issues.throwIfAny();
  return changes;
}
