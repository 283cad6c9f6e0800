import { AppError, moneyToNumber } from '@pfs/kit';
import { AnalyticsServiceClient } from '@pfs/proto/ledger/v1/analytics';
import { z } from 'zod';
import { categoriesById } from '../compose/categories';
import { isoDate } from '../http/schemas';
import { categorySchema, type CategoryJson } from '../present/category';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

const RANGE_DOC =
  'Inclusive UTC calendar days. Defaults: to = today, from = the first day of the month 11 months ' +
  'before to (12 calendar months). from after to, or a range over 5 years, is a 400.';

const rangeFields = {
  from: isoDate.optional().describe('Inclusive start date (default: see description)'),
  to: isoDate.optional().describe('Inclusive end date (default today, UTC)'),
};

const fromNotAfterTo = <T extends { from?: string; to?: string }>(q: T) =>
  !q.from || !q.to || q.from <= q.to;
const fromNotAfterToIssue = { message: 'from must not be after to', path: ['from'] };

const summaryQuery = z.object(rangeFields).refine(fromNotAfterTo, fromNotAfterToIssue);
const cashflowQuery = z
  .object({
    ...rangeFields,
    interval: z
      .enum(['day', 'week', 'month'], { message: 'must be day, week or month' })
      .optional()
      .describe('Period length (default month); weeks start on Monday'),
  })
  .refine(fromNotAfterTo, fromNotAfterToIssue);

const money = z.number().describe('Exact decimal sum, at most 2 decimals');

const summarySchema = z.object({
  from: z.string().describe('YYYY-MM-DD'),
  to: z.string().describe('YYYY-MM-DD'),
  income: money.describe('Sum of credit amounts'),
  expenses: money.describe('Sum of debit amounts'),
  net: money.describe('income - expenses'),
  transactionCount: z.number().int(),
  byCategory: z
    .array(
      z.object({
        categoryId: z.string().nullable().describe('null: uncategorized'),
        category: categorySchema.nullable(),
        income: money,
        expenses: money,
        count: z.number().int(),
      }),
    )
    .describe('Largest expenses first, then largest income'),
  byMonth: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM'),
        income: money,
        expenses: money,
        net: money,
      }),
    )
    .describe('Every month of the range, empty ones included, oldest first'),
  topMerchants: z
    .array(
      z.object({
        merchant: z.string(),
        total: money.describe('Debit total'),
        count: z.number().int(),
      }),
    )
    .describe('Top 10 merchants by debit total (merchants compared case-insensitively)'),
});

const cashflowSchema = z.object({
  interval: z.enum(['day', 'week', 'month']),
  from: z.string(),
  to: z.string(),
  points: z.array(
    z.object({
      period: z
        .string()
        .describe('First day of the period, YYYY-MM-DD (the first and last may be partial)'),
      income: money,
      expenses: money,
      net: money,
      balance: money.describe(
        'Running total of net from the start of the range through this period',
      ),
    }),
  ),
});

const analytics = (upstreams: Upstreams) => upstreams.ledger.service(AnalyticsServiceClient);

/** categoriesById in chunks the categorization service accepts (500 ids per call). */
async function categoriesInChunks(
  upstreams: Upstreams,
  ids: (string | undefined)[],
): Promise<Map<string, CategoryJson>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const out = new Map<string, CategoryJson>();
  for (let i = 0; i < unique.length; i += 500) {
    for (const [id, c] of await categoriesById(upstreams, unique.slice(i, i + 500))) out.set(id, c);
  }
  return out;
}

export const analyticsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/analytics/summary',
    summary: 'Income, expenses and net over a date range, by category, month and merchant',
    description: `${RANGE_DOC} Income is the sum of credit transactions, expenses the sum of debits; computed exactly (decimal).`,
    tags: ['Analytics'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    query: summaryQuery,
    response: z.object({ success: z.literal(true), summary: summarySchema }),
    async handler({ query, upstreams }) {
      const { summary } = await analytics(upstreams).call((c) => c.getSummary, {
        from: query.from ?? '',
        to: query.to ?? '',
      });
      if (!summary) throw new AppError('INTERNAL_ERROR', 'Ledger returned no summary');
      const categories = await categoriesInChunks(
        upstreams,
        summary.byCategory.map((c) => c.categoryId),
      );
      return {
        summary: {
          from: summary.from,
          to: summary.to,
          income: moneyToNumber(summary.income),
          expenses: moneyToNumber(summary.expenses),
          net: moneyToNumber(summary.net),
          transactionCount: Number(summary.transactionCount),
          byCategory: summary.byCategory.map((c) => ({
            categoryId: c.categoryId ?? null,
            category: (c.categoryId && categories.get(c.categoryId)) || null,
            income: moneyToNumber(c.income),
            expenses: moneyToNumber(c.expenses),
            count: Number(c.count),
          })),
          byMonth: summary.byMonth.map((m) => ({
            month: m.month,
            income: moneyToNumber(m.income),
            expenses: moneyToNumber(m.expenses),
            net: moneyToNumber(m.net),
          })),
          topMerchants: summary.topMerchants.map((m) => ({
            merchant: m.merchant,
            total: moneyToNumber(m.total),
            count: Number(m.count),
          })),
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/analytics/cashflow',
    summary: 'Income, expenses, net and running balance per day, week or month',
    description: `${RANGE_DOC} Every period of the range is present, empty ones with zeros; balance starts from 0 at from.`,
    tags: ['Analytics'],
    auth: 'user',
    upstreams: ['ledger'],
    query: cashflowQuery,
    response: z.object({ success: z.literal(true), cashflow: cashflowSchema }),
    async handler({ query, upstreams }) {
      const { cashflow } = await analytics(upstreams).call((c) => c.getCashflow, {
        from: query.from ?? '',
        to: query.to ?? '',
        interval: query.interval ?? 'month',
      });
      if (!cashflow) throw new AppError('INTERNAL_ERROR', 'Ledger returned no cashflow');
      return {
        cashflow: {
          interval: cashflow.interval as 'day' | 'week' | 'month',
          from: cashflow.from,
          to: cashflow.to,
          points: cashflow.points.map((p) => ({
            period: p.period,
            income: moneyToNumber(p.income),
            expenses: moneyToNumber(p.expenses),
            net: moneyToNumber(p.net),
            balance: moneyToNumber(p.balance),
          })),
        },
      };
    },
  }),
];
