import type { ExpenseKind } from './expense-kind';
import {
  amountOf,
  isConcept,
  judge,
  looksLikeFine,
  notDeductible,
  recordedOr,
  what,
} from './judgement';
import {
  auCentsPerKm,
  auConcessionalCap,
  auFinancialYear,
  auSuperGuarantee,
  auWorkFromHomeRate,
} from './tax-years';
import type { Judgement, RuleContext } from './types';

/**
 * Australia, in depth: the individual return's deduction labels (D1–D15) as the ATO describes
 * them, sole trader and company business expenses, and GST credits for GST-registered
 * businesses (worked out in gst.ts). Figures follow the financial year of the transaction.
 */
const RECEIPTS = 'Receipt or tax invoice showing the supplier, date, amount and what was bought';
const FIVE_YEARS = 'Keep the records for 5 years from lodging the return';
const TAX_INVOICE =
  'A tax invoice (needed to claim the GST credit on purchases over $82.50 including GST)';

function yearOf(ctx: RuleContext) {
  return auFinancialYear(ctx.date);
}

function rateNote(known: boolean): string {
  return known ? '' : ' (the latest published rate; check the ATO rate for this year)';
}

const isBusiness = (ctx: RuleContext) =>
  ctx.profile.businessType === 'sole_trader' || ctx.profile.businessType === 'business';

