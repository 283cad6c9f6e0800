import type { ColumnRef, DateOrder } from './types';

/** What a column of a headerless layout holds. */
export type ColumnKind = 'date' | 'amount' | 'text' | 'star' | 'any';

/** Which column feeds which transaction field. */
export interface ColumnMapping {
  date?: ColumnRef;
  description?: ColumnRef[];
  amount?: ColumnRef;
  debit?: ColumnRef;
  credit?: ColumnRef;
  type?: ColumnRef;
  merchant?: ColumnRef;
  externalId?: ColumnRef;
  account?: ColumnRef;
}

export interface BankPreset {
  id: string;
  bank: string;
  country: 'AU' | 'GB' | 'US';
  dateOrder: Exclude<DateOrder, 'YMD'>;
  /** Header names (normalised) that identify a layout with a header row. */
  header?: string[];
  /** The columns of a layout without a header row, in order. */
  columns?: ColumnKind[];
  mapping: ColumnMapping;
  /** Some card exports show purchases as positive amounts. */
  invertSign?: boolean;
}

/**
 * The CSV layouts of the common Australian, UK and US banks' internet-banking exports. A
 * file's header row (or, for banks that export none, the shape of its columns) picks one.
 */
export const PRESETS: readonly BankPreset[] = [
  {
    // NetBank: no header; "+"/"-" signed amount and balance.
    id: 'commbank',
    bank: 'Commonwealth Bank (CommBank)',
    country: 'AU',
    dateOrder: 'DMY',
    columns: ['date', 'amount', 'text', 'amount'],
    mapping: { date: 0, amount: 1, description: [2] },
  },
  {
    id: 'anz',
    bank: 'ANZ',
    country: 'AU',
    dateOrder: 'DMY',
    columns: ['date', 'amount', 'text'],
    mapping: { date: 0, amount: 1, description: [2] },
  },
  {
    id: 'westpac',
    bank: 'Westpac',
    country: 'AU',
    dateOrder: 'DMY',
    header: ['bank account', 'date', 'narrative', 'debit amount', 'credit amount', 'balance'],
    mapping: {
      date: 'Date',
      description: ['Narrative'],
      debit: 'Debit Amount',
      credit: 'Credit Amount',
      account: 'Bank Account',
    },
  },
  {
    id: 'nab',
    bank: 'NAB',
    country: 'AU',
    dateOrder: 'DMY',
    header: [
      'date',
      'amount',
      'account number',
      'transaction type',
      'transaction details',
      'balance',
    ],
    mapping: {
      date: 'Date',
      amount: 'Amount',
      description: ['Transaction Details'],
      merchant: 'Merchant Name',
      account: 'Account Number',
    },
  },
  {
    id: 'monzo',
    bank: 'Monzo',
    country: 'GB',
    dateOrder: 'DMY',
    header: ['transaction id', 'date', 'time', 'type', 'name', 'emoji', 'category', 'amount'],
    mapping: {
      date: 'Date',
      amount: 'Amount',
      description: ['Description'],
      merchant: 'Name',
      externalId: 'Transaction ID',
    },
  },
  {
    id: 'barclays',
    bank: 'Barclays',
    country: 'GB',
    dateOrder: 'DMY',
    header: ['number', 'date', 'account', 'amount', 'subcategory', 'memo'],
    mapping: { date: 'Date', amount: 'Amount', description: ['Memo'], account: 'Account' },
  },
  {
    id: 'lloyds',
    bank: 'Lloyds Bank',
    country: 'GB',
    dateOrder: 'DMY',
    header: [
      'transaction date',
      'transaction type',
      'sort code',
      'account number',
      'transaction description',
      'debit amount',
      'credit amount',
      'balance',
    ],
    mapping: {
      date: 'Transaction Date',
      description: ['Transaction Description'],
      debit: 'Debit Amount',
      credit: 'Credit Amount',
      account: 'Account Number',
    },
  },
  {
    // HSBC UK: no header; date, description, signed amount.
    id: 'hsbc',
    bank: 'HSBC UK',
    country: 'GB',
    dateOrder: 'DMY',
    columns: ['date', 'text', 'amount'],
    mapping: { date: 0, description: [1], amount: 2 },
  },
  {
    id: 'chase',
    bank: 'Chase (checking)',
    country: 'US',
    dateOrder: 'MDY',
    header: ['details', 'posting date', 'description', 'amount', 'type', 'balance'],
    mapping: { date: 'Posting Date', description: ['Description'], amount: 'Amount' },
  },
  {
    id: 'chase-card',
    bank: 'Chase (credit card)',
    country: 'US',
    dateOrder: 'MDY',
    header: ['transaction date', 'post date', 'description', 'category', 'type', 'amount'],
    mapping: { date: 'Transaction Date', description: ['Description'], amount: 'Amount' },
  },
  {
    // Checking exports start with a summary block before the header row.
    id: 'bofa',
    bank: 'Bank of America (checking)',
    country: 'US',
    dateOrder: 'MDY',
    header: ['date', 'description', 'amount', 'running bal'],
    mapping: { date: 'Date', description: ['Description'], amount: 'Amount' },
  },
  {
    id: 'bofa-card',
    bank: 'Bank of America (credit card)',
    country: 'US',
    dateOrder: 'MDY',
    header: ['posted date', 'reference number', 'payee', 'address', 'amount'],
    mapping: {
      date: 'Posted Date',
      description: ['Payee'],
      amount: 'Amount',
      externalId: 'Reference Number',
    },
  },
  {
    // No header: date, amount, "*", check number, description.
    id: 'wells-fargo',
    bank: 'Wells Fargo',
    country: 'US',
    dateOrder: 'MDY',
    columns: ['date', 'amount', 'star', 'any', 'text'],
    mapping: { date: 0, amount: 1, description: [4] },
  },
];

export const PRESET_IDS = PRESETS.map((p) => p.id);

export function presetById(id: string): BankPreset | undefined {
  return PRESETS.find((p) => p.id === id.trim().toLowerCase());
}

/** Header text compared loosely: case, punctuation and spacing do not matter. */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\uFEFF/, '')
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim();
}
