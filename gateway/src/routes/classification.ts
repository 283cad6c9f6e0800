import { AppError, decimalToNumber, formatMoney, Decimal, moneyToNumber, toCents } from '@pfs/kit';
import type {
  TransactionFacts,
  TaxDeductionResult,
} from '@pfs/proto/categorization/v1/classification';
import type { Transaction, TransactionPatch } from '@pfs/proto/ledger';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import {
  classificationService,
  mapLimited,
  ownTransactions,
  LEDGER_LOOKUP_CONCURRENCY,
} from '../compose/classification';
import { moneyAmount, percentage, rateFraction, uuid } from '../http/schemas';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

/** Transactions per classify/analyze request, and results per apply-results request. */
export const CLASSIFY_MAX = 500;
/** Classification reads the user's model and may consult an LLM: a longer deadline than reads. */
const CLASSIFY_DEADLINE_MS = 15_000;
const NOT_FOUND_REASON = 'Transaction not found';

const transactionIds = z
  .array(uuid)
  .min(1, 'must contain at least 1 id')
  .max(CLASSIFY_MAX, `must contain at most ${CLASSIFY_MAX} ids`)
  .describe(
    `1–${CLASSIFY_MAX} ids of your transactions; ids that are not yours are answered as not found`,
  );

const classifyBody = z.object({ transactionIds });
const analyzeBody = z.object({
  transactionIds,
  gstRegistered: z
    .boolean()
    .optional()
    .describe(
      'Whether you are registered for GST/VAT: only then are GST credits worked out (sole traders and businesses; never individuals)',
    ),
});

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const textList = z
  .array(text(1000))
  .max(50, 'must contain at most 50 items')
  .describe('At most 50 strings of at most 1000 characters');

const resultItem = z.object({
  id: uuid.describe('Transaction id'),
  isTaxDeductible: z.boolean({ message: 'must be a boolean' }),
  businessUsePercentage: percentage
    .optional()
    .describe('0–100; omitted leaves the transaction’s value unchanged'),
  confidence: z
    .number({ message: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1')
    .optional(),
  reasoning: text(1000).optional(),
  taxCategory: text(200).optional(),
  documentationRequired: textList.optional(),
  warnings: textList.optional(),
  suggestions: textList.optional(),
  gstRate: rateFraction.optional().describe('GST/VAT rate to record on the transaction (fraction)'),
  gstAmount: moneyAmount().optional().describe('GST/VAT amount to record on the transaction'),
});

const applyBody = z.object({
  results: z
    .array(resultItem)
    .min(1, 'must contain at least 1 result')
    .max(CLASSIFY_MAX, `must contain at most ${CLASSIFY_MAX} results`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const id = item.id.toLowerCase();
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'appears more than once' });
        seen.add(id);
      });
    })
    .describe(
      `1–${CLASSIFY_MAX} Tax deduction results (the shape /analyze answers), each transaction at most once`,
    ),
});

const alternativeSchema = z.object({ categoryId: z.string(), confidence: z.number() });
const classificationSchema = z.object({
  id: z.string(),
  categoryId: z
    .string()
    .nullable()
    .describe('One of your categories; null when none fits or the transaction was not found'),
  categoryName: z.string().nullable(),
  confidence: z
    .number()
    .describe('0–1, calibrated: about this share of answers at this confidence are right'),
  reasoning: z.string(),
  alternatives: z.array(alternativeSchema).describe('Next best categories, best first (at most 3)'),
  source: z
    .string()
    .describe('user_label | user_model | knowledge_base | keyword_model | llm | none | not_found'),
});

const taxResultSchema = z.object({
  id: z.string(),
  isTaxDeductible: z.boolean(),
  businessUsePercentage: z.number(),
  confidence: z.number(),
  reasoning: z.string(),
  taxCategory: z.string(),
  documentationRequired: z.array(z.string()),
  warnings: z.array(z.string()),
  suggestions: z.array(z.string()),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  deductibleAmount: z.number().describe('amount × business use (0 when not deductible)'),
  gstRate: z.number().optional(),
  gstAmount: z.number().optional(),
  gstCredit: z
    .number()
    .optional()
    .describe('Input-tax credit claimable (GST-registered businesses only)'),
});

function profileOf(principal: Principal, gstRegistered?: boolean) {
  return {
    countryCode: principal.countryCode,
    businessType: principal.businessType,
    gstRegistered,
  };
}

function factsOf(t: Transaction): TransactionFacts {
  return {
    id: t.id,
    description: t.description,
    merchant: t.merchant,
    amount: t.amount,
    type: t.type,
    date: t.date,
    categoryId: t.categoryId,
    gstRate: t.gstRate,
    gstAmount: t.gstAmount,
    gstIncluded: t.gstIncluded,
  };
}

