import type { ExpenseKind } from './expense-kind';
import { amountOf, isConcept, judge, looksLikeFine, notDeductible, recordedOr } from './judgement';
import { usIraLimit, usMileageRate } from './tax-years';
import type { Judgement, RuleContext } from './types';

/**
 * United States, the basics: W-2 employees (no unreimbursed employee expenses 2018–2025),
 * itemized deductions (Schedule A), adjustments (Schedule 1), and Schedule C for the
 * self-employed. There is no federal VAT, so no input-tax credits.
 */
const RECEIPTS = 'Receipts showing the amount, date, place and business purpose';
const selfEmployed = (ctx: RuleContext) => ctx.profile.businessType !== 'individual';
const ITEMIZE =
  'Only if you itemize deductions on Schedule A instead of taking the standard deduction.';

function privateExpense(ctx: RuleContext): Judgement {
  const name = ctx.category?.name ?? 'This transaction';
  const workish = isConcept(
    ctx,
    'software',
    'office_supplies',
    'tools',
    'work_clothing',
    'memberships',
    'education',
    'electronics',
    'home_office',
    'postage',
  );
  if (workish && !selfEmployed(ctx)) {
    return notDeductible(
      'Unreimbursed employee expenses are not deductible for tax years 2018 through 2025 (the TCJA suspended miscellaneous itemized deductions).',
      {
        ruleCertainty: 0.85,
        suggestions: [
          'Ask your employer to reimburse it under an accountable plan (tax-free to you).',
          'Exceptions: K-12 educators (up to $300 of classroom expenses), Armed Forces reservists, qualified performing artists and fee-basis government officials.',
        ],
      },
    );
  }
  if (workish || isConcept(ctx, 'advertising', 'contractors', 'professional_fees')) {
    return notDeductible(`${name} is personal unless it was for your business.`, {
      ruleCertainty: 0.7,
      suggestions: [
        'If it was an ordinary and necessary business expense, recategorise it to the matching Schedule C category (e.g. Business: Office expense).',
      ],
    });
  }
  if (isConcept(ctx, 'dining', 'bar', 'food_delivery') && selfEmployed(ctx)) {
    return notDeductible('Personal meals are not deductible.', {
      suggestions: [
        'A business meal with a client or while travelling for business is 50% deductible: record it under Business: Meals with the business purpose and attendees.',
      ],
    });
  }
  if (
    isConcept(
      ctx,
      'fuel',
      'parking_tolls',
      'car_service',
      'car_rental',
      'rideshare',
      'public_transport',
      'airline',
      'accommodation',
    ) &&
    selfEmployed(ctx)
  ) {
    const rate = usMileageRate(ctx.date.getUTCFullYear());
    return notDeductible('Commuting and personal travel are not deductible.', {
      ruleCertainty: 0.75,
      suggestions: [
        `Business trips: record them under Business: Car & truck (actual costs × business use, or ${rate.value}¢ a mile standard mileage for ${ctx.date.getUTCFullYear()}) or Business: Travel.`,
      ],
    });
  }
  if (isConcept(ctx, 'health_insurance') && selfEmployed(ctx)) {
    return notDeductible('Health insurance is not a Schedule C expense.', {
      ruleCertainty: 0.7,
      suggestions: [
        'Self-employed health insurance premiums are deductible as an adjustment to income (Schedule 1), if you were not eligible for an employer plan.',
      ],
    });
  }
  if (isConcept(ctx, 'tax_payment'))
    return notDeductible('Federal income tax payments are not deductible.', { ruleCertainty: 0.9 });
  return notDeductible(`${name} is a personal expense, which is not deductible.`, {
    ruleCertainty: 0.85,
  });
}

