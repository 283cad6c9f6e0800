import { formatMoney } from '@pfs/kit';
import { z } from 'zod';
import { categoryNames } from '../ledger';
import { period, periodOut } from '../schemas';
import { defineTool } from '../tool';

export const deductionsReport = defineTool({
  name: 'deductions_report',
  title: 'Tax deductions report',
  description:
    'Tax-deductible spending in a period with business use applied, in total and by category ' +
    '(largest first).',
  scope: 'read',
  destructive: false,
  input: z.object(period),
  output: z.object({
    period: periodOut,
    total: z.string(),
    count: z.number().int(),
    byCategory: z.array(z.object({ name: z.string(), total: z.string(), count: z.number().int() })),
  }),
  async run({ from, to }, ctx) {
    const r = await ctx.services.reports.call(
      (c) => c.getDeductionTotals,
      { from, to },
      { userId: ctx.userId },
    );
    const names = await categoryNames(
      ctx,
      r.byCategory.map((c) => c.categoryId),
    );
    return {
      period: { from, to },
      total: formatMoney(r.deductible),
      count: Number(r.count),
      byCategory: r.byCategory.map((c) => ({
        name: c.categoryId ? (names.get(c.categoryId) ?? 'Unknown') : 'Uncategorized',
        total: formatMoney(c.deductible),
        count: Number(c.count),
      })),
    };
  },
});
