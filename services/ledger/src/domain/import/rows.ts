import { charLength } from '../fields';
import { AMOUNT_MAX, DESCRIPTION_MAX, MERCHANT_MAX } from '../transactions';
import { formatCents, parseAmount } from './amounts';
import { ORDER_LABEL, readDate, resolveDate } from './dates';
import type { DateOrder, DecimalSeparator, RowOutcome, SourceRow } from './types';

export interface RowRules {
  dateOrder: DateOrder;
  decimalSeparator: DecimalSeparator;
  /** True when positive amounts are money out. */
  invertSign: boolean;
}

export const EXTERNAL_ID_MAX = 200;
const ACCOUNT_MAX = 100;
const SHOWN_MAX = 40;

/** Control characters (and NUL, which PostgreSQL text cannot hold) become spaces. */
const CONTROL = /[\u0000-\u001f\u007f]+/g; // eslint-disable-line no-control-regex

/** Whitespace runs collapsed (Barclays pads memos with spaces), control characters removed. */
export function cleanText(raw: string | undefined): string {
  if (!raw) return '';
  // Most cells are clean already; only rewrite those that are not.
  if (!NEEDS_CLEANING.test(raw)) return raw;
  return raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f]|\s\s|^\s|\s$|[^\S ]/;

/** Cuts text to at most `max` characters (code points), never in the middle of a pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (charLength(text) <= max) return text;
  return Array.from(text).slice(0, max).join('').trimEnd();
}

function shown(raw: string): string {
  const s = raw.trim();
  return JSON.stringify(s.length > SHOWN_MAX ? `${s.slice(0, SHOWN_MAX)}…` : s);
}

const DEBIT_MARK = /^(?:dr|d|db|debit|-)$/i;
const CREDIT_MARK = /^(?:cr|c|credit|\+)$/i;
const MAX_CENTS = Math.round(Number(AMOUNT_MAX) * 100);

/** Signed cents, or why there are none. */
type Signed = { value: number } | { error: string } | { none: true };

function readAmount(label: string, raw: string | undefined, decimal: DecimalSeparator): Signed {
  const value = parseAmount(raw ?? '', decimal);
  if (value === null) return { none: true };
  if (value === undefined)
    return { error: `${label}: cannot read ${shown(raw ?? '')} as an amount` };
  return { value };
}

/** The signed amount of a row (negative = money out) from whichever columns it has. */
function signedAmount(row: SourceRow, rules: RowRules): Signed {
  if (row.debit !== undefined || row.credit !== undefined) {
    const debit = readAmount('debit', row.debit, rules.decimalSeparator);
    const credit = readAmount('credit', row.credit, rules.decimalSeparator);
    if ('error' in debit) return debit;
    if ('error' in credit) return credit;
    const out = 'value' in debit && debit.value !== 0 ? Math.abs(debit.value) : undefined;
    const into = 'value' in credit && credit.value !== 0 ? Math.abs(credit.value) : undefined;
    if (out && into) return { error: 'both a debit and a credit amount are given' };
    if (out) return { value: -out };
    if (into) return { value: into };
    // Zero in either column is a zero amount (skipped as such); both empty is no amount.
    return 'value' in debit || 'value' in credit ? { value: 0 } : { none: true };
  }
  const amount = readAmount('amount', row.amount, rules.decimalSeparator);
  if (!('value' in amount)) return amount;
  let value = rules.invertSign ? -amount.value : amount.value;
  if (row.indicator !== undefined) {
    const mark = row.indicator.trim();
    if (DEBIT_MARK.test(mark)) value = -Math.abs(value);
    else if (CREDIT_MARK.test(mark)) value = Math.abs(value);
    else if (mark) return { error: `type: ${shown(mark)} is neither a debit nor a credit marker` };
  }
  return { value };
}

/**
 * Validates one row: its date under the file's order, its amount and direction, and its
 * texts cleaned and cut to the ledger's limits. A row without any amount (a balance line,
 * a bank's summary row) or with a zero amount is skipped rather than an error.
 */
export function normalizeRow(row: SourceRow, rules: RowRules): RowOutcome {
  const line = row.line;
  const amount = signedAmount(row, rules);
  const dateText = row.date.trim();
  if (!dateText) {
    if ('none' in amount) return { status: 'skipped', line, reason: 'no date and no amount' };
    return { status: 'error', line, error: 'date: missing' };
  }
  const token = readDate(dateText);
  const date = token && resolveDate(token, rules.dateOrder);
  if (!date) {
    const error = token
      ? `date: ${shown(dateText)} is not a real date${token.kind === 'numeric' ? ` (read as ${ORDER_LABEL[rules.dateOrder]})` : ''}`
      : `date: cannot read ${shown(dateText)} as a date`;
    return { status: 'error', line, error };
  }
  if ('error' in amount) return { status: 'error', line, error: amount.error };
  if ('none' in amount)
    return { status: 'skipped', line, reason: 'no amount (a balance or summary line)' };
  if (amount.value === 0) return { status: 'skipped', line, reason: 'zero amount' };
  const magnitude = Math.abs(amount.value);
  if (magnitude > MAX_CENTS)
    return { status: 'error', line, error: `amount: must be at most ${AMOUNT_MAX}` };

  const merchant = truncate(cleanText(row.merchant), MERCHANT_MAX) || null;
  const description =
    truncate(cleanText(row.description), DESCRIPTION_MAX) || merchant || '(no description)';
  const externalId = truncate(cleanText(row.externalId), EXTERNAL_ID_MAX) || null;
  const account = truncate(cleanText(row.account), ACCOUNT_MAX) || null;
  return {
    status: 'row',
    row: {
      line,
      date,
      description,
      amount: formatCents(magnitude),
      type: amount.value < 0 ? 'debit' : 'credit',
      merchant,
      externalId,
      account,
    },
  };
}
