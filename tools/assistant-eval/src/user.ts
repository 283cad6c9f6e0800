import { seededRandom } from '@pfs/kit';
import type { TransactionSummary } from '../../../services/assistant/src/tools/contract';
import type { FakeData } from '../../../services/assistant/test/support/fake-tools';

/**
 * The evaluation's user: 18 months of an Australian household's transactions, generated from a
 * fixed seed so every run sees the same data. Amounts are whole cents.
 */
export const TODAY = new Date('2026-11-25T09:00:00Z');

export const CATEGORIES = [
  {
    id: 'cat-groceries',
    name: 'Groceries',
    merchants: ['Woolworths Metro', 'Coles Richmond', 'Aldi Preston'],
    min: 1500,
    max: 18000,
    perMonth: 6,
  },
  {
    id: 'cat-dining',
    name: 'Dining Out',
    merchants: ['Grill Bar', 'Sushi Hub', 'Pho Saigon'],
    min: 1200,
    max: 9000,
    perMonth: 4,
  },
  {
    id: 'cat-fuel',
    name: 'Fuel',
    merchants: ['Shell Coles Express', 'BP Brunswick'],
    min: 4000,
    max: 11000,
    perMonth: 2,
  },
  {
    id: 'cat-transport',
    name: 'Transport',
    merchants: ['Uber Trip', 'Myki Topup'],
    min: 900,
    max: 4500,
    perMonth: 3,
  },
  {
    id: 'cat-utilities',
    name: 'Utilities',
    merchants: ['AGL Energy', 'Telstra'],
    min: 6000,
    max: 22000,
    perMonth: 1,
  },
  {
    id: 'cat-entertainment',
    name: 'Entertainment',
    merchants: ['Netflix', 'Hoyts Cinema'],
    min: 1699,
    max: 6000,
    perMonth: 1,
  },
  {
    id: 'cat-health',
    name: 'Health',
    merchants: ['Chemist Warehouse', 'City Dental'],
    min: 1500,
    max: 25000,
    perMonth: 1,
  },
];
export const SALARY = {
  id: 'cat-salary',
  name: 'Salary',
  merchant: 'ACME PTY LTD SALARY',
  cents: 412500,
};

const rng = seededRandom;

export interface Row {
  date: string;
  description: string;
  cents: number;
  categoryId: string | null;
  income: boolean;
}

export function generateRows(seed = 20261125): Row[] {
  const r = rng(seed);
  const rows: Row[] = [];
  for (let k = 0; k < 18; k++) {
    const month = new Date(Date.UTC(2025, 5 + k, 1));
    const y = month.getUTCFullYear();
    const m = month.getUTCMonth();
    const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const maxDay = y === 2026 && m === 10 ? 24 : last;
    const day = (d: number) =>
      `${y}-${String(m + 1).padStart(2, '0')}-${String(Math.min(d, maxDay)).padStart(2, '0')}`;
    rows.push({
      date: day(15),
      description: SALARY.merchant,
      cents: SALARY.cents,
      categoryId: SALARY.id,
      income: true,
    });
    for (const c of CATEGORIES) {
      for (let i = 0; i < c.perMonth; i++) {
        const merchant = c.merchants[Math.floor(r() * c.merchants.length)];
        const cents = c.min + Math.floor(r() * (c.max - c.min));
        rows.push({
          date: day(1 + Math.floor(r() * 28)),
          description: merchant,
          cents,
          categoryId: c.id,
          income: false,
        });
      }
    }
    // A few without a category, as real books have.
    if (r() < 0.5)
      rows.push({
        date: day(1 + Math.floor(r() * 28)),
        description: 'SQ *MARKET STALL',
        cents: 800 + Math.floor(r() * 3000),
        categoryId: null,
        income: false,
      });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

export function fakeData(rows: Row[]): FakeData {
  const categories = [
    ...CATEGORIES.map((c) => ({ id: c.id, name: c.name, parentId: null, type: 'expense' })),
    { id: SALARY.id, name: SALARY.name, parentId: null, type: 'income' },
  ];
  const name = (id: string | null) => categories.find((c) => c.id === id)?.name ?? null;
  const transactions: TransactionSummary[] = rows.map((row, i) => ({
    id: `t${i + 1}`,
    date: row.date,
    description: row.description,
    merchant: null,
    amount: `${row.income ? '' : '-'}${(row.cents / 100).toFixed(2)}`,
    type: row.income ? 'income' : 'expense',
    categoryId: row.categoryId,
    categoryName: name(row.categoryId),
  }));
  return { categories, transactions };
}
