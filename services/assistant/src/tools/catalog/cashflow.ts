import { formatMoney, money } from '@pfs/kit';
import { z } from 'zod';
import { period, periodOut } from '../schemas';
import { defineTool } from '../tool';

export const cashflow = defineTool({
  name: 'cashflow',
  title: 'Cash flow',
  description:
    'Money in, money out and net for a period, with a bucket per month (or week). ' +
    'Income and expenses are positive; net = income − expenses.',
  scope: 'read',
  destructive: false,
  input: z.object({
    ...period,
    interval: z.enum(['month', 'week']).optional().describe('Default month'),
  }),
  output: z.object({
    period: periodOut,
    currency: z.string(),
    income: z.string(),
    expenses: z.string(),
    net: z.string(),
    buckets: z.array(
      z.object({ start: z.string(), income: z.string(), expenses: z.string(), net: z.string() }),
    ),
  }),
  async run(input, ctx) {
    const { cashflow: flow } = await ctx.services.analytics.call(
      (c) => c.getCashflow,
      { from: input.from, to: input.to, interval: input.interval ?? 'month' },
      { userId: ctx.userId },
    );
    const points = flow?.points ?? [];
    let income = money(0);
    let expenses = money(0);
    const buckets = points.map((p) => {
      income = income.plus(money(p.income));
      expenses = expenses.plus(money(p.expenses));
      return {
        start: p.period,
        income: formatMoney(p.income),
        expenses: formatMoney(p.expenses),
        net: formatMoney(p.net),
      };
    });
    return {
      period: { from: input.from, to: input.to },
      currency: ctx.currency,
      income: formatMoney(income),
      expenses: formatMoney(expenses),
      net: formatMoney(income.minus(expenses)),
      buckets,
    };
  },
});
