import type { ConceptId } from '../classifier/concepts';
import type { Judgement, RuleContext } from './types';

/** A verdict with sensible empty defaults. */
export function judge(
  j: Partial<Judgement> & Pick<Judgement, 'isTaxDeductible' | 'reasoning'>,
): Judgement {
  return {
    businessUsePercentage: j.isTaxDeductible ? 100 : 0,
    ruleCertainty: 0.8,
    taxCategory: '',
    documentationRequired: [],
    warnings: [],
    suggestions: [],
    gstCreditable: false,
    ...j,
  };
}

export function notDeductible(reasoning: string, extra: Partial<Judgement> = {}): Judgement {
  return judge({
    isTaxDeductible: false,
    businessUsePercentage: 0,
    ruleCertainty: 0.9,
    reasoning,
    ...extra,
  });
}

/**
 * The business-use share: what the user already recorded, else the rule's default. Where the
 * share cannot be known from the transaction (a car, a mortgage payment) the default is 0 and
 * the result says which record sets it.
 */
export function recordedOr(ctx: RuleContext, fallback: number): number {
  const recorded = ctx.transaction.businessUsePercentage ?? 0;
  return recorded > 0 ? Math.min(100, recorded) : fallback;
}

export function amountOf(ctx: RuleContext): number {
  return Number(ctx.transaction.amount);
}

export function isConcept(ctx: RuleContext, ...concepts: ConceptId[]): boolean {
  return (
    ctx.evidence.concept !== undefined &&
    concepts.includes(ctx.evidence.concept) &&
    ctx.evidence.certainty >= 0.3
  );
}

/** Words in the description that say it is a fine or penalty, whatever its category. */
const FINE = /\b(FINES?|PENALT(Y|IES)|INFRINGEMENT|PCN|CITATION|SPEEDING)\b/i;

export function looksLikeFine(ctx: RuleContext): boolean {
  return (
    isConcept(ctx, 'fines') ||
    FINE.test(`${ctx.transaction.description} ${ctx.transaction.merchant ?? ''}`)
  );
}

export function formatAmount(symbol: string, value: number): string {
  return `${symbol}${value.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "Merchant 'Uniqlo' is…" when the knowledge base named the merchant, else "This purchase is…". */
export function what(ctx: RuleContext): string {
  return ctx.evidence.merchantName ? `'${ctx.evidence.merchantName}'` : 'this purchase';
}
