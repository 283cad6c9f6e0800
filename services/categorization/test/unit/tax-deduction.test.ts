import { defaultCategorySet } from '../../src/domain/default-categories';
import { analyzeTaxDeductions, type AnalysisItem } from '../../src/domain/tax-deduction/analyze';
import {
  auCentsPerKm,
  auFinancialYear,
  auWorkFromHomeRate,
  ukTaxYear,
} from '../../src/domain/tax-deduction/tax-years';
import type {
  AnalysedCategory,
  TaxProfile,
  TransactionForTax,
} from '../../src/domain/tax-deduction/types';
import type { BusinessType } from '../../src/domain/user-profile';

function category(
  country: string,
  name: string,
  businessType: BusinessType = 'sole_trader',
): AnalysedCategory {
  const seed = defaultCategorySet({ countryCode: country, businessType }).categories.find(
    (c) => c.name === name,
  );
  if (!seed) throw new Error(`no ${name} in ${country}`);
  return {
    id: `${country}:${name}`,
    name,
    isTaxDeductible: seed.isTaxDeductible,
    taxCategory: seed.taxCategory,
    defaultGstRate: seed.defaultGstRate,
    certainty: 1,
  };
}

let n = 0;
function tx(
  description: string,
  amount: string,
  extra: Partial<TransactionForTax> = {},
): TransactionForTax {
  n += 1;
  return { id: `t${n}`, description, amount, type: 'debit', date: '2025-03-14', ...extra };
}

const AU_INDIVIDUAL: TaxProfile = { countryCode: 'AU', businessType: 'individual' };

function one(item: AnalysisItem, profile: TaxProfile = AU_INDIVIDUAL) {
  return analyzeTaxDeductions([item], profile)[0];
}

describe('tax years and rates', () => {
  it('knows the Australian financial year and its rates', () => {
    expect(auFinancialYear(new Date('2025-03-14T00:00:00Z')).label).toBe('2024–25');
    expect(auFinancialYear(new Date('2024-07-01T00:00:00Z')).label).toBe('2024–25');
    expect(auFinancialYear(new Date('2024-06-30T00:00:00Z')).label).toBe('2023–24');
    expect(auCentsPerKm(2024)).toEqual({ value: 88, known: true });
    expect(auCentsPerKm(2023).value).toBe(85);
    expect(auWorkFromHomeRate(2024).value).toBe(70);
    expect(auWorkFromHomeRate(2023).value).toBe(67);
    expect(auWorkFromHomeRate(2022).value).toBe(67);
  });

  it('knows the UK tax year starts on 6 April', () => {
    expect(ukTaxYear(new Date('2025-04-05T00:00:00Z')).label).toBe('2024-25');
    expect(ukTaxYear(new Date('2025-04-06T00:00:00Z')).label).toBe('2025-26');
  });
});

