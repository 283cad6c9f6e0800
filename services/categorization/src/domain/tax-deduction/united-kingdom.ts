import type { ExpenseKind } from './expense-kind';
import { isConcept, judge, looksLikeFine, notDeductible, recordedOr, what } from './judgement';
import { ukTaxYear } from './tax-years';
import type { Judgement, RuleContext } from './types';

/**
 * United Kingdom, the basics: employees' expenses (P87 / Self Assessment employment pages),
 * Gift Aid and pension relief, and self-employed allowable expenses (SA103), with VAT for
 * VAT-registered businesses.
 */
const RECEIPTS = 'Receipts or invoices';
const SELF_EMPLOYED_RECORDS =
  'Keep business records for at least 5 years after the 31 January submission deadline';

const selfEmployed = (ctx: RuleContext) => ctx.profile.businessType !== 'individual';

function useOfHome(ctx: RuleContext): string {
  return selfEmployed(ctx)
    ? 'Self-employed: claim use of home by simplified expenses — £10 a month for 25–50 hours worked at home, £18 for 51–100, £26 for 101 or more — or a proportion of actual costs.'
    : 'Employees required by their employer to work from home (not by choice) can claim £6 a week (£26 a month) without receipts, or the actual extra costs with evidence.';
}

function privateExpense(ctx: RuleContext): Judgement {
  const name = ctx.category?.name ?? 'This transaction';
  if (isConcept(ctx, 'dining', 'bar', 'food_delivery', 'alcohol', 'entertainment')) {
    return notDeductible(
      `${name} is personal. Business entertainment of clients is not allowable either.`,
      {
        suggestions: selfEmployed(ctx)
          ? [
              'Meals while travelling away from your usual place of business overnight are allowable travel costs.',
            ]
          : [],
      },
    );
  }
  if (
    isConcept(
      ctx,
      'energy',
      'water',
      'council_rates',
      'owners_fees',
      'phone_internet',
      'rent',
      'mortgage',
    )
  ) {
    return notDeductible('Household bills are personal.', { suggestions: [useOfHome(ctx)] });
  }
  if (
    isConcept(
      ctx,
      'fuel',
      'parking_tolls',
      'car_service',
      'car_rental',
      'public_transport',
      'rideshare',
      'airline',
    )
  ) {
    return notDeductible(
      'Ordinary commuting between home and your permanent workplace is not deductible.',
      {
        ruleCertainty: 0.8,
        suggestions: selfEmployed(ctx)
          ? [
              'Business journeys: record them under Business: Car, van and travel, or claim 45p a mile for the first 10,000 business miles and 25p after (simplified expenses).',
            ]
          : [
              'Journeys to a temporary workplace qualify: claim mileage allowance relief of 45p a mile (first 10,000 business miles, 25p after) less any mileage allowance your employer paid.',
            ],
      },
    );
  }
  if (isConcept(ctx, 'clothing')) {
    return notDeductible(
      'Everyday clothing is never allowable, even if bought for work (Mallalieu v Drummond).',
      {
        suggestions: [
          'Uniforms and protective clothing qualify: employees can claim the flat rate expense for their industry (often £60 a year) for cleaning them.',
        ],
      },
    );
  }
  if (
    isConcept(ctx, 'software', 'office_supplies', 'electronics', 'advertising', 'postage') &&
    selfEmployed(ctx)
  ) {
    return notDeductible(`${name} is personal unless bought for the business.`, {
      ruleCertainty: 0.7,
      suggestions: [
        'If it was for your business, recategorise it to Business: Office costs (or Advertising): allowable if wholly and exclusively for the business.',
      ],
    });
  }
  return notDeductible(`${name} is a personal expense: not allowable against tax.`, {
    ruleCertainty: 0.85,
  });
}

function business(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const label = ctx.category?.taxCategory ?? '';
  const base = [RECEIPTS, SELF_EMPLOYED_RECORDS];
  if (isConcept(ctx, 'dining', 'bar', 'alcohol', 'entertainment') && kind !== 'business_motor') {
    return notDeductible(
      'Business entertainment (hospitality for clients) is not an allowable expense, and its input VAT cannot be reclaimed.',
      {
        ruleCertainty: 0.7,
        taxCategory: label,
        suggestions: [
          'Staff entertainment (e.g. an annual party) is treated differently; record it under Business: Staff costs.',
        ],
      },
    );
  }
  const common = {
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: 0.85,
    taxCategory: label,
    gstCreditable: true,
  };
  switch (kind) {
    case 'business_motor':
      return judge({
        ...common,
        businessUsePercentage: recordedOr(
          ctx,
          isConcept(ctx, 'fuel', 'car_service', 'parking_tolls') ? 0 : 100,
        ),
        ruleCertainty: 0.7,
        reasoning:
          'Car, van and travel costs for business journeys are allowable (SA103), for the business share only.',
        documentationRequired: [...base, 'A mileage log of business journeys'],
        warnings: [
          'Choose per vehicle: actual costs × business-use share, or simplified expenses at 45p a mile (first 10,000 miles) and 25p after — not both.',
          'Travel between home and a permanent place of business is not allowable.',
        ],
      });
    case 'business_finance':
      return judge({
        ...common,
        gstCreditable: false,
        reasoning: 'Bank, card and loan charges on business accounts are allowable (SA103).',
        documentationRequired: ['Bank statements', SELF_EMPLOYED_RECORDS],
        warnings: [
          'Bank charges are VAT-exempt: there is no input VAT to reclaim. Cash-basis traders can claim at most £500 of loan interest.',
        ],
      });
    case 'business_wages':
      return judge({
        ...common,
        gstCreditable: false,
        reasoning:
          'Wages, employer NICs and pension contributions for staff are allowable (SA103).',
        documentationRequired: [
          'Payroll records reported to HMRC through RTI (PAYE)',
          SELF_EMPLOYED_RECORDS,
        ],
        warnings: ['Your own drawings are not an expense.'],
      });
    case 'business_contractors':
      return judge({
        ...common,
        reasoning: 'Payments to subcontractors are allowable (SA103).',
        documentationRequired: ['Subcontractor invoices', ...base],
        warnings: [
          'In construction, verify subcontractors and deduct CIS tax as the Construction Industry Scheme requires.',
        ],
      });
    default:
      return judge({
        ...common,
        reasoning: `Allowable business expense (${ctx.category?.name}): deductible when wholly and exclusively for the business (SA103).`,
        documentationRequired: base,
        warnings: [
          'Apportion anything with private use.',
          'Equipment is a capital cost: claim the Annual Investment Allowance, or on the cash basis as an expense (not cars).',
        ],
        suggestions: [
          'If your total expenses are small, the £1,000 trading allowance may be better than claiming actual costs.',
        ],
      });
  }
}

