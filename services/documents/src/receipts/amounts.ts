import { money, type Money } from '@pfs/kit';

/**
 * Money as printed on receipts: "1,234.56", "1.234,56", "1 234,56", "$33.00", "-4.50",
 * "4.50-" (a refund or discount on many tills), "¥1,200" (no minor unit).
 */
export interface AmountToken {
  value: Money;
  /** Where the token starts in its line (columns matter: the rightmost is usually the amount). */
  index: number;
  text: string;
}

/** Currencies whose receipts print whole units: "¥1,200", "Rp 25.000". */
const ZERO_DECIMAL = new Set([
  'JPY',
  'KRW',
  'VND',
  'IDR',
  'CLP',
  'ISK',
  'HUF',
  'COP',
  'PYG',
  'UGX',
]);

export function hasMinorUnit(currency: string | null): boolean {
  return !currency || !ZERO_DECIMAL.has(currency);
}

// A number with an optional group-separated integer part and an optional 1–2 digit fraction.
// Groups: "," "." "'" "’", or a single space only in the European form "1 234,56" (a quantity
// column before a price, "1 125.00", must stay two numbers). Some tills print cents alone as
// ".01" after a space or a currency sign.
const NUMBER =
  /(?<![\d.,])(-\s?)?(\d{1,3}(?:(?:[,.'’]| (?=\d{3}(?:,\d{2}(?!\d)| \d{3})))\d{3})+|\d+|(?<=[\s$€£:]|RM|^)(?=\.\d{2}(?!\d)))(?:([.,])(\d{1,2}))?(?![\d])(-(?!\d))?/g;

/**
 * The amounts in one line. With a minor unit, only numbers with a two-digit fraction count
 * (quantities, store numbers and times do not); without one, grouped or plain integers do.
 */
export function amountsIn(line: string, minorUnit = true): AmountToken[] {
  const out: AmountToken[] = [];
  // Percentages and times are never amounts.
  const masked = line
    .replace(/\d+(?:[.,]\d+)?\s?%/g, (m) => ' '.repeat(m.length))
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, (m) => ' '.repeat(m.length));
  for (const m of masked.matchAll(NUMBER)) {
    const [text, leadingMinus, intPart, fractionSep, fraction, trailingMinus] = m;
    if (minorUnit && !(fraction && fraction.length === 2)) continue;
    const groupSep = /[,.'’ ]/.exec(intPart.replace(/^\d+/, ''))?.[0];
    // "1.234,56": the fraction separator must differ from the group separator.
    if (groupSep && fractionSep && groupSep === fractionSep) continue;
    const digits = intPart.replace(/[,.'’ ]/g, '') || '0';
    const unsigned = fraction ? `${digits}.${fraction.padEnd(2, '0')}` : digits;
    // Ten digits and more before the point are a barcode or a card number, not money on a receipt.
    if (digits.length > 9 || !(intPart || fraction)) continue;
    const negative = Boolean(leadingMinus || trailingMinus);
    out.push({
      value: money(negative ? `-${unsigned}` : unsigned),
      index: m.index ?? 0,
      text: text.trim(),
    });
  }
  return out;
}

/** The amount a labelled line states: its rightmost amount ("GST 10%   3.00" → 3.00). */
export function lineAmount(line: string, minorUnit = true): Money | null {
  const all = amountsIn(line, minorUnit);
  return all.length ? all[all.length - 1].value : null;
}

/** The canonical wire text of an amount (two places, or none for zero-decimal currencies). */
export function amountText(value: Money, minorUnit = true): string {
  return minorUnit ? value.toFixed(2) : value.toFixed(0);
}
