import { AppError, formatMoney } from '@pfs/kit';
import {
  ExpenseServiceClient,
  type ExpenseInput,
  type ExpensePatch,
  type TaxDeduction,
} from '@pfs/proto/ledger/v1/expenses';
import { z } from 'zod';
import { assertOwnCategory, categoriesById } from '../compose/categories';
import {
  booleanQuery,
  description,
  idParams,
  isoDate,
  moneyAmount,
  notes,
  pageQuery,
  paginationSchema,
  percentage,
  uuid,
} from '../http/schemas';
import { attachmentsFor, attachmentsOf, attachmentsSchema } from '../compose/attachments';
import { expenseSchema, presentExpense } from '../present/expense';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { pageRequest, presentPage } from '../present/pagination';

const taxDeduction = z.object({
  taxCategory: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters'),
  amount: moneyAmount({ positive: true }).describe('Positive, at most the expense amount'),
  percentage: percentage.optional().describe('Percent, 0–100'),
  notes: notes.optional(),
});

const taxDeductions = z
  .array(taxDeduction)
  .max(50, 'must have at most 50 items')
  .describe('At most 50; each amount and their total at most the expense amount');

const expenseFields = {
  date: isoDate.describe('Calendar date YYYY-MM-DD'),
  description,
  amount: moneyAmount({ positive: true }).describe('Positive amount, at most 2 decimals'),
  categoryId: uuid.nullable().optional().describe('One of your categories'),
  isTaxDeductible: z
    .boolean()
    .optional()
    .describe('Default: true when taxDeductions are given, else false'),
  taxDeductions: taxDeductions.optional(),
  notes: notes.nullable().optional(),
};

const createBody = z.object(expenseFields);
const patchBody = z.object({
  date: expenseFields.date.optional(),
  description: description.optional(),
  amount: expenseFields.amount.optional(),
  categoryId: expenseFields.categoryId,
  isTaxDeductible: z.boolean().optional(),
  taxDeductions: taxDeductions
    .nullable()
    .optional()
    .describe('Replaces the list; null or [] clears it'),
  notes: expenseFields.notes,
});

const listQuery = z
  .object({
    ...pageQuery,
    from: isoDate.optional().describe('Inclusive start date'),
    to: isoDate.optional().describe('Inclusive end date'),
    categoryId: uuid.optional(),
    isTaxDeductible: booleanQuery.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

const withAttachments = expenseSchema.extend({ attachments: attachmentsSchema });
const one = z.object({ success: z.literal(true), expense: withAttachments });

type DeductionBody = z.output<typeof taxDeduction>;

function toDeduction(d: DeductionBody): TaxDeduction {
  return {
    taxCategory: d.taxCategory,
    amount: formatMoney(d.amount),
    percentage: d.percentage === undefined ? undefined : String(d.percentage),
    notes: d.notes,
  };
}

function toInput(b: z.output<typeof createBody>): ExpenseInput {
  return {
    date: b.date,
    description: b.description,
    amount: formatMoney(b.amount),
    categoryId: b.categoryId ?? undefined,
    isTaxDeductible: b.isTaxDeductible,
    taxDeductions: (b.taxDeductions ?? []).map(toDeduction),
    notes: b.notes ?? undefined,
  };
}

function toPatch(b: z.output<typeof patchBody>): ExpensePatch {
  return {
    date: b.date,
    description: b.description,
    amount: b.amount === undefined ? undefined : formatMoney(b.amount),
    categoryId: b.categoryId ?? undefined,
    clearCategoryId: b.categoryId === null,
    isTaxDeductible: b.isTaxDeductible,
    taxDeductions:
      b.taxDeductions === undefined
        ? undefined
        : { items: (b.taxDeductions ?? []).map(toDeduction) },
    notes: b.notes ?? undefined,
    clearNotes: b.notes === null,
  };
}

const expenses = (upstreams: Upstreams) => upstreams.ledger.service(ExpenseServiceClient);

export const expenseRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/expenses',
    summary: 'List expenses',
    description: 'Newest first (date, then id). Filters combine with AND.',
    tags: ['Expenses'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    query: listQuery,
    response: z.object({
      success: z.literal(true),
      expenses: z.array(withAttachments),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams, principal, authenticator }) {
      const { expenses: list, page } = await expenses(upstreams).call((c) => c.listExpenses, {
        filter: {
          from: query.from,
          to: query.to,
          categoryId: query.categoryId,
          isTaxDeductible: query.isTaxDeductible,
        },
        page: pageRequest(query),
      });
      const [categories, attachments] = await Promise.all([
        categoriesById(
          upstreams,
          list.map((e) => e.categoryId),
        ),
        attachmentsFor(
          { upstreams, authenticator, userId: principal.userId },
          'expense',
          list.map((e) => e.id),
        ),
      ]);
      return {
        expenses: list.map((e) => ({
          ...presentExpense(e, categories),
          attachments: attachmentsOf(attachments, e.id),
        })),
        pagination: presentPage(page),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/expenses',
    summary: 'Create an expense',
    tags: ['Expenses'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    idempotent: true,
    status: 201,
    body: createBody,
    response: one,
    async handler({ body, upstreams }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { expense } = await expenses(upstreams).call((c) => c.createExpense, {
        expense: toInput(body),
      });
      if (!expense) throw new AppError('INTERNAL_ERROR', 'Ledger returned no expense');
      const categories = await categoriesById(upstreams, [expense.categoryId]);
      // A new record has nothing attached yet: the same shape as GET without asking documents.
      return { expense: { ...presentExpense(expense, categories), attachments: [] } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/expenses/{id}',
    summary: 'Get one expense',
    tags: ['Expenses'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    params: idParams,
    response: one,
    async handler({ params, upstreams, principal, authenticator }) {
      const { expense } = await expenses(upstreams).call((c) => c.getExpense, { id: params.id });
      if (!expense) throw AppError.notFound('Expense');
      const [categories, attachments] = await Promise.all([
        categoriesById(upstreams, [expense.categoryId]),
        attachmentsFor({ upstreams, authenticator, userId: principal.userId }, 'expense', [
          expense.id,
        ]),
      ]);
      return {
        expense: {
          ...presentExpense(expense, categories),
          attachments: attachmentsOf(attachments, expense.id),
        },
      };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/expenses/{id}',
    summary: 'Update fields of an expense',
    description:
      'Only the fields sent change; categoryId or notes null clears them; taxDeductions replaces the whole list.',
    tags: ['Expenses'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    params: idParams,
    body: patchBody,
    response: one,
    async handler({ params, body, upstreams, principal, authenticator }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { expense } = await expenses(upstreams).call((c) => c.updateExpense, {
        id: params.id,
        patch: toPatch(body),
      });
      if (!expense) throw AppError.notFound('Expense');
      const [categories, attachments] = await Promise.all([
        categoriesById(upstreams, [expense.categoryId]),
        attachmentsFor({ upstreams, authenticator, userId: principal.userId }, 'expense', [
          expense.id,
        ]),
      ]);
      return {
        expense: {
          ...presentExpense(expense, categories),
          attachments: attachmentsOf(attachments, expense.id),
        },
      };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/expenses/{id}',
    summary: 'Delete an expense',
    tags: ['Expenses'],
    auth: 'user',
    upstreams: ['ledger'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await expenses(upstreams).call((c) => c.deleteExpense, { id: params.id });
      return { message: 'Expense deleted' };
    },
  }),
];