describe('Australia: private and domestic expenses', () => {
  it('groceries are not deductible', () => {
    const r = one({
      transaction: tx('WOOLWORTHS 1234 SYDNEY', '87.45'),
      category: category('AU', 'Groceries', 'individual'),
    });
    expect(r).toMatchObject({
      isTaxDeductible: false,
      businessUsePercentage: 0,
      taxCategory: '',
      deductibleAmount: '0.00',
    });
    expect(r.reasoning).toMatch(/private or domestic/);
    expect(r.confidence).toBeGreaterThan(0.8);
  });

  it('fines are never deductible, whatever the category', () => {
    const r = one({
      transaction: tx('REVENUE NSW PENALTY NOTICE', '112.00'),
      category: category('AU', 'Work Car Expenses', 'individual'),
    });
    expect(r.isTaxDeductible).toBe(false);
    expect(r.reasoning).toMatch(/[Ff]ines and penalties/);
  });

  it('commuting is private, with a suggestion for work trips', () => {
    const r = one({
      transaction: tx('OPAL TRANSPORT SYDNEY', '4.80'),
      category: category('AU', 'Transport', 'individual'),
    });
    expect(r.isTaxDeductible).toBe(false);
    expect(r.suggestions.join(' ')).toMatch(/D2/);
  });

  it('a hired car is travel and a strata levy an occupancy cost: private for an employee', () => {
    const hire = one({
      transaction: tx('HERTZ AUSTRALIA 1234', '320.00'),
      category: category('AU', 'Travel & Holidays', 'individual'),
    });
    expect(hire.isTaxDeductible).toBe(false);
    expect(hire.suggestions.join(' ')).toMatch(/D2/);
    const strata = one({
      transaction: tx('STRATA LEVY LOT 12', '950.00'),
      category: category('AU', 'Utilities', 'individual'),
    });
    expect(strata.isTaxDeductible).toBe(false);
    expect(strata.reasoning).toMatch(/strata levies/);
    const usHire = one(
      {
        transaction: tx('HERTZ #0577129', '199.52'),
        category: category('US', 'Travel & Holidays'),
      },
      { countryCode: 'US', businessType: 'sole_trader' },
    );
    expect(usHire.reasoning).toMatch(/personal travel/);
  });

  it('business entertainment is not deductible for a company', () => {
    const r = one(
      {
        transaction: tx('SQ *CAMPOS COFFEE NEWSTEAD', '22.50'),
        category: category('AU', 'Dining Out', 'business'),
      },
      { countryCode: 'AU', businessType: 'business', gstRegistered: true },
    );
    expect(r.isTaxDeductible).toBe(false);
    expect(r.reasoning).toMatch(/entertaining clients|meal entertainment/);
    expect(r.gstCredit).toBeUndefined();
  });

  it('a refund under an expense category is not a deduction', () => {
    const r = one({
      transaction: tx('OFFICEWORKS REFUND', '34.95', { type: 'credit' }),
      category: category('AU', 'Work Tools & Equipment', 'individual'),
    });
    expect(r.isTaxDeductible).toBe(false);
    expect(r.reasoning).toMatch(/refund/);
  });
});

