import { CATEGORIES, type Row } from './user';

/**
 * The evaluation's questions, each with the tool that should answer it and the figures the
 * answer must state, computed here from the generated rows (integer cents, independently of
 * the engine and of the fake tools). A conversation is one or more turns: follow-ups lean on
 * the turn before.
 */
export interface Expected {
  kind: string;
  tool: string;
  /** Money as "1234.56" (answers are compared without "$" and thousands separators). */
  money?: string[];
  count?: number;
}

export interface Turn {
  message: string;
  expected: Expected;
}

export type Conversation = Turn[];

interface Range {
  from: string;
  to: string;
}

const P: Record<string, Range> = {
  'last month': { from: '2026-10-01', to: '2026-10-31' },
  'in September 2026': { from: '2026-09-01', to: '2026-09-30' },
  'in August': { from: '2026-08-01', to: '2026-08-31' },
  'this financial year': { from: '2026-07-01', to: '2027-06-30' },
  'last financial year': { from: '2025-07-01', to: '2026-06-30' },
  'in Q3': { from: '2026-07-01', to: '2026-09-30' },
  'since March': { from: '2026-03-01', to: '2026-11-25' },
  'this month': { from: '2026-11-01', to: '2026-11-30' },
};

const MONTH_BEFORE: Record<string, [string, Range]> = {
  'last month': ['in September 2026', P['in September 2026']],
  'in September 2026': ['in August', P['in August']],
  'in August': ['July 2026', { from: '2026-07-01', to: '2026-07-31' }],
};

const text = (cents: number) => (cents / 100).toFixed(2);

