import {
  deduction,
  everyday,
  income,
  moreEveryday,
  Palette as C,
  type CountryCatalogue,
} from './seed';

// Federal GST is 5% (provinces with HST charge more; the rate can be edited per category).
// Zero-rated or exempt (rate 0): basic groceries, medical services, residential rent,
// child care, financial services, donations and wages.
const GST = '0.05';
const NONE = '0';

/**
 * Canada. Personal deductions and credits are labelled with their T1 return line, business
 * expenses with their T2125 line.
 */
export const canada: CountryCatalogue = {
  countryCode: 'CA',
  // prettier-ignore
  personal: [
    everyday('Groceries', 'shopping-cart', C.food, NONE),
    everyday('Dining Out', 'utensils', C.dining, GST),
    everyday('Utilities', 'zap', C.utilities, GST),
    everyday('Rent/Mortgage', 'home', C.housing, NONE),
    everyday('Transport', 'bus', C.transport, GST),
    everyday('Entertainment', 'film', C.leisure, GST),
    everyday('Shopping', 'shopping-bag', C.shopping, GST),
    everyday('Phone & Internet', 'smartphone', C.utilities, GST),
    everyday('Insurance', 'shield', C.insurance, NONE),
    everyday('Bank Fees', 'landmark', C.finance, NONE),
    income('Income/Salary', 'banknote', C.income, NONE, 'T1: Line 10100 Employment income'),
    everyday('Transfers', 'arrow-left-right', C.transfer, NONE),
    // Child care is a deduction below. Prescription drugs are zero-rated, most else at a
    // pharmacy is taxable; tuition is exempt.
    ...moreEveryday({ fuel: GST, parking: GST, travel: GST, pharmacy: GST, fitness: GST, subscriptions: GST, personalCare: GST, clothing: GST, home: GST, pets: GST, education: NONE, gifts: GST, cash: NONE, taxes: NONE }),
    deduction('Medical Expenses', 'heart-pulse', C.health, NONE, 'T1: Line 33099 Medical expenses'),
    deduction('RRSP Contributions', 'piggy-bank', C.savings, NONE, 'T1: Line 20800 RRSP deduction'),
    deduction('Charitable Donations', 'gift', C.giving, NONE, 'T1: Line 34900 Donations and gifts'),
    deduction('Union & Professional Dues', 'id-card', C.work, GST, 'T1: Line 21200 Annual union, professional, or like dues'),
    deduction('Child Care', 'baby', C.health, NONE, 'T1: Line 21400 Child care expenses'),
    deduction('Employment Expenses', 'briefcase', C.work, GST, 'T1: Line 22900 Other employment expenses'),
    deduction('Moving Expenses', 'truck', C.work, GST, 'T1: Line 21900 Moving expenses'),
  ],
  // prettier-ignore
  business: [
    income('Business: Sales income', 'receipt', C.income, GST, 'T2125: Line 8000 Gross sales'),
    deduction('Business: Office expenses', 'paperclip', C.business, GST, 'T2125: Line 8810 Office expenses'),
    deduction('Business: Advertising', 'megaphone', C.business, GST, 'T2125: Line 8521 Advertising'),
    deduction('Business: Meals & Entertainment', 'utensils-crossed', C.business, GST, 'T2125: Line 8523 Meals and entertainment'),
    deduction('Business: Motor vehicle', 'car', C.business, GST, 'T2125: Line 9281 Motor vehicle expenses'),
    deduction('Business: Rent', 'building', C.business, GST, 'T2125: Line 8910 Rent'),
    deduction('Business: Subcontracts', 'users', C.business, GST, 'T2125: Line 8360 Subcontracts'),
    deduction('Business: Professional fees', 'scale', C.business, GST, 'T2125: Line 8860 Professional fees'),
    deduction('Business: Insurance', 'shield-check', C.business, NONE, 'T2125: Line 8690 Insurance'),
    deduction('Business: Interest & Bank charges', 'percent', C.business, NONE, 'T2125: Line 8710 Interest and bank charges'),
    deduction('Business: Taxes, licences & memberships', 'file-badge', C.business, NONE, 'T2125: Line 8760 Business taxes, licences and memberships'),
    deduction('Business: Travel', 'plane-takeoff', C.business, GST, 'T2125: Line 9200 Travel expenses'),
    deduction('Business: Telephone & Utilities', 'phone', C.business, GST, 'T2125: Line 9220 Telephone and utilities'),
    deduction('Business: Salaries & Wages', 'id-card', C.business, NONE, 'T2125: Line 9060 Salaries, wages, and benefits'),
  ],
};
