import { AppError, Decimal, isUuid, type FieldIssue } from '@pfs/kit';
import type { Category } from './category';

/** Who can make an assignment. "system" is reserved for changes no caller made (a deleted category). */
export const ASSIGNED_BY = ['user', 'rule', 'classifier', 'apply-results'] as const;
export type AssignedBy = (typeof ASSIGNED_BY)[number];

export type AssignMode = 'add' | 'replace';

export const HISTORY_ACTIONS = ['assigned', 'removed', 'updated', 'primary_changed'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const MAX_ITEMS = 50;
export const MAX_NOTES_LENGTH = 5000;
export const MAX_ACTOR_LENGTH = 200;
export const CONFIDENCE_DECIMALS = 3;
/** A category assigned without a stated confidence: somebody chose it on purpose. */
export const DEFAULT_CONFIDENCE = 1;

/** A stored assignment. */
export interface Assignment {
  id: string;
  userId: string;
  transactionId: string;
  categoryId: string;
  categorySetId: string | null;
  isPrimary: boolean;
  /** 0..1 with at most three decimals. */
  confidence: number;
  assignedBy: string;
  actor: string;
  assignedAt: Date;
  notes: string | null;
  /** Embedded on reads; absent only in the moment between writing and reading back. */
  category?: Category;
}

export interface HistoryEntry {
  id: string;
  transactionId: string;
  categoryId: string;
  action: string;
  fromCategoryId: string | null;
  toCategoryId: string | null;
  assignedBy: string;
  actor: string;
  at: Date;
  notes: string | null;
}

/** What a caller sends for one category (the proto's AssignmentItem). */
export interface AssignmentItemInput {
  categoryId: string;
  categorySetId?: string;
  isPrimary?: boolean;
  confidence?: number;
  assignedBy?: string;
  /** "" clears the notes (the wire has no null). */
  notes?: string;
}

/** One checked item: absent fields stay absent (add mode keeps the stored value). */
export interface AssignmentItem {
  categoryId: string;
  categorySetId?: string;
  isPrimary?: boolean;
  confidence?: number;
  assignedBy: AssignedBy;
  notes?: string | null;
}

export interface AssignmentRequest {
  items: AssignmentItem[];
  mode: AssignMode;
  /** The request's default, recorded for changes no item names (removals in replace mode). */
  assignedBy: AssignedBy;
  actor: string;
}

// Postgres counts characters (code points), not UTF-16 units as String#length does.
const charLength = (s: string) => [...s].length;

function isAssignedBy(value: string): value is AssignedBy {
  return (ASSIGNED_BY as readonly string[]).includes(value);
}

/** Rounds a confidence to what NUMERIC(4,3) keeps, half away from zero. */
export function roundConfidence(value: number): number {
  return Number(new Decimal(String(value)).toDecimalPlaces(CONFIDENCE_DECIMALS).toFixed());
}

/**
 * Checks a whole request, listing every bad field. Issue paths name the item as the REST body
 * does ("categories.1.categoryId"), so the gateway can pass them on unchanged.
 */
export function validateAssignmentRequest(input: {
  items: readonly AssignmentItemInput[];
  mode: AssignMode | undefined;
  assignedBy?: string;
  actor?: string;
  userId: string;
}): AssignmentRequest {
  const issues: FieldIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ field, message });

  if (!input.mode) issue('mode', 'must be add or replace');
  const defaultBy = input.assignedBy?.trim() || 'user';
  if (!isAssignedBy(defaultBy)) issue('assignedBy', `must be one of ${ASSIGNED_BY.join(', ')}`);
  const actor = input.actor?.trim() || input.userId;
  if (charLength(actor) > MAX_ACTOR_LENGTH)
    issue('actor', `must be at most ${MAX_ACTOR_LENGTH} characters`);

  if (input.mode === 'add' && input.items.length === 0)
    issue('categories', 'must contain at least one category');
  if (input.items.length > MAX_ITEMS)
    issue('categories', `must contain at most ${MAX_ITEMS} categories`);

  const seen = new Set<string>();
  let primaryAt: number | undefined;
  const items: AssignmentItem[] = [];
  input.items.forEach((raw, i) => {
    const at = (field: string, message: string) => issue(`categories.${i}.${field}`, message);
    const item: AssignmentItem = { categoryId: raw.categoryId.toLowerCase(), assignedBy: 'user' };

    if (!isUuid(raw.categoryId)) at('categoryId', 'must be a UUID');
    else if (seen.has(item.categoryId)) at('categoryId', 'is listed more than once');
    seen.add(item.categoryId);

    if (raw.categorySetId) {
      if (!isUuid(raw.categorySetId)) at('categorySetId', 'must be a UUID');
      else item.categorySetId = raw.categorySetId.toLowerCase();
    }
    if (raw.isPrimary !== undefined) {
      item.isPrimary = raw.isPrimary;
      if (raw.isPrimary) {
        if (primaryAt !== undefined)
          at('isPrimary', `only one category can be primary (categories.${primaryAt} already is)`);
        else primaryAt = i;
      }
    }
    if (raw.confidence !== undefined) {
      if (!Number.isFinite(raw.confidence) || raw.confidence < 0 || raw.confidence > 1)
        at('confidence', 'must be a number from 0 to 1');
      else item.confidence = roundConfidence(raw.confidence);
    }
    // A bad request default is reported once, not again for every item that inherits it.
    const by = raw.assignedBy?.trim() || (isAssignedBy(defaultBy) ? defaultBy : 'user');
    if (!isAssignedBy(by)) at('assignedBy', `must be one of ${ASSIGNED_BY.join(', ')}`);
    else item.assignedBy = by;
    if (raw.notes !== undefined) {
      if (charLength(raw.notes) > MAX_NOTES_LENGTH)
        at('notes', `must be at most ${MAX_NOTES_LENGTH} characters`);
      else item.notes = raw.notes === '' ? null : raw.notes;
    }
    items.push(item);
  });

  if (issues.length || !input.mode || !isAssignedBy(defaultBy)) throw AppError.validation(issues);
  return { items, mode: input.mode, assignedBy: defaultBy, actor };
}