/** What everyday (private) spending is, and what to do if it was really for work or business. */
function privateExpense(ctx: RuleContext): Judgement {
  const fy = yearOf(ctx);
  const wfh = auWorkFromHomeRate(fy.start);
  const name = ctx.category?.name ?? 'This transaction';
  const business = isBusiness(ctx);
  const businessHint = (category: string) =>
    business
      ? [
          `If this was for your business, recategorise it to '${category}': business expenses are deductible.`,
        ]
      : [];

  if (looksLikeFine(ctx)) {
    return notDeductible(
      'Fines and penalties imposed under an Australian or foreign law (parking, speeding, toll notices) are never deductible, even if incurred while working.',
      { ruleCertainty: 0.95 },
    );
  }
  if (isConcept(ctx, 'groceries')) {
    return notDeductible('Groceries are private or domestic expenses, which are not deductible.', {
      ruleCertainty: 0.95,
    });
  }
  if (isConcept(ctx, 'dining', 'bar', 'food_delivery', 'alcohol')) {
    return business
      ? notDeductible(
          'Food and drink are private, and entertaining clients or staff (meal entertainment) is generally not deductible and carries no GST credit.',
          {
            suggestions: [
              'A meal on an overnight business trip is a travel expense: record it under Business: Travel.',
            ],
          },
        )
      : notDeductible('Meals and drinks are private expenses, which are not deductible.', {
          suggestions: [
            'Overtime meals are deductible only when you received an overtime meal allowance under an industrial agreement; meals while travelling overnight for work go at D2.',
          ],
        });
  }
  if (isConcept(ctx, 'gambling'))
    return notDeductible('Gambling losses are private and not deductible.', {
      ruleCertainty: 0.95,
    });
  if (isConcept(ctx, 'entertainment', 'streaming')) {
    return notDeductible(`${name} is private entertainment, which is not deductible.`, {
      suggestions: business
        ? [
            'Entertainment for clients is generally not deductible for a business either (and no GST credit).',
          ]
        : [],
    });
  }
  if (isConcept(ctx, 'clothing')) {
    return notDeductible(
      'Conventional clothing is private, even if you wear it to work or your employer expects it.',
      {
        suggestions: [
          'Protective clothing (hi-vis, steel-capped boots), occupation-specific clothing and compulsory uniforms are deductible at D3.',
        ],
      },
    );
  }
  if (isConcept(ctx, 'gym', 'pharmacy', 'medical', 'personal_care')) {
    return notDeductible(
      'Medical, pharmacy, fitness and grooming costs are private; the net medical expenses tax offset ended after 2018–19.',
      {
        suggestions: [
          'Fitness costs are deductible only if your job requires a very high level of fitness (e.g. a professional athlete or special-operations police officer).',
        ],
      },
    );
  }
  if (isConcept(ctx, 'health_insurance')) {
    return notDeductible(
      'Private health insurance is not a deduction; it affects the Medicare levy surcharge and the private health insurance rebate instead.',
      {
        documentationRequired: [
          "Your insurer's private health insurance statement (for the rebate, not a deduction)",
        ],
      },
    );
  }
  if (isConcept(ctx, 'income_protection')) {
    return notDeductible(
      `${what(ctx)} looks like income-protection cover, which is deductible at D15 — but it is filed under ${name}.`,
      {
        ruleCertainty: 0.6,
        suggestions: [
          'Recategorise it to Income Protection Insurance (D15) if you pay the premiums yourself, outside super.',
        ],
      },
    );
  }
  if (isConcept(ctx, 'insurance')) {
    return notDeductible(
      'Car, home, contents and life insurance on private assets is not deductible.',
      {
        suggestions: [
          'Landlord insurance on a rental property is claimed in the rental schedule; income protection at D15.',
        ],
      },
    );
  }
  if (isConcept(ctx, 'rent', 'mortgage', 'council_rates', 'owners_fees')) {
    return notDeductible(
      'Rent, home-loan repayments, rates and strata levies on your home are private; occupancy costs are deductible only where your home is your place of business.',
      {
        suggestions: [
          'For an investment property, record interest, rates, strata levies and agent fees in the rental schedule (rental income and deductions).',
        ],
      },
    );
  }
  if (isConcept(ctx, 'energy', 'water', 'phone_internet')) {
    return notDeductible('Household running costs are private.', {
      suggestions: [
        `If you work from home, claim ${wfh.value}c per hour worked from home (fixed rate method, ${fy.label}${rateNote(wfh.known)}): it already covers energy, phone, internet and stationery. Or claim the work share of actual costs with records (actual cost method).`,
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
      'car_registration',
      'public_transport',
      'rideshare',
    )
  ) {
    return notDeductible(
      'Travel between home and your usual workplace is private (commuting) and not deductible.',
      {
        ruleCertainty: 0.8,
        suggestions: business
          ? [
              'If the trip was for your business, recategorise it to Business: Motor vehicle (own car) or Business: Travel, and keep a logbook.',
            ]
          : [
              'If the trip was between workplaces, to a client or carrying bulky tools, record it as Work Car Expenses (D1) for your own car, or Work Travel (D2) for fares, parking and tolls.',
            ],
      },
    );
  }
  if (isConcept(ctx, 'airline', 'accommodation')) {
    return notDeductible('Holiday and other private travel is not deductible.', {
      ruleCertainty: 0.75,
      suggestions: business
        ? [
            'If the trip was for your business, recategorise it to Business: Travel and apportion any private days.',
          ]
        : [
            'If the trip was for work, recategorise it to Work Travel (D2); keep a travel diary if you were away 6 or more nights in a row.',
          ],
    });
  }
  if (
    isConcept(
      ctx,
      'software',
      'office_supplies',
      'electronics',
      'tools',
      'hardware',
      'home_office',
      'books',
    )
  ) {
    return notDeductible(`${name} is private unless you bought it for work.`, {
      ruleCertainty: 0.7,
      suggestions: business
        ? businessHint('Business: Office supplies')
        : [
            'If you use it for work, recategorise it to Work Tools & Equipment (D5) and claim the work-use share: items costing $300 or less in full, dearer ones by their decline in value.',
          ],
    });
  }
  if (isConcept(ctx, 'bank_fee', 'interest_charge')) {
    return notDeductible('Fees and interest on private accounts and cards are not deductible.', {
      suggestions: [
        'Account-keeping fees on an account that earns interest you declare are deductible at D7.',
        ...businessHint('Business: Bank fees & Interest'),
      ],
    });
  }
  if (isConcept(ctx, 'donations', 'crowdfunding')) {
    return notDeductible(`${what(ctx)} looks like a gift or donation, filed under ${name}.`, {
      ruleCertainty: 0.6,
      suggestions: [
        'Gifts of $2 or more to a deductible gift recipient (DGR) are deductible at D9: recategorise it to Gifts & Donations and keep the receipt.',
      ],
    });
  }
  if (isConcept(ctx, 'tax_payment'))
    return notDeductible(
      'Income tax and GST payments to the ATO are not deductible (general interest charge is, at D10).',
    );
  return notDeductible(`${name} is a private or domestic expense, which is not deductible.`, {
    ruleCertainty: 0.8,
  });
}

function car(ctx: RuleContext): Judgement {
  const fy = yearOf(ctx);
  const rate = auCentsPerKm(fy.start);
  const use = recordedOr(ctx, 0);
  if (isConcept(ctx, 'parking_tolls')) {
    return judge({
      isTaxDeductible: true,
      businessUsePercentage: recordedOr(ctx, 100),
      ruleCertainty: 0.7,
      taxCategory: 'D2: Work-related travel expenses',
      reasoning:
        'Parking and tolls on work trips are work-related travel (D2), not car expenses — claimable with either car method, but never for parking at your regular workplace.',
      documentationRequired: [RECEIPTS],
      workRelated: 'D2',
    });
  }
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: use,
    ruleCertainty: 0.6,
    taxCategory: 'D1: Work-related car expenses',
    reasoning:
      'Work-related car expense (D1): only the work share is deductible, and trips between home and your regular workplace are private.',
    documentationRequired: [
      'Logbook method: a logbook kept for a continuous 12-week period (valid for 5 years) with odometer readings, plus receipts for the car costs',
      'Cents per km method: a record showing how you worked out your work kilometres (e.g. a diary of work trips)',
    ],
    warnings: [
      ...(use === 0
        ? [
            'No work-use percentage is recorded yet: set it from your logbook before claiming this cost (the claim is 0% until then).',
          ]
        : []),
      `With the cents per km method (${rate.value} cents per km for ${fy.label}${rateNote(rate.known)}, up to 5,000 work km per car) you cannot also claim fuel, servicing, registration or insurance receipts.`,
    ],
    suggestions: [
      'Compare both methods: the logbook method usually gives more when work use is high or the car is expensive to run.',
    ],
    workRelated: 'D1',
  });
}

