import { AppError, type FieldIssue } from '@pfs/kit';
import { gstRateIssue, formatGstRate } from './gst-rate';

export const MAX_NAME_LENGTH = 200;
export const MAX_ICON_LENGTH = 50;
export const MAX_TAX_CATEGORY_LENGTH = 100;
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** A category's editable fields, as stored. */
export interface CategoryFields {
  name: string;
  icon: string;
  color: string;
  isTaxDeductible: boolean;
  /** A tax-return label such as "D5: Other work-related expenses"; null when none applies. */
  taxCategory: string | null;
  /** Decimal fraction text, e.g. "0.1" for 10 percent GST. */
  defaultGstRate: string;
}

export type CategoryPatch = Partial<CategoryFields>;

/** A stored category. */
export interface Category extends CategoryFields {
  id: string;
  /** The set it belongs to; null once its set is deleted. */
  categorySetId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a caller sends: every field optional (the proto's CategoryInput). */
export interface CategoryInput {
  name?: string;
  icon?: string;
  color?: string;
  isTaxDeductible?: boolean;
  taxCategory?: string;
  defaultGstRate?: string;
}

/** What a new category gets for the fields its creator leaves out. */
export const NEW_CATEGORY_DEFAULTS: Omit<CategoryFields, 'name'> = {
  icon: 'tag',
  color: '#9E9E9E',
  isTaxDeductible: false,
  taxCategory: null,
  defaultGstRate: '0',
};

// Postgres varchar(n) counts characters (code points), not UTF-16 units as String#length does.
const charLength = (s: string) => [...s].length;

/** Checks the fields present in the input; absent fields are neither checked nor returned. */
function readPresentFields(input: CategoryInput): { patch: CategoryPatch; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const patch: CategoryPatch = {};
  const issue = (field: keyof CategoryFields, message: string) => issues.push({ field, message });

  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) issue('name', 'must not be empty');
    else if (charLength(name) > MAX_NAME_LENGTH)
      issue('name', `must be at most ${MAX_NAME_LENGTH} characters`);
    else patch.name = name;
  }
  if (input.icon !== undefined) {
    const icon = input.icon.trim();
    if (charLength(icon) > MAX_ICON_LENGTH)
      issue('icon', `must be at most ${MAX_ICON_LENGTH} characters`);
    else patch.icon = icon;
  }
  if (input.color !== undefined) {
    const color = input.color.trim();
    if (!HEX_COLOR.test(color)) issue('color', 'must be a hex colour such as #4CAF50');
    else patch.color = color;
  }
  if (input.isTaxDeductible !== undefined) {
    if (typeof input.isTaxDeductible !== 'boolean') issue('isTaxDeductible', 'must be a boolean');
    else patch.isTaxDeductible = input.isTaxDeductible;
  }
  if (input.taxCategory !== undefined) {
    const taxCategory = input.taxCategory.trim();
    if (charLength(taxCategory) > MAX_TAX_CATEGORY_LENGTH) {
      issue('taxCategory', `must be at most ${MAX_TAX_CATEGORY_LENGTH} characters`);
    } else {
      // An empty label clears it: the wire has no null, so "" is how a client says "none".
      patch.taxCategory = taxCategory || null;
    }
  }
  if (input.defaultGstRate !== undefined) {
    const rate = input.defaultGstRate.trim();
    const problem = gstRateIssue(rate);
    if (problem) issue('defaultGstRate', problem);
    else patch.defaultGstRate = formatGstRate(rate);
  }
  return { patch, issues };
}

/** Validates a new category, listing every bad field at once; fills in defaults. */
export function validateNewCategory(input: CategoryInput): CategoryFields {
  const { patch, issues } = readPresentFields(input);
  if (input.name === undefined) issues.unshift({ field: 'name', message: 'is required' });
  if (issues.length || patch.name === undefined) throw AppError.validation(issues);
  return { ...NEW_CATEGORY_DEFAULTS, ...patch, name: patch.name };
}

/** Validates a partial update: only the fields present are checked and changed. */
export function validateCategoryPatch(input: CategoryInput): CategoryPatch {
  const { patch, issues } = readPresentFields(input);
  if (issues.length) throw AppError.validation(issues);
  return patch;
}
