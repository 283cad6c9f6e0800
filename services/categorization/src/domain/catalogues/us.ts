import {
  deduction,
  everyday,
  income,
  moreEveryday,
  Palette as C,
  type CountryCatalogue,
} from './seed';

// There is no federal VAT, and state sales tax is not recoverable by the buyer, so every
// default rate is 0 (a user who tracks sales tax can set a rate per category).
const NONE = '0';

/**
 * United States. Itemized deductions are labelled with their Schedule A line, adjustments
 * with Schedule 1, and business expenses with their Schedule C line.
 */
export const unitedStates: CountryCatalogue = {
  countryCode: 'US',
  // prettier-ignore
  personal: [
    everyday('Groceries', 'shopping-cart', C.food, NONE),
    everyday('Dining Out', 'utensils', C.dining, NONE),
    everyday('Utilities', 'zap', C.utilities, NONE),
    everyday('Rent', 'home', C.housing, NONE),
    everyday('Transport', 'bus', C.transport, NONE),
    everyday('Entertainment', 'film', C.leisure, NONE),
    everyday('Shopping', 'shopping-bag', C.shopping, NONE),
    everyday('Phone & Internet', 'smartphone', C.utilities, NONE),
    everyday('Insurance', 'shield', C.insurance, NONE),
    everyday('Bank Fees', 'landmark', C.finance, NONE),
    income('Income/Salary', 'banknote', C.income, NONE, 'Form 1040: Line 1a Wages, salaries, tips'),
    everyday('Transfers', 'arrow-left-right', C.transfer, NONE),
    ...moreEveryday({ fuel: NONE, parking: NONE, travel: NONE, pharmacy: NONE, fitness: NONE, subscriptions: NONE, personalCare: NONE, clothing: NONE, home: NONE, pets: NONE, childcare: NONE, education: NONE, gifts: NONE, cash: NONE, taxes: NONE }),
    deduction('Medical & Dental', 'heart-pulse', C.health, NONE, 'Schedule A: Line 1 Medical and dental expenses'),
    deduction('State & Local Taxes', 'landmark', C.tax, NONE, 'Schedule A: Line 5 State and local taxes'),
    deduction('Mortgage Interest', 'home', C.housing, NONE, 'Schedule A: Line 8 Home mortgage interest'),
    deduction('Charitable Donations', 'gift', C.giving, NONE, 'Schedule A: Line 11 Gifts to charity'),
    deduction('Student Loan Interest', 'graduation-cap', C.education, NONE, 'Schedule 1: Student loan interest deduction'),
    deduction('IRA Contributions', 'piggy-bank', C.savings, NONE, 'Schedule 1: IRA deduction'),
    deduction('HSA Contributions', 'stethoscope', C.health, NONE, 'Schedule 1: Health savings account deduction'),
  ],
  // prettier-ignore
  business: [
    income('Business: Sales income', 'receipt', C.income, NONE, 'Schedule C: Line 1 Gross receipts or sales'),
    deduction('Business: Advertising', 'megaphone', C.business, NONE, 'Schedule C: Line 8 Advertising'),
    deduction('Business: Car & truck', 'truck', C.business, NONE, 'Schedule C: Line 9 Car and truck expenses'),
    // A seller's marketplace and card-processing fees (Etsy, eBay, Stripe, Square, PayPal).
    deduction('Business: Commissions and fees', 'percent', C.business, NONE, 'Schedule C: Line 10 Commissions and fees'),
    deduction('Business: Contract labor', 'users', C.business, NONE, 'Schedule C: Line 11 Contract labor'),
    deduction('Business: Insurance', 'shield-check', C.business, NONE, 'Schedule C: Line 15 Insurance (other than health)'),
    deduction('Business: Interest', 'percent', C.business, NONE, 'Schedule C: Line 16b Interest (other)'),
    deduction('Business: Professional services', 'scale', C.business, NONE, 'Schedule C: Line 17 Legal and professional services'),
    deduction('Business: Office expense', 'briefcase', C.business, NONE, 'Schedule C: Line 18 Office expense'),
    deduction('Business: Rent', 'building', C.business, NONE, 'Schedule C: Line 20b Rent or lease (other business property)'),
    deduction('Business: Repairs', 'hammer', C.business, NONE, 'Schedule C: Line 21 Repairs and maintenance'),
    deduction('Business: Supplies', 'package', C.business, NONE, 'Schedule C: Line 22 Supplies'),
    deduction('Business: Taxes and licenses', 'file-badge', C.business, NONE, 'Schedule C: Line 23 Taxes and licenses'),
    deduction('Business: Travel', 'plane-takeoff', C.business, NONE, 'Schedule C: Line 24a Travel'),
    deduction('Business: Meals', 'utensils-crossed', C.business, NONE, 'Schedule C: Line 24b Deductible meals'),
    deduction('Business: Utilities', 'plug', C.business, NONE, 'Schedule C: Line 25 Utilities'),
    deduction('Business: Wages', 'id-card', C.business, NONE, 'Schedule C: Line 26 Wages'),
    // Dues to professional bodies and unions, and what no other line takes.
    deduction('Business: Other expenses', 'list', C.business, NONE, 'Schedule C: Line 27a Other expenses'),
  ],
};
