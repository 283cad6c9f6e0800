/**
 * The assistant's tool contract: every tool's name, input and structured output, shared by the
 * tool registry (src/tools, which implements each tool over gRPC as the calling user) and the
 * answering engines (src/engine, which only ever see these shapes). Money is a decimal string
 * (two places, sign for direction: negative = money out), dates are YYYY-MM-DD.
 *
 * Changing a shape here is a change to both sides: keep them in step.
 */
export type Money = string;
export type DateISO = string;

export interface Period {
  /** Inclusive, YYYY-MM-DD. */
  from: DateISO;
  /** Inclusive, YYYY-MM-DD. */
  to: DateISO;
}

export interface TransactionSummary {
  id: string;
  date: DateISO;
  description: string;
  merchant: string | null;
  amount: Money;
  type: 'income' | 'expense' | 'transfer';
  categoryId: string | null;
  categoryName: string | null;
  attachments?: { fileName: string; assetUrl: string }[];
}

export interface ToolContract {
  search_transactions: {
    input: Partial<Period> & {
      query?: string;
      categoryId?: string;
      /** 'uncategorized' selects transactions without a category. */
      category?: 'uncategorized';
      type?: 'income' | 'expense';
      minAmount?: Money;
      maxAmount?: Money;
      sort?: 'date_desc' | 'amount_asc' | 'amount_desc';
      limit?: number;
    };
    output: { items: TransactionSummary[]; count: number; total: Money; currency: string };
  };
  get_transaction: { input: { id: string }; output: { transaction: TransactionSummary } };
  spending_summary: {
    input: Period & {
      groupBy: 'category' | 'merchant' | 'month';
      type?: 'income' | 'expense';
      categoryId?: string;
      merchant?: string;
      limit?: number;
    };
    output: {
      period: Period;
      currency: string;
      /** Sum of absolute amounts of the selected type (expense by default). */
      total: Money;
      count: number;
      groups: { key: string; name: string; total: Money; count: number }[];
    };
  };
  cashflow: {
    input: Period & { interval?: 'month' | 'week' };
    output: {
      period: Period;
      currency: string;
      income: Money;
      expenses: Money;
      net: Money;
      buckets: { start: DateISO; income: Money; expenses: Money; net: Money }[];
    };
  };
  create_transaction: {
    input: {
      date: DateISO;
      description: string;
      amount: Money;
      type?: 'income' | 'expense';
      categoryId?: string;
      merchant?: string;
    };
    output: { transaction: TransactionSummary };
  };
  categorize_transaction: {
    input: { transactionId: string; categoryId: string };
    output: { transaction: TransactionSummary };
  };
  classify_transactions: {
    /** Suggests categories (does not write). */
    input: { transactionIds: string[] };
    output: {
      suggestions: {
        transactionId: string;
        categoryId: string | null;
        categoryName: string | null;
        confidence: number;
      }[];
    };
  };
  list_categories: {
    input: Record<string, never>;
    output: { categories: { id: string; name: string; parentId: string | null; type: string }[] };
  };
  create_category: {
    input: { name: string; parentId?: string; type?: 'income' | 'expense' };
    output: { category: { id: string; name: string; parentId: string | null; type: string } };
  };
  list_rules: {
    input: Record<string, never>;
    output: {
      rules: { id: string; name: string; categoryId: string | null; conditions: unknown }[];
    };
  };
  create_rule: {
    input: { name: string; contains: string; categoryId: string };
    output: { rule: { id: string; name: string; categoryId: string | null; conditions: unknown } };
  };
  bills_due: {
    input: { days?: number };
    output: {
      bills: { id: string; name: string; amount: Money; dueDate: DateISO; status: string }[];
      total: Money;
      currency: string;
    };
  };
  bill_patterns: {
    input: Record<string, never>;
    output: {
      patterns: {
        merchant: string;
        amount: Money;
        frequency: string;
        nextDate: DateISO | null;
        confidence: number;
      }[];
    };
  };
  gst_calculate: {
    input: { amount: Money; inclusive?: boolean; countryCode?: string };
    output: { countryCode: string; rate: string; net: Money; gst: Money; gross: Money };
  };
  gst_report: {
    input: Period;
    output: {
      period: Period;
      countryCode: string;
      gstCollected: Money;
      gstPaid: Money;
      netGst: Money;
    };
  };
  deductions_report: {
    input: Period;
    output: {
      period: Period;
      total: Money;
      count: number;
      byCategory: { name: string; total: Money; count: number }[];
    };
  };
  analyze_deduction: {
    input: { transactionId?: string; description?: string; amount?: Money };
    output: {
      isTaxDeductible: boolean;
      businessUsePercentage: number;
      confidence: number;
      reasoning: string;
      taxCategory: string;
    };
  };
  analyze_receipt: {
    input: { assetUrl: string };
    output: {
      extracted: {
        merchant: string | null;
        dateISO: DateISO | null;
        currency: string | null;
        total: Money | null;
        tax: Money | null;
        tip: Money | null;
        lineItems: { description: string; amount: Money | null }[];
      };
      candidates: {
        id: string;
        entityType: 'transaction' | 'expense';
        date: DateISO;
        amount: Money;
        score: number;
      }[];
    };
  };
  list_expenses: {
    input: Partial<Period> & { limit?: number };
    output: {
      expenses: {
        id: string;
        date: DateISO;
        description: string;
        amount: Money;
        categoryName: string | null;
      }[];
      total: Money;
      count: number;
    };
  };
  create_expense: {
    input: {
      date: DateISO;
      description: string;
      amount: Money;
      categoryId?: string;
      assetUrl?: string;
    };
    output: { expense: { id: string; date: DateISO; description: string; amount: Money } };
  };
}

export type ToolName = keyof ToolContract;
export type ToolInput<N extends ToolName> = ToolContract[N]['input'];
export type ToolOutput<N extends ToolName> = ToolContract[N]['output'];

/** Tools that write: never called without the user's confirmation, never from injected text. */
export const WRITING_TOOLS: readonly ToolName[] = [
  'create_transaction',
  'categorize_transaction',
  'create_category',
  'create_rule',
  'create_expense',
];

/** How an engine calls a tool: as the calling user, through the registry. */
export interface ToolCaller {
  call<N extends ToolName>(name: N, input: ToolInput<N>): Promise<ToolOutput<N>>;
}
