import { Decimal } from '@pfs/kit';

/** default_gst_rate is NUMERIC(7,5): a fraction below 1 with at most five decimals. */
export const MAX_GST_RATE_DECIMALS = 5;

// Plain decimal text only: no sign, exponent or thousands separators, so "1e-1" or "-0"
// cannot sneak past the range check in a form the database would read differently.
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** Why a GST/VAT rate is unacceptable, or undefined when it is a valid fraction. */
export function gstRateIssue(text: string): string | undefined {
  if (!DECIMAL_TEXT.test(text)) return 'must be a decimal fraction such as "0.1"';
  const rate = new Decimal(text);
  if (rate.gte(1)) return 'must be at least 0 and less than 1 (0.1 means 10 percent)';
  if (rate.decimalPlaces() > MAX_GST_RATE_DECIMALS) {
    return `must have at most ${MAX_GST_RATE_DECIMALS} decimal places`;
  }
  return undefined;
}

/** The wire form of a stored rate: plain decimal text without trailing zeros ("0.10000" → "0.1"). */
export function formatGstRate(value: string | number): string {
  // toFixed() without places never switches to exponent notation, unlike toString().
  return new Decimal(value).toFixed();
}