/**
 * The items' categories must be the caller's own (a foreign id is a bad field, not a missing
 * resource: the transaction was found), and a given set must be the category's own.
 */
export function checkItemCategories(
  items: readonly AssignmentItem[],
  categories: ReadonlyMap<string, Pick<Category, 'categorySetId'>>,
): void {
  const issues: FieldIssue[] = [];
  items.forEach((item, i) => {
    const category = categories.get(item.categoryId);
    if (!category) {
      issues.push({
        field: `categories.${i}.categoryId`,
        message: 'is not one of your categories',
      });
    } else if (item.categorySetId && item.categorySetId !== category.categorySetId) {
      issues.push({
        field: `categories.${i}.categorySetId`,
        message: 'is not the set this category belongs to',
      });
    }
  });
  if (issues.length) throw AppError.validation(issues);
}

/** An assignment's state as the plan sees it. */
export interface AssignmentState {
  categoryId: string;
  categorySetId: string | null;
  isPrimary: boolean;
  confidence: number;
  assignedBy: string;
  actor: string;
  notes: string | null;
}

export interface HistoryDraft {
  categoryId: string;
  action: HistoryAction;
  fromCategoryId: string | null;
  toCategoryId: string | null;
  assignedBy: string;
  actor: string;
  notes: string | null;
}

export interface AssignmentPlan {
  insert: AssignmentState[];
  /**
   * Existing rows whose state changes. `reassigned` rows were named by the request and take its
   * assignedBy, actor and time; the others only lose the primary flag to another category.
   */
  update: (AssignmentState & { id: string; reassigned: boolean })[];
  remove: (AssignmentState & { id: string })[];
  /** In the order the changes happen: removals, then each item, then the primary change. */
  history: HistoryDraft[];
  primaryBefore: string | null;
  primaryAfter: string | null;
}

