import { AppError, formatMoney } from '@pfs/kit';
import type { TransactionInput, TransactionPatch } from '@pfs/proto/ledger';
import { z } from 'zod';
import { assertOwnCategory, categoriesById } from '../compose/categories';
import { recordUserCategory } from '../compose/assignments';
import { learnFromTransactions } from '../compose/classification';
import {
  booleanQuery,
  description,
  idParams,
  isoDate,
  isoDateOrDateTime,
  moneyAmount,
  pageQuery,
  paginationSchema,
  percentage,
  rateFraction,
  uuid,
} from '../http/schemas';
import { attachmentsFor, attachmentsOf, attachmentsSchema } from '../compose/attachments';
import { presentTransaction, transactionSchema } from '../present/transaction';
import { defineRoute } from './route';
import { pageRequest, presentPage } from '../present/pagination';

const merchant = z.string().trim().max(200, 'must be at most 200 characters');
const decimalText = (n: number) => String(n);

const transactionFields = {
  date: isoDateOrDateTime.describe('YYYY-MM-DD or ISO 8601 date-time'),
  description,
  amount: moneyAmount({ positive: true }).describe('Positive amount, at most 2 decimals'),
  type: z.enum(['debit', 'credit'], { message: 'must be debit (money out) or credit (money in)' }),
  categoryId: uuid.nullable().optional(),
  merchant: merchant.nullable().optional(),
  gstAmount: moneyAmount().optional().describe('Derived from gstRate and gstIncluded when omitted'),
  gstRate: rateFraction.optional().describe('Fraction: 0.1 means 10%'),
  gstIncluded: z.boolean().optional().describe('Whether amount includes the tax (default true)'),
  isTaxDeductible: z.boolean().optional(),
  businessUsePercentage: percentage.optional(),
};

const createBody = z.object(transactionFields);
export const patchBody = z.object({
  date: transactionFields.date.optional(),
  description: description.optional(),
  amount: transactionFields.amount.optional(),
  type: transactionFields.type.optional(),
  categoryId: transactionFields.categoryId,
  merchant: transactionFields.merchant,
  gstAmount: transactionFields.gstAmount,
  gstRate: transactionFields.gstRate,
  gstIncluded: transactionFields.gstIncluded,
  isTaxDeductible: transactionFields.isTaxDeductible,
  businessUsePercentage: transactionFields.businessUsePercentage,
});

const listQuery = z
  .object({
    ...pageQuery,
    from: isoDate.optional().describe('Inclusive start date'),
    to: isoDate.optional().describe('Inclusive end date'),
    categoryId: uuid.optional(),
    type: z.enum(['debit', 'credit']).optional(),
    merchant: z.string().max(200).optional().describe('Exact merchant, case-insensitive'),
    q: z.string().min(1).max(200).optional().describe('Text search in description and merchant'),
    minAmount: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'must be a non-negative amount')
      .optional(),
    maxAmount: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'must be a non-negative amount')
      .optional(),
    isTaxDeductible: booleanQuery.optional(),
    uncategorized: booleanQuery.optional().describe('true: only transactions without a category'),
    sort: z.enum(['date', '-date', 'amount', '-amount']).optional().describe('Default -date'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => !q.minAmount || !q.maxAmount || Number(q.minAmount) <= Number(q.maxAmount), {
    message: 'minAmount must not exceed maxAmount',
    path: ['minAmount'],
  });

function toInput(b: z.output<typeof createBody>): TransactionInput {
  return {
    date: b.date,
    description: b.description,
    amount: formatMoney(b.amount),
    type: b.type,
    categoryId: b.categoryId ?? undefined,
    merchant: b.merchant || undefined,
    gstAmount: b.gstAmount === undefined ? undefined : formatMoney(b.gstAmount),
    gstRate: b.gstRate === undefined ? undefined : decimalText(b.gstRate),
    gstIncluded: b.gstIncluded,
    isTaxDeductible: b.isTaxDeductible,
    businessUsePercentage:
      b.businessUsePercentage === undefined ? undefined : decimalText(b.businessUsePercentage),
  };
}

export function toPatch(b: z.output<typeof patchBody>): TransactionPatch {
  return {
    date: b.date,
    description: b.description,
    amount: b.amount === undefined ? undefined : formatMoney(b.amount),
    type: b.type,
    categoryId: b.categoryId ?? undefined,
    clearCategoryId: b.categoryId === null,
    merchant: b.merchant || undefined,
    clearMerchant: b.merchant === null || b.merchant === '',
    gstAmount: b.gstAmount === undefined ? undefined : formatMoney(b.gstAmount),
    gstRate: b.gstRate === undefined ? undefined : decimalText(b.gstRate),
    gstIncluded: b.gstIncluded,
    isTaxDeductible: b.isTaxDeductible,
    businessUsePercentage:
      b.businessUsePercentage === undefined ? undefined : decimalText(b.businessUsePercentage),
  };
}

