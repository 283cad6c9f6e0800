import { ReportServiceClient } from '@pfs/proto/ledger/v1/reports';
import type { GetReportingPeriodResponse } from '@pfs/proto/tax';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { categoriesById } from '../compose/categories';
import { isoDate, moneyAmount, rateFraction } from '../http/schemas';
import { presentCategory, type CategoryJson } from '../present/category';
import {
  calculationSchema,
  deductionsReportSchema,
  groupByCountry,
  gstReportSchema,
  presentCalculation,
  presentDeductionsReport,
  presentGstReport,
  presentTaxRate,
  taxRateSchema,
  UNASSIGNED_TAX_CATEGORY,
} from '../present/tax';
import { deductionsReportCsv, gstReportCsv, sendCsv } from '../present/tax-csv';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1 alpha-2), e.g. AU')
  .transform((s) => s.toUpperCase());
const stateProvince = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,10}$/, 'must be a state or province code, e.g. ON or CA')
  .transform((s) => s.toUpperCase());
const taxType = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,29}$/, 'must be a tax type such as GST, VAT, HST or SALES_TAX')
  .transform((s) => s.toUpperCase());
const dateQuery = isoDate
  .optional()
  .describe('The rates in effect on this day (YYYY-MM-DD); default today (UTC)');

const RATES_DOC =
  'Rates are fractions (0.1 means 10%). Each row applies from effectiveFrom to effectiveTo (inclusive; null: still in effect). ' +
  'Data: national GST/VAT/sales taxes of about 100 countries, Canadian provinces and territories, US states, and India’s GST slabs; ' +
  'sources and as-of date in services/tax/README.md.';

const CALCULATE_DOC =
  'gstIncluded true: baseAmount = amount / (1 + rate) rounded to the cent (half away from zero) and gstAmount = amount − baseAmount, ' +
  'so baseAmount + gstAmount = amount exactly. gstIncluded false: baseAmount = amount, gstAmount = round(amount × rate), ' +
  'totalAmount = baseAmount + gstAmount. The rate: gstRate when given; otherwise the rate of countryCode (default: your ' +
  'country) in effect on date (default today), of taxType (default: the country’s main tax). Without stateProvince the ' +
  'national/federal rate applies (Canada: the 5% GST only); with stateProvince, that state’s or province’s combined rate ' +
  '(e.g. CA + QC = 14.975%; US + CA = 7.25% state rate, local taxes excluded). The United States has no national rate, so a US ' +
  'calculation needs stateProvince. No rate in effect → 400. amount may be 0.';

const REPORT_PERIOD_DOC =
  'Period: from and to (inclusive, both or neither), or financialYear (the year the financial year ends in) of your country: ' +
  'AU 1 July–30 June (financialYear=2025 is 2024-07-01..2025-06-30), NZ and IN 1 April–31 March, GB 6 April–5 April, ZA 1 March–end of February, ' +
  'PK, BD, UG and MU 1 July–30 June, LK 1 April–31 March; every other country the calendar year. Neither: the current financial year. ' +
  'At most 5 years; from after to is a 400. Days are UTC calendar days of the transaction date. format=csv downloads the same figures as text/csv.';

const yearString = z
  .string()
  .regex(/^\d{4}$/, 'must be a four-digit year')
  .transform(Number)
  .pipe(z.number().int().min(1901, 'must be 1901 or later').max(2100, 'must be 2100 or earlier'));