function travel(ctx: RuleContext): Judgement {
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: 0.75,
    taxCategory: 'D2: Work-related travel expenses',
    reasoning:
      'Work-related travel (D2): fares, accommodation, meals and incidentals when travelling for work (between workplaces, to clients, overnight work trips) — not commuting.',
    documentationRequired: [
      RECEIPTS,
      'A travel diary (dates, places, times and activities) if you were away for 6 or more nights in a row',
    ],
    warnings: [
      'Apportion trips with private days or a travelling companion: only the work part is deductible.',
      'If you received a travel allowance, it must be shown as income unless it was under the reasonable amount and fully spent.',
    ],
    workRelated: 'D2',
  });
}

function clothing(ctx: RuleContext): Judgement {
  if (isConcept(ctx, 'dry_cleaning')) {
    return judge({
      isTaxDeductible: true,
      businessUsePercentage: recordedOr(ctx, 100),
      ruleCertainty: 0.75,
      taxCategory: 'D3: Work-related clothing, laundry and dry-cleaning expenses',
      reasoning:
        'Laundry and dry-cleaning of deductible work clothing (uniforms, protective or occupation-specific clothing) is deductible (D3).',
      documentationRequired: [
        'Receipts for dry cleaning; for home laundry, a record of how you worked out the claim ($1 per load of work clothing, 50c if mixed)',
      ],
      warnings: ['Cleaning conventional clothing is not deductible.'],
      workRelated: 'D3',
      laundry: true,
    });
  }
  if (isConcept(ctx, 'clothing', 'shopping')) {
    return notDeductible(
      `${what(ctx)} sells conventional clothing, which is not deductible even if your employer requires it or you only wear it at work.`,
      {
        ruleCertainty: 0.7,
        taxCategory: '',
        suggestions: [
          'Only protective clothing (hi-vis, steel-capped boots, sun protection for outdoor work), occupation-specific clothing, compulsory uniforms and registered non-compulsory uniforms qualify at D3.',
        ],
      },
    );
  }
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: 0.85,
    taxCategory: 'D3: Work-related clothing, laundry and dry-cleaning expenses',
    reasoning: 'Protective, occupation-specific or compulsory uniform clothing is deductible (D3).',
    documentationRequired: [RECEIPTS],
    warnings: [
      'Conventional clothing (e.g. black trousers, business suits) is not deductible even if required for work.',
    ],
    workRelated: 'D3',
  });
}