describe('Australia: work-related deductions (D1–D15)', () => {
  it('D1 car: 0% until the logbook says otherwise, with both methods and the 2024–25 rate', () => {
    const r = one({
      transaction: tx('BP CONNECT NORTHCOTE', '82.15'),
      category: category('AU', 'Work Car Expenses', 'individual'),
    });
    expect(r).toMatchObject({
      isTaxDeductible: true,
      businessUsePercentage: 0,
      taxCategory: 'D1: Work-related car expenses',
      deductibleAmount: '0.00',
    });
    expect(r.documentationRequired.join(' ')).toMatch(/logbook/i);
    expect(r.warnings.join(' ')).toMatch(/88 cents per km for 2024–25/);
    expect(r.warnings.join(' ')).toMatch(/5,000 work km/);
  });

  it('D1 uses the recorded business-use percentage and the year’s rate', () => {
    const r = one({
      transaction: tx('BP CONNECT NORTHCOTE', '100.00', {
        businessUsePercentage: 40,
        date: '2024-03-01',
      }),
      category: category('AU', 'Work Car Expenses', 'individual'),
    });
    expect(r).toMatchObject({ businessUsePercentage: 40, deductibleAmount: '40.00' });
    expect(r.warnings.join(' ')).toMatch(/85 cents per km for 2023–24/);
  });

  it('D3: protective clothing is deductible, conventional clothing is not', () => {
    const workwear = one({
      transaction: tx('RSEA SAFETY PENRITH', '119.95'),
      category: category('AU', 'Work Clothing & Laundry', 'individual'),
    });
    expect(workwear).toMatchObject({
      isTaxDeductible: true,
      taxCategory: 'D3: Work-related clothing, laundry and dry-cleaning expenses',
    });
    const fashion = one({
      transaction: tx('UNIQLO BROADWAY', '89.90'),
      category: category('AU', 'Work Clothing & Laundry', 'individual'),
    });
    expect(fashion.isTaxDeductible).toBe(false);
    expect(fashion.reasoning).toMatch(/conventional clothing/);
  });

  it('D4 self-education needs a connection to current work', () => {
    const r = one({
      transaction: tx('UDEMY ONLINE COURSES', '24.99'),
      category: category('AU', 'Self-Education', 'individual'),
    });
    expect(r).toMatchObject({
      isTaxDeductible: true,
      taxCategory: 'D4: Work-related self-education expenses',
    });
    expect(r.warnings.join(' ')).toMatch(/new job/);
  });

  it('D5 phone: 50% starting estimate with a 4-week diary warning', () => {
    const r = one({
      transaction: tx('TELSTRA CORP LTD BPAY', '89.00'),
      category: category('AU', 'Phone & Internet', 'individual'),
    });
    expect(r).toMatchObject({
      isTaxDeductible: true,
      businessUsePercentage: 50,
      taxCategory: 'D5: Other work-related expenses',
      deductibleAmount: '44.50',
    });
    expect(r.warnings.join(' ')).toMatch(/4-week diary/);
  });

  it('D5 home office: 70c/hour fixed rate for 2024–25 (67c before), and bills are covered by it', () => {
    const bill = one({
      transaction: tx('AGL SALES PTY LTD', '182.60'),
      category: category('AU', 'Home Office', 'individual'),
    });
    expect(bill.isTaxDeductible).toBe(false);
    expect(bill.reasoning).toMatch(/70c per hour/);
    const older = one({
      transaction: tx('OFFICEWORKS DESK', '249.00', { date: '2023-10-01' }),
      category: category('AU', 'Home Office', 'individual'),
    });
    expect(older.isTaxDeductible).toBe(true);
    expect(older.suggestions.join(' ')).toMatch(/67c per hour/);
  });

  it('D5 tools: in full up to $300, decline in value above', () => {
    const cheap = one({
      transaction: tx('TOTAL TOOLS PENRITH', '189.00'),
      category: category('AU', 'Work Tools & Equipment', 'individual'),
    });
    expect(cheap.reasoning).toMatch(/\$300 or less/);
    const dear = one({
      transaction: tx('TOTAL TOOLS PENRITH', '389.00'),
      category: category('AU', 'Work Tools & Equipment', 'individual'),
    });
    expect(dear.isTaxDeductible).toBe(true);
    expect(dear.warnings.join(' ')).toMatch(/decline in value/);
  });

  it('D5 union fees', () => {
    const r = one({
      transaction: tx('ANMF (VIC BRANCH) DD', '62.00'),
      category: category('AU', 'Work Subscriptions', 'individual'),
    });
    expect(r.reasoning).toMatch(/Union fees/);
  });

  it('D9 gifts: DGR receipts; crowdfunding is not deductible', () => {
    const gift = one({
      transaction: tx('AUSTRALIAN RED CROSS DONATION', '50.00'),
      category: category('AU', 'Gifts & Donations', 'individual'),
    });
    expect(gift).toMatchObject({ isTaxDeductible: true, taxCategory: 'D9: Gifts or donations' });
    expect(gift.documentationRequired.join(' ')).toMatch(/receipt from the DGR/);
    const crowd = one({
      transaction: tx('GOFUNDME SARAH', '50.00'),
      category: category('AU', 'Gifts & Donations', 'individual'),
    });
    expect(crowd.isTaxDeductible).toBe(false);
  });

  it('D10, D12 and D15', () => {
    expect(
      one({
        transaction: tx('H&R BLOCK', '150.00'),
        category: category('AU', 'Tax Agent Fees', 'individual'),
      }).taxCategory,
    ).toBe('D10: Cost of managing tax affairs');
    const superR = one({
      transaction: tx('AUSTRALIANSUPER BPAY', '1000.00'),
      category: category('AU', 'Personal Super Contributions', 'individual'),
    });
    expect(superR.documentationRequired.join(' ')).toMatch(/notice of intent/i);
    expect(superR.warnings.join(' ')).toMatch(/\$30,000 for 2024–25/);
    expect(
      one({
        transaction: tx('TAL LIFE', '64.20'),
        category: category('AU', 'Income Protection Insurance', 'individual'),
      }).taxCategory,
    ).toBe('D15: Other deductions');
  });
});

describe('Australia: the $300 written-evidence limit', () => {
  const cat = category('AU', 'Work Tools & Equipment', 'individual');

  it('work-related claims totalling more than $300 need written evidence', () => {
    const results = analyzeTaxDeductions(
      [
        { transaction: tx('TOTAL TOOLS', '250.00'), category: cat },
        { transaction: tx('SYDNEY TOOLS', '120.00'), category: cat },
      ],
      AU_INDIVIDUAL,
    );
    for (const r of results)
      expect(r.documentationRequired.join(' ')).toMatch(
        /Written evidence .* is required: .*\$370\.00, over the \$300 limit/,
      );
  });

  it('$300 or less does not, and car expenses do not count towards it', () => {
    const results = analyzeTaxDeductions(
      [
        { transaction: tx('TOTAL TOOLS', '120.00'), category: cat },
        {
          transaction: tx('BP CONNECT', '500.00', { businessUsePercentage: 100 }),
          category: category('AU', 'Work Car Expenses', 'individual'),
        },
      ],
      AU_INDIVIDUAL,
    );
    expect(results[0].documentationRequired.join(' ')).toMatch(/not required while .*\$120\.00/);
    expect(results[1].documentationRequired.join(' ')).not.toMatch(/\$300/);
  });
});