const reportQuery = z
  .object({
    from: isoDate.optional().describe('Inclusive start date YYYY-MM-DD (with to)'),
    to: isoDate.optional().describe('Inclusive end date YYYY-MM-DD (with from)'),
    financialYear: yearString
      .optional()
      .describe('The year the financial year ends in (2025 = FY2024-25 in Australia)'),
    format: z
      .enum(['json', 'csv'], { message: 'must be json or csv' })
      .optional()
      .describe('json (default) or csv'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => Boolean(q.from) === Boolean(q.to), {
    message: 'from and to must be given together',
    path: ['from'],
  })
  .refine((q) => !(q.financialYear && (q.from || q.to)), {
    message: 'give either financialYear or from and to, not both',
    path: ['financialYear'],
  });

type ReportQuery = z.output<typeof reportQuery>;

function reportingPeriod(
  upstreams: Upstreams,
  principal: Principal,
  query: ReportQuery,
): Promise<GetReportingPeriodResponse> {
  return upstreams.tax.call((c) => c.getReportingPeriod, {
    countryCode: principal.countryCode || 'AU',
    from: query.from ?? '',
    to: query.to ?? '',
    financialYear: query.financialYear ?? 0,
  });
}

const reports = (upstreams: Upstreams) => upstreams.ledger.service(ReportServiceClient);

/** Category ids in chunks the categorization service accepts (500 per call). */
function chunks(ids: (string | undefined)[]): string[][] {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += 500) out.push(unique.slice(i, i + 500));
  return out;
}

/** Names for the GST report: if categorization is down, the report still answers without them. */
async function categoryNames(
  upstreams: Upstreams,
  ids: (string | undefined)[],
): Promise<Map<string, CategoryJson>> {
  const out = new Map<string, CategoryJson>();
  for (const chunk of chunks(ids))
    for (const [id, c] of await categoriesById(upstreams, chunk)) out.set(id, c);
  return out;
}

/** Tax categories decide the deductions report's grouping: without them it cannot answer (503). */
async function categoriesStrict(
  upstreams: Upstreams,
  ids: (string | undefined)[],
): Promise<Map<string, CategoryJson>> {
  const out = new Map<string, CategoryJson>();
  for (const chunk of chunks(ids)) {
    const { categories } = await upstreams.categorization.call((c) => c.batchGetCategories, {
      ids: chunk,
    });
    for (const c of categories) out.set(c.id, presentCategory(c));
  }
  return out;
}

const fileName = (kind: string, period: { from: string; to: string }) =>
  `${kind}_${period.from}_${period.to}.csv`;

export const taxRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/tax/country-rates',
    summary: 'GST/VAT/sales-tax rates in effect, for every country',
    description: RATES_DOC,
    tags: ['Tax'],
    auth: 'user',
    upstreams: ['tax'],
    query: z.object({ date: dateQuery }),
    response: z.object({
      success: z.literal(true),
      data: z.object({
        rates: z.array(taxRateSchema),
        ratesByCountry: z
          .record(z.string(), z.array(taxRateSchema))
          .describe('The same rates grouped by country code'),
        date: z.string().describe('The day the rates are in effect on'),
      }),
    }),
    async handler({ query, upstreams }) {
      const { rates, date } = await upstreams.tax.call((c) => c.listRates, {
        countryCode: '',
        date: query.date ?? '',
        stateProvince: '',
      });
      const presented = rates.map(presentTaxRate);
      return { data: { rates: presented, ratesByCountry: groupByCountry(presented), date } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/tax/rates/{countryCode}',
    summary: 'Rates of one country in effect (national and state/province rows)',
    description: `${RATES_DOC} A country without rates answers data: [].`,
    tags: ['Tax'],
    auth: 'user',
    upstreams: ['tax'],
    params: z.object({ countryCode: countryCode.describe('Two letters, e.g. AU (any case)') }),
    query: z.object({
      date: dateQuery,
      stateProvince: stateProvince
        .optional()
        .describe('Only that state’s or province’s rows, e.g. ON'),
    }),
    response: z.object({ success: z.literal(true), data: z.array(taxRateSchema) }),
    async handler({ params, query, upstreams }) {
      const { rates } = await upstreams.tax.call((c) => c.listRates, {
        countryCode: params.countryCode,
        date: query.date ?? '',
        stateProvince: query.stateProvince ?? '',
      });
      return { data: rates.map(presentTaxRate) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/tax/calculate',
    summary: 'Split an amount into base and GST/VAT',
    description: CALCULATE_DOC,
    tags: ['Tax'],
    auth: 'user',
    upstreams: ['tax'],
    body: z.object({
      amount: moneyAmount().describe('0 or more, at most 2 decimals'),
      gstIncluded: z
        .boolean({ message: 'is required and must be a boolean' })
        .describe('Whether amount already includes the tax'),
      countryCode: countryCode.optional().describe('Default: your country'),
      taxType: taxType
        .optional()
        .describe('Default: the country’s main tax (GST, VAT, …); e.g. GST_12 for an Indian slab'),
      stateProvince: stateProvince
        .optional()
        .describe('A state or province code for its combined rate'),
      gstRate: rateFraction
        .optional()
        .describe('Use this rate instead of the table (0 ≤ rate < 1)'),
      date: isoDate.optional().describe('Use the rate in effect on this day (default today, UTC)'),
    }),
    response: z.object({ success: z.literal(true), data: calculationSchema }),
    async handler({ body, upstreams, principal }) {
      const result = await upstreams.tax.call((c) => c.calculateTax, {
        amount: String(body.amount),
        gstIncluded: body.gstIncluded,
        countryCode: body.countryCode ?? (principal.countryCode || 'AU'),
        taxType: body.taxType ?? '',
        stateProvince: body.stateProvince ?? '',
        gstRate: body.gstRate === undefined ? undefined : String(body.gstRate),
        date: body.date ?? '',
      });
      return { data: presentCalculation(result, body.amount) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/tax/seed-rates',
    summary: 'Operator: load the rates shipped with the service (idempotent)',
    description:
      'For provisioning environments only. Enabled only when ADMIN_TOKEN is set (otherwise 404); authenticated by X-Admin-Token. ' +
      'Inserts shipped rates that are missing and updates changed ones; a second run changes nothing.',
    tags: ['Operator'],
    auth: 'admin',
    upstreams: ['tax'],
    response: z.object({
      success: z.literal(true),
      inserted: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
    }),
    async handler({ upstreams }) {
      const counts = await upstreams.tax.call((c) => c.seedRates, {}, { operator: true });
      return { inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/tax/reports/gst',
    summary: 'GST/VAT collected and paid over a period, by category (BAS labels for Australia)',
    description:
      `GST collected is the gstAmount of credits, GST paid that of debits; netGst = collected − paid. ` +
      `For Australian users bas holds G1 (total sales including GST), 1A (GST on sales) and 1B (GST on purchases, before any private-use adjustment). ${REPORT_PERIOD_DOC}`,
    tags: ['Tax'],
    auth: 'user',
    upstreams: ['tax', 'ledger', 'categorization'],
    query: reportQuery,
    response: z.object({ success: z.literal(true), report: gstReportSchema }),
    produces: ['text/csv'],
    async handler({ query, upstreams, principal, res }) {
      const period = await reportingPeriod(upstreams, principal, query);
      const figures = await reports(upstreams).call((c) => c.getGstTotals, {
        from: period.from,
        to: period.to,
      });
      const names = await categoryNames(
        upstreams,
        figures.byCategory.map((c) => c.categoryId),
      );
      const report = presentGstReport(period, figures, names);
      if (query.format === 'csv') {
        sendCsv(res, fileName('gst-report', report), gstReportCsv(report));
        return { raw: true };
      }
      return { report };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/tax/reports/deductions',
    summary: 'Deductible expenses over a period, by tax category, with business use applied',
    description:
      `Counts debits marked isTaxDeductible: each adds amount × businessUsePercentage / 100, rounded to the cent (half away from zero); ` +
      `totals are exact sums of those. Grouped by the taxCategory of each transaction's category ("${UNASSIGNED_TAX_CATEGORY}" when it has none). ${REPORT_PERIOD_DOC}`,
    tags: ['Tax'],
    auth: 'user',
    upstreams: ['tax', 'ledger', 'categorization'],
    query: reportQuery,
    response: z.object({ success: z.literal(true), report: deductionsReportSchema }),
    produces: ['text/csv'],
    async handler({ query, upstreams, principal, res }) {
      const period = await reportingPeriod(upstreams, principal, query);
      const figures = await reports(upstreams).call((c) => c.getDeductionTotals, {
        from: period.from,
        to: period.to,
      });
      const categories = await categoriesStrict(
        upstreams,
        figures.byCategory.map((c) => c.categoryId),
      );
      const report = presentDeductionsReport(period, figures, categories);
      if (query.format === 'csv') {
        sendCsv(res, fileName('deductions', report), deductionsReportCsv(report));
        return { raw: true };
      }
      return { report };
    },
  }),
];