function selfEducation(ctx: RuleContext): Judgement {
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: 0.75,
    taxCategory: 'D4: Work-related self-education expenses',
    reasoning:
      'Self-education (D4) is deductible when the course has a sufficient connection to your current work: it maintains or improves skills you use now, or is likely to increase your income from it.',
    documentationRequired: [
      RECEIPTS,
      'Enrolment or course details showing the link to your current job',
    ],
    warnings: [
      'Courses to get a new job or change career are not deductible.',
      'Fees paid through HECS-HELP or FEE-HELP loans, and repayments of them, are not deductible.',
    ],
    workRelated: 'D4',
  });
}

function phoneInternet(ctx: RuleContext): Judgement {
  const fy = yearOf(ctx);
  const wfh = auWorkFromHomeRate(fy.start);
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 50),
    ruleCertainty: 0.7,
    taxCategory: 'D5: Other work-related expenses',
    reasoning: 'Phone and internet (D5): only the work-use share of the bill is deductible.',
    documentationRequired: [
      'The bills',
      'A diary of a representative 4-week period showing your work calls, data or time online',
    ],
    warnings: [
      'The 50% business use is a starting estimate, not a rule: work out your share from a representative 4-week diary and keep it.',
      `If you claim working from home at the fixed rate (${wfh.value}c per hour for ${fy.label}${rateNote(wfh.known)}), phone and internet are already included: do not claim them again.`,
    ],
    suggestions: [
      'If your work use is incidental and the total claim is $50 or less, you can claim without a detailed analysis of the bills.',
    ],
    workRelated: 'D5',
  });
}

function homeOffice(ctx: RuleContext): Judgement {
  const fy = yearOf(ctx);
  const wfh = auWorkFromHomeRate(fy.start);
  const rateLine = `${wfh.value}c per hour worked from home (fixed rate method, ${fy.label}${rateNote(wfh.known)})`;
  const hours =
    'A record of the actual hours you worked from home for the whole year (timesheet, roster or diary)';
  if (isConcept(ctx, 'energy', 'water', 'phone_internet')) {
    return notDeductible(
      `With the fixed rate method (${rateLine}) energy, phone, internet and stationery are included in the rate, so this bill is not claimed separately.`,
      {
        ruleCertainty: 0.6,
        taxCategory: 'D5: Other work-related expenses',
        documentationRequired: [
          hours,
          'Keep this bill: the fixed rate method needs one bill for each running expense it covers',
        ],
        suggestions: [
          'Under the actual cost method you would claim the work share of this bill instead (with detailed records of usage).',
        ],
      },
    );
  }
  const amount = amountOf(ctx);
  const equipment = isConcept(ctx, 'furniture', 'electronics', 'home_office', 'office_supplies');
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: equipment ? 0.75 : 0.6,
    taxCategory: 'D5: Other work-related expenses',
    reasoning: equipment
      ? 'Home-office equipment (desk, chair, monitor, computer) is claimed separately from the fixed rate, for its work-use share (D5).'
      : `Working-from-home costs (D5): most people claim ${rateLine} instead of individual bills.`,
    documentationRequired: [RECEIPTS, hours],
    warnings: [
      ...(amount > 300
        ? [
            'It costs more than $300: claim its decline in value over its effective life (or put it in the low-value pool at D6 if under $1,000), not the full price this year.',
          ]
        : []),
      'Occupancy costs (rent, mortgage interest, rates) are not deductible for employees working from home.',
    ],
    suggestions: [`Claim the fixed rate: ${rateLine}.`],
    workRelated: 'D5',
  });
}

function workSubscription(ctx: RuleContext): Judgement {
  if (isConcept(ctx, 'streaming', 'entertainment')) {
    return notDeductible(
      `${what(ctx)} is a private entertainment subscription, not a work-related one.`,
      {
        ruleCertainty: 0.65,
        taxCategory: '',
        suggestions: [
          'Only subscriptions you need for your work (professional journals, industry software) are deductible, for their work-use share.',
        ],
      },
    );
  }
  const union = isConcept(ctx, 'memberships');
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: union ? 0.9 : 0.75,
    taxCategory: 'D5: Other work-related expenses',
    reasoning: union
      ? 'Union fees and professional association subscriptions are deductible (D5).'
      : 'Work-related subscriptions (D5) are deductible for their work-use share.',
    documentationRequired: [
      union ? 'The receipt, or the annual statement from the union or association' : RECEIPTS,
    ],
    warnings: union
      ? [
          'Joining fees for a professional association are deductible only if you already work in the field; the part of a union fee that funds a political campaign is not deductible in some cases.',
        ]
      : ['Apportion any private use of the subscription.'],
    workRelated: 'D5',
  });
}