describe('Australia: GST credits', () => {
  const office = category('AU', 'Business: Office supplies');

  it('a GST-registered sole trader claims 1/11 of a taxable purchase, with a tax invoice over $82.50', () => {
    const r = one(
      { transaction: tx('OFFICEWORKS 0611', '110.00'), category: office },
      { countryCode: 'AU', businessType: 'sole_trader', gstRegistered: true },
    );
    expect(r).toMatchObject({
      isTaxDeductible: true,
      gstRate: '0.1',
      gstAmount: '10.00',
      gstCredit: '10.00',
      deductibleAmount: '110.00',
    });
    expect(r.documentationRequired.join(' ')).toMatch(/tax invoice/);
  });

  it('the credit follows the business-use share and the recorded GST amount', () => {
    const r = one(
      {
        transaction: tx('OFFICEWORKS 0611', '110.00', {
          businessUsePercentage: 50,
          gstAmount: '9.00',
        }),
        category: office,
      },
      { countryCode: 'AU', businessType: 'business', gstRegistered: true },
    );
    expect(r).toMatchObject({ gstAmount: '9.00', gstCredit: '4.50' });
  });

  it('no credit when not registered (a suggestion instead), and never for individuals', () => {
    const unknown = one(
      { transaction: tx('OFFICEWORKS', '110.00'), category: office },
      { countryCode: 'AU', businessType: 'sole_trader' },
    );
    expect(unknown.gstCredit).toBeUndefined();
    expect(unknown.suggestions.join(' ')).toMatch(/registered for GST.*\$10\.00.*\$75,000/);
    const individual = one(
      {
        transaction: tx('OFFICEWORKS', '110.00'),
        category: category('AU', 'Work Tools & Equipment', 'individual'),
      },
      { countryCode: 'AU', businessType: 'individual', gstRegistered: true },
    );
    expect(individual.gstCredit).toBeUndefined();
    expect(individual.gstAmount).toBeUndefined();
    expect(individual.warnings.join(' ')).toMatch(/Individuals cannot claim GST credits/);
  });

  it('bank fees and wages carry no GST credit', () => {
    const fees = one(
      {
        transaction: tx('MONTHLY ACCOUNT FEE', '10.00'),
        category: category('AU', 'Business: Bank fees & Interest'),
      },
      { countryCode: 'AU', businessType: 'sole_trader', gstRegistered: true },
    );
    expect(fees.isTaxDeductible).toBe(true);
    expect(fees.gstCredit).toBeUndefined();
  });

  it('contractors: ABN and TPAR warnings', () => {
    const r = one(
      {
        transaction: tx('FIVERR', '180.00'),
        category: category('AU', 'Business: Contractors', 'business'),
      },
      { countryCode: 'AU', businessType: 'business', gstRegistered: true },
    );
    expect(r.warnings.join(' ')).toMatch(/47%/);
    expect(r.warnings.join(' ')).toMatch(/TPAR/);
  });
});

