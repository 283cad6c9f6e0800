import { Decimal, toCents, type Money } from '@pfs/kit';
import type { Judgement, RuleContext } from './types';

/**
 * GST/VAT in a purchase and the input-tax credit a registered business can claim for it.
 * Only sole traders and businesses registered for GST (AU) or VAT (GB) get a credit;
 * individuals never do. Money is decimal throughout.
 */
export interface GstOutcome {
  gstRate?: string;
  gstAmount?: string;
  gstCredit?: string;
  documentationRequired: string[];
  warnings: string[];
  suggestions: string[];
}

const REGIMES: Record<
  string,
  {
    tax: string;
    standard: string;
    invoice: string;
    threshold: string;
    registration: string;
    symbol: string;
  }
> = {
  AU: {
    tax: 'GST',
    standard: '0.1',
    invoice:
      'A tax invoice (required to claim a GST credit on purchases over $82.50 including GST)',
    threshold: '82.50',
    registration: 'GST registration is required once your GST turnover reaches $75,000 a year',
    symbol: '$',
  },
  GB: {
    tax: 'VAT',
    standard: '0.2',
    invoice: 'A valid VAT invoice from the supplier',
    threshold: '0',
    registration: 'VAT registration is required once taxable turnover passes £90,000 in 12 months',
    symbol: '£',
  },
};

function positive(text: string | undefined): Money | undefined {
  if (!text || !/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const value = new Decimal(text.trim());
  return value.gt(0) ? value : undefined;
}

export function gstFor(ctx: RuleContext, judgement: Judgement): GstOutcome {
  const outcome: GstOutcome = { documentationRequired: [], warnings: [], suggestions: [] };
  const country = ctx.profile.countryCode === 'UK' ? 'GB' : ctx.profile.countryCode;
  const regime = REGIMES[country];
  const { businessType, gstRegistered } = ctx.profile;
  if (!regime) return outcome;
  if (businessType === 'individual') {
    if (gstRegistered) {
      outcome.warnings.push(
        `Individuals cannot claim ${regime.tax} credits: only businesses registered for ${regime.tax} can.`,
      );
    }
    return outcome;
  }
  if (ctx.transaction.type !== 'debit' || !judgement.isTaxDeductible) return outcome;
  if (!judgement.gstCreditable) {
    if (gstRegistered)
      outcome.warnings.push(
        `No ${regime.tax} credit: this is not a taxable purchase (e.g. wages, bank fees, interest).`,
      );
    return outcome;
  }

  const amount = new Decimal(ctx.transaction.amount);
  const categoryRate = ctx.category?.defaultGstRate;
  // A category whose default rate is 0 is GST-free or input-taxed (basic food, financial supplies).
  const rate =
    positive(ctx.transaction.gstRate) ??
    (categoryRate !== undefined && categoryRate !== ''
      ? positive(categoryRate)
      : new Decimal(regime.standard));
  if (!rate) {
    if (gstRegistered)
      outcome.warnings.push(`No ${regime.tax} credit: the category is ${regime.tax}-free.`);
    return outcome;
  }
  const included = ctx.transaction.gstIncluded ?? true;
  const inPrice =
    positive(ctx.transaction.gstAmount) ??
    (included ? toCents(amount.times(rate).div(rate.plus(1))) : toCents(amount.times(rate)));
  outcome.gstRate = rate.toFixed();
  outcome.gstAmount = inPrice.toFixed(2);
  const credit = toCents(inPrice.times(judgement.businessUsePercentage).div(100));

  if (gstRegistered) {
    outcome.gstCredit = credit.toFixed(2);
    if (amount.gt(regime.threshold)) outcome.documentationRequired.push(regime.invoice);
    if (judgement.businessUsePercentage < 100) {
      outcome.warnings.push(
        `The ${regime.tax} credit is limited to the business-use share (${judgement.businessUsePercentage}%).`,
      );
    }
  } else if (gstRegistered === undefined && credit.gt(0)) {
    outcome.suggestions.push(
      `If you are registered for ${regime.tax}, you can also claim a ${regime.tax} credit of ${regime.symbol}${credit.toFixed(2)} on this purchase (${regime.registration}).`,
    );
  }
  return outcome;
}
