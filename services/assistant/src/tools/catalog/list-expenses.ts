import { formatMoney, money } from '@pfs/kit';
import type { Expense } from '@pfs/proto/ledger/v1/expenses';
import { z } from 'zod';
import { categoryNames, MAX_SCAN_ROWS } from '../ledger';
import { dateString } from '../schemas';
import { defineTool } from '../tool';

export const listExpenses = defineTool({
  name: 'list_expenses',
  title: 'List expenses',
  description:
    'The user’s recorded expenses (receipts and manual entries, apart from bank transactions) ' +
    'in a period, newest first, with the count and total of all that match.',
  scope: 'read',
  destructive: false,
  input: z.object({
    from: dateString.optional(),
    to: dateString.optional(),
    limit: z.number().int().min(1).max(100).optional().describe('Items to answer, default 20'),
  }),
  output: z.object({
    expenses: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        description: z.string(),
        amount: z.string(),
        categoryName: z.string().nullable(),
      }),
    ),
    total: z.string(),
    count: z.number().int(),
  }),
  async run(input, ctx) {
    const all: Expense[] = [];
    let count = 0;
    for (let page = 1; all.length < MAX_SCAN_ROWS; page++) {
      const res = await ctx.services.expenses.call(
        (c) => c.listExpenses,
        { filter: { from: input.from, to: input.to }, page: { page, limit: 200 } },
        { userId: ctx.userId },
      );
      all.push(...res.expenses);
      count = Number(res.page?.total ?? all.length);
      if (!res.page || page >= res.page.pages || !res.expenses.length) break;
    }
    const shown = all.slice(0, input.limit ?? 20);
    const names = await categoryNames(
      ctx,
      shown.map((e) => e.categoryId),
    );
    return {
      expenses: shown.map((e) => ({
        id: e.id,
        date: e.date.slice(0, 10),
        description: e.description,
        amount: formatMoney(e.amount),
        categoryName: e.categoryId ? (names.get(e.categoryId) ?? null) : null,
      })),
      total: formatMoney(all.reduce((acc, e) => acc.plus(money(e.amount)), money(0))),
      count,
    };
  },
});