describe('the classifier fills in uncategorised transactions', () => {
  it('says so in the reasoning and scales the confidence', () => {
    const cat = {
      ...category('AU', 'Groceries', 'individual'),
      certainty: 0.9,
      classifiedBecause: "Merchant 'Woolworths' is a supermarket or grocer → Groceries",
    };
    const r = one({ transaction: tx('WOOLWORTHS 1234', '50.00'), category: cat });
    expect(r.reasoning).toMatch(/^Classified as Groceries \(90% confident/);
    expect(r.confidence).toBeLessThanOrEqual(0.9);
  });

  it('without any category the answer is not deductible and says why', () => {
    const r = one({ transaction: tx('XYZZY 123', '50.00') });
    expect(r.isTaxDeductible).toBe(false);
    expect(r.warnings.join(' ')).toMatch(/categorise it/);
  });
});

describe('United Kingdom', () => {
  const gbIndividual: TaxProfile = { countryCode: 'GB', businessType: 'individual' };

  it('working from home: £6 a week when the employer requires it', () => {
    const r = one(
      {
        transaction: tx('OCTOPUS ENERGY', '74.50'),
        category: category('GB', 'Household Energy', 'individual'),
      },
      gbIndividual,
    );
    expect(r.isTaxDeductible).toBe(false);
    expect(r.suggestions.join(' ')).toMatch(/£6 a week/);
  });

  it('self-employed: SA103 allowable expenses and VAT for the VAT-registered', () => {
    const r = one(
      {
        transaction: tx('ADOBE PHOTOGRAPHY PLAN', '9.98'),
        category: category('GB', 'Business: Office costs'),
      },
      { countryCode: 'GB', businessType: 'sole_trader', gstRegistered: true },
    );
    expect(r).toMatchObject({
      isTaxDeductible: true,
      taxCategory: 'SA103: Phone, stationery and other office costs',
      gstRate: '0.2',
      gstAmount: '1.66',
    });
    expect(r.reasoning).toMatch(/wholly and exclusively/);
  });

  it('Gift Aid', () => {
    const r = one(
      {
        transaction: tx('CANCER RESEARCH UK', '10.00'),
        category: category('GB', 'Charitable Donations', 'individual'),
      },
      gbIndividual,
    );
    expect(r.reasoning).toMatch(/Gift Aid/);
  });
});

describe('United States', () => {
  it('W-2 employees cannot deduct unreimbursed employee expenses (2018–2025)', () => {
    const r = one(
      {
        transaction: tx('STAPLES 00123', '64.20'),
        category: category('US', 'Shopping', 'individual'),
      },
      { countryCode: 'US', businessType: 'individual' },
    );
    expect(r.isTaxDeductible).toBe(false);
    expect(r.reasoning).toMatch(/2018 through 2025/);
  });

  it('Schedule C: office expense deductible; car needs a mileage log and the year’s rate', () => {
    const profile: TaxProfile = { countryCode: 'US', businessType: 'sole_trader' };
    expect(
      one(
        {
          transaction: tx('STAPLES 00123', '64.20'),
          category: category('US', 'Business: Office expense'),
        },
        profile,
      ),
    ).toMatchObject({
      isTaxDeductible: true,
      taxCategory: 'Schedule C: Line 18 Office expense',
    });
    const car = one(
      {
        transaction: tx('SHELL OIL 57442', '48.00'),
        category: category('US', 'Business: Car & truck'),
      },
      profile,
    );
    expect(car.warnings.join(' ')).toMatch(/70¢ a mile for 2025/);
    expect(car.documentationRequired.join(' ')).toMatch(/mileage log/);
  });

  it('Schedule C: a seller’s marketplace and processing fees are deductible commissions and fees', () => {
    expect(
      one(
        {
          transaction: tx('ETSY SELLER FEES', '12.40'),
          category: category('US', 'Business: Commissions and fees'),
        },
        { countryCode: 'US', businessType: 'sole_trader' },
      ),
    ).toMatchObject({
      isTaxDeductible: true,
      taxCategory: 'Schedule C: Line 10 Commissions and fees',
      deductibleAmount: '12.40',
    });
  });

  it('business meals are 50% deductible', () => {
    const r = one(
      { transaction: tx('CHIPOTLE 2211', '40.00'), category: category('US', 'Business: Meals') },
      { countryCode: 'US', businessType: 'sole_trader' },
    );
    expect(r).toMatchObject({
      isTaxDeductible: true,
      businessUsePercentage: 50,
      deductibleAmount: '20.00',
    });
  });
});

it('other countries fall back to the category flag with a local-rules warning', () => {
  const r = one(
    {
      transaction: tx('SOMETHING', '10.00'),
      category: {
        id: 'x',
        name: 'Work Expenses',
        isTaxDeductible: true,
        taxCategory: 'Employment expenses',
        certainty: 1,
      },
    },
    { countryCode: 'DE', businessType: 'individual' },
  );
  expect(r.isTaxDeductible).toBe(true);
  expect(r.warnings.join(' ')).toMatch(/Rules for DE are not built in/);
});
