import { formatMoney, money } from '@pfs/kit';
import { z } from 'zod';
import { period, periodOut } from '../schemas';
import { defineTool } from '../tool';

export const gstReport = defineTool({
  name: 'gst_report',
  title: 'GST/VAT report',
  description:
    'GST collected on income and paid on purchases in a period, and the net (collected − paid: ' +
    'positive is owed to the tax office).',
  scope: 'read',
  destructive: false,
  input: z.object(period),
  output: z.object({
    period: periodOut,
    countryCode: z.string(),
    gstCollected: z.string(),
    gstPaid: z.string(),
    netGst: z.string(),
  }),
  async run({ from, to }, ctx) {
    const r = await ctx.services.reports.call(
      (c) => c.getGstTotals,
      { from, to },
      { userId: ctx.userId },
    );
    const collected = money(r.totals?.gstCollected ?? '0');
    const paid = money(r.totals?.gstPaid ?? '0');
    return {
      period: { from, to },
      countryCode: ctx.countryCode,
      gstCollected: formatMoney(collected),
      gstPaid: formatMoney(paid),
      netGst: formatMoney(collected.minus(paid)),
    };
  },
});
