import type {
  ToolCaller,
  ToolInput,
  ToolName,
  ToolOutput,
  TransactionSummary,
} from '../../src/tools/contract';

/**
 * An in-memory user behind the tool contract, for the offline engine's tests and evaluation:
 * sums in integer cents, the same filters as the registry's tools. Every call is recorded.
 */
export interface FakeData {
  categories: { id: string; name: string; parentId: string | null; type: string }[];
  transactions: TransactionSummary[];
}

const cents = (s: string) => Math.round(Number(s) * 100);
const text = (c: number) => (c / 100).toFixed(2);

export class FakeTools implements ToolCaller {
  readonly calls: { name: ToolName; input: unknown }[] = [];
  constructor(readonly data: FakeData) {}

  private select(input: {
    from?: string;
    to?: string;
    categoryId?: string;
    category?: 'uncategorized';
    query?: string;
    type?: 'income' | 'expense';
  }): TransactionSummary[] {
    return this.data.transactions.filter(
      (t) =>
        (!input.from || t.date >= input.from) &&
        (!input.to || t.date <= input.to) &&
        (!input.categoryId || t.categoryId === input.categoryId) &&
        (input.category !== 'uncategorized' || t.categoryId === null) &&
        (!input.type || t.type === input.type) &&
        (!input.query ||
          `${t.description} ${t.merchant ?? ''}`.toLowerCase().includes(input.query.toLowerCase())),
    );
  }

  async call<N extends ToolName>(name: N, input: ToolInput<N>): Promise<ToolOutput<N>> {
    this.calls.push({ name, input });
    return this.run(name, input as never) as Promise<ToolOutput<N>>;
  }

