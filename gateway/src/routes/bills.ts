import { AppError, formatMoney } from '@pfs/kit';
import type { BillPatch, PatternPatch } from '@pfs/proto/bills';
import { z } from 'zod';
import { assertOwnCategory, categoriesById } from '../compose/categories';
import {
  booleanQuery,
  idParams,
  isoDate,
  moneyAmount,
  name,
  notes,
  pageQuery,
  paginationSchema,
  uuid,
} from '../http/schemas';
import {
  billSchema,
  patternSchema,
  presentBill,
  presentPattern,
  presentSuggestion,
  suggestionSchema,
} from '../present/bill';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { pageRequest, presentPage } from '../present/pagination';

/**
 * Bills, recurring patterns and pattern suggestions (bills service). Route order matters to
 * Express: the fixed paths /api/bills/settings and /api/bills/patterns… come before
 * /api/bills/{id}, and /api/bills/patterns/suggestions before /api/bills/patterns/{id}.
 */

const merchant = z.string().trim().max(200, 'must be at most 200 characters');
const frequency = z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'], {
  message: 'must be one of weekly, fortnightly, monthly, quarterly, yearly',
});
const interval = z
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .max(52, 'must be at most 52');
const amount = moneyAmount({ positive: true }).describe('Positive, at most 2 decimals');

const billCreateBody = z.object({
  name,
  amount,
  dueDate: isoDate.describe('YYYY-MM-DD'),
  categoryId: uuid.nullable().optional().describe('One of your categories'),
  notes: notes.nullable().optional(),
  merchant: merchant
    .nullable()
    .optional()
    .describe('Payee as on bank statements; autopay matches it (else the name)'),
});

const billPatchBody = z.object({
  name: name.optional(),
  amount: amount.optional(),
  dueDate: isoDate.optional(),
  categoryId: uuid.nullable().optional().describe('null clears it'),
  notes: notes.nullable().optional().describe('null clears them'),
  merchant: merchant.nullable().optional().describe('null clears it'),
  paid: z
    .boolean()
    .optional()
    .describe('false un-pays the bill (clears paidAt and transactionId); true pays it now'),
});

const payBody = z.object({
  transactionId: uuid.optional().describe('One of your transactions: the payment'),
});

const endNotBeforeStart = {
  message: 'must not be before startDate',
  path: ['endDate'],
  // Checked even when other fields are invalid, so every problem is reported at once.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { startDate?: unknown; endDate?: unknown } | undefined;
    return typeof v?.startDate === 'string' && typeof v?.endDate === 'string';
  },
};

const patternCreateBody = z
  .object({
    name,
    amount,
    frequency,
    interval: interval.optional().describe('Every `interval` periods, 1–52 (default 1)'),
    startDate: isoDate.describe(
      'The first due date; monthly and longer periods keep its day of the month',
    ),
    endDate: isoDate.nullable().optional().describe('Last day an occurrence may fall on'),
    categoryId: uuid.nullable().optional(),
    merchant: merchant.nullable().optional(),
  })
  .refine((b) => !b.endDate || b.endDate >= b.startDate, endNotBeforeStart);

const patternPatchBody = z
  .object({
    name: name.optional(),
    amount: amount.optional(),
    frequency: frequency.optional(),
    interval: interval.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.nullable().optional().describe('null: open-ended'),
    categoryId: uuid.nullable().optional(),
    merchant: merchant.nullable().optional(),
  })
  .refine((b) => !b.endDate || !b.startDate || b.endDate >= b.startDate, endNotBeforeStart);

