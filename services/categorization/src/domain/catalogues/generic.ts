import {
  deduction,
  everyday,
  income,
  moreEveryday,
  Palette as C,
  type CountryCatalogue,
} from './seed';

// Without knowing the country's indirect tax, rates start at 0 and users set their own.
const NONE = '0';

/** Any country without its own catalogue: plain-language tax labels, no rates. */
export const generic: CountryCatalogue = {
  countryCode: '*',
  // prettier-ignore
  personal: [
    everyday('Groceries', 'shopping-cart', C.food, NONE),
    everyday('Dining Out', 'utensils', C.dining, NONE),
    everyday('Utilities', 'zap', C.utilities, NONE),
    everyday('Rent/Mortgage', 'home', C.housing, NONE),
    everyday('Transport', 'bus', C.transport, NONE),
    everyday('Entertainment', 'film', C.leisure, NONE),
    everyday('Health', 'heart-pulse', C.health, NONE),
    everyday('Shopping', 'shopping-bag', C.shopping, NONE),
    everyday('Phone & Internet', 'smartphone', C.utilities, NONE),
    everyday('Insurance', 'shield', C.insurance, NONE),
    everyday('Bank Fees', 'landmark', C.finance, NONE),
    income('Income/Salary', 'banknote', C.income, NONE, 'Employment income'),
    everyday('Transfers', 'arrow-left-right', C.transfer, NONE),
    // Education is a deduction below.
    ...moreEveryday({ fuel: NONE, parking: NONE, travel: NONE, pharmacy: NONE, fitness: NONE, subscriptions: NONE, personalCare: NONE, clothing: NONE, home: NONE, pets: NONE, childcare: NONE, gifts: NONE, cash: NONE, taxes: NONE }),
    deduction('Work Expenses', 'briefcase', C.work, NONE, 'Employment expenses'),
    deduction('Education', 'graduation-cap', C.education, NONE, 'Education expenses'),
    deduction('Charitable Donations', 'gift', C.giving, NONE, 'Donations'),
    deduction('Retirement Contributions', 'piggy-bank', C.savings, NONE, 'Pension contributions'),
  ],
  // prettier-ignore
  business: [
    income('Business: Sales income', 'receipt', C.income, NONE, 'Business income'),
    deduction('Business: Office supplies', 'paperclip', C.business, NONE, 'Business expenses: Office'),
    deduction('Business: Advertising', 'megaphone', C.business, NONE, 'Business expenses: Advertising'),
    deduction('Business: Motor vehicle', 'truck', C.business, NONE, 'Business expenses: Motor vehicle'),
    deduction('Business: Rent', 'building', C.business, NONE, 'Business expenses: Rent'),
    deduction('Business: Contractors', 'users', C.business, NONE, 'Business expenses: Contractors'),
    deduction('Business: Professional fees', 'scale', C.business, NONE, 'Business expenses: Professional fees'),
    deduction('Business: Travel', 'plane-takeoff', C.business, NONE, 'Business expenses: Travel'),
    deduction('Business: Wages', 'id-card', C.business, NONE, 'Business expenses: Wages'),
  ],
};