  private async run(name: ToolName, input: Record<string, unknown>): Promise<unknown> {
    const catName = (id: string | null) =>
      this.data.categories.find((c) => c.id === id)?.name ?? null;
    switch (name) {
      case 'list_categories':
        return { categories: this.data.categories };
      case 'spending_summary': {
        const i = input as unknown as ToolInput<'spending_summary'>;
        const rows = this.select({
          from: i.from,
          to: i.to,
          categoryId: i.categoryId,
          query: i.merchant,
          type: i.type ?? 'expense',
        });
        const groups = new Map<string, { key: string; name: string; c: number; count: number }>();
        let total = 0;
        for (const t of rows) {
          const c = Math.abs(cents(t.amount));
          total += c;
          const key =
            i.groupBy === 'category'
              ? (t.categoryId ?? 'uncategorized')
              : i.groupBy === 'merchant'
                ? (t.merchant ?? t.description).toLowerCase()
                : t.date.slice(0, 7);
          const name =
            i.groupBy === 'category'
              ? (catName(t.categoryId) ?? 'Uncategorized')
              : i.groupBy === 'merchant'
                ? (t.merchant ?? t.description)
                : key;
          const g = groups.get(key) ?? { key, name, c: 0, count: 0 };
          g.c += c;
          g.count += 1;
          groups.set(key, g);
        }
        const ordered = [...groups.values()].sort((a, b) => b.c - a.c).slice(0, i.limit ?? 1000);
        return {
          period: { from: i.from, to: i.to },
          currency: 'AUD',
          total: text(total),
          count: rows.length,
          groups: ordered.map((g) => ({
            key: g.key,
            name: g.name,
            total: text(g.c),
            count: g.count,
          })),
        };
      }
      case 'search_transactions': {
        const i = input as unknown as ToolInput<'search_transactions'>;
        const rows = this.select(i);
        const sorted = [...rows].sort((a, b) =>
          i.sort === 'amount_asc'
            ? cents(a.amount) - cents(b.amount)
            : i.sort === 'amount_desc'
              ? cents(b.amount) - cents(a.amount)
              : b.date.localeCompare(a.date),
        );
        return {
          items: sorted.slice(0, i.limit ?? 50),
          count: rows.length,
          total: text(rows.reduce((s, t) => s + cents(t.amount), 0)),
          currency: 'AUD',
        };
      }
      case 'cashflow': {
        const i = input as unknown as ToolInput<'cashflow'>;
        const rows = this.select(i);
        const income = rows
          .filter((t) => t.type === 'income')
          .reduce((s, t) => s + cents(t.amount), 0);
        const spent = rows
          .filter((t) => t.type === 'expense')
          .reduce((s, t) => s - cents(t.amount), 0);
        return {
          period: i,
          currency: 'AUD',
          income: text(income),
          expenses: text(spent),
          net: text(income - spent),
          buckets: [],
        };
      }
      case 'gst_calculate': {
        const i = input as unknown as ToolInput<'gst_calculate'>;
        const c = cents(i.amount);
        const gross = i.inclusive === false ? Math.round(c * 1.1) : c;
        const net = i.inclusive === false ? c : Math.round(c / 1.1);
        return {
          countryCode: 'AU',
          rate: '0.1',
          net: text(net),
          gst: text(gross - net),
          gross: text(gross),
        };
      }
      case 'gst_report':
        return {
          period: input,
          countryCode: 'AU',
          gstCollected: '450.00',
          gstPaid: '120.50',
          netGst: '329.50',
        };
      case 'deductions_report':
        return {
          period: input,
          total: '1234.50',
          count: 7,
          byCategory: [{ name: 'Office supplies', total: '1234.50', count: 7 }],
        };
      case 'analyze_deduction':
        return {
          isTaxDeductible: true,
          businessUsePercentage: 100,
          confidence: 0.8,
          reasoning: 'work equipment is deductible',
          taxCategory: 'Work equipment',
        };
      case 'bills_due':
        return {
          bills: [
            {
              id: 'b1',
              name: 'Electricity',
              amount: '180.00',
              dueDate: '2026-12-01',
              status: 'pending',
            },
          ],
          total: '180.00',
          currency: 'AUD',
        };
      case 'bill_patterns':
        return {
          patterns: [
            {
              merchant: 'Netflix',
              amount: '-22.99',
              frequency: 'monthly',
              nextDate: '2026-12-03',
              confidence: 0.9,
            },
          ],
        };
      case 'classify_transactions': {
        const i = input as unknown as ToolInput<'classify_transactions'>;
        const groceries = this.data.categories.find((c) => /grocer/i.test(c.name))!;
        return {
          suggestions: i.transactionIds.map((id) => ({
            transactionId: id,
            categoryId: groceries.id,
            categoryName: groceries.name,
            confidence: 0.9,
          })),
        };
      }
      case 'categorize_transaction': {
        const i = input as unknown as ToolInput<'categorize_transaction'>;
        const t = this.data.transactions.find((x) => x.id === i.transactionId)!;
        t.categoryId = i.categoryId;
        return { transaction: t };
      }
      case 'create_transaction': {
        const i = input as unknown as ToolInput<'create_transaction'>;
        const t: TransactionSummary = {
          id: `t${this.data.transactions.length + 1}`,
          date: i.date,
          description: i.description,
          merchant: null,
          amount: i.type === 'income' ? i.amount : `-${i.amount.replace(/^-/, '')}`,
          type: i.type ?? 'expense',
          categoryId: i.categoryId ?? null,
          categoryName: catName(i.categoryId ?? null),
        };
        this.data.transactions.push(t);
        return { transaction: t };
      }
      case 'create_expense': {
        const i = input as unknown as ToolInput<'create_expense'>;
        return {
          expense: { id: 'e1', date: i.date, description: i.description, amount: i.amount },
        };
      }
      case 'create_category': {
        const i = input as unknown as ToolInput<'create_category'>;
        const c = {
          id: `c${this.data.categories.length + 1}`,
          name: i.name,
          parentId: null,
          type: 'expense',
        };
        this.data.categories.push(c);
        return { category: c };
      }
      case 'create_rule': {
        const i = input as unknown as ToolInput<'create_rule'>;
        return { rule: { id: 'r1', name: i.name, categoryId: i.categoryId, conditions: {} } };
      }
      case 'list_rules':
        return { rules: [] };
      case 'list_expenses':
        return { expenses: [], total: '0.00', count: 0 };
      case 'analyze_receipt':
        return {
          extracted: {
            merchant: 'Blue Gum Cafe',
            dateISO: '2026-03-14',
            currency: 'AUD',
            total: '33.00',
            tax: '3.00',
            tip: null,
            lineItems: [],
          },
          candidates: [],
        };
      case 'get_transaction':
        return { transaction: this.data.transactions.find((t) => t.id === input.id) };
    }
  }
}
