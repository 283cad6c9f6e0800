import Decimal from 'decimal.js';

// ROUND_HALF_UP in decimal.js rounds ties away from zero, as CONTRACT.md asks.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type Money = Decimal;
export { D as Decimal };

/** Parses a decimal string or a JSON number (via its shortest decimal text, never its binary value). */
export function money(value: string | number | Decimal): Decimal {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('money must be finite');
    return new D(String(value));
  }
  return new D(value);
}

/** Rounds to the cent, ties away from zero. */
export function toCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, D.ROUND_HALF_UP);
}

/**
 * Text already in canonical cents form, as PostgreSQL returns a NUMERIC(14,2) column. Such text
 * needs no decimal arithmetic to format, which matters on hot list paths (every row, every field).
 */
const CANONICAL_CENTS = /^-?\d{1,15}\.\d{2}$/;
/** Plain decimal text short enough that Number() reads it exactly as its shortest form. */
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

/** The canonical wire form: a string with exactly two decimals ("12.30"). */
export function formatMoney(value: string | number | Decimal): string {
  if (typeof value === 'string' && CANONICAL_CENTS.test(value)) return value;
  return toCents(money(value)).toFixed(2);
}

/** For JSON output only: the number whose shortest text is the decimal (12.3 for "12.30"). */
export function moneyToNumber(value: string | Decimal): number {
  if (typeof value === 'string' && CANONICAL_CENTS.test(value)) return Number(value);
  return Number(toCents(money(value)).toFixed(2));
}

/** A rate or percentage for JSON output, without trailing zeros ("0.10000" → 0.1). */
export function decimalToNumber(value: string | Decimal): number {
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) return Number(value);
  return Number(money(value).toString());
}

/** True when the number has at most `places` decimals in its shortest decimal text. */
export function hasAtMostDecimals(value: number, places = 2): boolean {
  if (!Number.isFinite(value)) return false;
  return money(value).decimalPlaces() <= places;
}

export interface GstSplit {
  baseAmount: Decimal;
  gstAmount: Decimal;
  totalAmount: Decimal;
}

/**
 * Splits an amount by a GST/VAT rate. Included: base = round(amount / (1 + rate)) and
 * gst = amount − base, so base + gst equals the amount to the cent. Excluded: base = amount,
 * gst = round(amount × rate), total = base + gst.
 */
export function splitGst(amount: Decimal, rate: Decimal, included: boolean): GstSplit {
  const cents = toCents(amount);
  if (included) {
    const base = toCents(cents.div(rate.plus(1)));
    return { baseAmount: base, gstAmount: cents.minus(base), totalAmount: cents };
  }
  const gst = toCents(cents.times(rate));
  return { baseAmount: cents, gstAmount: gst, totalAmount: cents.plus(gst) };
}
