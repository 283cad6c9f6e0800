import { AppError } from '@pfs/kit';
import { billsDue } from './catalog/bills-due';
import { deductionsReport } from './catalog/deductions-report';
import { gstReport } from './catalog/gst-report';
import { listCategories } from './catalog/list-categories';
import { searchTransactions } from './catalog/search-transactions';
import type { ToolContext } from './tool';

export interface ResourceDefinition {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: 'application/json';
  read(ctx: ToolContext): Promise<unknown>;
}

/** The current financial year of the user's country, from the tax service. */
async function financialYear(ctx: ToolContext): Promise<{ from: string; to: string }> {
  const r = await ctx.services.tax.call(
    (c) => c.getReportingPeriod,
    { countryCode: ctx.countryCode, from: '', to: '', financialYear: 0 },
    { userId: ctx.userId },
  );
  return { from: r.from, to: r.to };
}

/** MCP resources: read-only views of the user's data, built from the same tools. */
export const RESOURCES: readonly ResourceDefinition[] = [
  {
    uri: 'pfs://transactions/recent',
    name: 'recent-transactions',
    title: 'Recent transactions',
    description: 'The user’s 50 most recent bank transactions (signed amounts, categories).',
    mimeType: 'application/json',
    read: (ctx) => searchTransactions.run({ limit: 50 }, ctx),
  },
  {
    uri: 'pfs://categories',
    name: 'categories',
    title: 'Categories',
    description: 'The user’s categories.',
    mimeType: 'application/json',
    read: (ctx) => listCategories.run({}, ctx),
  },
  {
    uri: 'pfs://bills/upcoming',
    name: 'upcoming-bills',
    title: 'Upcoming bills',
    description: 'Unpaid bills due in the next 30 days, overdue ones included.',
    mimeType: 'application/json',
    read: (ctx) => billsDue.run({ days: 30 }, ctx),
  },
  {
    uri: 'pfs://tax/reports/current',
    name: 'tax-reports',
    title: 'Tax reports (this financial year)',
    description:
      'GST/VAT collected, paid and net, and deductible spending by category, for the current ' +
      'financial year of the user’s country.',
    mimeType: 'application/json',
    async read(ctx) {
      const period = await financialYear(ctx);
      const [gst, deductions] = await Promise.all([
        gstReport.run(period, ctx),
        deductionsReport.run(period, ctx),
      ]);
      return { period, gst, deductions };
    },
  },
];

export function findResource(uri: string): ResourceDefinition {
  const found = RESOURCES.find((r) => r.uri === uri);
  if (!found) throw AppError.notFound(`Resource ${uri}`);
  return found;
}
