import { formatMoney, money } from '@pfs/kit';
import { z } from 'zod';
import { categoryNames, summarize } from '../ledger';
import { dateString, moneyString, transactionSummary, uuid } from '../schemas';
import { defineTool } from '../tool';

const SORT = { date_desc: '-date', amount_asc: 'amount', amount_desc: '-amount' } as const;

export const searchTransactions = defineTool({
  name: 'search_transactions',
  title: 'Search transactions',
  description:
    'Finds the user’s bank transactions by text (description or merchant), category, type, ' +
    'amount range and date range. Answers the matching items (up to limit), how many match ' +
    'in all and their signed total (negative = money out). Amount bounds compare the ' +
    'transaction’s size, whatever its direction.',
  scope: 'read',
  destructive: false,
  input: z.object({
    from: dateString.optional().describe('First day, inclusive (YYYY-MM-DD)'),
    to: dateString.optional().describe('Last day, inclusive (YYYY-MM-DD)'),
    query: z.string().min(1).max(200).optional().describe('Text in the description or merchant'),
    categoryId: uuid.optional(),
    category: z
      .literal('uncategorized')
      .optional()
      .describe('Only transactions without a category'),
    type: z.enum(['income', 'expense']).optional(),
    minAmount: moneyString.optional(),
    maxAmount: moneyString.optional(),
    sort: z
      .enum(['date_desc', 'amount_asc', 'amount_desc'])
      .optional()
      .describe('Default date_desc'),
    limit: z.number().int().min(1).max(100).optional().describe('Items to answer, default 20'),
  }),
  output: z.object({
    items: z.array(transactionSummary),
    count: z.number().int(),
    total: z.string(),
    currency: z.string(),
  }),
  async run(input, ctx) {
    const abs = (v?: string) => (v === undefined ? undefined : formatMoney(money(v).abs()));
    const filter = {
      from: input.from,
      to: input.to,
      q: input.query,
      categoryId: input.categoryId,
      uncategorized: input.category === 'uncategorized',
      type: input.type === undefined ? undefined : input.type === 'income' ? 'credit' : 'debit',
      minAmount: abs(input.minAmount),
      maxAmount: abs(input.maxAmount),
    };
    // The page shown and the whole selection's count and signed total, side by side: the
    // ledger sums every match itself instead of sending each row here.
    const [page, totals] = await Promise.all([
      ctx.services.ledger.call(
        (c) => c.listTransactions,
        {
          filter,
          page: { page: 1, limit: input.limit ?? 20 },
          sort: SORT[input.sort ?? 'date_desc'],
        },
        { userId: ctx.userId },
      ),
      ctx.services.analytics.call(
        (c) => c.aggregateTransactions,
        { filter, groupBy: '', limit: 0 },
        { userId: ctx.userId },
      ),
    ]);
    const names = await categoryNames(
      ctx,
      page.transactions.map((t) => t.categoryId),
    );
    return {
      items: page.transactions.map((t) => summarize(t, names)),
      count: Number(totals.count),
      total: formatMoney(totals.net),
      currency: ctx.currency,
    };
  },
});