const listQuery = z
  .object({
    ...pageQuery,
    paid: booleanQuery.optional().describe('true: paid bills only; false: unpaid only'),
    recurring: booleanQuery
      .optional()
      .describe('true: occurrences of patterns only; false: one-off bills only'),
    from: isoDate.optional().describe('Due on or after (YYYY-MM-DD)'),
    to: isoDate.optional().describe('Due on or before (YYYY-MM-DD)'),
    categoryId: uuid.optional(),
    patternId: uuid.optional().describe('Occurrences of one pattern'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

const oneBill = z.object({ success: z.literal(true), bill: billSchema });
const onePattern = z.object({ success: z.literal(true), pattern: patternSchema });
const settingsSchema = z.object({
  dueSoonDays: z
    .number()
    .int()
    .describe('bill.due_soon is sent this many days ahead of the due date (0–60, default 3)'),
});

/** The payment named in a write must be one of the caller's transactions (400 otherwise). */
async function assertOwnTransaction(
  upstreams: Upstreams,
  transactionId: string | undefined,
): Promise<void> {
  if (!transactionId) return;
  try {
    await upstreams.ledger.call((c) => c.getTransaction, { id: transactionId });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      throw AppError.validation([
        { field: 'transactionId', message: 'is not one of your transactions' },
      ]);
    }
    throw err;
  }
}

function toBillPatch(b: z.output<typeof billPatchBody>): BillPatch {
  return {
    name: b.name,
    amount: b.amount === undefined ? undefined : formatMoney(b.amount),
    dueDate: b.dueDate,
    categoryId: b.categoryId ?? undefined,
    clearCategoryId: b.categoryId === null,
    notes: b.notes ?? undefined,
    clearNotes: b.notes === null,
    merchant: b.merchant || undefined,
    clearMerchant: b.merchant === null || b.merchant === '',
    paid: b.paid,
  };
}

function toPatternPatch(b: z.output<typeof patternPatchBody>): PatternPatch {
  return {
    name: b.name,
    amount: b.amount === undefined ? undefined : formatMoney(b.amount),
    frequency: b.frequency,
    interval: b.interval,
    startDate: b.startDate,
    endDate: b.endDate ?? undefined,
    clearEndDate: b.endDate === null,
    categoryId: b.categoryId ?? undefined,
    clearCategoryId: b.categoryId === null,
    merchant: b.merchant || undefined,
    clearMerchant: b.merchant === null || b.merchant === '',
  };
}

const SUGGESTIONS_DOC =
  'Recurring payments found in your debits of the last 18 months: the same merchant (store numbers, card prefixes such as SQ * ' +
  'or PAYPAL *, web suffixes and case ignored), paid weekly, fortnightly, every few weeks, monthly, every few months, quarterly ' +
  'or yearly (skipped payments allowed), for a stable or slowly changing amount. At least 3 payments (2 for yearly ones), the ' +
  'last one recent. Merchants that already have a pattern are left out. confidence (0–1) weighs regularity (0.45), amount ' +
  'stability (0.35) and history length (0.2); suggestions below 0.5 are not shown. A suggestion shown for the first time ' +
  'sends the pattern.detected event (once per merchant and frequency).';

const PATTERN_DOC =
  'Occurrences are bills with recurring: true, generated from today (or startDate, if later) up to 90 days ahead, at once ' +
  'and then by an hourly job. Monthly, quarterly and yearly patterns keep the start date’s day of the month, falling on the ' +
  'last day of shorter months (Jan 31 → Feb 28/29 → Mar 31; yearly Feb 29 → Feb 28).';

export const billRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/bills/settings',
    summary: 'Your bill reminder settings',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills'],
    response: z.object({ success: z.literal(true), settings: settingsSchema }),
    async handler({ upstreams }) {
      const { settings } = await upstreams.bills.call((c) => c.getBillSettings, {});
      return { settings: { dueSoonDays: settings?.dueSoonDays ?? 3 } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/bills/settings',
    summary: 'Change your bill reminder settings',
    description:
      'dueSoonDays: how many days before the due date an unpaid bill sends bill.due_soon (once per bill).',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills'],
    body: z.object({
      dueSoonDays: z
        .number({ message: 'must be a number' })
        .int('must be an integer')
        .min(0, 'must be at least 0')
        .max(60, 'must be at most 60'),
    }),
    response: z.object({ success: z.literal(true), settings: settingsSchema }),
    async handler({ body, upstreams }) {
      const { settings } = await upstreams.bills.call((c) => c.updateBillSettings, {
        settings: { dueSoonDays: body.dueSoonDays },
      });
      return { settings: { dueSoonDays: settings?.dueSoonDays ?? body.dueSoonDays } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bills/patterns/suggestions',
    summary: 'Recurring payments detected in your transactions',
    description: SUGGESTIONS_DOC,
    tags: ['Bill patterns'],
    auth: 'user',
    upstreams: ['bills'],
    response: z.object({ success: z.literal(true), suggestions: z.array(suggestionSchema) }),
    async handler({ upstreams }) {
      const { suggestions } = await upstreams.bills.call((c) => c.listPatternSuggestions, {});
      return { suggestions: suggestions.map(presentSuggestion) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bills/patterns',
    summary: 'List your recurring bill patterns',
    description: 'Oldest first.',
    tags: ['Bill patterns'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    query: z.object(pageQuery),
    response: z.object({
      success: z.literal(true),
      patterns: z.array(patternSchema),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams }) {
      const { patterns, page } = await upstreams.bills.call((c) => c.listPatterns, {
        page: pageRequest(query),
      });
      const categories = await categoriesById(
        upstreams,
        patterns.map((p) => p.categoryId),
      );
      return {
        patterns: patterns.map((p) => presentPattern(p, categories)),
        pagination: presentPage(page),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/bills/patterns',
    summary: 'Create a recurring bill pattern',
    description: PATTERN_DOC,
    tags: ['Bill patterns'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    idempotent: true,
    status: 201,
    body: patternCreateBody,
    response: onePattern.extend({
      generated: z.number().int().describe('Occurrences generated by this request'),
    }),
    async handler({ body, upstreams }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { pattern, generated } = await upstreams.bills.call((c) => c.createPattern, {
        pattern: {
          name: body.name,
          amount: formatMoney(body.amount),
          frequency: body.frequency,
          interval: body.interval ?? 1,
          startDate: body.startDate,
          endDate: body.endDate ?? undefined,
          categoryId: body.categoryId ?? undefined,
          merchant: body.merchant || undefined,
        },
      });
      if (!pattern) throw new AppError('INTERNAL_ERROR', 'Bills returned no pattern');
      const categories = await categoriesById(upstreams, [pattern.categoryId]);
      return { pattern: presentPattern(pattern, categories), generated };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bills/patterns/{id}',
    summary: 'Get one recurring bill pattern',
    tags: ['Bill patterns'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    params: idParams,
    response: onePattern,
    async handler({ params, upstreams }) {
      const { pattern } = await upstreams.bills.call((c) => c.getPattern, { id: params.id });
      if (!pattern) throw AppError.notFound('Pattern');
      const categories = await categoriesById(upstreams, [pattern.categoryId]);
      return { pattern: presentPattern(pattern, categories) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/bills/patterns/{id}',
    summary: 'Update a recurring bill pattern',
    description:
      'Replaces the pattern’s future unpaid occurrences: with a new schedule (frequency, interval, startDate, endDate) they are ' +
      'deleted and generated again; otherwise they take the new name, amount, category and merchant. Paid and past occurrences stay.',
    tags: ['Bill patterns'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    params: idParams,
    body: patternPatchBody,
    response: onePattern.extend({ generated: z.number().int() }),
    async handler({ params, body, upstreams }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { pattern, generated } = await upstreams.bills.call((c) => c.updatePattern, {
        id: params.id,
        patch: toPatternPatch(body),
      });
      if (!pattern) throw AppError.notFound('Pattern');
      const categories = await categoriesById(upstreams, [pattern.categoryId]);
      return { pattern: presentPattern(pattern, categories), generated };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/bills/patterns/{id}',
    summary: 'Delete a recurring bill pattern',
    description:
      'Deletes the pattern and its future unpaid occurrences. Paid occurrences and those already due stay, as bills with ' +
      'recurring: true and patternId: null.',
    tags: ['Bill patterns'],
    auth: 'user',
    upstreams: ['bills'],
    params: idParams,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      deletedOccurrences: z.number().int(),
    }),
    async handler({ params, upstreams }) {
      const { deletedOccurrences } = await upstreams.bills.call((c) => c.deletePattern, {
        id: params.id,
      });
      return { message: 'Pattern deleted', deletedOccurrences };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bills',
    summary: 'List your bills',
    description: 'Sorted by due date (then creation). Filters combine with AND.',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    query: listQuery,
    response: z.object({
      success: z.literal(true),
      bills: z.array(billSchema),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams }) {
      const { bills, page } = await upstreams.bills.call((c) => c.listBills, {
        filter: {
          paid: query.paid,
          recurring: query.recurring,
          from: query.from,
          to: query.to,
          categoryId: query.categoryId,
          patternId: query.patternId,
        },
        page: pageRequest(query),
      });
      const categories = await categoriesById(
        upstreams,
        bills.map((b) => b.categoryId),
      );
      return { bills: bills.map((b) => presentBill(b, categories)), pagination: presentPage(page) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/bills',
    summary: 'Create a bill',
    description:
      'A one-off bill (recurring: false). An unpaid bill is paid automatically by a matching new transaction.',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    idempotent: true,
    status: 201,
    body: billCreateBody,
    response: oneBill,
    async handler({ body, upstreams }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { bill } = await upstreams.bills.call((c) => c.createBill, {
        bill: {
          name: body.name,
          amount: formatMoney(body.amount),
          dueDate: body.dueDate,
          categoryId: body.categoryId ?? undefined,
          notes: body.notes ?? undefined,
          merchant: body.merchant || undefined,
        },
      });
      if (!bill) throw new AppError('INTERNAL_ERROR', 'Bills returned no bill');
      const categories = await categoriesById(upstreams, [bill.categoryId]);
      return { bill: presentBill(bill, categories) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bills/{id}',
    summary: 'Get one bill',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    params: idParams,
    response: oneBill,
    async handler({ params, upstreams }) {
      const { bill } = await upstreams.bills.call((c) => c.getBill, { id: params.id });
      if (!bill) throw AppError.notFound('Bill');
      const categories = await categoriesById(upstreams, [bill.categoryId]);
      return { bill: presentBill(bill, categories) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/bills/{id}',
    summary: 'Update a bill',
    description:
      'Only the fields sent change. paid: false un-pays a paid bill. A new dueDate makes the bill due for a new bill.due_soon.',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills', 'categorization'],
    params: idParams,
    body: billPatchBody,
    response: oneBill,
    async handler({ params, body, upstreams }) {
      await assertOwnCategory(upstreams, body.categoryId);
      const { bill } = await upstreams.bills.call((c) => c.updateBill, {
        id: params.id,
        patch: toBillPatch(body),
      });
      if (!bill) throw AppError.notFound('Bill');
      const categories = await categoriesById(upstreams, [bill.categoryId]);
      return { bill: presentBill(bill, categories) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/bills/{id}',
    summary: 'Delete a bill',
    description:
      'Deleting an occurrence of a pattern removes that date only; it is not generated again.',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await upstreams.bills.call((c) => c.deleteBill, { id: params.id });
      return { message: 'Bill deleted' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/bills/{id}/pay',
    summary: 'Mark a bill paid',
    description:
      'Sets paid, paidAt and, when given, the transaction that paid it (one of your transactions, else 400; a transaction pays ' +
      'at most one bill, else 409). A bill that is already paid answers 409 CONFLICT; PATCH paid: false un-pays it.',
    tags: ['Bills'],
    auth: 'user',
    upstreams: ['bills', 'ledger', 'categorization'],
    idempotent: true,
    params: idParams,
    body: payBody,
    response: oneBill,
    async handler({ params, body, upstreams }) {
      await assertOwnTransaction(upstreams, body.transactionId);
      const { bill } = await upstreams.bills.call((c) => c.payBill, {
        id: params.id,
        transactionId: body.transactionId,
      });
      if (!bill) throw AppError.notFound('Bill');
      const categories = await categoriesById(upstreams, [bill.categoryId]);
      return { bill: presentBill(bill, categories) };
    },
  }),
];