function toolsEquipment(ctx: RuleContext): Judgement {
  const amount = amountOf(ctx);
  if (isConcept(ctx, 'groceries', 'dining', 'clothing', 'entertainment', 'streaming')) {
    return notDeductible(`${what(ctx)} does not look like a work tool or equipment purchase.`, {
      ruleCertainty: 0.55,
      warnings: ['Check the category: this looks like a private purchase.'],
    });
  }
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: 0.8,
    taxCategory: 'D5: Other work-related expenses',
    reasoning:
      amount <= 300
        ? 'Tools and equipment costing $300 or less that you use mainly for work are deductible in full in the year you buy them (D5).'
        : 'Work tools and equipment are deductible (D5); as this costs more than $300 you claim its decline in value over its effective life.',
    documentationRequired: [RECEIPTS],
    warnings: [
      ...(amount > 300
        ? [
            'Over $300: claim the decline in value, not the full cost this year; items under $1,000 can go into the low-value pool (D6).',
          ]
        : []),
      'Apportion any private use.',
    ],
    workRelated: 'D5',
  });
}

function byKind(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const fy = yearOf(ctx);
  switch (kind) {
    case 'income':
      return notDeductible(
        'Salary, wages and other income are assessable income, not a deduction.',
        { ruleCertainty: 0.95 },
      );
    case 'business_income':
      return notDeductible('Business income is assessable; it is not a deduction.', {
        ruleCertainty: 0.95,
        suggestions: ctx.profile.gstRegistered
          ? [
              'If the sale is taxable, 1/11 of the GST-inclusive price is GST payable: report it on your BAS.',
            ]
          : [],
      });
    case 'transfer':
      return notDeductible(
        'A transfer between accounts or people is neither income nor a deduction.',
        { ruleCertainty: 0.95 },
      );
    case 'private':
      return privateExpense(ctx);
    case 'car':
      return car(ctx);
    case 'travel':
      return travel(ctx);
    case 'clothing':
      return clothing(ctx);
    case 'self_education':
      return selfEducation(ctx);
    case 'phone_internet':
      return phoneInternet(ctx);
    case 'home_office':
      return homeOffice(ctx);
    case 'work_subscription':
      return workSubscription(ctx);
    case 'tools_equipment':
      return toolsEquipment(ctx);
    case 'low_value_pool':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.75,
        taxCategory: 'D6: Low-value pool deduction',
        reasoning:
          'Low-value pool (D6): assets costing less than $1,000 are pooled and deducted at 18.75% of the cost in the first year and 37.5% of the pool balance in later years.',
        documentationRequired: [RECEIPTS, 'A depreciation schedule of the pool'],
        warnings:
          amountOf(ctx) >= 1000
            ? [
                'It costs $1,000 or more: it cannot go into the low-value pool; depreciate it over its effective life.',
              ]
            : [],
      });
    case 'interest_deduction':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.7,
        taxCategory: 'D7: Interest deductions',
        reasoning:
          'Interest deductions (D7): account-keeping fees on accounts earning interest you declare, and interest on money borrowed to invest in interest-bearing assets.',
        documentationRequired: ['Bank statements showing the fees or interest'],
      });
    case 'dividend_deduction':
      if (isConcept(ctx, 'share_trading')) {
        return notDeductible(
          'Buying shares and brokerage are capital costs (added to the cost base for capital gains tax), not dividend deductions.',
          {
            ruleCertainty: 0.8,
            suggestions: [
              'Record the trade for CGT instead; D8 covers interest on money borrowed to buy shares and ongoing management fees.',
            ],
          },
        );
      }
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.7,
        taxCategory: 'D8: Dividend deductions',
        reasoning:
          'Dividend deductions (D8): interest on money borrowed to buy shares and ongoing management or advice fees for existing investments.',
        documentationRequired: ['Loan statements or the adviser’s invoice'],
        warnings: [
          'Fees for drawing up an initial investment plan and brokerage are not deductible (they are capital).',
        ],
      });
    case 'donation':
      if (isConcept(ctx, 'crowdfunding')) {
        return notDeductible(
          'Gifts through crowdfunding platforms usually do not go to a deductible gift recipient (DGR), so they are not deductible.',
          {
            ruleCertainty: 0.75,
            taxCategory: 'D9: Gifts or donations',
            suggestions: [
              'Check the recipient on ABN Lookup: only gifts to an endorsed DGR are deductible.',
            ],
          },
        );
      }
      if (amountOf(ctx) < 2) {
        return notDeductible('Gifts under $2 are not deductible.', {
          taxCategory: 'D9: Gifts or donations',
        });
      }
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.8,
        taxCategory: 'D9: Gifts or donations',
        reasoning: 'Gifts of $2 or more to a deductible gift recipient (DGR) are deductible (D9).',
        documentationRequired: [
          'A receipt from the DGR (or your income statement for workplace giving)',
        ],
        warnings: [
          'Not deductible if you received something in return: raffle tickets, charity dinners, merchandise or chocolates.',
        ],
      });
    case 'tax_affairs':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.9,
        taxCategory: 'D10: Cost of managing tax affairs',
        reasoning:
          'Fees paid to a registered tax agent, tax software and advice on your tax affairs are deductible (D10) in the year you pay them.',
        documentationRequired: ["The agent's invoice or receipt"],
      });
    case 'super': {
      const cap = auConcessionalCap(fy.start);
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.75,
        taxCategory: 'D12: Personal superannuation contributions',
        reasoning:
          'Personal super contributions are deductible (D12) once your fund acknowledges your notice of intent to claim.',
        documentationRequired: [
          'Notice of intent to claim a deduction (NAT 71121) and the fund’s acknowledgement, both before you lodge',
        ],
        warnings: [
          `Deducted contributions count towards the concessional cap ($${cap.value.toLocaleString('en-AU')} for ${fy.label}${rateNote(cap.known)}); amounts over it are taxed extra.`,
          'Salary-sacrifice and employer (SG) contributions cannot be claimed here.',
        ],
      });
    }
    case 'income_protection':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.85,
        taxCategory: 'D15: Other deductions',
        reasoning: 'Income-protection premiums you pay yourself are deductible (D15).',
        documentationRequired: ["The insurer's annual premium statement"],
        warnings: [
          'Not deductible when the cover is held inside super, nor for life, trauma or TPD cover in the same policy.',
        ],
      });
    case 'other_deduction':
      return judge({
        isTaxDeductible: ctx.category?.isTaxDeductible ?? false,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.55,
        taxCategory: ctx.category?.taxCategory ?? '',
        reasoning: `Filed under ${ctx.category?.name}, labelled ${ctx.category?.taxCategory || 'deductible'}: claim the work or income-earning share.`,
        documentationRequired: [RECEIPTS],
      });
    default:
      return business(ctx, kind);
  }
}

