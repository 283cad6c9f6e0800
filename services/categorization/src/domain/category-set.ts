import { AppError, type FieldIssue } from '@pfs/kit';
import { MAX_ICON_LENGTH, MAX_NAME_LENGTH, type Category } from './category';

export const MAX_DESCRIPTION_LENGTH = 1000;
/** Sets are listed without pagination, so a user's number of them is bounded. */
export const MAX_SETS_PER_USER = 100;
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** A set's editable fields, as stored. */
export interface CategorySetFields {
  name: string;
  description: string;
  color: string;
  icon: string;
  isActive: boolean;
}

export interface CategorySetPatch extends Partial<CategorySetFields> {
  /** true: make this the default set; false is only accepted on a set that is not the default. */
  isDefault?: boolean;
}

/** A stored set with its categories. */
export interface CategorySet extends CategorySetFields {
  id: string;
  userId: string;
  isDefault: boolean;
  /** Always categories.length: counted from the same rows that are returned. */
  categoryCount: number;
  categories: Category[];
  createdAt: Date;
  updatedAt: Date;
}

/** What a caller sends (the proto's CategorySetInput): every field optional. */
export interface CategorySetInput {
  name?: string;
  description?: string;
  color?: string;
  icon?: string;
  isActive?: boolean;
  isDefault?: boolean;
}

export const NEW_SET_DEFAULTS: Omit<CategorySetFields, 'name'> = {
  description: '',
  color: '#607D8B',
  icon: 'folder',
  isActive: true,
};

// Postgres varchar(n) counts characters (code points), not UTF-16 units as String#length does.
const charLength = (s: string) => [...s].length;

/** A set name: trimmed, 1–200 characters. */
export function setNameIssue(name: string): string | undefined {
  if (!name) return 'must not be empty';
  if (charLength(name) > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  return undefined;
}

function readPresentFields(input: CategorySetInput): {
  patch: CategorySetPatch;
  issues: FieldIssue[];
} {
  const issues: FieldIssue[] = [];
  const patch: CategorySetPatch = {};
  const issue = (field: keyof CategorySetInput, message: string) => issues.push({ field, message });

  if (input.name !== undefined) {
    const name = input.name.trim();
    const problem = setNameIssue(name);
    if (problem) issue('name', problem);
    else patch.name = name;
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (charLength(description) > MAX_DESCRIPTION_LENGTH)
      issue('description', `must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
    else patch.description = description;
  }
  if (input.color !== undefined) {
    const color = input.color.trim();
    if (!HEX_COLOR.test(color)) issue('color', 'must be a hex colour such as #4CAF50');
    else patch.color = color;
  }
  if (input.icon !== undefined) {
    const icon = input.icon.trim();
    if (charLength(icon) > MAX_ICON_LENGTH)
      issue('icon', `must be at most ${MAX_ICON_LENGTH} characters`);
    else patch.icon = icon;
  }
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  if (input.isDefault !== undefined) patch.isDefault = input.isDefault;
  return { patch, issues };
}

/** Validates a new set (never the default when created); fills in defaults. */
export function validateNewCategorySet(input: CategorySetInput): CategorySetFields {
  const { patch, issues } = readPresentFields({ ...input, isDefault: undefined });
  if (input.name === undefined) issues.unshift({ field: 'name', message: 'is required' });
  if (issues.length || patch.name === undefined) throw AppError.validation(issues);
  const { isDefault: _ignored, ...fields } = patch;
  return { ...NEW_SET_DEFAULTS, ...fields, name: patch.name };
}

/** Validates a partial update: only the fields present are checked and changed. */
export function validateCategorySetPatch(input: CategorySetInput): CategorySetPatch {
  const { patch, issues } = readPresentFields(input);
  if (issues.length) throw AppError.validation(issues);
  return patch;
}

/**
 * A user always has exactly one default set: another set can take the flag over (isDefault
 * true), but the default cannot simply drop it.
 */
export function checkDefaultChange(current: { isDefault: boolean }, patch: CategorySetPatch): void {
  if (patch.isDefault === false && current.isDefault) {
    throw AppError.validation([
      {
        field: 'isDefault',
        message: 'a user always has exactly one default set: make another set the default instead',
      },
    ]);
  }
}

/** A given name for a duplicated set: trimmed, 1–200 characters. */
export function validateDuplicateName(name: string): string {
  const trimmed = name.trim();
  const problem = setNameIssue(trimmed);
  if (problem) throw AppError.validation([{ field: 'name', message: problem }]);
  return trimmed;
}

/** Fits base + suffix within 200 characters by shortening the base. */
function withSuffix(base: string, suffix: string): string {
  const room = Math.max(MAX_NAME_LENGTH - charLength(suffix), 1);
  const head = [...base].slice(0, room).join('').trimEnd();
  return [...`${head}${suffix}`].slice(0, MAX_NAME_LENGTH).join('');
}

/** The first of "<base> (label)", "<base> (label 2)", … not taken (case-insensitively). */
function firstFree(base: string, label: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const candidate = withSuffix(base, ` (${label}${n === 1 ? '' : ` ${n}`})`);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The name of a copy when the caller gives none: "Personal (copy)", then "Personal (copy 2)",
 * …, whichever the user's sets do not use yet (case-insensitively).
 */
export function copyName(sourceName: string, takenSetNames: Iterable<string>): string {
  const taken = new Set([...takenSetNames].map((n) => n.toLowerCase()));
  return firstFree(sourceName, 'copy', taken);
}

/**
 * Names for categories moving into a set that may already use them (a deleted set's
 * categories joining the default set): a name already taken, case-insensitively, gets the
 * source set's name as a suffix, "Groceries (Business)", then "Groceries (Business 2)", …,
 * shortening the base so the result stays within 200 characters.
 *
 * @returns new name per category id, only for the categories that must be renamed.
 */
export function namesForMove(
  moving: readonly { id: string; name: string }[],
  takenNames: Iterable<string>,
  sourceSetName: string,
): Map<string, string> {
  const taken = new Set([...takenNames].map((n) => n.toLowerCase()));
  // The moving categories keep their own names first; only clashes are renamed.
  const clashing = moving.filter((c) => taken.has(c.name.toLowerCase()));
  for (const c of moving) if (!clashing.includes(c)) taken.add(c.name.toLowerCase());
  const renamed = new Map<string, string>();
  for (const c of clashing) {
    const name = firstFree(c.name, sourceSetName, taken);
    taken.add(name.toLowerCase());
    renamed.set(c.id, name);
  }
  return renamed;
}
