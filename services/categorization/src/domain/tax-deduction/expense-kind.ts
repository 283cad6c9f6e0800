import type { ConceptId } from '../classifier/concepts';
import type { AnalysedCategory } from './types';

/**
 * The kind of expense a category stands for, read from the return label the default
 * catalogues give it (AU "D5: …", GB "P87: …"/"SA103: …", US "Schedule C: Line 9 …"), with its
 * name as the fallback for categories the user created or relabelled.
 */
export type ExpenseKind =
  | 'income'
  | 'business_income'
  | 'transfer'
  | 'private'
  | 'car'
  | 'travel'
  | 'clothing'
  | 'self_education'
  | 'phone_internet'
  | 'home_office'
  | 'work_subscription'
  | 'tools_equipment'
  | 'low_value_pool'
  | 'interest_deduction'
  | 'dividend_deduction'
  | 'donation'
  | 'tax_affairs'
  | 'super'
  | 'income_protection'
  | 'other_deduction'
  | 'business_general'
  | 'business_motor'
  | 'business_travel'
  | 'business_meals'
  | 'business_finance'
  | 'business_wages'
  | 'business_contractors'
  | 'business_insurance'
  | 'business_rent'
  | 'medical'
  | 'state_local_tax'
  | 'mortgage_interest'
  | 'student_loan'
  | 'retirement'
  | 'hsa';

const INCOME_NAME =
  /\b(income|salary|salaries|wages received|revenue|sales|dividends?|earnings)\b/i;

function d5Kind(name: string, concept: ConceptId | undefined): ExpenseKind {
  if (/home office|working from home/i.test(name)) return 'home_office';
  if (/phone|internet|mobile|broadband/i.test(name) || concept === 'phone_internet')
    return 'phone_internet';
  if (/subscription|membership|union|dues/i.test(name) || concept === 'memberships')
    return 'work_subscription';
  return 'tools_equipment';
}

