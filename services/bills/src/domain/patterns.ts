import type { Money } from '@pfs/kit';
import type { PatternInput, PatternPatch } from '@pfs/proto/bills';
import {
  Issues,
  LIMITS,
  parseAmount,
  parseCategoryId,
  parseDate,
  parseFrequency,
  parseInterval,
  parseName,
  parseOptionalText,
} from './fields';
import type { Frequency, Schedule } from './recurrence';

/** A recurring bill: what is due, and when (its schedule). Its occurrences are bills. */
export interface BillPattern extends Schedule {
  id: string;
  userId: string;
  name: string;
  amount: Money;
  categoryId: string | null;
  merchant: string | null;
  /** Occurrences exist up to this day (inclusive); null: none generated yet. */
  generatedThrough: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The user-editable fields of a pattern, validated. */
export interface PatternFields extends Schedule {
  name: string;
  amount: Money;
  categoryId: string | null;
  merchant: string | null;
}

function checkEnd(issues: Issues, startDate: string, endDate: string | null): void {
  if (endDate && startDate && endDate < startDate)
    issues.add('endDate', 'must not be before startDate');
}

export function validateNewPattern(input: PatternInput | undefined): PatternFields {
  const issues = new Issues();
  const name = parseName(issues, 'name', input?.name ?? '');
  const amount = parseAmount(issues, 'amount', input?.amount ?? '');
  const frequency = parseFrequency(issues, 'frequency', input?.frequency ?? '');
  const interval = parseInterval(issues, 'interval', input?.interval || 1);
  const startDate = parseDate(issues, 'startDate', input?.startDate ?? '');
  const endDate = input?.endDate ? parseDate(issues, 'endDate', input.endDate) : null;
  const categoryId = parseCategoryId(issues, 'categoryId', input?.categoryId);
  const merchant = parseOptionalText(issues, 'merchant', input?.merchant, LIMITS.merchant);
  if (!issues.any) checkEnd(issues, startDate, endDate);
  issues.throwIfAny();
  return {
    name,
    amount: amount as Money,
    frequency,
    interval,
    startDate,
    endDate,
    categoryId: categoryId ?? null,
    merchant: merchant ?? null,
  };
}

/** A patch applied to a pattern's current fields: the whole new set of fields, validated. */
export function applyPatternPatch(
  current: PatternFields,
  patch: PatternPatch | undefined,
): PatternFields {
  const issues = new Issues();
  const next: PatternFields = { ...current };
  if (!patch) return next;
  if (patch.name !== undefined) next.name = parseName(issues, 'name', patch.name);
  if (patch.amount !== undefined)
    next.amount = parseAmount(issues, 'amount', patch.amount) as Money;
  if (patch.frequency !== undefined)
    next.frequency = parseFrequency(issues, 'frequency', patch.frequency) as Frequency;
  if (patch.interval !== undefined)
    next.interval = parseInterval(issues, 'interval', patch.interval);
  if (patch.startDate !== undefined)
    next.startDate = parseDate(issues, 'startDate', patch.startDate);
  if (patch.clearEndDate) next.endDate = null;
  else if (patch.endDate !== undefined) next.endDate = parseDate(issues, 'endDate', patch.endDate);
  if (patch.clearCategoryId) next.categoryId = null;
  else if (patch.categoryId !== undefined)
    next.categoryId = parseCategoryId(issues, 'categoryId', patch.categoryId) ?? null;
  if (patch.clearMerchant) next.merchant = null;
  else if (patch.merchant !== undefined)
    next.merchant = parseOptionalText(issues, 'merchant', patch.merchant, LIMITS.merchant) ?? null;
  if (!issues.any) checkEnd(issues, next.startDate, next.endDate);
  issues.throwIfAny();
  return next;
}
