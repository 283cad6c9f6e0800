import {
  deduction,
  everyday,
  income,
  moreEveryday,
  Palette as C,
  type CountryCatalogue,
} from './seed';

// GST is 15% on almost everything, food included. Exempt (rate 0): financial services,
// residential rent, donations and wages.
const GST = '0.15';
const NONE = '0';

/**
 * New Zealand. Employees cannot claim work expenses, so personal deductions are few:
 * donations (tax credit), income protection and tax agent fees. Business expenses use the
 * IR10 financial statement headings.
 */
export const newZealand: CountryCatalogue = {
  countryCode: 'NZ',
  // prettier-ignore
  personal: [
    everyday('Groceries', 'shopping-cart', C.food, GST),
    everyday('Dining Out', 'utensils', C.dining, GST),
    everyday('Utilities', 'zap', C.utilities, GST),
    everyday('Rent/Mortgage', 'home', C.housing, NONE),
    everyday('Transport', 'bus', C.transport, GST),
    everyday('Entertainment', 'film', C.leisure, GST),
    everyday('Health', 'heart-pulse', C.health, GST),
    everyday('Shopping', 'shopping-bag', C.shopping, GST),
    everyday('Phone & Internet', 'smartphone', C.utilities, GST),
    everyday('Insurance', 'shield', C.insurance, GST),
    everyday('Bank Fees', 'landmark', C.finance, NONE),
    income('Income/Salary', 'banknote', C.income, NONE, 'IR3: Salary and wages'),
    everyday('Transfers', 'arrow-left-right', C.transfer, NONE),
    ...moreEveryday({ fuel: GST, parking: GST, travel: GST, pharmacy: GST, fitness: GST, subscriptions: GST, personalCare: GST, clothing: GST, home: GST, pets: GST, childcare: GST, education: GST, gifts: GST, cash: NONE, taxes: NONE }),
    everyday('KiwiSaver', 'piggy-bank', C.savings, NONE),
    deduction('Donations', 'gift', C.giving, NONE, 'IR526: Donation tax credit'),
    deduction('Income Protection Insurance', 'umbrella', C.insurance, NONE, 'IR3: Income protection premiums'),
    deduction('Tax Agent Fees', 'calculator', C.tax, GST, 'IR3: Tax agent fees'),
    deduction('Rental Property Expenses', 'key', C.housing, GST, 'IR3R: Residential rental expenses'),
  ],
  // prettier-ignore
  business: [
    income('Business: Sales income', 'receipt', C.income, GST, 'IR10: Sales and/or services'),
    deduction('Business: Office expenses', 'briefcase', C.business, GST, 'IR10: Other expenses (office)'),
    deduction('Business: Advertising', 'megaphone', C.business, GST, 'IR10: Advertising'),
    deduction('Business: Motor vehicle', 'truck', C.business, GST, 'IR10: Vehicle expenses'),
    deduction('Business: Rent', 'building', C.business, GST, 'IR10: Rent'),
    deduction('Business: Contractors', 'users', C.business, GST, 'IR10: Contractors and subcontractors'),
    deduction('Business: Professional fees', 'scale', C.business, GST, 'IR10: Accounting and legal fees'),
    deduction('Business: Insurance', 'shield-check', C.business, GST, 'IR10: Insurance'),
    deduction('Business: Repairs & Maintenance', 'hammer', C.business, GST, 'IR10: Repairs and maintenance'),
    deduction('Business: Interest', 'percent', C.business, NONE, 'IR10: Interest expense'),
    deduction('Business: Wages', 'id-card', C.business, NONE, 'IR10: Salaries and wages paid to employees'),
  ],
};
