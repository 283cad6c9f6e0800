import { AppError, splitGst, type Money } from '@pfs/kit';
import { countryOf } from './countries';
import type { ShippedRate } from './rates';

export interface TaxSplit {
  amount: Money;
  baseAmount: Money;
  gstAmount: Money;
  totalAmount: Money;
}

/**
 * SPEC.md's rule, to the cent, half away from zero. Included: base = round(amount / (1 + rate))
 * and gst = amount − base, so base + gst = amount exactly. Excluded (CONTRACT.md): base = amount,
 * gst = round(amount × rate), total = base + gst.
 */
export function calculateTax(amount: Money, rate: Money, gstIncluded: boolean): TaxSplit {
  const split = splitGst(amount, rate, gstIncluded);
  return { amount: gstIncluded ? split.totalAmount : split.baseAmount, ...split };
}

export interface RateChoice {
  row: ShippedRate;
  /** The rate applied: combinedRate for a state/province row that has one, else standardRate. */
  rate: string;
}

/** The main tax types of a country, in preference order, among those in effect. */
function mainType(countryCode: string, rows: ShippedRate[]): string | undefined {
  const types = [...new Set(rows.map((r) => r.taxType))];
  for (const preferred of countryOf(countryCode)?.mainTaxTypes ?? []) {
    if (types.includes(preferred)) return preferred;
  }
  // Without a preference (the data tests make sure one exists where it matters): the first.
  return types[0];
}

/**
 * Picks the rate a calculation applies from the rows in effect on the date for one country:
 *
 * - no stateProvince: the national (federal) row of taxType, or of the country's main type;
 * - a stateProvince: that state's/province's row (of taxType if given) and its combinedRate;
 *   if it has no row of the asked taxType, the national row of that type (e.g. BC + GST = 5%).
 *
 * No row → 400 VALIDATION_ERROR saying why.
 */
export function chooseRate(
  active: ShippedRate[],
  query: {
    countryCode: string;
    stateProvince: string | null;
    taxType: string | null;
    date: string;
  },
): RateChoice {
  const { countryCode, stateProvince, taxType, date } = query;
  const fail = (field: string, message: string): never => {
    throw AppError.validation([{ field, message }], message);
  };
  if (!active.length) {
    return fail(
      'countryCode',
      `No tax rate of ${countryCode} is in effect on ${date}; give gstRate to calculate with your own rate`,
    );
  }
  const nationalRows = active.filter((r) => r.stateProvince === null);

  if (stateProvince) {
    const local = active.filter((r) => r.stateProvince === stateProvince);
    if (!local.length) {
      return fail(
        'stateProvince',
        `No rate for state or province ${stateProvince} of ${countryCode} is in effect on ${date}`,
      );
    }
    const ofType = taxType ? local.filter((r) => r.taxType === taxType) : local;
    if (ofType.length) {
      const row = ofType[0];
      return { row, rate: row.combinedRate ?? row.standardRate };
    }
    const federal = nationalRows.find((r) => r.taxType === taxType);
    if (federal) return { row: federal, rate: federal.standardRate };
    return fail(
      'taxType',
      `No ${taxType} rate for state or province ${stateProvince} of ${countryCode} is in effect on ${date}`,
    );
  }

  if (!nationalRows.length) {
    return fail(
      'stateProvince',
      `${countryCode} has no national rate (its tax is levied by states or provinces): give stateProvince, e.g. ${active[0].stateProvince}`,
    );
  }
  const type = taxType ?? mainType(countryCode, nationalRows);
  const row = nationalRows.find((r) => r.taxType === type);
  if (!row) {
    const known = [...new Set(nationalRows.map((r) => r.taxType))].join(', ');
    return fail(
      taxType ? 'taxType' : 'countryCode',
      `No ${type} rate of ${countryCode} is in effect on ${date} (types in effect: ${known})`,
    );
  }
  return { row, rate: row.standardRate };
}
