import { formatMoney, isUuid, money, type Money } from '@pfs/kit';
import { checkDecimal, checkText, Issues, parseCalendarDate } from './fields';
import { AMOUNT_MAX, DESCRIPTION_MAX, EARLIEST_YEAR, LATEST_YEAR } from './transactions';

export const NOTES_MAX = 5000;
export const TAX_CATEGORY_MAX = 100;
export const TAX_DEDUCTIONS_MAX = 50;

/** One deduction claimed on an expense; money as canonical "12.30", percent unpadded. */
export interface TaxDeduction {
  taxCategory: string;
  amount: string;
  /** Percent, 0–100; null when not given. */
  percentage: string | null;
  notes: string | null;
}

/** An expense's own fields after validation. */
export interface ExpenseFields {
  /** Calendar date YYYY-MM-DD. */
  date: string;
  description: string;
  amount: string;
  categoryId: string | null;
  isTaxDeductible: boolean;
  taxDeductions: TaxDeduction[];
  notes: string | null;
}

export interface Expense extends ExpenseFields {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A deduction as the client sends it (the shape of the proto message). */
export interface TaxDeductionInput {
  taxCategory: string;
  amount: string;
  percentage?: string;
  notes?: string;
}

/** The fields a client sends to create an expense (the shape of the proto message). */
export interface ExpenseInput {
  date: string;
  description: string;
  amount: string;
  categoryId?: string;
  isTaxDeductible?: boolean;
  taxDeductions?: TaxDeductionInput[];
  notes?: string;
}

/**
 * A partial update: absent fields stay; clear* set a nullable field to null; a present
 * taxDeductions list (even empty) replaces the stored one.
 */
export interface ExpensePatch {
  date?: string;
  description?: string;
  amount?: string;
  categoryId?: string;
  clearCategoryId?: boolean;
  isTaxDeductible?: boolean;
  taxDeductions?: { items: TaxDeductionInput[] };
  notes?: string;
  clearNotes?: boolean;
}

export type ExpenseChanges = Partial<ExpenseFields>;

/** List filters as the client sends them. */
export interface ExpenseFilterInput {
  from?: string;
  to?: string;
  categoryId?: string;
  isTaxDeductible?: boolean;
}

/** Validated filters: dates inclusive, as YYYY-MM-DD. */
export interface ExpenseFilter {
  from?: string;
  to?: string;
  categoryId?: string;
  isTaxDeductible?: boolean;
}

/** Validates and normalises a new expense. */
export function parseNewExpense(input: ExpenseInput): ExpenseFields {
  const issues = new Issues();
  for (const field of ['date', 'description', 'amount'] as const) {
    if (!input[field]?.trim()) issues.add(field, 'is required');
  }
  const parsed = parseFields(issues, {
    ...input,
    date: input.date?.trim() ? input.date : undefined,
    description: input.description?.trim() ? input.description : undefined,
    amount: input.amount?.trim() ? input.amount : undefined,
    taxDeductions: { items: input.taxDeductions ?? [] },
  });
  // Field issues first: the deductions can only be checked against a valid amount.
  issues.throwIfAny();
  if (
    parsed.date === undefined ||
    parsed.description === undefined ||
    parsed.amount === undefined
  ) {
    return issues.fail();
  }
  const taxDeductions = parsed.taxDeductions ?? [];
  checkDeductionsFit(issues, taxDeductions, parsed.amount, 'taxDeductions');
  issues.throwIfAny();
  return {
    date: parsed.date,
    description: parsed.description,
    amount: parsed.amount,
    categoryId: parsed.categoryId ?? null,
    // Claiming a deduction makes the expense deductible unless the client says otherwise.
    isTaxDeductible: parsed.isTaxDeductible ?? taxDeductions.length > 0,
    taxDeductions,
    notes: parsed.notes ?? null,
  };
}

/** Validates every present field of a patch on its own (no stored row needed yet). */
export function parseExpensePatch(patch: ExpensePatch): ExpenseChanges {
  const issues = new Issues();
  const changes = parseFields(issues, patch);
  if (patch.clearCategoryId) {
    if (patch.categoryId !== undefined)
      issues.add('categoryId', 'cannot be set and cleared at once');
    else changes.categoryId = null;
  }
  if (patch.clearNotes) {
    if (patch.notes !== undefined) issues.add('notes', 'cannot be set and cleared at once');
    else changes.notes = null;
  }
  issues.throwIfAny();
  return changes;
}

/**
 * Checks the changes against the stored expense: the deductions in force must fit inside the
 * amount in force, blaming whichever of the two the patch changed.
 */
export function resolveExpensePatch(
  current: ExpenseFields,
  changes: ExpenseChanges,
): ExpenseChanges {
  if (changes.amount === undefined && changes.taxDeductions === undefined) return changes;
  const issues = new Issues();
  checkDeductionsFit(
    issues,
    changes.taxDeductions ?? current.taxDeductions,
    changes.amount ?? current.amount,
    changes.taxDeductions === undefined ? 'amount' : 'taxDeductions',
  );
  issues.throwIfAny();
  return changes;
}

/** Validates the list filters, reporting every bad one at once. */
export function normalizeExpenseFilter(input: ExpenseFilterInput | undefined): ExpenseFilter {
  const issues = new Issues();
  const filter: ExpenseFilter = {};
  const from = input?.from?.trim();
  const to = input?.to?.trim();
  if (from) {
    if (parseCalendarDate(from)) filter.from = from;
    else issues.add('from', 'must be a date (YYYY-MM-DD)');
  }
  if (to) {
    if (parseCalendarDate(to)) filter.to = to;
    else issues.add('to', 'must be a date (YYYY-MM-DD)');
  }
  if (filter.from && filter.to && filter.from > filter.to)
    issues.add('from', 'must not be after to');
  const categoryId = input?.categoryId?.trim();
  if (categoryId) {
    if (isUuid(categoryId)) filter.categoryId = categoryId.toLowerCase();
    else issues.add('categoryId', 'must be a UUID');
  }
  if (input?.isTaxDeductible !== undefined) filter.isTaxDeductible = input.isTaxDeductible;
  issues.throwIfAny();
  return filter;
}

/**
 * Every deduction must fit inside the expense amount, and so must their total. `blame` says
 * which field the client changed: the deductions, or the amount under stored deductions.
 */
function checkDeductionsFit(
  issues: Issues,
  deductions: TaxDeduction[],
  amountText: string,
  blame: 'amount' | 'taxDeductions',
): void {
  const amount = money(amountText);
  let total: Money = money(0);
  let itemBlamed = false;
  deductions.forEach((d, i) => {
    const value = money(d.amount);
    total = total.plus(value);
    if (blame === 'taxDeductions' && value.gt(amount)) {
      issues.add(`taxDeductions.${i}.amount`, 'must not exceed the expense amount');
      itemBlamed = true;
    }
  });
  if (total.lte(amount)) return;
  if (blame === 'amount') {
    issues.add(
      'amount',
      `must not be less than the expense's tax deductions (total ${formatMoney(total)})`,
    );
  } else if (!itemBlamed) {
    issues.add(
      'taxDeductions',
      'the deduction amounts must not add up to more than the expense amount',
    );
  }
}

function parseTaxDeductions(issues: Issues, raw: TaxDeductionInput[]): TaxDeduction[] | undefined {
  if (raw.length > TAX_DEDUCTIONS_MAX) {
    issues.add('taxDeductions', `must have at most ${TAX_DEDUCTIONS_MAX} items`);
    return undefined;
  }
  const out: TaxDeduction[] = [];
  let valid = true;
  raw.forEach((item, i) => {
    const at = (field: string) => `taxDeductions.${i}.${field}`;
    const taxCategory = checkText(issues, at('taxCategory'), item.taxCategory ?? '', {
      min: 1,
      max: TAX_CATEGORY_MAX,
    });
    const amount = checkDecimal(issues, at('amount'), item.amount ?? '', {
      places: 2,
      min: { value: '0', exclusive: true },
      max: { value: AMOUNT_MAX },
    });
    let percentage: string | null = null;
    if (item.percentage !== undefined) {
      const value = checkDecimal(issues, at('percentage'), item.percentage, {
        places: 2,
        min: { value: '0' },
        max: { value: '100' },
      });
      if (value) percentage = value.toFixed();
      else valid = false;
    }
    let notes: string | null = null;
    if (item.notes !== undefined) {
      const text = checkText(issues, at('notes'), item.notes, { min: 0, max: NOTES_MAX });
      if (text === undefined) valid = false;
      else notes = text || null;
    }
    if (taxCategory === undefined || !amount) valid = false;
    else out.push({ taxCategory, amount: formatMoney(amount), percentage, notes });
  });
  return valid ? out : undefined;
}

/** Parses every present field, recording an issue per bad field; absent fields stay absent. */
function parseFields(issues: Issues, raw: ExpensePatch): ExpenseChanges {
  const out: ExpenseChanges = {};
  if (raw.date !== undefined) {
    const text = raw.date.trim();
    const date = parseCalendarDate(text);
    if (!date) issues.add('date', 'must be a date (YYYY-MM-DD)');
    else if (date.getUTCFullYear() < EARLIEST_YEAR || date.getUTCFullYear() > LATEST_YEAR) {
      issues.add('date', `must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`);
    } else out.date = text;
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
  if (raw.categoryId !== undefined) {
    const categoryId = raw.categoryId.trim();
    if (isUuid(categoryId)) out.categoryId = categoryId.toLowerCase();
    else issues.add('categoryId', 'must be a UUID');
  }
  if (raw.isTaxDeductible !== undefined) out.isTaxDeductible = raw.isTaxDeductible;
  if (raw.taxDeductions !== undefined) {
    const deductions = parseTaxDeductions(issues, raw.taxDeductions.items);
    if (deductions) out.taxDeductions = deductions;
  }
  if (raw.notes !== undefined) {
    const notes = checkText(issues, 'notes', raw.notes, { min: 0, max: NOTES_MAX });
    // Blank notes mean "no notes".
    if (notes !== undefined) out.notes = notes || null;
  }
  return out;
}
