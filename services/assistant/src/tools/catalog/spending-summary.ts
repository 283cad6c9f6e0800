import { formatMoney } from '@pfs/kit';
import { z } from 'zod';
import { categoryNames } from '../ledger';
import { period, periodOut, uuid } from '../schemas';
import { defineTool } from '../tool';

export const spendingSummary = defineTool({
  name: 'spending_summary',
  title: 'Spending summary',
  description:
    'Totals and counts of the user’s spending (or income) in a period, grouped by category, ' +
    'merchant or month, largest first (months in order). Optionally only one category or ' +
    'merchant. Totals are positive sums of the selected type (expense by default).',
  scope: 'read',
  destructive: false,
  input: z.object({
    ...period,
    groupBy: z.enum(['category', 'merchant', 'month']),
    type: z.enum(['income', 'expense']).optional().describe('Default expense'),
    categoryId: uuid.optional(),
    merchant: z.string().min(1).max(200).optional().describe('Merchant name (or a part of it)'),
    limit: z.number().int().min(1).max(100).optional().describe('Groups to answer, default all'),
  }),
  output: z.object({
    period: periodOut,
    currency: z.string(),
    total: z.string(),
    count: z.number().int(),
    groups: z.array(
      z.object({ key: z.string(), name: z.string(), total: z.string(), count: z.number().int() }),
    ),
  }),
  async run(input, ctx) {
    const type = input.type ?? 'expense';
    // One aggregate in the ledger (ADR 017): a year of spending costs one query, not a page
    // of rows per 200 transactions.
    const totals = await ctx.services.analytics.call(
      (c) => c.aggregateTransactions,
      {
        filter: {
          from: input.from,
          to: input.to,
          type: type === 'income' ? 'credit' : 'debit',
          categoryId: input.categoryId,
          // The ledger's q searches description and merchant, so a merchant named only in the
          // description (card payments often are) still counts.
          q: input.merchant,
          uncategorized: false,
        },
        groupBy: input.groupBy,
        limit: input.limit ?? 0,
      },
      { userId: ctx.userId },
    );
    const sumOf = (g: { income: string; expenses: string }) =>
      type === 'income' ? g.income : g.expenses;
    const names =
      input.groupBy === 'category'
        ? await categoryNames(
            ctx,
            totals.groups.map((g) => g.key),
          )
        : new Map<string, string>();
    const nameOf = (g: { key: string; name: string }) => {
      if (input.groupBy !== 'category') return g.name;
      return g.key === 'uncategorized' ? 'Uncategorized' : (names.get(g.key) ?? 'Unknown');
    };
    return {
      period: { from: input.from, to: input.to },
      currency: ctx.currency,
      total: formatMoney(sumOf(totals)),
      count: Number(totals.count),
      groups: totals.groups.map((g) => ({
        key: g.key,
        name: nameOf(g),
        total: formatMoney(sumOf(g)),
        count: Number(g.count),
      })),
    };
  },
});