const withAttachments = transactionSchema.extend({ attachments: attachmentsSchema });
const one = z.object({ success: z.literal(true), transaction: withAttachments });

export const transactionRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/bank/transactions',
    summary: 'List bank transactions',
    description: 'Filters combine with AND. Sorted by -date by default; ties broken by id.',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    query: listQuery,
    response: z.object({
      success: z.literal(true),
      transactions: z.array(withAttachments),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams, principal, authenticator }) {
      const { transactions, page } = await upstreams.ledger.call((c) => c.listTransactions, {
        filter: {
          from: query.from,
          to: query.to,
          categoryId: query.categoryId,
          type: query.type,
          merchant: query.merchant,
          q: query.q,
          minAmount: query.minAmount,
          maxAmount: query.maxAmount,
          isTaxDeductible: query.isTaxDeductible,
          uncategorized: query.uncategorized ?? false,
        },
        page: pageRequest(query),
        sort: query.sort ?? '-date',
      });
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
        transactions: transactions.map((t) => ({
          ...presentTransaction(t, categories),
          attachments: attachmentsOf(attachments, t.id),
        })),
        pagination: presentPage(page),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/bank/transactions',
    summary: 'Create a bank transaction',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    idempotent: true,
    status: 201,
    body: createBody,
    response: one,
    async handler({ body, upstreams, principal }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { transaction } = await upstreams.ledger.call((c) => c.createTransaction, {
        transaction: toInput(body),
      });
      if (!transaction) throw new AppError('INTERNAL_ERROR', 'Ledger returned no transaction');
      if (body.categoryId) {
        await learnFromTransactions(upstreams, [transaction]);
        await recordUserCategory(upstreams, transaction, principal.userId);
      }
      const categories = await categoriesById(upstreams, [transaction.categoryId]);
      // A new record has nothing attached yet: the same shape as GET without asking documents.
      return { transaction: { ...presentTransaction(transaction, categories), attachments: [] } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bank/transactions/{id}',
    summary: 'Get one bank transaction',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    params: idParams,
    response: one,
    async handler({ params, upstreams, principal, authenticator }) {
      const { transaction } = await upstreams.ledger.call((c) => c.getTransaction, {
        id: params.id,
      });
      if (!transaction) throw AppError.notFound('Transaction');
      const [categories, attachments] = await Promise.all([
        categoriesById(upstreams, [transaction.categoryId]),
        attachmentsFor({ upstreams, authenticator, userId: principal.userId }, 'transaction', [
          transaction.id,
        ]),
      ]);
      return {
        transaction: {
          ...presentTransaction(transaction, categories),
          attachments: attachmentsOf(attachments, transaction.id),
        },
      };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/bank/transactions/{id}',
    summary: 'Update fields of a bank transaction',
    description:
      'Only the fields sent change; categoryId or merchant null clears them. gstAmount is re-derived when amount, gstRate or gstIncluded change without it.',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    params: idParams,
    body: patchBody,
    response: one,
    async handler({ params, body, upstreams, principal, authenticator }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { transaction } = await upstreams.ledger.call((c) => c.updateTransaction, {
        id: params.id,
        patch: toPatch(body),
      });
      if (!transaction) throw AppError.notFound('Transaction');
      // Setting or clearing the category teaches the classifier (never fails the update).
      if (body.categoryId !== undefined) await learnFromTransactions(upstreams, [transaction]);
      if (body.categoryId) await recordUserCategory(upstreams, transaction, principal.userId);
      const [categories, attachments] = await Promise.all([
        categoriesById(upstreams, [transaction.categoryId]),
        attachmentsFor({ upstreams, authenticator, userId: principal.userId }, 'transaction', [
          transaction.id,
        ]),
      ]);
      return {
        transaction: {
          ...presentTransaction(transaction, categories),
          attachments: attachmentsOf(attachments, transaction.id),
        },
      };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/bank/transactions/{id}',
    summary: 'Delete a bank transaction',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await upstreams.ledger.call((c) => c.deleteTransaction, { id: params.id });
      return { message: 'Transaction deleted' };
    },
  }),
];
