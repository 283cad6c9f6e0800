import { decimalToNumber, money, moneyToNumber, toCents, type Money } from '@pfs/kit';
import type {
  GetDeductionTotalsResponse,
  GetGstTotalsResponse,
} from '@pfs/proto/ledger/v1/reports';
import type { CalculateTaxResponse, GetReportingPeriodResponse, TaxRate } from '@pfs/proto/tax';
import { z } from 'zod';
import type { CategoryJson } from './category';

const rate = z.number().describe('Fraction: 0.1 means 10%');
const amount = z.number().describe('Exact decimal, at most 2 decimals');

export const taxRateSchema = z.object({
  countryCode: z.string().describe('ISO 3166-1 alpha-2'),
  taxType: z
    .string()
    .describe(
      'GST, VAT, SALES_TAX, HST, PST, QST, CONSUMPTION_TAX, SERVICE_TAX, or an Indian slab such as GST_12',
    ),
  taxName: z.string(),
  standardRate: rate,
  reducedRate: rate
    .nullable()
    .describe(
      'The lowest reduced rate (5% or more in the EU sense); others are named in description',
    ),
  zeroRate: rate.nullable().describe('0 where the law has zero-rated supplies (exports at least)'),
  combinedRate: rate.nullable().describe('Federal + provincial rate where both apply (Canada)'),
  stateProvince: z.string().nullable().describe('null for a national (federal) rate'),
  description: z.string(),
  effectiveFrom: z.string().describe('YYYY-MM-DD, first day the rate applies'),
  effectiveTo: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD, last day it applies; null while in effect'),
});

export type TaxRateJson = z.output<typeof taxRateSchema>;

const optionalRate = (value: string | undefined) =>
  value === undefined ? null : decimalToNumber(value);

export function presentTaxRate(r: TaxRate): TaxRateJson {
  return {
    countryCode: r.countryCode,
    taxType: r.taxType,
    taxName: r.taxName,
    standardRate: decimalToNumber(r.standardRate),
    reducedRate: optionalRate(r.reducedRate),
    zeroRate: optionalRate(r.zeroRate),
    combinedRate: optionalRate(r.combinedRate),
    stateProvince: r.stateProvince ?? null,
    description: r.description,
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo ?? null,
  };
}

/** SPEC.md's ratesByCountry: the same rates grouped by country code. */
export function groupByCountry(rates: TaxRateJson[]): Record<string, TaxRateJson[]> {
  const out: Record<string, TaxRateJson[]> = {};
  for (const r of rates) (out[r.countryCode] ??= []).push(r);
  return out;
}

export const calculationSchema = z.object({
  amount,
  baseAmount: amount.describe('Amount before tax'),
  gstAmount: amount.describe('The tax'),
  gstIncluded: z.boolean(),
  gstRate: rate.describe('The rate applied'),
  totalAmount: amount.describe('baseAmount + gstAmount (equals amount when gstIncluded)'),
  input: z.object({
    amount,
    gstIncluded: z.boolean(),
    gstRate: rate.describe('The rate applied (the one given, or the one in effect)'),
    countryCode: z.string(),
    taxType: z
      .string()
      .nullable()
      .describe('The tax type applied; null when gstRate was given without one'),
    stateProvince: z.string().nullable(),
    date: z.string().describe('The date whose rate applies (YYYY-MM-DD)'),
  }),
  appliedRate: taxRateSchema
    .nullable()
    .describe('The table rate used; null when gstRate was given'),
});

export function presentCalculation(
  c: CalculateTaxResponse,
  requestAmount: number,
): z.output<typeof calculationSchema> {
  const gstRate = decimalToNumber(c.gstRate);
  return {
    amount: moneyToNumber(c.amount),
    baseAmount: moneyToNumber(c.baseAmount),
    gstAmount: moneyToNumber(c.gstAmount),
    gstIncluded: c.gstIncluded,
    gstRate,
    totalAmount: moneyToNumber(c.totalAmount),
    input: {
      amount: requestAmount,
      gstIncluded: c.gstIncluded,
      gstRate,
      countryCode: c.countryCode,
      taxType: c.taxType || null,
      stateProvince: c.stateProvince ?? null,
      date: c.date,
    },
    appliedRate: c.appliedRate ? presentTaxRate(c.appliedRate) : null,
  };
}

const periodFields = {
  from: z.string().describe('YYYY-MM-DD, inclusive'),
  to: z.string().describe('YYYY-MM-DD, inclusive'),
  financialYear: z
    .number()
    .int()
    .nullable()
    .describe(
      'The year the financial year ends in; null for a range that is not one financial year',
    ),
  financialYearLabel: z.string().nullable().describe('e.g. FY2024-25, or 2025 for a calendar year'),
  countryCode: z.string().describe('The user’s country, which decides the financial year'),
  currency: z.string().nullable().describe('ISO 4217 currency of the country'),
};

function presentPeriod(p: GetReportingPeriodResponse) {
  return {
    from: p.from,
    to: p.to,
    financialYear: p.financialYear || null,
    financialYearLabel: p.financialYearLabel || null,
    countryCode: p.countryCode,
    currency: p.currency || null,
  };
}

