import { formatMoney } from '@pfs/kit';
import { z } from 'zod';
import { moneyString } from '../schemas';
import { defineTool } from '../tool';

export const gstCalculate = defineTool({
  name: 'gst_calculate',
  title: 'Calculate GST/VAT',
  description:
    'Splits an amount into net and GST/VAT at the country’s current standard rate (the ' +
    'user’s country by default). inclusive (default true): the amount already includes the tax.',
  scope: 'read',
  destructive: false,
  input: z.object({
    amount: moneyString,
    inclusive: z.boolean().optional().describe('Default true'),
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .optional(),
  }),
  output: z.object({
    countryCode: z.string(),
    rate: z.string().describe('Fraction, e.g. "0.1"'),
    net: z.string(),
    gst: z.string(),
    gross: z.string(),
  }),
  async run(input, ctx) {
    const countryCode = (input.countryCode ?? ctx.countryCode).toUpperCase();
    const r = await ctx.services.tax.call(
      (c) => c.calculateTax,
      {
        amount: input.amount,
        gstIncluded: input.inclusive ?? true,
        countryCode,
        taxType: '',
        stateProvince: '',
        date: '',
      },
      { userId: ctx.userId },
    );
    return {
      countryCode,
      rate: r.gstRate,
      net: formatMoney(r.baseAmount),
      gst: formatMoney(r.gstAmount),
      gross: formatMoney(r.totalAmount),
    };
  },
});
