/**
 * What a transaction is, independent of anyone's category names: "a supermarket", "a
 * service station". The knowledge base labels merchants and keywords with these concepts;
 * each concept then maps to the category a user of a given country and business type has for
 * it (the default catalogues' names, tried in order, so one list serves AU, GB, US, NZ, CA and
 * the generic catalogue: the first name the user actually has wins).
 */
export type Direction = 'expense' | 'income' | 'either';

export interface Concept {
  /** Completes "… is …" in a reasoning line. */
  describe: string;
  direction: Direction;
  /** Category names for individuals (and the fallback for everyone). */
  personal: readonly string[];
  /** Tried first for businesses (and sole traders unless soleTrader is given). */
  business?: readonly string[];
  soleTrader?: readonly string[];
  /** The concept this one becomes when the money flows the other way (wages paid ↔ received). */
  onDebit?: string;
  onCredit?: string;
  /**
   * Never filed in a category the user marks tax-deductible: a birthday present is no gift to
   * a charity (Australia's "Gifts & Donations", ATO D9), whatever the category's name says.
   */
  neverDeductible?: true;
}

const OFFICE_BUSINESS = [
  'Business: Office supplies',
  'Business: Office expense',
  'Business: Office costs',
  'Business: Office expenses',
];
const MOTOR_BUSINESS = [
  'Business: Motor vehicle',
  'Business: Car & truck',
  'Business: Car, van and travel',
];
const TRAVEL_BUSINESS = ['Business: Travel', 'Business: Car, van and travel'];
const REPAIRS_BUSINESS = ['Business: Repairs & Maintenance', 'Business: Repairs'];
const PROFESSIONAL_BUSINESS = ['Business: Professional fees', 'Business: Professional services'];
const BANK_BUSINESS = [
  'Business: Bank fees & Interest',
  'Business: Bank charges',
  'Business: Interest & Bank charges',
  // Before a bare interest category: a US business's bank fees are Schedule C's fees, not interest.
  'Business: Commissions and fees',
  'Business: Interest',
];
const WORK_EXPENSES = ['Work Expenses', 'Employment Expenses'];
const RETIREMENT = [
  'Personal Super Contributions',
  'Pension Contributions',
  'IRA Contributions',
  'KiwiSaver',
  'RRSP Contributions',
  'Retirement Contributions',
];
const DONATIONS = ['Gifts & Donations', 'Charitable Donations', 'Donations'];

