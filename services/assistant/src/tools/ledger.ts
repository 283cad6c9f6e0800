import { AppError, formatMoney, money } from '@pfs/kit';
import type { Category } from '@pfs/proto/categorization';
import type { Transaction } from '@pfs/proto/ledger';
import type { TransactionSummary } from './contract';
import type { ToolContext } from './tool';

/**
 * Expenses a tool reads at most to total a selection (a page of 200 per call); transactions
 * are summed by the ledger's AggregateTransactions instead.
 */
export const MAX_SCAN_ROWS = 20_000;
const PAGE = 200;

/** The ledger's debit/credit with a positive amount, as the tools' signed amount and type. */
export function summarize(t: Transaction, categoryNames: Map<string, string>): TransactionSummary {
  const out = t.type === 'debit';
  return {
    id: t.id,
    date: t.date.slice(0, 10),
    description: t.description,
    merchant: t.merchant ?? null,
    amount: formatMoney(out ? money(t.amount).negated() : money(t.amount)),
    type: out ? 'expense' : 'income',
    categoryId: t.categoryId ?? null,
    categoryName: t.categoryId ? (categoryNames.get(t.categoryId) ?? null) : null,
  };
}

/** Names of the given categories (the caller's own; others are simply absent). */
export async function categoryNames(
  ctx: ToolContext,
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (!unique.length) return new Map();
  const { categories } = await ctx.services.categories.call(
    (c) => c.batchGetCategories,
    { ids: unique },
    { userId: ctx.userId },
  );
  return new Map(categories.map((c) => [c.id, c.name]));
}

/** All of the caller's categories (every page). */
export async function allCategories(ctx: ToolContext): Promise<Category[]> {
  const out: Category[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.services.categories.call(
      (c) => c.listCategories,
      { page: { page, limit: PAGE }, countryCode: ctx.countryCode },
      { userId: ctx.userId },
    );
    out.push(...res.categories);
    if (!res.page || page >= res.page.pages) return out;
  }
}

/** A category id the caller owns, or NOT_FOUND (never reveals another user's category). */
export async function assertOwnCategory(ctx: ToolContext, id: string): Promise<Category> {
  const { category } = await ctx.services.categories.call(
    (c) => c.getCategory,
    { id },
    { userId: ctx.userId },
  );
  if (!category) throw AppError.notFound('Category');
  return category;
}

/** YYYY-MM-DD of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}