/** The request's ids, unique, in order of first appearance, with the caller's transactions found among them. */
async function lookUp(upstreams: Upstreams, ids: string[]) {
  const order = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await ownTransactions(upstreams, order);
  return { order, found };
}

function presentTaxResult(r: TaxDeductionResult) {
  return {
    id: r.id,
    isTaxDeductible: r.isTaxDeductible,
    businessUsePercentage: r.businessUsePercentage,
    confidence: r.confidence,
    reasoning: r.reasoning,
    taxCategory: r.taxCategory,
    documentationRequired: r.documentationRequired,
    warnings: r.warnings,
    suggestions: r.suggestions,
    categoryId: r.categoryId || null,
    categoryName: r.categoryName || null,
    deductibleAmount: moneyToNumber(r.deductibleAmount || '0'),
    ...(r.gstRate ? { gstRate: decimalToNumber(r.gstRate) } : {}),
    ...(r.gstAmount ? { gstAmount: moneyToNumber(r.gstAmount) } : {}),
    ...(r.gstCredit ? { gstCredit: moneyToNumber(r.gstCredit) } : {}),
  };
}

type ApplyItem = z.output<typeof resultItem>;

function patchOf(item: ApplyItem): TransactionPatch {
  return {
    clearCategoryId: false,
    clearMerchant: false,
    isTaxDeductible: item.isTaxDeductible,
    businessUsePercentage:
      item.businessUsePercentage === undefined ? undefined : String(item.businessUsePercentage),
    gstRate: item.gstRate === undefined ? undefined : String(item.gstRate),
    gstAmount: item.gstAmount === undefined ? undefined : formatMoney(item.gstAmount),
  };
}

/**
 * Writes the found results: one all-or-nothing batch update; if a transaction vanished in
 * between (the batch answers NOT_FOUND), falls back to one update per transaction so the
 * others are still applied.
 */
async function applyPatches(
  upstreams: Upstreams,
  items: ApplyItem[],
): Promise<Map<string, Transaction>> {
  if (!items.length) return new Map();
  try {
    const { transactions } = await upstreams.ledger.call((c) => c.batchUpdateTransactions, {
      updates: items.map((item) => ({ id: item.id, patch: patchOf(item) })),
    });
    return new Map(transactions.map((t) => [t.id.toLowerCase(), t]));
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
  }
  const updated = await mapLimited(items, LEDGER_LOOKUP_CONCURRENCY, async (item) => {
    try {
      const { transaction } = await upstreams.ledger.call((c) => c.updateTransaction, {
        id: item.id,
        patch: patchOf(item),
      });
      return transaction;
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
      throw err;
    }
  });
  return new Map(updated.flatMap((t) => (t ? [[t.id.toLowerCase(), t] as const] : [])));
}