/**
 * Works out what a request changes. Add mode merges the items into the current assignments
 * (a listed category already assigned is updated; fields left out keep their values); replace
 * mode makes the items the whole set (fields left out take the defaults of a new assignment).
 * A new primary demotes the old one, so at most one remains. Nothing that stays the same is
 * written or recorded, so repeating a request changes nothing.
 *
 * @param setOf the current set of every listed category
 */
export function planAssignment(
  current: readonly (AssignmentState & { id: string })[],
  request: AssignmentRequest,
  setOf: ReadonlyMap<string, string | null>,
): AssignmentPlan {
  const { items, mode, actor, assignedBy } = request;
  const byCategory = new Map(current.map((a) => [a.categoryId, a]));
  const listed = new Set(items.map((i) => i.categoryId));
  const newPrimary = items.find((i) => i.isPrimary === true)?.categoryId;

  const plan: AssignmentPlan = {
    insert: [],
    update: [],
    remove: [],
    history: [],
    primaryBefore: current.find((a) => a.isPrimary)?.categoryId ?? null,
    primaryAfter: null,
  };
  const record = (draft: Omit<HistoryDraft, 'actor'> & { actor?: string }) =>
    plan.history.push({ actor, ...draft });

  for (const a of current) {
    if (listed.has(a.categoryId)) continue;
    if (mode === 'replace') {
      plan.remove.push(a);
      record({
        categoryId: a.categoryId,
        action: 'removed',
        fromCategoryId: a.categoryId,
        toCategoryId: null,
        assignedBy,
        notes: null,
      });
    } else if (a.isPrimary && newPrimary) {
      plan.update.push({ ...a, isPrimary: false, reassigned: false });
    } else if (a.isPrimary) {
      plan.primaryAfter = a.categoryId;
    }
  }

  for (const item of items) {
    const existing = byCategory.get(item.categoryId);
    const kept = mode === 'add' ? existing : undefined;
    const next: AssignmentState = {
      categoryId: item.categoryId,
      categorySetId: setOf.get(item.categoryId) ?? null,
      isPrimary: newPrimary
        ? newPrimary === item.categoryId
        : (item.isPrimary ?? kept?.isPrimary ?? false),
      confidence: item.confidence ?? kept?.confidence ?? DEFAULT_CONFIDENCE,
      assignedBy: item.assignedBy,
      actor,
      notes: item.notes !== undefined ? item.notes : (kept?.notes ?? null),
    };
    if (next.isPrimary) plan.primaryAfter = next.categoryId;

    if (!existing) {
      plan.insert.push(next);
      record({
        categoryId: next.categoryId,
        action: 'assigned',
        fromCategoryId: null,
        toCategoryId: next.categoryId,
        assignedBy: next.assignedBy,
        notes: next.notes,
      });
      continue;
    }
    const contentChanged =
      next.confidence !== existing.confidence ||
      next.notes !== existing.notes ||
      next.categorySetId !== existing.categorySetId ||
      next.assignedBy !== existing.assignedBy;
    if (contentChanged || next.isPrimary !== existing.isPrimary) {
      plan.update.push({ ...next, id: existing.id, reassigned: true });
    }
    if (contentChanged) {
      record({
        categoryId: next.categoryId,
        action: 'updated',
        fromCategoryId: next.categoryId,
        toCategoryId: next.categoryId,
        assignedBy: next.assignedBy,
        notes: next.notes,
      });
    }
  }

  if (plan.primaryBefore !== plan.primaryAfter) {
    const cause = items.find((i) => i.categoryId === (plan.primaryAfter ?? plan.primaryBefore));
    record({
      categoryId: (plan.primaryAfter ?? plan.primaryBefore) as string,
      action: 'primary_changed',
      fromCategoryId: plan.primaryBefore,
      toCategoryId: plan.primaryAfter,
      assignedBy: cause?.assignedBy ?? assignedBy,
      notes: null,
    });
  }
  return plan;
}