export function expenseKind(
  category: AnalysedCategory | undefined,
  concept: ConceptId | undefined,
): ExpenseKind {
  if (!category) return 'private';
  const label = (category.taxCategory ?? '').trim();
  const name = category.name;

  // Australia: individual return labels and the business schedule.
  const d = /^D(\d{1,2})\b/i.exec(label);
  if (d) {
    switch (Number(d[1])) {
      case 1:
        return 'car';
      case 2:
        return 'travel';
      case 3:
        return 'clothing';
      case 4:
        return 'self_education';
      case 5:
        return d5Kind(name, concept);
      case 6:
        return 'low_value_pool';
      case 7:
        return 'interest_deduction';
      case 8:
        return 'dividend_deduction';
      case 9:
        return 'donation';
      case 10:
        return 'tax_affairs';
      case 12:
        return 'super';
      case 15:
        return /income protection/i.test(name) ? 'income_protection' : 'other_deduction';
      default:
        return 'other_deduction';
    }
  }
  if (/^BUSINESS_/i.test(label)) {
    const key = label.toUpperCase();
    if (key === 'BUSINESS_INCOME') return 'business_income';
    if (key === 'BUSINESS_MOTOR_VEHICLE') return 'business_motor';
    if (key === 'BUSINESS_TRAVEL') return 'business_travel';
    if (key === 'BUSINESS_FINANCE') return 'business_finance';
    if (key === 'BUSINESS_WAGES') return 'business_wages';
    if (key === 'BUSINESS_CONTRACTORS') return 'business_contractors';
    if (key === 'BUSINESS_INSURANCE') return 'business_insurance';
    if (key === 'BUSINESS_RENT') return 'business_rent';
    return 'business_general';
  }

  // United Kingdom: P87 (employees), SA100 reliefs, SA103 (self-employment).
  if (/^P87:/i.test(label)) {
    if (/vehicle/i.test(label)) return 'car';
    if (/travel/i.test(label)) return 'travel';
    if (/home/i.test(label)) return 'home_office';
    if (/subscription|professional fees/i.test(label)) return 'work_subscription';
    if (/uniform|clothing/i.test(label))
      return /tool/i.test(name) && !/uniform/i.test(name) ? 'tools_equipment' : 'clothing';
    return 'tools_equipment';
  }
  if (/^SA100:/i.test(label)) return /gift aid|donation/i.test(label) ? 'donation' : 'retirement';
  if (/^SA103:/i.test(label)) {
    if (/turnover/i.test(label)) return 'business_income';
    if (/car, van|travel/i.test(label)) return 'business_motor';
    if (/interest|bank|financial/i.test(label)) return 'business_finance';
    if (/wages|staff/i.test(label)) return 'business_wages';
    if (/subcontract/i.test(label)) return 'business_contractors';
    if (/rent, rates/i.test(label)) return 'business_rent';
    return 'business_general';
  }
  if (/^SA102:/i.test(label)) return 'income';

  // United States: Schedule C, Schedule A, Schedule 1, Form 1040.
  const line = /^Schedule C: Line (\d+\w?)/i.exec(label);
  if (line) {
    switch (line[1].toLowerCase()) {
      case '1':
        return 'business_income';
      case '9':
        return 'business_motor';
      case '11':
        return 'business_contractors';
      case '15':
        return 'business_insurance';
      case '20b':
        return 'business_rent';
      case '24a':
        return 'business_travel';
      case '24b':
        return 'business_meals';
      case '26':
        return 'business_wages';
      default:
        return 'business_general';
    }
  }
  if (/^Schedule A:/i.test(label)) {
    if (/medical/i.test(label)) return 'medical';
    if (/state and local/i.test(label)) return 'state_local_tax';
    if (/mortgage/i.test(label)) return 'mortgage_interest';
    if (/charity|gifts/i.test(label)) return 'donation';
    return 'other_deduction';
  }
  if (/^Schedule 1:/i.test(label)) {
    if (/student loan/i.test(label)) return 'student_loan';
    if (/IRA/i.test(label)) return 'retirement';
    if (/health savings/i.test(label)) return 'hsa';
    return 'other_deduction';
  }
  if (/^Form 1040/i.test(label)) return 'income';

  // Other labels (the generic catalogue, New Zealand, Canada, or the user's own).
  if (/^Business (income|expenses)/i.test(label) || /^Business:/i.test(name)) {
    if (/income|sales/i.test(label + name) && !/expense/i.test(label)) return 'business_income';
    if (/motor|vehicle|car/i.test(label + name)) return 'business_motor';
    if (/travel/i.test(label + name)) return 'business_travel';
    if (/wages|salar/i.test(label + name)) return 'business_wages';
    if (/contract/i.test(label + name)) return 'business_contractors';
    if (/interest|bank/i.test(label + name)) return 'business_finance';
    return 'business_general';
  }
  if (/employment income|salary/i.test(label)) return 'income';
  if (/education/i.test(label)) return 'self_education';
  if (/donation|charit|gift/i.test(label)) return 'donation';
  if (/pension|retirement|kiwisaver|rrsp/i.test(label)) return 'retirement';
  if (/employment expenses|work/i.test(label)) return 'tools_equipment';
  if (category.isTaxDeductible) return 'other_deduction';

  if (/^transfers?$/i.test(name.trim())) return 'transfer';
  if (INCOME_NAME.test(name) && !/protection|insurance|tax|cost|expense/i.test(name))
    return 'income';
  return 'private';
}

/** Kinds claimed by employees at the AU work-related expense labels. */
export const AU_WORK_LABEL: Partial<Record<ExpenseKind, 'D1' | 'D2' | 'D3' | 'D4' | 'D5'>> = {
  car: 'D1',
  travel: 'D2',
  clothing: 'D3',
  self_education: 'D4',
  phone_internet: 'D5',
  home_office: 'D5',
  work_subscription: 'D5',
  tools_equipment: 'D5',
};
