import { AppError, type FieldIssue } from '@pfs/kit';
import { z } from 'zod';
import { recordUserCategory } from '../compose/assignments';
import { categoriesById } from '../compose/categories';
import { learnFromTransactions } from '../compose/classification';
import { uuid } from '../http/schemas';
import { attachmentsFor, attachmentsOf, attachmentsSchema } from '../compose/attachments';
import { transactionSchema, presentTransaction } from '../present/transaction';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { patchBody, toPatch } from './transactions';

export const BATCH_MAX = 500;
/** Assignment records written at once after a batch that sets categories. */
const ASSIGNMENT_CONCURRENCY = 8;

const updateItem = patchBody.extend({ id: uuid.describe('Transaction id') });

const batchBody = z.object({
  updates: z
    .array(updateItem)
    .min(1, 'must contain at least 1 update')
    .max(BATCH_MAX, `must contain at most ${BATCH_MAX} updates`)
    .describe(
      `1–${BATCH_MAX} items, each {id, …fields of PATCH /api/bank/transactions/{id}}, each id at most once`,
    ),
});

type UpdateItem = z.output<typeof updateItem>;

/**
 * Every categoryId the batch sets must be one of the caller's categories: checked with one
 * batched lookup, each offending item reported by its index.
 */
async function assertOwnCategories(upstreams: Upstreams, items: UpdateItem[]): Promise<void> {
  const wanted = [
    ...new Set(items.flatMap((i) => (i.categoryId ? [i.categoryId.toLowerCase()] : []))),
  ];
  if (!wanted.length) return;
  const { categories } = await upstreams.categorization.call((c) => c.batchGetCategories, {
    ids: wanted,
  });
  const own = new Set(categories.map((c) => c.id.toLowerCase()));
  const issues: FieldIssue[] = [];
  items.forEach((item, index) => {
    if (item.categoryId && !own.has(item.categoryId.toLowerCase())) {
      issues.push({
        field: `updates.${index}.categoryId`,
        message: 'is not one of your categories',
      });
    }
  });
  if (issues.length) throw AppError.validation(issues);
}

export const batchRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/bank-batch/update',
    summary: 'Update many bank transactions at once',
    description:
      'All or nothing: every item is validated first (issues name the item, e.g. updates.3.amount) and ' +
      'the batch is applied in one database transaction. An id that is not one of your transactions ' +
      'answers 404 for the whole batch and changes nothing. A repeated id is a validation error.',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    body: batchBody,
    response: z.object({
      success: z.literal(true),
      updated: z.number().int().describe('How many transactions the batch updated'),
      transactions: z
        .array(transactionSchema.extend({ attachments: attachmentsSchema }))
        .describe('The updated transactions, in request order'),
    }),
    async handler({ body, upstreams, principal, authenticator }) {
      await assertOwnCategories(upstreams, body.updates);
      const { transactions } = await upstreams.ledger.call((c) => c.batchUpdateTransactions, {
        updates: body.updates.map(({ id, ...fields }) => ({ id, patch: toPatch(fields) })),
      });
      // Categories set or cleared in the batch teach the classifier (never fails the batch).
      const labelled = new Set(
        body.updates.filter((u) => u.categoryId !== undefined).map((u) => u.id.toLowerCase()),
      );
      await learnFromTransactions(
        upstreams,
        transactions.filter((t) => labelled.has(t.id.toLowerCase())),
      );
      // As with PATCH, a category set on a transaction is the user's primary assignment (its
      // history records the change); a few calls at a time, never failing the batch.
      const assigned = new Set(
        body.updates.filter((u) => u.categoryId).map((u) => u.id.toLowerCase()),
      );
      const toRecord = transactions.filter((t) => assigned.has(t.id.toLowerCase()));
      for (let i = 0; i < toRecord.length; i += ASSIGNMENT_CONCURRENCY) {
        await Promise.all(
          toRecord
            .slice(i, i + ASSIGNMENT_CONCURRENCY)
            .map((t) => recordUserCategory(upstreams, t, principal.userId)),
        );
      }
      const [categories, attachments] = await Promise.all([
        categoriesById(
          upstreams,
          transactions.map((t) => t.categoryId),
        ),
        attachmentsFor(
          { upstreams, authenticator, userId: principal.userId },
          'transaction',
          transactions.map((t) => t.id),
        ),
      ]);
      return {
        updated: transactions.length,
        transactions: transactions.map((t) => ({
          ...presentTransaction(t, categories),
          attachments: attachmentsOf(attachments, t.id),
        })),
      };
    },
  }),
];
