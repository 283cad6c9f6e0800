import {
  deduction,
  everyday,
  income,
  moreEveryday,
  Palette as C,
  type CountryCatalogue,
} from './seed';

// VAT: standard 20%; reduced 5% on domestic fuel and power; zero-rated food and passenger
// transport; exempt insurance, finance, health care, residential rent, donations and wages.
const VAT = '0.2';
const REDUCED = '0.05';
const NONE = '0';

/**
 * United Kingdom. Employee expenses are labelled with the P87 claim headings, reliefs with
 * the SA100 box, and business expenses with the SA103 self-employment expense boxes.
 */
export const unitedKingdom: CountryCatalogue = {
  countryCode: 'GB',
  // prettier-ignore
  personal: [
    everyday('Groceries', 'shopping-cart', C.food, NONE),
    everyday('Dining Out', 'utensils', C.dining, VAT),
    everyday('Household Energy', 'flame', C.utilities, REDUCED),
    everyday('Water', 'droplet', C.utilities, NONE),
    everyday('Council Tax', 'landmark', C.housing, NONE),
    everyday('Rent/Mortgage', 'home', C.housing, NONE),
    everyday('Transport', 'train', C.transport, NONE),
    everyday('Fuel', 'fuel', C.transport, VAT),
    everyday('Entertainment', 'film', C.leisure, VAT),
    everyday('Health', 'heart-pulse', C.health, NONE),
    everyday('Shopping', 'shopping-bag', C.shopping, VAT),
    everyday('Phone & Internet', 'smartphone', C.utilities, VAT),
    everyday('Insurance', 'shield', C.insurance, NONE),
    everyday('Bank Fees', 'landmark', C.finance, NONE),
    income('Income/Salary', 'banknote', C.income, NONE, 'SA102: Pay from employment'),
    everyday('Transfers', 'arrow-left-right', C.transfer, NONE),
    // Fuel is above; passenger transport, children's clothes and education are zero-rated or
    // exempt, prescriptions zero-rated (the rest of a pharmacy's shelves standard-rated).
    ...moreEveryday({ parking: VAT, travel: NONE, pharmacy: VAT, fitness: VAT, subscriptions: VAT, personalCare: VAT, clothing: VAT, home: VAT, pets: VAT, childcare: NONE, education: NONE, gifts: VAT, cash: NONE, taxes: NONE }),
    deduction('Work Uniforms & Tools', 'shirt', C.work, VAT, 'P87: Uniforms, work clothing and tools'),
    deduction('Work Mileage', 'car', C.work, VAT, 'P87: Vehicles used for work'),
    deduction('Work Travel', 'plane', C.work, VAT, 'P87: Travel and overnight expenses'),
    deduction('Professional Subscriptions', 'newspaper', C.work, NONE, 'P87: Professional fees and subscriptions'),
    deduction('Working From Home', 'monitor', C.work, NONE, 'P87: Working from home'),
    deduction('Charitable Donations', 'gift', C.giving, NONE, 'SA100: Gift Aid payments'),
    deduction('Pension Contributions', 'piggy-bank', C.savings, NONE, 'SA100: Payments to registered pension schemes'),
  ],
  // prettier-ignore
  business: [
    income('Business: Sales income', 'receipt', C.income, VAT, 'SA103: Turnover'),
    deduction('Business: Goods for resale', 'package', C.business, VAT, 'SA103: Cost of goods bought for resale'),
    deduction('Business: Office costs', 'briefcase', C.business, VAT, 'SA103: Phone, stationery and other office costs'),
    deduction('Business: Advertising', 'megaphone', C.business, VAT, 'SA103: Advertising and business entertainment costs'),
    deduction('Business: Car, van and travel', 'truck', C.business, VAT, 'SA103: Car, van and travel expenses'),
    deduction('Business: Premises costs', 'building', C.business, VAT, 'SA103: Rent, rates, power and insurance costs'),
    deduction('Business: Repairs', 'hammer', C.business, VAT, 'SA103: Repairs and maintenance'),
    deduction('Business: Subcontractors', 'users', C.business, VAT, 'SA103: Payments to subcontractors'),
    deduction('Business: Staff costs', 'id-card', C.business, NONE, 'SA103: Wages, salaries and other staff costs'),
    deduction('Business: Professional fees', 'scale', C.business, VAT, 'SA103: Accountancy, legal and other professional fees'),
    deduction('Business: Bank charges', 'landmark', C.business, NONE, 'SA103: Bank, credit card and other financial charges'),
    deduction('Business: Loan interest', 'percent', C.business, NONE, 'SA103: Interest on bank and other loans'),
  ],
};