export function ukRules(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const year = ukTaxYear(ctx.date).label;
  if (looksLikeFine(ctx) && kind !== 'income' && kind !== 'transfer') {
    return notDeductible(
      'Fines and penalties (parking, speeding, penalty charge notices) are not allowable, even when incurred on business.',
      { ruleCertainty: 0.95 },
    );
  }
  switch (kind) {
    case 'income':
      return notDeductible('Employment income is taxable (SA102 / PAYE), not a deduction.', {
        ruleCertainty: 0.95,
      });
    case 'business_income':
      return notDeductible(
        'Trading income is reported as turnover on SA103; it is not a deduction.',
        {
          ruleCertainty: 0.95,
          suggestions: [
            'You must register for VAT once taxable turnover passes £90,000 in a rolling 12 months.',
          ],
        },
      );
    case 'transfer':
      return notDeductible('A transfer is neither income nor an expense.', { ruleCertainty: 0.95 });
    case 'private':
      return privateExpense(ctx);
    case 'car':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 0),
        ruleCertainty: 0.6,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Employees using their own vehicle for work journeys claim mileage allowance relief, not the receipts themselves.',
        documentationRequired: [
          'A log of business journeys (date, purpose, miles)',
          'Records of any mileage allowance your employer paid',
        ],
        warnings: [
          'Relief is 45p a mile for the first 10,000 business miles and 25p after, minus what your employer paid; commuting does not count.',
        ],
      });
    case 'travel':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.75,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Travel and subsistence for journeys to a temporary workplace are deductible for employees (P87); commuting is not.',
        documentationRequired: [RECEIPTS],
        warnings: ['Anything your employer reimbursed cannot be claimed again.'],
      });
    case 'clothing':
      if (isConcept(ctx, 'clothing', 'shopping')) {
        return notDeductible(`${what(ctx)} sells everyday clothing, which is never allowable.`, {
          ruleCertainty: 0.7,
        });
      }
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.75,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Uniforms, protective clothing and specialist tools you must buy for work are deductible (P87).',
        documentationRequired: [RECEIPTS],
        suggestions: [
          'For cleaning a uniform, claim the flat rate expense for your industry (often £60 a year) without receipts.',
        ],
      });
    case 'tools_equipment':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.7,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Tools and equipment an employee must provide for the job are deductible (P87); larger items by capital allowances.',
        documentationRequired: [RECEIPTS],
        warnings: ['Not deductible if your employer provides or reimburses it.'],
      });
    case 'work_subscription':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: isConcept(ctx, 'memberships') ? 0.6 : 0.7,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          "Professional fees and subscriptions are deductible when the body is on HMRC's approved list (List 3) and relevant to your job (P87).",
        documentationRequired: ['The membership invoice or annual statement'],
        warnings: [
          'Most trade union subscriptions are not on List 3 and are not deductible (at most the part for superannuation or death benefits).',
        ],
      });
    case 'home_office':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.55,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Working from home: only the additional household costs of working at home qualify.',
        documentationRequired: ['Evidence that your employer requires you to work from home'],
        warnings: [
          'Working from home by choice (e.g. a hybrid arrangement you chose) does not qualify since April 2022.',
        ],
        suggestions: [useOfHome(ctx)],
      });
    case 'donation':
      if (isConcept(ctx, 'crowdfunding')) {
        return notDeductible(
          'Crowdfunding gifts to individuals are not charitable donations: no Gift Aid.',
          { ruleCertainty: 0.7 },
        );
      }
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.8,
        taxCategory: ctx.category?.taxCategory ?? 'SA100: Gift Aid payments',
        reasoning:
          'Gift Aid: the charity reclaims basic-rate tax (25p per £1); higher and additional-rate taxpayers claim the difference on their Self Assessment return.',
        documentationRequired: [
          'A Gift Aid declaration to the charity and a record of the donation',
        ],
        warnings: [
          'Gift Aid only applies if you paid at least as much Income Tax or CGT in the year as the charities reclaim.',
        ],
      });
    case 'retirement':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.75,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Personal pension contributions get relief at source: the provider adds 20% basic-rate relief; higher-rate taxpayers claim the rest via Self Assessment.',
        documentationRequired: ["The pension provider's contribution statement"],
        warnings: [
          `Contributions above the annual allowance (generally £60,000 for ${year}) are taxed.`,
        ],
      });
    default:
      if (kind.startsWith('business_')) return business(ctx, kind);
      return judge({
        isTaxDeductible: ctx.category?.isTaxDeductible ?? false,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.5,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning: `Filed under ${ctx.category?.name}: check whether it is wholly and exclusively for work or business.`,
        documentationRequired: [RECEIPTS],
      });
  }
}
