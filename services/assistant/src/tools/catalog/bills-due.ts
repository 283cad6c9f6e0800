import { formatMoney, money } from '@pfs/kit';
import type { Bill } from '@pfs/proto/bills';
import { z } from 'zod';
import { addDays, isoDay } from '../ledger';
import { defineTool } from '../tool';

export const billsDue = defineTool({
  name: 'bills_due',
  title: 'Bills due',
  description:
    'The user’s unpaid bills due within the next days (default 30), overdue ones included ' +
    '(status "overdue"), soonest first, with their total.',
  scope: 'read',
  destructive: false,
  input: z.object({
    days: z.number().int().min(0).max(366).optional().describe('Look-ahead in days, default 30'),
  }),
  output: z.object({
    bills: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        amount: z.string(),
        dueDate: z.string(),
        status: z.enum(['overdue', 'due']),
      }),
    ),
    total: z.string(),
    currency: z.string(),
  }),
  async run({ days }, ctx) {
    const today = isoDay(ctx.now);
    const to = addDays(today, days ?? 30);
    const bills: Bill[] = [];
    for (let page = 1; ; page++) {
      const res = await ctx.services.bills.call(
        (c) => c.listBills,
        { filter: { paid: false, to }, page: { page, limit: 200 } },
        { userId: ctx.userId },
      );
      bills.push(...res.bills);
      if (!res.page || page >= res.page.pages) break;
    }
    bills.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    return {
      bills: bills.map((b) => ({
        id: b.id,
        name: b.name,
        amount: formatMoney(b.amount),
        dueDate: b.dueDate.slice(0, 10),
        status: b.dueDate.slice(0, 10) < today ? ('overdue' as const) : ('due' as const),
      })),
      total: formatMoney(bills.reduce((acc, b) => acc.plus(money(b.amount)), money(0))),
      currency: ctx.currency,
    };
  },
});