export const gstReportSchema = z.object({
  ...periodFields,
  gstCollected: amount.describe('GST on credits (sales)'),
  gstPaid: amount.describe('GST on debits (purchases)'),
  netGst: amount.describe('gstCollected − gstPaid: positive is payable, negative refundable'),
  transactionCount: z.number().int(),
  totalSales: amount.describe('Credits including their GST'),
  totalPurchases: amount.describe('Debits including their GST'),
  byCategory: z.array(
    z.object({
      categoryId: z.string().nullable().describe('null: uncategorized'),
      categoryName: z
        .string()
        .nullable()
        .describe('null when uncategorized, deleted or unavailable'),
      gstCollected: amount,
      gstPaid: amount,
      netGst: amount,
      count: z.number().int(),
    }),
  ),
  bas: z
    .object({
      G1: amount.describe('Total sales, including GST'),
      '1A': amount.describe('GST on sales'),
      '1B': amount.describe('GST on purchases'),
    })
    .nullable()
    .describe('Australian Business Activity Statement labels (AU users only; null elsewhere)'),
});

export type GstReportJson = z.output<typeof gstReportSchema>;

export function presentGstReport(
  period: GetReportingPeriodResponse,
  figures: GetGstTotalsResponse,
  categories: Map<string, CategoryJson>,
): GstReportJson {
  const totals = figures.totals;
  const collected = money(totals?.gstCollected ?? '0');
  const paid = money(totals?.gstPaid ?? '0');
  return {
    ...presentPeriod(period),
    gstCollected: moneyToNumber(collected),
    gstPaid: moneyToNumber(paid),
    netGst: moneyToNumber(collected.minus(paid)),
    transactionCount: Number(totals?.count ?? 0),
    totalSales: moneyToNumber(totals?.sales ?? '0'),
    totalPurchases: moneyToNumber(totals?.purchases ?? '0'),
    byCategory: figures.byCategory.map((c) => {
      const categoryCollected = money(c.totals?.gstCollected ?? '0');
      const categoryPaid = money(c.totals?.gstPaid ?? '0');
      return {
        categoryId: c.categoryId ?? null,
        categoryName: (c.categoryId && categories.get(c.categoryId)?.name) || null,
        gstCollected: moneyToNumber(categoryCollected),
        gstPaid: moneyToNumber(categoryPaid),
        netGst: moneyToNumber(categoryCollected.minus(categoryPaid)),
        count: Number(c.totals?.count ?? 0),
      };
    }),
    bas:
      period.countryCode === 'AU'
        ? {
            G1: moneyToNumber(totals?.sales ?? '0'),
            '1A': moneyToNumber(collected),
            '1B': moneyToNumber(paid),
          }
        : null,
  };
}

/** The group of deductible transactions whose category has no tax category (or no category). */
export const UNASSIGNED_TAX_CATEGORY = 'Unassigned';

export const deductionsReportSchema = z.object({
  ...periodFields,
  totalDeductible: amount.describe(
    'Σ amount × businessUsePercentage / 100 over deductible debits, each rounded to the cent',
  ),
  transactionCount: z.number().int(),
  byTaxCategory: z
    .array(
      z.object({
        taxCategory: z
          .string()
          .describe(`The categories’ taxCategory; "${UNASSIGNED_TAX_CATEGORY}" when none`),
        amount,
        count: z.number().int(),
        categories: z.array(
          z.object({
            categoryId: z.string().nullable(),
            categoryName: z.string().nullable(),
            amount,
            count: z.number().int(),
          }),
        ),
      }),
    )
    .describe('Largest amount first'),
});

export type DeductionsReportJson = z.output<typeof deductionsReportSchema>;

interface TaxCategoryGroup {
  taxCategory: string;
  amount: Money;
  count: number;
  categories: {
    categoryId: string | null;
    categoryName: string | null;
    amount: Money;
    count: number;
  }[];
}

/**
 * Groups the ledger's per-category deductible totals by the categories' taxCategory. The sums
 * add already-rounded NUMERIC strings in decimal arithmetic, so they stay exact.
 */
export function presentDeductionsReport(
  period: GetReportingPeriodResponse,
  figures: GetDeductionTotalsResponse,
  categories: Map<string, CategoryJson>,
): DeductionsReportJson {
  const groups = new Map<string, TaxCategoryGroup>();
  for (const row of figures.byCategory) {
    const category = row.categoryId ? categories.get(row.categoryId) : undefined;
    const taxCategory = category?.taxCategory || UNASSIGNED_TAX_CATEGORY;
    const group = groups.get(taxCategory) ?? {
      taxCategory,
      amount: money(0),
      count: 0,
      categories: [],
    };
    const value = money(row.deductible);
    group.amount = group.amount.plus(value);
    group.count += Number(row.count);
    group.categories.push({
      categoryId: row.categoryId ?? null,
      categoryName: category?.name ?? null,
      amount: value,
      count: Number(row.count),
    });
    groups.set(taxCategory, group);
  }
  const ordered = [...groups.values()].sort(
    (a, b) => b.amount.comparedTo(a.amount) || a.taxCategory.localeCompare(b.taxCategory),
  );
  return {
    ...presentPeriod(period),
    totalDeductible: moneyToNumber(figures.deductible),
    transactionCount: Number(figures.count),
    byTaxCategory: ordered.map((g) => ({
      taxCategory: g.taxCategory,
      amount: moneyToNumber(toCents(g.amount)),
      count: g.count,
      categories: g.categories.map((c) => ({ ...c, amount: moneyToNumber(c.amount) })),
    })),
  };
}