/** Business expenses of a sole trader or company (the business schedule of the return). */
function business(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const fy = yearOf(ctx);
  const label = ctx.category?.taxCategory ?? '';
  const base = [TAX_INVOICE, FIVE_YEARS];
  const notABusiness =
    ctx.profile.businessType === 'individual'
      ? [
          'Business expenses are deductible only when you carry on a business (as a sole trader, partnership or company).',
        ]
      : [];
  if (kind !== 'business_travel' && isConcept(ctx, 'dining', 'bar', 'alcohol', 'entertainment')) {
    return notDeductible(
      'Entertainment (meals, drinks or events with clients or staff) is generally not deductible for a business, and no GST credit can be claimed.',
      {
        ruleCertainty: 0.65,
        taxCategory: label,
        suggestions: [
          'A light working lunch on your premises, or meals while travelling overnight for business, are treated differently: record those under Business: Travel.',
        ],
      },
    );
  }
  switch (kind) {
    case 'business_motor': {
      const rate = auCentsPerKm(fy.start);
      if (ctx.profile.businessType === 'business') {
        return judge({
          isTaxDeductible: true,
          businessUsePercentage: recordedOr(ctx, 100),
          ruleCertainty: 0.8,
          taxCategory: label,
          reasoning: 'Motor vehicle costs of a company vehicle are deductible business expenses.',
          documentationRequired: [...base, 'Logbook (12 continuous weeks) and odometer records'],
          warnings: [
            'Private use of the vehicle by an employee or director is a car fringe benefit: FBT may apply.',
          ],
          gstCreditable: true,
        });
      }
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 0),
        ruleCertainty: 0.65,
        taxCategory: label,
        reasoning:
          'Car expenses of a sole trader are deductible for the business-use share (logbook method), or as cents per km.',
        documentationRequired: [
          ...base,
          'A logbook for a continuous 12-week period (valid 5 years) and odometer readings',
        ],
        warnings: [
          ...((ctx.transaction.businessUsePercentage ?? 0) > 0
            ? []
            : [
                'No business-use percentage recorded yet: set it from your logbook (the claim is 0% until then).',
              ]),
          `Alternatively claim ${rate.value} cents per business km (${fy.label}${rateNote(rate.known)}, up to 5,000 km per car) — then no receipts for running costs are claimed.`,
        ],
        gstCreditable: true,
      });
    }
    case 'business_travel':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.8,
        taxCategory: label,
        reasoning:
          'Business travel (fares, accommodation, meals while away overnight) is deductible.',
        documentationRequired: [...base, 'A travel diary for trips of 6 or more nights in a row'],
        warnings: ['Apportion trips that mix business and private days.', ...notABusiness],
        gstCreditable: true,
      });
    case 'business_finance':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning:
          'Bank fees, merchant fees and interest on business accounts and loans are deductible.',
        documentationRequired: ['Bank or loan statements', FIVE_YEARS],
        warnings: [
          'Financial supplies are input-taxed: there is no GST credit on bank fees or interest.',
          ...notABusiness,
        ],
        gstCreditable: false,
      });
    case 'business_wages': {
      const sg = auSuperGuarantee(fy.start);
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning:
          'Wages and super for employees are deductible when PAYG withholding and Single Touch Payroll obligations are met; super when the fund receives it.',
        documentationRequired: [
          'Payroll records reported through Single Touch Payroll',
          'Super clearing-house receipts',
          FIVE_YEARS,
        ],
        warnings: [
          `Super guarantee is ${sg.value}% of ordinary time earnings (${fy.label}${rateNote(sg.known)}); late SG contributions are not deductible.`,
          'Wages are not a taxable supply: no GST credit.',
        ],
        gstCreditable: false,
      });
    }
    case 'business_contractors':
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: 100,
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning: 'Payments to contractors for business work are deductible.',
        documentationRequired: ["The contractor's invoice quoting their ABN", ...base],
        warnings: [
          'No ABN on the invoice: withhold 47% and pay it to the ATO (no-ABN withholding).',
          'Businesses in building and construction, cleaning, courier and road freight, IT and security must report contractor payments in the Taxable payments annual report (TPAR).',
        ],
        gstCreditable: true,
      });
    default: {
      const amount = amountOf(ctx);
      const asset =
        isConcept(ctx, 'electronics', 'tools', 'home_office', 'furniture') && amount > 300;
      return judge({
        isTaxDeductible: true,
        businessUsePercentage: recordedOr(ctx, 100),
        ruleCertainty: 0.85,
        taxCategory: label,
        reasoning: `Business expense (${ctx.category?.name}): deductible when incurred in carrying on your business, for the business-use share.`,
        documentationRequired: base,
        warnings: [
          ...(asset
            ? [
                `This looks like a depreciating asset: small businesses (turnover under $10 million) can write off assets costing less than $20,000 in full (instant asset write-off, ${fy.label}); otherwise depreciate it.`,
              ]
            : []),
          'Apportion any private use.',
          ...notABusiness,
        ],
        gstCreditable: true,
      });
    }
  }
}

export function australianRules(ctx: RuleContext, kind: ExpenseKind): Judgement {
  if (looksLikeFine(ctx) && kind !== 'income' && kind !== 'transfer') {
    return notDeductible(
      'Fines and penalties imposed under a law (parking, speeding, toll notices) are never deductible, even when incurred for work or business.',
      {
        ruleCertainty: 0.95,
      },
    );
  }
  return byKind(ctx, kind);
}