function business(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const label = ctx.category?.taxCategory ?? '';
  const base = [RECEIPTS, 'Keep records for at least 3 years after filing (longer for assets)'];
  const year = ctx.date.getUTCFullYear();
  const notABusiness = selfEmployed(ctx)
    ? []
    : ['Schedule C expenses are only for a trade or business you run (self-employment).'];
  switch (kind) {
    case 'business_meals':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 50),
        ruleCertainty: 0.75,
        taxCategory: label,
        reasoning:
          'Business meals are 50% deductible (Schedule C line 24b) when you or an employee attend and the meal is not lavish.',
        documentationRequired: ['Receipt plus the business purpose and who attended (IRC §274(d))'],
        warnings: [
          'Entertainment (events, tickets, golf) is not deductible since 2018.',
          ...notABusiness,
        ],
      });
    case 'business_motor': {
      const rate = usMileageRate(year);
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 0),
        ruleCertainty: 0.65,
        taxCategory: label,
        reasoning: 'Car expenses are deductible for the business-use share (Schedule C line 9).',
        documentationRequired: [
          'A contemporaneous mileage log (date, destination, purpose, miles)',
          ...base,
        ],
        warnings: [
          ...((ctx.transaction.businessUsePercentage ?? 0) > 0
            ? []
            : [
                'No business-use percentage recorded yet: set it from your mileage log (0% until then).',
              ]),
          `Standard mileage rate: ${rate.value}¢ a mile for ${year}${rate.known ? '' : ' (latest published rate)'} — if you use it, gas and repairs are not deducted separately (parking and tolls still are).`,
        ],
      });
    }
    case 'business_travel':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.8,
        taxCategory: label,
        reasoning:
          'Travel away from your tax home overnight for business is deductible (Schedule C line 24a); meals on the trip at 50%.',
        documentationRequired: ['Receipts, dates, destination and business purpose of the trip'],
        warnings: ['Personal days and a companion’s costs are not deductible.', ...notABusiness],
      });
    case 'business_contractors':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning: 'Payments to independent contractors are deductible (Schedule C line 11).',
        documentationRequired: ['A Form W-9 from each contractor', ...base],
        warnings: [
          'File Form 1099-NEC for each non-corporate contractor paid $600 or more in the year (for 2025 payments).',
        ],
      });
    case 'business_wages':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning:
          'Wages paid to employees are deductible (Schedule C line 26), with the employer payroll taxes.',
        documentationRequired: ['Payroll records, Forms W-2/W-3 and 941'],
        warnings: ['Payments to yourself as a sole proprietor are draws, not wages.'],
      });
    case 'business_income':
      return notDeductible('Gross receipts are income (Schedule C line 1), not a deduction.', {
        ruleCertainty: 0.95,
        suggestions: [
          'Net self-employment earnings also owe self-employment tax (15.3%); pay quarterly estimates with Form 1040-ES.',
        ],
      });
    default: {
      const asset =
        isConcept(ctx, 'electronics', 'tools', 'home_office', 'furniture') && amountOf(ctx) > 2500;
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning: `Ordinary and necessary business expense (${ctx.category?.name}), deductible on Schedule C.`,
        documentationRequired: base,
        warnings: [
          ...(asset
            ? [
                'Over $2,500 per item: depreciate it, or expense it under Section 179 / bonus depreciation (the de minimis safe harbor covers items up to $2,500).',
              ]
            : []),
          'Apportion any personal use.',
          ...notABusiness,
        ],
      });
    }
  }
}

