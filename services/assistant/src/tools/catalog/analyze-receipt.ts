import { formatMoney, money } from '@pfs/kit';
import { z } from 'zod';
import { ownFileName, storedFile } from '../files';
import { addDays } from '../ledger';
import { defineTool } from '../tool';

/** Days either side of the receipt's date in which a payment may have been booked. */
const WINDOW_DAYS = 7;
/** Same-amount debits read in the window (ten candidates are answered). */
const CANDIDATE_ROWS = 50;

function dayDistance(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

export const analyzeReceipt = defineTool({
  name: 'analyze_receipt',
  title: 'Read a receipt',
  description:
    'Reads an uploaded receipt or invoice of the user’s (assetUrl from the upload): merchant, ' +
    'date, total, tax, tip and line items, and the user’s transactions and expenses that may ' +
    'be its payment (same amount within a week of its date, best first).',
  scope: 'read',
  destructive: false,
  input: z.object({ assetUrl: z.string().min(1).max(2048) }),
  output: z.object({
    extracted: z.object({
      merchant: z.string().nullable(),
      dateISO: z.string().nullable(),
      currency: z.string().nullable(),
      total: z.string().nullable(),
      tax: z.string().nullable(),
      tip: z.string().nullable(),
      lineItems: z.array(z.object({ description: z.string(), amount: z.string().nullable() })),
    }),
    candidates: z.array(
      z.object({
        id: z.string(),
        entityType: z.enum(['transaction', 'expense']),
        date: z.string(),
        amount: z.string(),
        score: z.number(),
      }),
    ),
  }),
  async run({ assetUrl }, ctx) {
    const fileName = ownFileName(assetUrl, ctx.userId);
    const file = await storedFile(ctx, fileName);
    const { extracted: e } = await ctx.services.documents.call(
      (c) => c.analyzeReceipt,
      { fileName, sha256: file.sha256, size: file.size, countryCode: ctx.countryCode },
      { userId: ctx.userId, deadlineMs: 60_000 },
    );
    const extracted = {
      merchant: e?.merchant ?? null,
      dateISO: e?.dateIso ?? null,
      currency: e?.currency ?? null,
      total: e?.total ? formatMoney(e.total) : null,
      tax: e?.tax ? formatMoney(e.tax) : null,
      tip: e?.tip ? formatMoney(e.tip) : null,
      lineItems: (e?.lineItems ?? []).map((l) => ({
        description: l.description,
        amount: l.amount ? formatMoney(l.amount) : null,
      })),
    };
    const candidates: {
      id: string;
      entityType: 'transaction' | 'expense';
      date: string;
      amount: string;
      score: number;
    }[] = [];
    if (extracted.total && extracted.dateISO) {
      const total = formatMoney(money(extracted.total).abs());
      const from = addDays(extracted.dateISO, -WINDOW_DAYS);
      const to = addDays(extracted.dateISO, WINDOW_DAYS);
      const score = (date: string) =>
        Math.round((1 - dayDistance(date, extracted.dateISO!) / (WINDOW_DAYS + 1)) * 100) / 100;
      const [{ transactions }, expenses] = await Promise.all([
        ctx.services.ledger.call(
          (c) => c.listTransactions,
          {
            filter: {
              from,
              to,
              type: 'debit',
              minAmount: total,
              maxAmount: total,
              uncategorized: false,
            },
            page: { page: 1, limit: CANDIDATE_ROWS },
            sort: '-date',
          },
          { userId: ctx.userId },
        ),
        ctx.services.expenses.call(
          (c) => c.listExpenses,
          { filter: { from, to }, page: { page: 1, limit: 200 } },
          { userId: ctx.userId },
        ),
      ]);
      for (const t of transactions) {
        const date = t.date.slice(0, 10);
        candidates.push({
          id: t.id,
          entityType: 'transaction',
          date,
          amount: formatMoney(t.amount),
          score: score(date),
        });
      }
      for (const x of expenses.expenses) {
        if (!money(x.amount).equals(money(total))) continue;
        const date = x.date.slice(0, 10);
        candidates.push({
          id: x.id,
          entityType: 'expense',
          date,
          amount: formatMoney(x.amount),
          score: score(date),
        });
      }
      candidates.sort((a, b) => b.score - a.score);
    }
    return { extracted, candidates: candidates.slice(0, 10) };
  },
});
