import type { Assignment, AssignmentHistoryEntry } from '@pfs/proto/categorization/v1/assignments';
import { z } from 'zod';
import { categorySchema, presentCategory } from './category';

export const assignedBySchema = z
  .enum(['user', 'rule', 'classifier', 'apply-results'])
  .describe('Who made the assignment: user, rule, classifier or apply-results');

export const assignmentSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  categoryId: z.string(),
  categorySetId: z.string().nullable().describe('The set the category belongs to'),
  userId: z.string(),
  isPrimary: z
    .boolean()
    .describe('At most one per transaction; it is the transaction’s categoryId'),
  confidence: z.number().describe('0–1, three decimals'),
  assignedBy: z.string().describe('user, rule, classifier or apply-results'),
  assignedAt: z.string().describe('When the assignment was last made or changed'),
  notes: z.string().nullable(),
  category: categorySchema.nullable(),
});

export const historyEntrySchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  categoryId: z.string(),
  action: z
    .string()
    .describe(
      'assigned, removed, updated (confidence, notes or assignedBy changed) or primary_changed',
    ),
  fromCategoryId: z
    .string()
    .nullable()
    .describe('removed: the category; primary_changed: the old primary'),
  toCategoryId: z
    .string()
    .nullable()
    .describe('assigned: the category; primary_changed: the new primary'),
  assignedBy: z
    .string()
    .describe('user, rule, classifier, apply-results, or system (a category was deleted)'),
  actor: z.string().describe('Who: the user id, a rule id, "classifier", …'),
  at: z.string(),
  notes: z.string().nullable(),
});

export type AssignmentJson = z.output<typeof assignmentSchema>;
export type HistoryEntryJson = z.output<typeof historyEntrySchema>;

export function presentAssignment(a: Assignment): AssignmentJson {
  return {
    id: a.id,
    transactionId: a.transactionId,
    categoryId: a.categoryId,
    categorySetId: a.categorySetId || null,
    userId: a.userId,
    isPrimary: a.isPrimary,
    confidence: a.confidence,
    assignedBy: a.assignedBy,
    assignedAt: a.assignedAt,
    notes: a.notes ?? null,
    category: a.category ? presentCategory(a.category) : null,
  };
}

export function presentHistoryEntry(h: AssignmentHistoryEntry): HistoryEntryJson {
  return {
    id: h.id,
    transactionId: h.transactionId,
    categoryId: h.categoryId,
    action: h.action,
    fromCategoryId: h.fromCategoryId ?? null,
    toCategoryId: h.toCategoryId ?? null,
    assignedBy: h.assignedBy,
    actor: h.actor,
    at: h.at,
    notes: h.notes ?? null,
  };
}