// prettier-ignore
export const CONCEPTS = {
  groceries: { describe: 'a supermarket or grocer', direction: 'expense', personal: ['Groceries'] },
  dining: { describe: 'a café, restaurant or takeaway', direction: 'expense', personal: ['Dining Out'] },
  bar: { describe: 'a pub or bar', direction: 'expense', personal: ['Dining Out', 'Entertainment'] },
  food_delivery: { describe: 'a food-delivery service', direction: 'expense', personal: ['Dining Out'] },
  alcohol: { describe: 'a bottle shop or tobacconist', direction: 'expense', personal: ['Entertainment', 'Groceries'] },
  fuel: { describe: 'a service station', direction: 'expense', personal: ['Fuel', 'Transport'], business: MOTOR_BUSINESS },
  public_transport: { describe: 'public transport', direction: 'expense', personal: ['Transport'] },
  rideshare: { describe: 'a ride-share, taxi or scooter service', direction: 'expense', personal: ['Transport'], business: TRAVEL_BUSINESS },
  parking_tolls: { describe: 'parking or road tolls', direction: 'expense', personal: ['Parking & Tolls', 'Transport'], business: MOTOR_BUSINESS },
  car_service: { describe: 'car servicing, tyres and parts', direction: 'expense', personal: ['Transport', 'Fuel'], business: MOTOR_BUSINESS },
  car_rental: { describe: 'a car or van hire', direction: 'expense', personal: ['Travel & Holidays', 'Transport'], business: [...TRAVEL_BUSINESS, ...MOTOR_BUSINESS] },
  car_registration: { describe: 'vehicle registration', direction: 'expense', personal: ['Transport'], business: MOTOR_BUSINESS },
  airline: { describe: 'an airline or flight booking', direction: 'expense', personal: ['Travel & Holidays', 'Transport'], business: TRAVEL_BUSINESS },
  accommodation: { describe: 'accommodation', direction: 'expense', personal: ['Travel & Holidays', 'Entertainment'], business: TRAVEL_BUSINESS },
  streaming: { describe: 'a streaming or media subscription', direction: 'expense', personal: ['Subscriptions & Streaming', 'Entertainment'] },
  entertainment: { describe: 'entertainment (cinema, events, games)', direction: 'expense', personal: ['Entertainment'] },
  gambling: { describe: 'betting or a lottery', direction: 'expense', personal: ['Entertainment'] },
  gym: { describe: 'a gym or fitness studio', direction: 'expense', personal: ['Fitness & Sport', 'Health', 'Entertainment'] },
  pharmacy: { describe: 'a pharmacy', direction: 'expense', personal: ['Pharmacy', 'Health', 'Medical & Dental', 'Medical Expenses'] },
  medical: { describe: 'a medical, dental or optical provider', direction: 'expense', personal: ['Health', 'Medical & Dental', 'Medical Expenses'] },
  health_insurance: { describe: 'a health insurer', direction: 'expense', personal: ['Insurance', 'Health'] },
  insurance: { describe: 'an insurer', direction: 'expense', personal: ['Insurance'] },
  income_protection: { describe: 'income-protection insurance', direction: 'expense', personal: ['Income Protection Insurance', 'Insurance'] },
  business_insurance: { describe: 'business insurance', direction: 'expense', personal: ['Insurance'], business: ['Business: Insurance', 'Business: Premises costs'] },
  energy: { describe: 'an energy retailer', direction: 'expense', personal: ['Household Energy', 'Utilities'] },
  water: { describe: 'a water utility', direction: 'expense', personal: ['Water', 'Utilities'] },
  // Monarch's "Garbage" beside "Water" and "Gas & Electric".
  // Where no category says utilities (the UK's defaults, where the council's collection is in
  // the council tax), a skip or a private collection is the home's.
  waste: { describe: 'a waste or recycling collection', direction: 'expense', personal: ['Utilities', 'Home & Garden'], business: ['Business: Telephone & Utilities'] },
  owners_fees: { describe: "a homeowners' association, strata or owners' corporation levy", direction: 'expense', personal: ['Utilities', 'Rent/Mortgage', 'Home & Garden'] },
  council_rates: { describe: 'council rates or property tax', direction: 'expense', personal: ['Council Tax', 'State & Local Taxes', 'Utilities', 'Rent/Mortgage'] },
  phone_internet: { describe: 'a phone or internet provider', direction: 'expense', personal: ['Phone & Internet', 'Utilities'], business: ['Business: Telephone & Utilities'] },
  rent: { describe: 'rent', direction: 'expense', personal: ['Rent/Mortgage', 'Rent'] },
  mortgage: { describe: 'a home-loan repayment', direction: 'expense', personal: ['Rent/Mortgage', 'Mortgage Interest', 'Rent'] },
  coworking: { describe: 'a coworking or office space', direction: 'expense', personal: ['Home Office', 'Working From Home', ...WORK_EXPENSES], business: ['Business: Rent', 'Business: Premises costs'] },
  bank_fee: { describe: 'a bank fee', direction: 'expense', personal: ['Bank Fees'], business: BANK_BUSINESS },
  interest_charge: { describe: 'interest charged', direction: 'expense', personal: ['Bank Fees'], business: ['Business: Bank fees & Interest', 'Business: Loan interest', 'Business: Interest & Bank charges', 'Business: Interest'], onCredit: 'interest_income' },
  interest_income: { describe: 'interest or dividends earned', direction: 'income', personal: ['Income/Salary'], onDebit: 'interest_charge' },
  salary: { describe: 'salary, wages or benefits', direction: 'income', personal: ['Income/Salary'], onDebit: 'wages' },
  sales_income: { describe: 'customer payments or a payment-processor payout', direction: 'income', personal: ['Income/Salary'], business: ['Business: Sales income'] },
  transfer: { describe: 'a transfer between accounts or people', direction: 'either', personal: ['Transfers'] },
  // A paper cheque's line names no payee ("CHECK 1234"): no default category is right for it, so
  // it says none (the user's own labels, or a "Cash & Checks" category, still answer).
  cheque: { describe: 'a paper cheque, which does not say what it paid for', direction: 'either', personal: [], onCredit: 'cheque_deposit' },
  // A cheque paid in says no more who paid or for what; where the user has no category for
  // cheques, a general income category ("Income", "Other Income") is where it is money in. A
  // default income category keeps its tax meaning: "Income/Salary" is wages and "Business:
  // Sales income" gross receipts, so none is taken (nor "Income Protection Insurance").
  cheque_deposit: { describe: 'a cheque paid in, which does not say who paid or for what', direction: 'income', personal: [] },
  cash_withdrawal: { describe: 'a cash withdrawal', direction: 'either', personal: ['Cash Withdrawals', 'Transfers'] },
  // Cash paid in at a machine or a counter: the user's own money moved to the bank, not a
  // withdrawal (a withdrawal reversed, "ATM WITHDRAWAL REVERSAL", stays a withdrawal's).
  cash_deposit: { describe: 'cash paid in', direction: 'income', personal: ['Transfers'] },
  card_repayment: { describe: 'a credit-card repayment', direction: 'either', personal: ['Transfers'] },
  tax_payment: { describe: 'a payment to or refund from the tax office', direction: 'either', personal: ['Taxes', 'Transfers'] },
  state_tax: { describe: 'state or local tax', direction: 'expense', personal: ['State & Local Taxes', 'Taxes', 'Transfers'], business: ['Business: Taxes and licenses', 'Business: Taxes, licences & memberships'], soleTrader: [] },
  shopping: { describe: 'a general retailer', direction: 'expense', personal: ['Shopping'] },
  clothing: { describe: 'a clothing and footwear retailer', direction: 'expense', personal: ['Clothing', 'Shopping'] },
  electronics: { describe: 'an electronics retailer', direction: 'expense', personal: ['Shopping'], business: OFFICE_BUSINESS },
  storage: { describe: 'a self-storage unit, a removals firm or a moving truck', direction: 'expense', personal: ['Home & Garden', 'Rent/Mortgage', 'Rent', 'Shopping'], business: ['Business: Rent', 'Business: Premises costs'] },
  hardware: { describe: 'a hardware, trade or home-maintenance supplier', direction: 'expense', personal: ['Home & Garden', 'Shopping'], business: REPAIRS_BUSINESS },
  office_supplies: { describe: 'an office-supplies retailer', direction: 'expense', personal: ['Work Tools & Equipment', ...WORK_EXPENSES, 'Shopping'], business: OFFICE_BUSINESS },
  software: { describe: 'software or an online service', direction: 'expense', personal: ['Work Subscriptions', ...WORK_EXPENSES, 'Subscriptions & Streaming', 'Shopping'], business: ['Business: Software & Subscriptions', ...OFFICE_BUSINESS] },
  advertising: { describe: 'advertising or marketing', direction: 'expense', personal: ['Shopping'], business: ['Business: Advertising'] },
  contractors: { describe: 'a freelancer marketplace, contractor or staffing agency', direction: 'expense', personal: ['Shopping'], business: ['Business: Contractors', 'Business: Subcontractors', 'Business: Contract labor', 'Business: Subcontracts'], onCredit: 'sales_income' },
  professional_fees: { describe: 'legal, accounting or consulting services', direction: 'expense', personal: ['Shopping'], business: PROFESSIONAL_BUSINESS },
  tax_agent: { describe: 'a tax agent or tax-return service', direction: 'expense', personal: ['Tax Agent Fees', 'Shopping'], business: PROFESSIONAL_BUSINESS, soleTrader: ['Tax Agent Fees', ...PROFESSIONAL_BUSINESS] },
  postage: { describe: 'postage or courier', direction: 'expense', personal: ['Shopping'], business: OFFICE_BUSINESS },
  education: { describe: 'a course or education provider', direction: 'expense', personal: ['Self-Education', 'Education', 'Shopping'] },
  // A car or personal loan (Mint's "Auto Payment", Monarch's "Loan Repayment"): no transfer
  // between the user's own accounts, which is where the default categories leave it.
  loan_repayment: { describe: 'a loan repayment', direction: 'expense', personal: ['Transfers'] },
  student_loan: { describe: 'a student-loan servicer', direction: 'expense', personal: ['Student Loan Interest', 'Transfers'] },
  memberships: { describe: 'a union or professional body', direction: 'expense', personal: ['Work Subscriptions', 'Professional Subscriptions', 'Union & Professional Dues', ...WORK_EXPENSES, 'Shopping'], business: ['Business: Other expenses', 'Business: Taxes, licences & memberships'] },
  work_clothing: { describe: 'workwear, uniforms or safety gear', direction: 'expense', personal: ['Work Clothing & Laundry', 'Work Uniforms & Tools', ...WORK_EXPENSES, 'Shopping'] },
  tools: { describe: 'a tool supplier', direction: 'expense', personal: ['Work Tools & Equipment', 'Work Uniforms & Tools', ...WORK_EXPENSES, 'Shopping'], business: ['Work Tools & Equipment', 'Work Uniforms & Tools', 'Business: Supplies', ...REPAIRS_BUSINESS] },
  home_office: { describe: 'home-office equipment', direction: 'expense', personal: ['Home Office', 'Working From Home', ...WORK_EXPENSES, 'Shopping'], business: OFFICE_BUSINESS },
  donations: { describe: 'a charity', direction: 'expense', personal: DONATIONS },
  // A present bought or given ("BIRTHDAY GIFT", "GIFT FROM MOM"): the Gifts category of the
  // defaults and the budgeting apps, where the word took a shop's Shopping before.
  gifts: { describe: 'a gift', direction: 'either', personal: ['Gifts', 'Gifts & Donations', 'Shopping'], neverDeductible: true },
  // A fundraiser for a person (a funeral, a medical bill) is a gift, not a deductible donation.
  crowdfunding: { describe: 'a crowdfunding platform', direction: 'expense', personal: ['Gifts', ...DONATIONS, 'Transfers'], neverDeductible: true },
  super: { describe: 'a superannuation fund', direction: 'expense', personal: [...RETIREMENT, 'Transfers'], business: ['Business: Wages & Super'], soleTrader: [] },
  pension: { describe: 'a pension provider', direction: 'expense', personal: ['Pension Contributions', ...RETIREMENT, 'Transfers'], onCredit: 'salary' },
  ira: { describe: 'an IRA contribution', direction: 'expense', personal: ['IRA Contributions', ...RETIREMENT, 'Transfers'] },
  hsa: { describe: 'a health savings account', direction: 'expense', personal: ['HSA Contributions', 'Medical & Dental', 'Health', 'Transfers'] },
  investment_costs: { describe: 'an investment cost (advice, platform or margin-loan interest)', direction: 'expense', personal: ['Share Investment Costs', 'Interest Earning Costs', 'Bank Fees'] },
  share_trading: { describe: 'a share or crypto trade', direction: 'either', personal: ['Transfers'] },
  wages: { describe: 'payroll paid to staff', direction: 'expense', personal: ['Transfers'], business: ['Business: Wages & Super', 'Business: Staff costs', 'Business: Wages', 'Business: Salaries & Wages'], onCredit: 'salary' },
  pets: { describe: 'a pet store or vet', direction: 'expense', personal: ['Pets', 'Shopping'] },
  personal_care: { describe: 'personal care or beauty', direction: 'expense', personal: ['Personal Care', 'Shopping', 'Health'] },
  fines: { describe: 'a fine or penalty', direction: 'expense', personal: ['Transport', 'Bank Fees'] },
  books: { describe: 'a bookshop or newsagent', direction: 'expense', personal: ['Shopping'] },
  furniture: { describe: 'a furniture or homewares store', direction: 'expense', personal: ['Home & Garden', 'Shopping'] },
  childcare: { describe: 'childcare', direction: 'expense', personal: ['Child Care', 'Kids & Childcare', 'Shopping'] },
  dry_cleaning: { describe: 'dry cleaning or laundry', direction: 'expense', personal: ['Shopping'] },
} satisfies Record<string, Concept>;

export type ConceptId = keyof typeof CONCEPTS;

export const CONCEPT_IDS = Object.keys(CONCEPTS) as ConceptId[];

export function conceptOf(id: ConceptId): Concept {
  return CONCEPTS[id];
}

/** The concept a money direction turns this one into (payroll debited is wages paid). */
export function forDirection(id: ConceptId, type: string | undefined): ConceptId {
  const concept: Concept = CONCEPTS[id];
  if (type === 'credit' && concept.onCredit) return concept.onCredit as ConceptId;
  if (type === 'debit' && concept.onDebit) return concept.onDebit as ConceptId;
  return id;
}

/** The category names to try, best first, for a user of this business type. */
export function categoryNamesFor(id: ConceptId, businessType: string): readonly string[] {
  const concept: Concept = CONCEPTS[id];
  if (businessType === 'sole_trader') {
    return [...(concept.soleTrader ?? concept.business ?? []), ...concept.personal];
  }
  if (businessType === 'business') return [...(concept.business ?? []), ...concept.personal];
  return concept.personal;
}
