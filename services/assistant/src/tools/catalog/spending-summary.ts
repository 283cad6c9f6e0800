import { formatMoney, money, type Money } from '@pfs/kit';
import { z } from 'zod';
import { categoryNames, scanTransactions } from '../ledger';
import { period, periodOut, uuid } from '../schemas';
import { defineTool } from '../tool';

interface Group {
  key: string;
  name: string;
  total: Money;
  count: number;
}

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
    const { rows } = await scanTransactions(ctx, {
      from: input.from,
      to: input.to,
      type: type === 'income' ? 'credit' : 'debit',
      categoryId: input.categoryId,
      // The ledger's q searches description and merchant, so a merchant named only in the
      // description (card payments often are) still counts.
      q: input.merchant,
      uncategorized: false,
    });
    const groups = new Map<string, Group>();
    let total = money(0);
    for (const t of rows) {
      const amount = money(t.amount);
      total = total.plus(amount);
      let key: string;
      let name: string;
      if (input.groupBy === 'category') {
        key = t.categoryId ?? 'uncategorized';
        name = key;
      } else if (input.groupBy === 'merchant') {
        name = (t.merchant ?? t.description).trim();
        key = name.toLowerCase();
      } else {
        key = t.date.slice(0, 7);
        name = key;
      }
      const group = groups.get(key) ?? { key, name, total: money(0), count: 0 };
      group.total = group.total.plus(amount);
      group.count += 1;
      groups.set(key, group);
    }
    if (input.groupBy === 'category') {
      const names = await categoryNames(ctx, [...groups.keys()]);
      for (const g of groups.values())
        g.name = g.key === 'uncategorized' ? 'Uncategorized' : (names.get(g.key) ?? 'Unknown');
    }
    const ordered = [...groups.values()].sort((a, b) =>
      input.groupBy === 'month'
        ? a.key.localeCompare(b.key)
        : b.total.comparedTo(a.total) || a.key.localeCompare(b.key),
    );
    return {
      period: { from: input.from, to: input.to },
      currency: ctx.currency,
      total: formatMoney(total),
      count: rows.length,
      groups: ordered.slice(0, input.limit ?? ordered.length).map((g) => ({
        key: g.key,
        name: g.name,
        total: formatMoney(g.total),
        count: g.count,
      })),
    };
  },
});
