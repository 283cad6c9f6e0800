import { formatMoney, isUuid, money, splitGst } from '@pfs/kit';
import { checkDecimal, checkText, Issues, parseInstant } from './fields';

export const TRANSACTION_TYPES = ['debit', 'credit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export function isTransactionType(value: string): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value);
}

export const DESCRIPTION_MAX = 1000;
export const MERCHANT_MAX = 200;
export const AMOUNT_MAX = '9999999999.99';
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;

/**
 * A transaction's own fields after validation. Decimals are kept as canonical strings
 * ("12.30" for money, "0.1" for a rate) so they never pass through a binary float.
 */
export interface TransactionFields {
  occurredAt: Date;
  description: string;
  amount: string;
  type: TransactionType;
  categoryId: string | null;
  merchant: string | null;
  isTaxDeductible: boolean;
  /** Percent, 0–100. */
  businessUsePercentage: string;
  /** Fraction (0.1 is 10 %); null when no rate is known. */
  gstRate: string | null;
  gstAmount: string;
  /** Whether `amount` already includes the GST. */
  gstIncluded: boolean;
}

export interface Transaction extends TransactionFields {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a client sends to create a transaction (the shape of the proto message). */
export interface TransactionInput {
  date: string;
  description: string;
  amount: string;
  type: string;
  categoryId?: string;
  merchant?: string;
  gstAmount?: string;
  gstRate?: string;
  gstIncluded?: boolean;
  isTaxDeductible?: boolean;
  businessUsePercentage?: string;
}

/** A partial update: absent fields stay as they are; clear* set a nullable field to null. */
export interface TransactionPatch {
  date?: string;
  description?: string;
  amount?: string;
  type?: string;
  categoryId?: string;
  clearCategoryId?: boolean;
  merchant?: string;
  clearMerchant?: boolean;
  gstAmount?: string;
  gstRate?: string;
  gstIncluded?: boolean;
  isTaxDeductible?: boolean;
  businessUsePercentage?: string;
}

/** The columns an update changes; only keys that are present change. */
export type TransactionChanges = Partial<TransactionFields>;

const DEFAULTS = {
  categoryId: null,
  merchant: null,
  isTaxDeductible: false,
  businessUsePercentage: '100',
  gstRate: null,
  gstAmount: '0.00',
  gstIncluded: true,
} satisfies Partial<TransactionFields>;

/** Validates and normalises a new transaction, deriving its GST when only a rate is given. */
export function parseNewTransaction(input: TransactionInput): TransactionFields {
  const issues = new Issues();
  const required = {
    date: input.date,
    description: input.description,
    amount: input.amount,
    type: input.type,
  };
  for (const [field, value] of Object.entries(required)) {
    if (!value?.trim()) issues.add(field, 'is required');
  }
  const parsed = parseFields(issues, {
    ...input,
    date: blankToUndefined(input.date),
    description: blankToUndefined(input.description),
    amount: blankToUndefined(input.amount),
    type: blankToUndefined(input.type),
  });
  // A missing required field has already been recorded as an issue.
  if (!hasRequiredFields(parsed)) return issues.fail();
  const fields: TransactionFields = { ...DEFAULTS, ...parsed };
  const gstAmount = settleGst(issues, fields, {
    gstAmountGiven: parsed.gstAmount !== undefined,
    inputsChanged: true,
  });
  issues.throwIfAny();
  return gstAmount === undefined ? fields : { ...fields, gstAmount };
}

type RequiredFields = Pick<TransactionFields, 'occurredAt' | 'description' | 'amount' | 'type'>;

function hasRequiredFields(
  parsed: TransactionChanges,
): parsed is TransactionChanges & RequiredFields {
  return (
    parsed.occurredAt !== undefined &&
    parsed.description !== undefined &&
    parsed.amount !== undefined &&
    parsed.type !== undefined
  );
}

/** Validates every present field of a patch on its own (no stored row needed yet). */
export function parsePatch(patch: TransactionPatch): TransactionChanges {
  const issues = new Issues();
  const changes = parseFields(issues, patch);
  if (patch.clearCategoryId) {
    if (patch.categoryId !== undefined)
      issues.add('categoryId', 'cannot be set and cleared at once');
    else changes.categoryId = null;
  }
  if (patch.clearMerchant) {
    if (patch.merchant !== undefined) issues.add('merchant', 'cannot be set and cleared at once');
    else changes.merchant = null;
  }
  issues.throwIfAny();
  return changes;
}

/**
 * Completes parsed changes against the stored transaction: re-derives the GST amount when
 * its inputs change and none was given, and checks that the GST never exceeds the amount.
 */
export function resolvePatch(
  current: TransactionFields,
  changes: TransactionChanges,
): TransactionChanges {
  const issues = new Issues();
  const gstAmount = settleGst(
    issues,
    { ...current, ...changes },
    {
      gstAmountGiven: changes.gstAmount !== undefined,
      inputsChanged:
        changes.amount !== undefined ||
        changes.gstRate !== undefined ||
        changes.gstIncluded !== undefined,
    },
  );
  issues.throwIfAny();
  return gstAmount === undefined ? changes : { ...changes, gstAmount };
}

export function isEmptyChange(changes: TransactionChanges): boolean {
  return Object.keys(changes).length === 0;
}

/** The GST inside (included) or on top of (excluded) an amount, to the cent. */
export function deriveGstAmount(amount: string, rate: string, included: boolean): string {
  return formatMoney(splitGst(money(amount), money(rate), included).gstAmount);
}

/** A stored decimal without trailing zeros ("0.10000" → "0.1", "100.00" → "100"). */
export function plainDecimal(value: string): string {
  return money(value).toFixed();
}

/**
 * Returns the derived GST amount when one must be derived. Otherwise checks that the GST
 * amount in force fits inside the amount, blaming whichever of the two the caller sent.
 */
function settleGst(
  issues: Issues,
  next: TransactionFields,
  { gstAmountGiven, inputsChanged }: { gstAmountGiven: boolean; inputsChanged: boolean },
): string | undefined {
  if (!gstAmountGiven && inputsChanged && next.gstRate !== null) {
    return deriveGstAmount(next.amount, next.gstRate, next.gstIncluded);
  }
  if (money(next.gstAmount).gt(money(next.amount))) {
    if (gstAmountGiven) issues.add('gstAmount', 'must not exceed amount');
    else
      issues.add('amount', `must not be less than the transaction's gstAmount (${next.gstAmount})`);
  }
  return undefined;
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined;
}

/** Parses every present field, recording an issue per bad field; absent fields stay absent. */
function parseFields(issues: Issues, raw: TransactionPatch): TransactionChanges {
  const out: TransactionChanges = {};
  if (raw.date !== undefined) {
    const occurredAt = parseInstant(raw.date.trim());
    if (!occurredAt) {
      issues.add('date', 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a UTC offset');
    } else if (!inYearRange(occurredAt)) {
      issues.add('date', `must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`);
    } else {
      out.occurredAt = occurredAt;
    }
  }
  if (raw.description !== undefined) {
    const description = checkText(issues, 'description', raw.description, {
      min: 1,
      max: DESCRIPTION_MAX,
    });
    if (description !== undefined) out.description = description;
  }
  if (raw.amount !== undefined) {
    const amount = checkDecimal(issues, 'amount', raw.amount, {
      places: 2,
      min: { value: '0', exclusive: true },
      max: { value: AMOUNT_MAX },
    });
    if (amount) out.amount = formatMoney(amount);
  }
  if (raw.type !== undefined) {
    if (isTransactionType(raw.type)) out.type = raw.type;
    else issues.add('type', `must be one of ${TRANSACTION_TYPES.join(', ')}`);
  }
  if (raw.categoryId !== undefined) {
    const categoryId = raw.categoryId.trim();
    if (isUuid(categoryId)) out.categoryId = categoryId.toLowerCase();
    else issues.add('categoryId', 'must be a UUID');
  }
  if (raw.merchant !== undefined) {
    const merchant = checkText(issues, 'merchant', raw.merchant, { min: 0, max: MERCHANT_MAX });
    // A blank merchant means "no merchant", not an empty name.
    if (merchant !== undefined) out.merchant = merchant || null;
  }
  if (raw.gstRate !== undefined) {
    const rate = checkDecimal(issues, 'gstRate', raw.gstRate, {
      places: 5,
      min: { value: '0' },
      max: { value: '1', exclusive: true },
    });
    if (rate) out.gstRate = rate.toFixed();
  }
  if (raw.gstAmount !== undefined) {
    const gst = checkDecimal(issues, 'gstAmount', raw.gstAmount, {
      places: 2,
      min: { value: '0' },
      max: { value: AMOUNT_MAX },
    });
    if (gst) out.gstAmount = formatMoney(gst);
  }
  if (raw.businessUsePercentage !== undefined) {
    const percent = checkDecimal(issues, 'businessUsePercentage', raw.businessUsePercentage, {
      places: 2,
      min: { value: '0' },
      max: { value: '100' },
    });
    if (percent) out.businessUsePercentage = percent.toFixed();
  }
  if (raw.gstIncluded !== undefined) out.gstIncluded = raw.gstIncluded;
  if (raw.isTaxDeductible !== undefined) out.isTaxDeductible = raw.isTaxDeductible;
  return out;
}

function inYearRange(at: Date): boolean {
  const year = at.getUTCFullYear();
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}