export function buildQuestions(rows: Row[]): Conversation[] {
  const within = (r: Row, p: Range) => r.date >= p.from && r.date <= p.to;
  const spend = (p: Range, pick: (r: Row) => boolean) =>
    rows.filter((r) => !r.income && within(r, p) && pick(r));
  const sum = (list: Row[]) => list.reduce((s, r) => s + r.cents, 0);
  const byCategory = (id: string) => (r: Row) => r.categoryId === id;
  const byMerchant = (m: string) => (r: Row) =>
    r.description.toLowerCase().includes(m.toLowerCase());
  const out: Conversation[] = [];
  const one = (message: string, expected: Expected) => out.push([{ message, expected }]);

  // 1. Totals by category and period, in several phrasings.
  const templates = [
    (c: string, p: string) => `How much did I spend on ${c} ${p}?`,
    (c: string, p: string) => `${c} spending ${p}?`,
    (c: string, p: string) => `what did ${c.toLowerCase()} cost me ${p}`,
    (c: string, p: string) => `total spent on ${c.toLowerCase()} ${p}`,
  ];
  const periods = [
    'last month',
    'in September 2026',
    'this financial year',
    'last financial year',
    'in Q3',
    'since March',
  ];
  let k = 0;
  for (const c of CATEGORIES)
    for (const p of periods) {
      const list = spend(P[p], byCategory(c.id));
      one(templates[k++ % templates.length](c.name, p), {
        kind: 'category total',
        tool: 'spending_summary',
        money: [text(sum(list))],
      });
    }

  // 2. Misspelt category names.
  const typos: [string, string][] = [
    ['grocereis', 'cat-groceries'],
    ['grocery', 'cat-groceries'],
    ['fuell', 'cat-fuel'],
    ['dinning out', 'cat-dining'],
    ['helth', 'cat-health'],
    ['utilites', 'cat-utilities'],
    ['entertainmnet', 'cat-entertainment'],
    ['transprot', 'cat-transport'],
  ];
  for (const [word, id] of typos)
    for (const p of ['last month', 'in Q3']) {
      one(`how much did i spnd on ${word} ${p}`, {
        kind: 'typo',
        tool: 'spending_summary',
        money: [text(sum(spend(P[p], byCategory(id))))],
      });
    }

  // 3. Merchants, some misspelt.
  const merchants: [string, string][] = [
    ['Woolworths', 'Woolworths'],
    ['Coles', 'Coles Richmond'],
    ['Aldi', 'Aldi'],
    ['Netflix', 'Netflix'],
    ['Uber', 'Uber'],
    ['Shell', 'Shell'],
    ['AGL', 'AGL'],
    ['Telstra', 'Telstra'],
    ['woolworth', 'Woolworths'],
    ['netflx', 'Netflix'],
  ];
  for (const [said, actual] of merchants)
    for (const p of ['last financial year', 'since March']) {
      one(`How much did I spend at ${said} ${p}?`, {
        kind: 'merchant total',
        tool: 'spending_summary',
        money: [text(sum(spend(P[p], byMerchant(actual))))],
      });
    }

  // 4. Counts.
  for (const c of CATEGORIES.slice(0, 5))
    for (const p of ['last month', 'in Q3']) {
      one(`How many ${c.name.toLowerCase()} transactions did I have ${p}?`, {
        kind: 'count',
        tool: 'spending_summary',
        count: spend(P[p], byCategory(c.id)).length,
      });
    }

  // 5. Largest expenses.
  for (const p of ['last month', 'in September 2026', 'in Q3', 'this financial year'])
    for (const n of [3, 5]) {
      const top = spend(P[p], () => true)
        .sort((a, b) => b.cents - a.cents)
        .slice(0, n);
      one(`What were my ${n} largest expenses ${p}?`, {
        kind: 'largest',
        tool: 'search_transactions',
        money: top.map((r) => text(r.cents)),
      });
    }

  // 6. Income and cash flow.
  for (const p of ['last month', 'in Q3', 'last financial year']) {
    const income = sum(rows.filter((r) => r.income && within(r, P[p])));
    one(`How much did I earn ${p}?`, {
      kind: 'income',
      tool: 'spending_summary',
      money: [text(income)],
    });
    const spent = sum(spend(P[p], () => true));
    one(`What was my cashflow ${p}?`, {
      kind: 'cashflow',
      tool: 'cashflow',
      money: [text(income), text(spent), text(income - spent)],
    });
  }

  // 7. GST in and on a price (AU, 10%).
  for (const cents of [11000, 9999, 2200, 123456, 4550, 100]) {
    const net = Math.round(cents / 1.1);
    one(`How much GST is in $${text(cents)}?`, {
      kind: 'gst',
      tool: 'gst_calculate',
      money: [text(cents - net)],
    });
  }
  for (const cents of [10000, 25000, 4599, 120000]) {
    one(`what is $${text(cents)} plus gst`, {
      kind: 'gst',
      tool: 'gst_calculate',
      money: [text(Math.round(cents * 1.1))],
    });
  }

  // 8. Follow-ups: the month before, and another category.
  for (const c of CATEGORIES)
    for (const p of Object.keys(MONTH_BEFORE)) {
      const [, before] = MONTH_BEFORE[p];
      out.push([
        {
          message: `How much did I spend on ${c.name} ${p}?`,
          expected: {
            kind: 'category total',
            tool: 'spending_summary',
            money: [text(sum(spend(P[p], byCategory(c.id))))],
          },
        },
        {
          message: 'and the month before?',
          expected: {
            kind: 'follow-up',
            tool: 'spending_summary',
            money: [text(sum(spend(before, byCategory(c.id))))],
          },
        },
      ]);
    }
  for (let i = 0; i < CATEGORIES.length; i++) {
    const a = CATEGORIES[i];
    const b = CATEGORIES[(i + 3) % CATEGORIES.length];
    out.push([
      {
        message: `How much did I spend on ${a.name} last month?`,
        expected: {
          kind: 'category total',
          tool: 'spending_summary',
          money: [text(sum(spend(P['last month'], byCategory(a.id))))],
        },
      },
      {
        message: `what about ${b.name.toLowerCase()}?`,
        expected: {
          kind: 'follow-up',
          tool: 'spending_summary',
          money: [text(sum(spend(P['last month'], byCategory(b.id))))],
        },
      },
    ]);
  }

  // 9. Breakdown by category: the total and the largest category.
  for (const p of ['last month', 'in Q3', 'last financial year']) {
    const list = spend(P[p], () => true);
    const totals = new Map<string, number>();
    for (const r of list)
      totals.set(r.categoryId ?? '-', (totals.get(r.categoryId ?? '-') ?? 0) + r.cents);
    const biggest = Math.max(...totals.values());
    one(`spending by category ${p}`, {
      kind: 'breakdown',
      tool: 'spending_summary',
      money: [text(sum(list)), text(biggest)],
    });
  }
  return out;
}
