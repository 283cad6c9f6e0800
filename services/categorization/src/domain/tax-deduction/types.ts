import type { ConceptId } from '../classifier/concepts';

/** Who the analysis is for. */
export interface TaxProfile {
  countryCode: string;
  /** individual | sole_trader | business */
  businessType: string;
  /** Registered for GST/VAT (only then are GST credits worked out; never for individuals). */
  gstRegistered?: boolean;
}

/** The category a transaction is analysed under (its own, or the classifier's suggestion). */
export interface AnalysedCategory {
  id: string;
  name: string;
  isTaxDeductible: boolean;
  taxCategory: string | null;
  defaultGstRate?: string;
  /** How sure we are the transaction belongs here: 1 when the user chose it. */
  certainty: number;
  /** Set when the classifier chose it: its one-line reason. */
  classifiedBecause?: string;
}

export interface TransactionForTax {
  id: string;
  description: string;
  merchant?: string | null;
  /** Positive decimal string. */
  amount: string;
  type: string;
  /** ISO date or date-time. */
  date: string;
  /** Decimal strings; empty or absent when unknown. */
  gstRate?: string;
  gstAmount?: string;
  gstIncluded?: boolean;
  /** A business-use share the user already recorded (0 when none). */
  businessUsePercentage?: number;
}

/** What the built-in knowledge says the transaction is, regardless of its category. */
export interface Evidence {
  concept?: ConceptId;
  certainty: number;
  merchantName?: string;
}

/** One transaction's verdict before the batch-wide checks (written-evidence threshold). */
export interface Judgement {
  isTaxDeductible: boolean;
  /** 0..100 */
  businessUsePercentage: number;
  /** How sure the rule is, before the category's own certainty is applied (0..1). */
  ruleCertainty: number;
  reasoning: string;
  taxCategory: string;
  documentationRequired: string[];
  warnings: string[];
  suggestions: string[];
  /** The purchase can carry a GST/VAT credit for a registered business (creditable purpose). */
  gstCreditable: boolean;
  /** AU work-related expense label (D1–D5) counted towards the $300 written-evidence limit. */
  workRelated?: 'D1' | 'D2' | 'D3' | 'D4' | 'D5';
  /** Laundry claims have their own $150 limit within the $300 rule. */
  laundry?: boolean;
}

/** SPEC.md's Tax deduction result, plus the amounts behind it. */
export interface TaxDeductionResult {
  id: string;
  isTaxDeductible: boolean;
  businessUsePercentage: number;
  confidence: number;
  reasoning: string;
  taxCategory: string;
  documentationRequired: string[];
  warnings: string[];
  suggestions: string[];
  categoryId: string;
  categoryName: string;
  /** amount × business use, decimal string with two places ("0.00" when not deductible). */
  deductibleAmount: string;
  gstRate?: string;
  gstAmount?: string;
  gstCredit?: string;
}

export interface RuleContext {
  transaction: TransactionForTax;
  category: AnalysedCategory | undefined;
  evidence: Evidence;
  profile: TaxProfile;
  /** The transaction's date as a Date (UTC). */
  date: Date;
}
