/**
 * The shape of the rate data shipped with the service. Rates are decimal fractions written as
 * text ("0.1" means 10 percent), so no binary float ever holds one; dates are YYYY-MM-DD.
 */
export interface ShippedRate {
  countryCode: string;
  /** A state, province or territory code; null for a national (federal) rate. */
  stateProvince: string | null;
  taxType: string;
  taxName: string;
  standardRate: string;
  /** The lowest reduced rate (EU sense: 5% or more; super-reduced rates are named in the description). */
  reducedRate: string | null;
  /** "0" where the law has zero-rated supplies (0% with input-tax credit, exports at least). */
  zeroRate: string | null;
  /** Federal plus provincial/state rate where both apply (Canada); null otherwise. */
  combinedRate: string | null;
  description: string;
  effectiveFrom: string;
  /** Last day the rate applied; null while in effect. */
  effectiveTo: string | null;
  source: string;
}

/** One stretch of time during which a series' rates did not change. */
export interface RatePeriod {
  from: string;
  /** Last day; by default the day before the next period starts (open-ended for the last). */
  to?: string;
  standard: string;
  reduced?: string | null;
  combined?: string | null;
  /**
   * The cited sources vouch for the rate from `from`, but it may have started earlier: the
   * earlier history is not recorded (said so in the row's source).
   */
  sinceAtLeast?: boolean;
  /** Replaces the series' description for this period. */
  description?: string;
}

/** The history of one tax of one country (or state/province), period by period. */
export interface RateSeries {
  countryCode: string;
  stateProvince?: string;
  taxType: string;
  taxName: string;
  /** Defaults to "0" (zero-rated supplies exist) unless null is given. */
  zeroRate?: string | null;
  description: string;
  source: string;
  periods: RatePeriod[];
}

const DAY_MS = 86_400_000;

export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Expands a series into rows, closing each period the day before the next one starts. */
export function expandSeries(series: RateSeries): ShippedRate[] {
  const periods = [...series.periods].sort((a, b) => a.from.localeCompare(b.from));
  return periods.map((period, i) => {
    const next = periods[i + 1];
    const source = period.sinceAtLeast
      ? `${series.source}. In force since at least ${period.from}; earlier history not recorded`
      : series.source;
    return {
      countryCode: series.countryCode,
      stateProvince: series.stateProvince ?? null,
      taxType: series.taxType,
      taxName: series.taxName,
      standardRate: period.standard,
      reducedRate: period.reduced ?? null,
      zeroRate: series.zeroRate === undefined ? '0' : series.zeroRate,
      combinedRate: period.combined ?? null,
      description: period.description ?? series.description,
      effectiveFrom: period.from,
      effectiveTo: period.to ?? (next ? dayBefore(next.from) : null),
      source,
    };
  });
}

/** A period: `p(from, standard, reduced?)`, with options for the rarer fields. */
export function p(
  from: string,
  standard: string,
  reduced: string | null = null,
  extra: Omit<RatePeriod, 'from' | 'standard' | 'reduced'> = {},
): RatePeriod {
  return { from, standard, reduced, ...extra };
}

/** A national VAT/GST series. */
export function national(
  countryCode: string,
  taxType: string,
  taxName: string,
  description: string,
  source: string,
  periods: RatePeriod[],
  zeroRate: string | null = '0',
): RateSeries {
  return { countryCode, taxType, taxName, description, source, periods, zeroRate };
}
