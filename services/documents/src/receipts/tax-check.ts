import { Decimal, type Money } from '@pfs/kit';
import { chooseRate, countryOf, SHIPPED_RATES, type ShippedRate } from '@pfs/tax';

/**
 * Whether the tax a receipt states fits the country's consumption-tax rate on its date: an
 * accountant's first check that the GST/VAT claimed is the GST/VAT charged. The rates are the
 * tax service's shipped table (one source of rates for the whole product).
 */
export interface TaxCheck {
  expectedRate: string | null;
  consistent: boolean;
  message: string;
}

export function currencyOfCountry(countryCode: string): string | null {
  return countryOf(countryCode.toUpperCase())?.currency ?? null;
}

/** The national standard rate and the lower rates in effect on the day ("0.1" is 10%). */
export function ratesOn(
  countryCode: string,
  day: string,
): { standard: string; others: string[] } | null {
  const code = countryCode.toUpperCase();
  const active = SHIPPED_RATES.filter(
    (r: ShippedRate) =>
      r.countryCode === code &&
      r.effectiveFrom <= day &&
      (r.effectiveTo === null || r.effectiveTo >= day),
  );
  try {
    const { row, rate } = chooseRate(active, {
      countryCode: code,
      stateProvince: null,
      taxType: null,
      date: day,
    });
    const others = [row.reducedRate, row.zeroRate].filter((r): r is string => r !== null);
    return { standard: rate, others };
  } catch {
    return null;
  }
}

const percent = (rate: Money) => `${rate.times(100).toDecimalPlaces(2).toString()}%`;

/**
 * Compares the stated tax with the tax the country's rates give on the net amount. Rounding on
 * a receipt is per line, so a cent or two per line (and 0.6 of a percentage point) is allowed.
 */
export function checkTax(input: {
  countryCode: string;
  day: string;
  total: Money | null;
  tax: Money | null;
  tip: Money | null;
  statedRate: Money | null;
  lineCount: number;
}): TaxCheck {
  const rates = ratesOn(input.countryCode, input.day);
  const expectedRate = rates?.standard ?? null;
  if (!rates) {
    return {
      expectedRate,
      consistent: true,
      message: `No national consumption-tax rate of ${input.countryCode} is known for ${input.day}`,
    };
  }
  const standard = new Decimal(rates.standard);
  if (!input.tax || input.tax.isZero()) {
    return {
      expectedRate,
      consistent: true,
      message: input.tax
        ? 'The document states no tax (GST-free or exempt supply)'
        : 'The document states no tax amount',
    };
  }
  if (!input.total || input.total.lte(0)) {
    return { expectedRate, consistent: true, message: 'No total to check the tax against' };
  }
  const gross = input.total.minus(input.tip ?? 0);
  const net = gross.minus(input.tax);
  if (net.lte(0)) {
    return {
      expectedRate,
      consistent: false,
      message: `The tax (${input.tax.toFixed(2)}) is not less than the amount it is part of (${gross.toFixed(2)})`,
    };
  }
  const implied = input.tax.div(net);
  const tolerance = Decimal.max(
    new Decimal('0.006'),
    new Decimal('0.01').times(Math.max(1, input.lineCount)).div(net).plus('0.001'),
  );
  const candidates = [rates.standard, ...rates.others].map((r) => new Decimal(r));
  const fits = candidates.find((r) => r.gt(0) && implied.minus(r).abs().lte(tolerance));
  if (fits) {
    const which = fits.eq(standard) ? 'the standard rate' : 'a reduced rate';
    return {
      expectedRate,
      consistent: true,
      message: `Tax of ${input.tax.toFixed(2)} on ${net.toFixed(2)} is ${percent(implied)}, ${which} of ${input.countryCode} (${percent(fits)})`,
    };
  }
  // A mixed basket (some GST-free items) has a lower effective rate, never a higher one.
  if (input.statedRate && candidates.some((r) => r.eq(input.statedRate!)) && implied.lt(standard)) {
    return {
      expectedRate,
      consistent: true,
      message: `Tax of ${input.tax.toFixed(2)} is ${percent(implied)} of the net amount: a mix of taxed (${percent(input.statedRate)}) and tax-free items`,
    };
  }
  if (implied.lt(standard)) {
    return {
      expectedRate,
      consistent: true,
      message: `Tax of ${input.tax.toFixed(2)} is ${percent(implied)} of the net amount, below the ${percent(standard)} standard rate: some items may be tax-free`,
    };
  }
  return {
    expectedRate,
    consistent: false,
    message: `Tax of ${input.tax.toFixed(2)} is ${percent(implied)} of the net amount, more than the ${percent(standard)} standard rate of ${input.countryCode}: check the document`,
  };
}
