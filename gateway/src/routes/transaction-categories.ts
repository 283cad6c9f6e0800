import { AppError } from '@pfs/kit';
import {
  AssignMode,
  AssignmentServiceClient,
  type AssignCategoriesResponse,
  type AssignmentItem,
} from '@pfs/proto/categorization/v1/assignments';
import type { Transaction } from '@pfs/proto/ledger';
import { z } from 'zod';
import { learnFromTransactions } from '../compose/classification';
import { notes, pageQuery, paginationSchema, uuid } from '../http/schemas';
import {
  assignedBySchema,
  assignmentSchema,
  historyEntrySchema,
  presentAssignment,
  presentHistoryEntry,
} from '../present/assignment';
import type { Principal } from '../auth/principal';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { pageRequest, presentPage } from '../present/pagination';

const TAGS = ['Transaction categories'];
const TIER_NOTE = 'Elite+ only: a lower tier gets 403 TIER_REQUIRED with details.requiredTier.';
const MAX_ITEMS = 50;

const params = z.object({ transactionId: z.string().describe('One of your transactions (UUID)') });

const item = z.object({
  categoryId: uuid.describe('One of your categories (else 400 naming categories.N.categoryId)'),
  categorySetId: uuid
    .nullable()
    .optional()
    .describe('The set the category belongs to; optional (another set is 400)'),
  isPrimary: z
    .boolean()
    .optional()
    .describe(
      'At most one per request and per transaction; the primary is the transaction’s categoryId',
    ),
  confidence: z
    .number({ message: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1')
    .optional()
    .describe('0–1, rounded to three decimals; default 1'),
  assignedBy: assignedBySchema.optional().describe('Default "user"'),
  notes: notes.nullable().optional(),
});

const body = (min: number) =>
  z.object({
    categories: z
      .array(item)
      .min(min, 'must contain at least one category')
      .max(MAX_ITEMS, `must contain at most ${MAX_ITEMS} categories`),
  });
const addBody = body(1);
const replaceBody = body(0);

const listResponse = z.object({ success: z.literal(true), categories: z.array(assignmentSchema) });

const assignments = (upstreams: Upstreams) =>
  upstreams.categorization.service(AssignmentServiceClient);

/** The transaction, when it is the caller's (the ledger answers NOT_FOUND otherwise). */
async function ownTransaction(upstreams: Upstreams, id: string): Promise<Transaction> {
  const { transaction } = await upstreams.ledger.call((c) => c.getTransaction, { id });
  if (!transaction) throw AppError.notFound('Transaction');
  return transaction;
}

function toItem(i: z.output<typeof item>): AssignmentItem {
  return {
    categoryId: i.categoryId,
    categorySetId: i.categorySetId ?? undefined,
    isPrimary: i.isPrimary,
    confidence: i.confidence,
    assignedBy: i.assignedBy,
    // "" clears the notes: the wire has no null.
    notes: i.notes === null ? '' : i.notes,
  };
}

/**
 * The primary assignment is the transaction's category: a new primary is written to the
 * ledger, and removing the primary clears the ledger's categoryId if it still names it.
 * Comparing with the ledger's current value (not only "did the primary change") lets a retry
 * repair a ledger write that failed after the assignment committed. Answers the updated
 * transaction when the ledger's category changed, undefined otherwise.
 */
async function mirrorPrimary(
  upstreams: Upstreams,
  transaction: Transaction,
  result: AssignCategoriesResponse,
): Promise<Transaction | undefined> {
  const current = transaction.categoryId ?? undefined;
  if (result.primaryCategoryId) {
    if (current === result.primaryCategoryId) return undefined;
    const { transaction: updated } = await upstreams.ledger.call((c) => c.updateTransaction, {
      id: transaction.id,
      patch: { categoryId: result.primaryCategoryId, clearCategoryId: false, clearMerchant: false },
    });
    return updated;
  }
  if (
    result.primaryChanged &&
    current !== undefined &&
    current === result.previousPrimaryCategoryId
  ) {
    const { transaction: updated } = await upstreams.ledger.call((c) => c.updateTransaction, {
      id: transaction.id,
      patch: { clearCategoryId: true, clearMerchant: false },
    });
    return updated;
  }
  return undefined;
}

async function assign(
  upstreams: Upstreams,
  principal: Principal,
  transactionId: string,
  items: z.output<typeof item>[],
  mode: AssignMode,
) {
  const transaction = await ownTransaction(upstreams, transactionId);
  const result = await assignments(upstreams).call((c) => c.assignCategories, {
    transactionId: transaction.id,
    items: items.map(toItem),
    mode,
    assignedBy: 'user',
    actor: principal.userId,
  });
  // A changed primary teaches the classifier, as the transaction routes do (never fails the
  // request: learnFromTransactions logs its own failures).
  const updated = await mirrorPrimary(upstreams, transaction, result);
  if (updated) await learnFromTransactions(upstreams, [updated]);
  return { categories: result.assignments.map(presentAssignment) };
}

export const transactionCategoryRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/transaction-categories/{transactionId}',
    summary: 'List the categories assigned to a transaction',
    description: `The primary first, then in the order they were assigned. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['ledger', 'categorization'],
    params,
    response: listResponse,
    async handler({ params: p, upstreams }) {
      const transaction = await ownTransaction(upstreams, p.transactionId);
      const { assignments: list } = await assignments(upstreams).call((c) => c.listAssignments, {
        transactionId: transaction.id,
      });
      return { categories: list.map(presentAssignment) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/transaction-categories/{transactionId}/multiple',
    summary: 'Add categories to a transaction',
    description:
      'Adds the listed categories. A category already on the transaction is updated, not ' +
      'duplicated (fields left out keep their values). At most one isPrimary: true (two is 400); ' +
      'a new primary demotes the old one and becomes the transaction’s categoryId. Every change ' +
      `is recorded in the history. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['ledger', 'categorization'],
    params,
    body: addBody,
    response: listResponse,
    async handler({ params: p, body: b, upstreams, principal }) {
      return assign(
        upstreams,
        principal,
        p.transactionId,
        b.categories,
        AssignMode.ASSIGN_MODE_ADD,
      );
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/transaction-categories/{transactionId}',
    summary: 'Replace the categories of a transaction',
    description:
      'The listed categories become the transaction’s whole set (an empty list removes all); ' +
      'fields left out take their defaults (isPrimary false, confidence 1, notes null). At most ' +
      'one isPrimary: true; the primary becomes the transaction’s categoryId, and when the ' +
      `primary is removed the transaction's categoryId is cleared. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['ledger', 'categorization'],
    params,
    body: replaceBody,
    response: listResponse,
    async handler({ params: p, body: b, upstreams, principal }) {
      return assign(
        upstreams,
        principal,
        p.transactionId,
        b.categories,
        AssignMode.ASSIGN_MODE_REPLACE,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/transaction-categories/{transactionId}/history',
    summary: 'History of a transaction’s category assignments',
    description:
      'Every change, newest first: who or what made it (assignedBy and actor: a user id, a rule, ' +
      `the classifier), when, and from/to which category. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['ledger', 'categorization'],
    params,
    query: z.object(pageQuery),
    response: z.object({
      success: z.literal(true),
      history: z.array(historyEntrySchema),
      pagination: paginationSchema,
    }),
    async handler({ params: p, query, upstreams }) {
      const transaction = await ownTransaction(upstreams, p.transactionId);
      const { history, page } = await assignments(upstreams).call((c) => c.listAssignmentHistory, {
        transactionId: transaction.id,
        page: pageRequest(query),
      });
      return {
        history: history.map(presentHistoryEntry),
        pagination: presentPage(page),
      };
    },
  }),
];