export const classificationRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/transactions/classify',
    summary: 'Suggest a category for each of your transactions',
    description:
      'Learns from the categories you set on your own transactions (the second "SQ *BLUE BOTTLE" goes where you put the first), ' +
      'falls back to a built-in merchant and keyword knowledge base, and answers one of your categories with a calibrated ' +
      'confidence, a one-line reason and up to 3 alternatives. Nothing is changed: set the category with PATCH ' +
      '/api/bank/transactions/{id}. Ids that are not yours answer categoryId null, confidence 0, reasoning "Transaction not found".',
    tags: ['Classification'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    body: classifyBody,
    response: z.object({ success: z.literal(true), results: z.array(classificationSchema) }),
    async handler({ body, upstreams, principal }) {
      const { order, found } = await lookUp(upstreams, body.transactionIds);
      const mine = order.flatMap((id) => found.get(id) ?? []);
      const answers = mine.length
        ? (
            await classificationService(upstreams).call(
              (c) => c.classify,
              { profile: profileOf(principal), transactions: mine.map(factsOf) },
              { deadlineMs: CLASSIFY_DEADLINE_MS },
            )
          ).results
        : [];
      const byId = new Map(answers.map((a) => [a.id.toLowerCase(), a]));
      return {
        results: order.map((id) => {
          const a = byId.get(id);
          if (!a) {
            return {
              id,
              categoryId: null,
              categoryName: null,
              confidence: 0,
              reasoning: NOT_FOUND_REASON,
              alternatives: [],
              source: 'not_found',
            };
          }
          return {
            id: a.id,
            categoryId: a.categoryId || null,
            categoryName: a.categoryName || null,
            confidence: a.confidence,
            reasoning: a.reasoning,
            alternatives: a.alternatives.map((alt) => ({
              categoryId: alt.categoryId,
              confidence: alt.confidence,
            })),
            source: a.source,
          };
        }),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/intelligent-tax-deduction/analyze',
    summary: 'Judge the tax deductibility of your transactions',
    description:
      'One Tax deduction result per transaction (the shape /apply-results takes), by your country and business type: ' +
      'Australia in depth (D1–D15 work-related deductions, sole trader and company expenses, GST credits for GST-registered ' +
      'businesses, the $300 written-evidence limit), the United Kingdom and the United States in outline. Uses the ' +
      "transaction's category, or the classifier's suggestion when it has none. Nothing is changed. Ids that are not yours " +
      'answer isTaxDeductible false, confidence 0, reasoning "Transaction not found".',
    tags: ['Classification'],
    auth: 'user',
    upstreams: ['ledger', 'categorization'],
    body: analyzeBody,
    response: z.object({ success: z.literal(true), results: z.array(taxResultSchema) }),
    async handler({ body, upstreams, principal }) {
      const { order, found } = await lookUp(upstreams, body.transactionIds);
      const mine = order.flatMap((id) => found.get(id) ?? []);
      const answers = mine.length
        ? (
            await classificationService(upstreams).call(
              (c) => c.analyzeTaxDeductions,
              {
                profile: profileOf(principal, body.gstRegistered),
                transactions: mine.map(factsOf),
              },
              { deadlineMs: CLASSIFY_DEADLINE_MS },
            )
          ).results
        : [];
      const byId = new Map(answers.map((a) => [a.id.toLowerCase(), a]));
      return {
        results: order.map((id) => {
          const a = byId.get(id);
          if (a) return presentTaxResult(a);
          return {
            id,
            isTaxDeductible: false,
            businessUsePercentage: 0,
            confidence: 0,
            reasoning: NOT_FOUND_REASON,
            taxCategory: '',
            documentationRequired: [],
            warnings: [],
            suggestions: [],
            categoryId: null,
            categoryName: null,
            deductibleAmount: 0,
          };
        }),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/intelligent-tax-deduction/apply-results',
    summary: 'Record tax deduction results on your transactions',
    description:
      'Persists isTaxDeductible, businessUsePercentage (when given) and GST metadata (gstRate, gstAmount, when given) onto ' +
      'each of your transactions. Results for ids that are not yours are skipped and reported ' +
      '({id, status: "skipped", reason: "Transaction not found"}); the others answer {id, status: "applied"}. ' +
      'summary.totalDeductibleAmount is the sum of amount × business use over the applied deductible results.',
    tags: ['Classification'],
    auth: 'user',
    upstreams: ['ledger'],
    body: applyBody,
    response: z.object({
      success: z.literal(true),
      results: z.array(
        z.object({
          id: z.string(),
          status: z.enum(['applied', 'skipped']),
          reason: z.string().optional(),
        }),
      ),
      summary: z.object({
        total: z.number().int(),
        applied: z.number().int(),
        skipped: z.number().int(),
        deductibleCount: z.number().int().describe('Applied results with isTaxDeductible true'),
        totalDeductibleAmount: z
          .number()
          .describe('Σ amount × businessUsePercentage / 100 over them'),
      }),
      message: z.string(),
    }),
    async handler({ body, upstreams }) {
      const items = body.results.map((r) => ({ ...r, id: r.id.toLowerCase() }));
      const found = await ownTransactions(
        upstreams,
        items.map((i) => i.id),
      );
      const updated = await applyPatches(
        upstreams,
        items.filter((i) => found.has(i.id)),
      );
      let deductibleCount = 0;
      let total = new Decimal(0);
      const results = items.map((item) => {
        const t = updated.get(item.id);
        if (!t) return { id: item.id, status: 'skipped' as const, reason: NOT_FOUND_REASON };
        if (t.isTaxDeductible) {
          deductibleCount += 1;
          total = total.plus(new Decimal(t.amount).times(t.businessUsePercentage || '0').div(100));
        }
        return { id: item.id, status: 'applied' as const };
      });
      const applied = results.filter((r) => r.status === 'applied').length;
      const skipped = results.length - applied;
      return {
        results,
        summary: {
          total: results.length,
          applied,
          skipped,
          deductibleCount,
          totalDeductibleAmount: moneyToNumber(toCents(total)),
        },
        message: `Applied ${applied} of ${results.length} result${results.length === 1 ? '' : 's'}${skipped ? `; ${skipped} skipped` : ''}`,
      };
    },
  }),
];