export function usRules(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const year = ctx.date.getUTCFullYear();
  if (looksLikeFine(ctx) && kind !== 'income' && kind !== 'transfer') {
    return notDeductible(
      'Fines and penalties paid to a government are not deductible (IRC §162(f)).',
      { ruleCertainty: 0.95 },
    );
  }
  switch (kind) {
    case 'income':
      return notDeductible('Wages and other income are taxable, not a deduction.', {
        ruleCertainty: 0.95,
      });
    case 'transfer':
      return notDeductible('A transfer is neither income nor a deduction.', {
        ruleCertainty: 0.95,
      });
    case 'private':
      return privateExpense(ctx);
    case 'medical':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.5,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Medical and dental expenses (Schedule A line 1) count only for the part of the year’s total above 7.5% of your AGI.',
        documentationRequired: [
          'Receipts and Explanation of Benefits showing what insurance did not pay',
        ],
        warnings: [
          ITEMIZE,
          'Over-the-counter medicines (other than insulin), gym memberships and cosmetic procedures do not count; reimbursed or HSA-paid amounts cannot be claimed again.',
        ],
      });
    case 'state_local_tax':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.7,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'State and local income (or sales) and property taxes are deductible on Schedule A line 5, subject to the SALT cap.',
        documentationRequired: ['Tax bills or payment confirmations'],
        warnings: [
          ITEMIZE,
          'The SALT cap was $10,000 a year for 2018–2024 and was raised from 2025 (reduced again at high incomes): check the limit for the year.',
        ],
      });
    case 'mortgage_interest':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 0),
        ruleCertainty: 0.6,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Only the interest part of a mortgage payment is deductible (Schedule A line 8), on up to $750,000 of acquisition debt.',
        documentationRequired: ['Form 1098 from the lender (interest paid in the year)'],
        warnings: [
          ITEMIZE,
          'The payment also covers principal, escrow and insurance, which are not deductible: record the interest share from Form 1098 (0% until then).',
        ],
      });
    case 'donation':
      if (isConcept(ctx, 'crowdfunding')) {
        return notDeductible(
          'Gifts through crowdfunding to individuals are not charitable contributions.',
          {
            ruleCertainty: 0.7,
            suggestions: [
              'Only gifts to qualified organizations (501(c)(3) — check the IRS Tax Exempt Organization Search) are deductible.',
            ],
          },
        );
      }
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.75,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Gifts to qualified 501(c)(3) organizations are deductible on Schedule A line 11.',
        documentationRequired: [
          amountOf(ctx) >= 250
            ? 'A written acknowledgment from the charity (required for a single gift of $250 or more)'
            : 'A bank record or receipt showing the charity, date and amount',
        ],
        warnings: [ITEMIZE, 'Subtract the value of anything you received in return.'],
      });
    case 'student_loan':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 0),
        ruleCertainty: 0.6,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Student loan interest, up to $2,500 a year, is an adjustment to income (Schedule 1) — the interest only, not principal.',
        documentationRequired: ['Form 1098-E from the loan servicer'],
        warnings: [
          'Record the interest share from Form 1098-E (0% until then); the deduction phases out at higher incomes.',
        ],
      });
    case 'retirement': {
      const roth = /\bROTH\b/i.test(ctx.transaction.description);
      if (roth)
        return notDeductible(
          'Roth IRA contributions are never deductible (qualified withdrawals are tax-free instead).',
          { ruleCertainty: 0.9 },
        );
      const limit = usIraLimit(year);
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.7,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'Traditional IRA contributions are deductible (Schedule 1) up to the annual limit.',
        documentationRequired: ['Form 5498 from the IRA custodian'],
        warnings: [
          `The limit is $${limit.value.toLocaleString('en-US')} for ${year}${limit.known ? '' : ' (latest published)'} ($1,000 more at age 50+); the deduction is reduced if you or your spouse have a workplace plan and income above the phase-out.`,
        ],
      });
    }
    case 'hsa':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.75,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning:
          'HSA contributions you make yourself (not through payroll) are an above-the-line deduction (Form 8889).',
        documentationRequired: ['Form 5498-SA'],
        warnings: ['Only with a high-deductible health plan, and up to the annual HSA limit.'],
      });
    default:
      if (kind.startsWith('business_')) return business(ctx, kind);
      return judge({
        isTaxDeductible: ctx.category?.isTaxDeductible ?? false,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.5,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning: `Filed under ${ctx.category?.name}: check whether it is deductible for you.`,
        documentationRequired: [RECEIPTS],
      });
  }
}
