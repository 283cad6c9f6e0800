import {
  deduction,
  everyday,
  income,
  moreEveryday,
  Palette as C,
  type CountryCatalogue,
} from './seed';

// GST is 10% on most goods and services. GST-free or input-taxed (rate 0): basic food,
// medical and health services, education courses, financial supplies (interest, bank fees,
// life and income-protection insurance), donations, wages, and residential rent.
const GST = '0.1';
const NONE = '0';

/**
 * Australia. Deductible personal categories carry the label of the individual tax return
 * item they are claimed at (D1–D15), so a tax summary can total them per label.
 */
export const australia: CountryCatalogue = {
  countryCode: 'AU',
  // prettier-ignore
  personal: [
    everyday('Groceries', 'shopping-cart', C.food, NONE),
    everyday('Dining Out', 'utensils', C.dining, GST),
    everyday('Utilities', 'zap', C.utilities, GST),
    everyday('Rent/Mortgage', 'home', C.housing, NONE),
    everyday('Transport', 'bus', C.transport, GST),
    everyday('Entertainment', 'film', C.leisure, GST),
    everyday('Health', 'heart-pulse', C.health, NONE),
    everyday('Shopping', 'shopping-bag', C.shopping, GST),
    everyday('Insurance', 'shield', C.insurance, GST),
    everyday('Bank Fees', 'landmark', C.finance, NONE),
    income('Income/Salary', 'banknote', C.income, NONE, 'Salary or wages'),
    everyday('Transfers', 'arrow-left-right', C.transfer, NONE),
    // Pharmacy is mixed (prescription medicines are GST-free, most else is taxable); childcare
    // is GST-free; international travel is GST-free but most holiday spending is not. Presents
    // are left to Shopping: "Gifts & Donations" (D9) means deductible gifts.
    ...moreEveryday({ fuel: GST, parking: GST, travel: GST, pharmacy: GST, fitness: GST, subscriptions: GST, personalCare: GST, clothing: GST, home: GST, pets: GST, childcare: NONE, cash: NONE, taxes: NONE }),
    deduction('Work Car Expenses', 'car', C.work, GST, 'D1: Work-related car expenses'),
    deduction('Work Travel', 'plane', C.work, GST, 'D2: Work-related travel expenses'),
    deduction('Work Clothing & Laundry', 'shirt', C.work, GST, 'D3: Work-related clothing, laundry and dry-cleaning expenses'),
    deduction('Self-Education', 'graduation-cap', C.education, NONE, 'D4: Work-related self-education expenses'),
    deduction('Work Tools & Equipment', 'wrench', C.work, GST, 'D5: Other work-related expenses'),
    deduction('Phone & Internet', 'smartphone', C.work, GST, 'D5: Other work-related expenses'),
    deduction('Work Subscriptions', 'newspaper', C.work, GST, 'D5: Other work-related expenses'),
    deduction('Home Office', 'monitor', C.work, GST, 'D5: Other work-related expenses'),
    deduction('Low-Value Pool Assets', 'package', C.work, GST, 'D6: Low-value pool deduction'),
    deduction('Interest Earning Costs', 'percent', C.finance, NONE, 'D7: Interest deductions'),
    deduction('Share Investment Costs', 'trending-up', C.finance, NONE, 'D8: Dividend deductions'),
    deduction('Gifts & Donations', 'gift', C.giving, NONE, 'D9: Gifts or donations'),
    deduction('Tax Agent Fees', 'calculator', C.tax, GST, 'D10: Cost of managing tax affairs'),
    deduction('Personal Super Contributions', 'piggy-bank', C.savings, NONE, 'D12: Personal superannuation contributions'),
    deduction('Income Protection Insurance', 'umbrella', C.insurance, NONE, 'D15: Other deductions'),
  ],
  // prettier-ignore
  business: [
    income('Business: Sales income', 'receipt', C.income, GST, 'BUSINESS_INCOME'),
    deduction('Business: Office supplies', 'briefcase', C.business, GST, 'BUSINESS_OFFICE'),
    deduction('Business: Advertising', 'megaphone', C.business, GST, 'BUSINESS_ADVERTISING'),
    deduction('Business: Motor vehicle', 'truck', C.business, GST, 'BUSINESS_MOTOR_VEHICLE'),
    deduction('Business: Rent', 'building', C.business, GST, 'BUSINESS_RENT'),
    deduction('Business: Contractors', 'users', C.business, GST, 'BUSINESS_CONTRACTORS'),
    deduction('Business: Software & Subscriptions', 'cloud', C.business, GST, 'BUSINESS_SOFTWARE'),
    deduction('Business: Travel', 'plane-takeoff', C.business, GST, 'BUSINESS_TRAVEL'),
    deduction('Business: Professional fees', 'scale', C.business, GST, 'BUSINESS_PROFESSIONAL_FEES'),
    deduction('Business: Insurance', 'shield-check', C.business, GST, 'BUSINESS_INSURANCE'),
    deduction('Business: Repairs & Maintenance', 'hammer', C.business, GST, 'BUSINESS_REPAIRS'),
    deduction('Business: Bank fees & Interest', 'landmark', C.business, NONE, 'BUSINESS_FINANCE'),
    deduction('Business: Wages & Super', 'id-card', C.business, NONE, 'BUSINESS_WAGES'),
  ],
};
