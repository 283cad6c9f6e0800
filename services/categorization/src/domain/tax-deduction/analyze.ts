import { Decimal, toCents, type Money } from '@pfs/kit';
import { conceptOfTransaction } from '../classifier/knowledge-model';
import { australianRules } from './australia';
import { expenseKind, type ExpenseKind } from './expense-kind';
import { genericRules } from './generic';
import { gstFor } from './gst';
import { formatAmount, notDeductible } from './judgement';
import type {
  AnalysedCategory,
  Evidence,
  Judgement,
  RuleContext,
  TaxDeductionResult,
  TaxProfile,
  TransactionForTax,
} from './types';
import { ukRules } from './united-kingdom';
import { usRules } from './united-states';

/**
 * Tax-deduction analysis: each transaction judged by its category's return label, what the
 * transaction itself looks like, the user's country and business type; then the checks that
 * need the whole batch (Australia's $300 written-evidence limit).
 */
export interface AnalysisItem {
  transaction: TransactionForTax;
  /** The category to judge it by; undefined when neither the user nor the classifier found one. */
  category?: AnalysedCategory;
}

const NOT_EXPENSES: ReadonlySet<ExpenseKind> = new Set(['income', 'business_income', 'transfer']);

function rulesFor(countryCode: string): (ctx: RuleContext, kind: ExpenseKind) => Judgement {
  switch (countryCode) {
    case 'AU':
      return australianRules;
    case 'GB':
    case 'UK':
      return ukRules;
    case 'US':
      return usRules;
    default:
      return genericRules;
  }
}

function parseDate(text: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

function judgeOne(
  item: AnalysisItem,
  profile: TaxProfile,
): { judgement: Judgement; ctx: RuleContext } {
  const { transaction, category } = item;
  const evidence: Evidence = conceptOfTransaction(
    transaction.description,
    transaction.merchant,
    transaction.type,
  ) ?? { certainty: 0 };
  const ctx: RuleContext = {
    transaction,
    category,
    evidence,
    profile,
    date: parseDate(transaction.date),
  };
  const kind = expenseKind(category, evidence.concept);
  if (transaction.type === 'credit' && !NOT_EXPENSES.has(kind) && kind !== 'private') {
    return {
      ctx,
      judgement: notDeductible(
        `Money in under ${category?.name ?? 'an expense category'}: a refund or reimbursement reduces the related claim; it is not a deduction.`,
        { ruleCertainty: 0.8, taxCategory: category?.taxCategory ?? '' },
      ),
    };
  }
  const judgement = rulesFor(profile.countryCode)(ctx, kind);
  if (transaction.type === 'debit' && (kind === 'income' || kind === 'business_income')) {
    judgement.warnings.push('Money out filed under an income category: check the category.');
  }
  if (!category) {
    judgement.warnings.push(
      'No category fits this transaction yet: categorise it for a firmer answer.',
    );
  }
  return { ctx, judgement };
}

/** Australia: written evidence is needed for every work-related claim once they total over $300. */
function writtenEvidence(results: { judgement: Judgement; deductible: Money }[]): void {
  const counted = results.filter(
    (r) =>
      r.judgement.isTaxDeductible && r.judgement.workRelated && r.judgement.workRelated !== 'D1',
  );
  if (!counted.length) return;
  const total = counted.reduce<Money>((sum, r) => sum.plus(r.deductible), new Decimal(0));
  const laundry = counted
    .filter((r) => r.judgement.laundry)
    .reduce<Money>((sum, r) => sum.plus(r.deductible), new Decimal(0));
  const totalText = formatAmount('$', total.toNumber());
  for (const { judgement } of counted) {
    if (total.gt(300)) {
      if (judgement.laundry && laundry.lte(150)) {
        judgement.documentationRequired.push(
          `No written evidence needed for laundry claims of $150 or less, even though your work-related claims in this analysis total ${totalText} (over $300); keep a record of how you worked it out`,
        );
      } else {
        judgement.documentationRequired.push(
          `Written evidence (receipt or invoice) is required: your work-related claims in this analysis total ${totalText}, over the $300 limit (car expenses excluded)`,
        );
      }
    } else {
      judgement.documentationRequired.push(
        `Written evidence is not required while your total work-related claims stay at $300 or less (this analysis totals ${totalText}, car expenses excluded) — but you must be able to show how you worked out each claim`,
      );
    }
  }
}

export function analyzeTaxDeductions(
  items: readonly AnalysisItem[],
  profile: TaxProfile,
): TaxDeductionResult[] {
  const judged = items.map((item) => {
    const { ctx, judgement } = judgeOne(item, profile);
    const amount = new Decimal(item.transaction.amount || '0');
    const deductible =
      judgement.isTaxDeductible && item.transaction.type === 'debit'
        ? toCents(amount.times(judgement.businessUsePercentage).div(100))
        : new Decimal(0);
    return { item, ctx, judgement, deductible };
  });
  if (profile.countryCode === 'AU') writtenEvidence(judged);

  return judged.map(({ item, ctx, judgement, deductible }) => {
    const gst = gstFor(ctx, judgement);
    const category = item.category;
    const certainty = category?.certainty ?? 0.3;
    const classified = category?.classifiedBecause
      ? `Classified as ${category.name} (${Math.round(certainty * 100)}% confident: ${category.classifiedBecause}). `
      : '';
    const unique = (list: string[]) => [...new Set(list)].slice(0, 50);
    return {
      id: item.transaction.id,
      isTaxDeductible: judgement.isTaxDeductible,
      businessUsePercentage: judgement.isTaxDeductible ? judgement.businessUsePercentage : 0,
      confidence:
        Math.round(Math.min(1, Math.max(0, certainty * judgement.ruleCertainty)) * 1000) / 1000,
      reasoning: `${classified}${judgement.reasoning}`.slice(0, 1000),
      taxCategory: judgement.isTaxDeductible
        ? judgement.taxCategory || category?.taxCategory || ''
        : '',
      documentationRequired: unique([
        ...judgement.documentationRequired,
        ...gst.documentationRequired,
      ]),
      warnings: unique([...judgement.warnings, ...gst.warnings]),
      suggestions: unique([...judgement.suggestions, ...gst.suggestions]),
      categoryId: category?.id ?? '',
      categoryName: category?.name ?? '',
      deductibleAmount: deductible.toFixed(2),
      ...(gst.gstRate !== undefined ? { gstRate: gst.gstRate } : {}),
      ...(gst.gstAmount !== undefined ? { gstAmount: gst.gstAmount } : {}),
      ...(gst.gstCredit !== undefined ? { gstCredit: gst.gstCredit } : {}),
    };
  });
}
