import { isUuid } from '@pfs/kit';
import { checkDecimal, checkText, Issues, nextDay, parseCalendarDate } from './fields';
import {
  AMOUNT_MAX,
  DESCRIPTION_MAX,
  isTransactionType,
  MERCHANT_MAX,
  TRANSACTION_TYPES,
  type TransactionType,
} from './transactions';

/** List filters as the client sends them (the shape of the proto message). */
export interface TransactionFilterInput {
  from?: string;
  to?: string;
  categoryId?: string;
  type?: string;
  merchant?: string;
  q?: string;
  minAmount?: string;
  maxAmount?: string;
  isTaxDeductible?: boolean;
  uncategorized?: boolean;
}

/** Validated filters, ready to become SQL conditions. */
export interface TransactionFilter {
  /** occurred_at >= this instant (midnight UTC of `from`). */
  occurredFrom?: Date;
  /** occurred_at < this instant (midnight UTC of the day after `to`, so `to` is inclusive). */
  occurredBefore?: Date;
  categoryId?: string;
  uncategorized: boolean;
  type?: TransactionType;
  /** Matched case-insensitively against the whole merchant name. */
  merchant?: string;
  /** An ILIKE pattern matching the search text anywhere, with LIKE wildcards escaped. */
  searchPattern?: string;
  minAmount?: string;
  maxAmount?: string;
  isTaxDeductible?: boolean;
}

export const SORTS = ['date', '-date', 'amount', '-amount'] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = '-date';

export interface TransactionSort {
  column: 'occurred_at' | 'amount';
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  filter: TransactionFilter;
  sort: TransactionSort;
}

/** Validates the filters and sort of one list request, reporting every bad one at once. */
export function normalizeListQuery(
  input: TransactionFilterInput | undefined,
  sort: string | undefined,
): ListQuery {
  const issues = new Issues();
  const filter = parseFilter(issues, input ?? {});
  const parsedSort = parseSort(issues, sort);
  issues.throwIfAny();
  return { filter, sort: parsedSort };
}

/** Escapes LIKE wildcards so the search text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function parseSort(issues: Issues, raw: string | undefined): TransactionSort {
  const key = raw?.trim() || DEFAULT_SORT;
  if (!(SORTS as readonly string[]).includes(key)) {
    issues.add('sort', `must be one of ${SORTS.join(', ')}`);
    return { column: 'occurred_at', direction: 'desc' };
  }
  return {
    column: key.endsWith('date') ? 'occurred_at' : 'amount',
    direction: key.startsWith('-') ? 'desc' : 'asc',
  };
}

/**
 * Query-string filters arrive as text; an empty value (`?merchant=`) is treated as absent
 * rather than as a search for the empty string.
 */
function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseFilter(issues: Issues, input: TransactionFilterInput): TransactionFilter {
  const filter: TransactionFilter = { uncategorized: input.uncategorized === true };

  const from = present(input.from);
  const fromDate = from === undefined ? undefined : parseCalendarDate(from);
  if (from !== undefined && !fromDate) issues.add('from', 'must be a date (YYYY-MM-DD)');
  const to = present(input.to);
  const toDate = to === undefined ? undefined : parseCalendarDate(to);
  if (to !== undefined && !toDate) issues.add('to', 'must be a date (YYYY-MM-DD)');
  if (fromDate && toDate && fromDate > toDate) issues.add('from', 'must not be after to');
  if (fromDate) filter.occurredFrom = fromDate;
  if (toDate) filter.occurredBefore = nextDay(toDate);

  const categoryId = present(input.categoryId);
  if (categoryId !== undefined) {
    if (!isUuid(categoryId)) issues.add('categoryId', 'must be a UUID');
    else if (filter.uncategorized)
      issues.add('categoryId', 'cannot be combined with uncategorized');
    else filter.categoryId = categoryId.toLowerCase();
  }

  const type = present(input.type);
  if (type !== undefined) {
    if (isTransactionType(type)) filter.type = type;
    else issues.add('type', `must be one of ${TRANSACTION_TYPES.join(', ')}`);
  }

  const merchant = present(input.merchant);
  if (merchant !== undefined) {
    const text = checkText(issues, 'merchant', merchant, { min: 1, max: MERCHANT_MAX });
    if (text !== undefined) filter.merchant = text;
  }

  const q = present(input.q);
  if (q !== undefined) {
    // Nothing longer than a description can match inside one.
    const text = checkText(issues, 'q', q, { min: 1, max: DESCRIPTION_MAX });
    if (text !== undefined) filter.searchPattern = `%${escapeLike(text)}%`;
  }

  const amountRule = { places: 2, min: { value: '0' }, max: { value: AMOUNT_MAX } };
  const minRaw = present(input.minAmount);
  const min =
    minRaw === undefined ? undefined : checkDecimal(issues, 'minAmount', minRaw, amountRule);
  const maxRaw = present(input.maxAmount);
  const max =
    maxRaw === undefined ? undefined : checkDecimal(issues, 'maxAmount', maxRaw, amountRule);
  if (min && max && min.gt(max)) issues.add('minAmount', 'must not be greater than maxAmount');
  if (min) filter.minAmount = min.toFixed(2);
  if (max) filter.maxAmount = max.toFixed(2);

  if (input.isTaxDeductible !== undefined) filter.isTaxDeductible = input.isTaxDeductible;
  return filter;
}
