import { Decimal, newId, type Knex } from '@pfs/kit';
import type { ShippedRate } from '../domain/rates';

/** Rates are reference data shared by every user: no user_id column, nothing per user here. */

interface RateRow {
  country_code: string;
  state_province: string | null;
  tax_type: string;
  tax_name: string;
  standard_rate: string;
  reduced_rate: string | null;
  zero_rate: string | null;
  combined_rate: string | null;
  description: string;
  effective_from: string;
  effective_to: string | null;
  source: string;
}

const COLUMNS = [
  'country_code',
  'state_province',
  'tax_type',
  'tax_name',
  'standard_rate',
  'reduced_rate',
  'zero_rate',
  'combined_rate',
  'description',
  'effective_from',
  'effective_to',
  'source',
] as const;

/** NUMERIC(7,5) arrives as "0.10000": the wire carries the plain fraction "0.1". */
function fraction(value: string): string;
function fraction(value: string | null): string | null;
function fraction(value: string | null): string | null {
  return value === null ? null : new Decimal(value).toFixed();
}

function toRate(row: RateRow): ShippedRate {
  return {
    countryCode: row.country_code.trim(),
    stateProvince: row.state_province,
    taxType: row.tax_type,
    taxName: row.tax_name,
    standardRate: fraction(row.standard_rate),
    reducedRate: fraction(row.reduced_rate),
    zeroRate: fraction(row.zero_rate),
    combinedRate: fraction(row.combined_rate),
    description: row.description,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    source: row.source,
  };
}

function toRow(rate: ShippedRate): RateRow {
  return {
    country_code: rate.countryCode,
    state_province: rate.stateProvince,
    tax_type: rate.taxType,
    tax_name: rate.taxName,
    standard_rate: rate.standardRate,
    reduced_rate: rate.reducedRate,
    zero_rate: rate.zeroRate,
    combined_rate: rate.combinedRate,
    description: rate.description,
    effective_from: rate.effectiveFrom,
    effective_to: rate.effectiveTo,
    source: rate.source,
  };
}

export interface RateQuery {
  /** YYYY-MM-DD: rows with effective_from ≤ date ≤ effective_to (or open). */
  date: string;
  countryCode?: string;
  stateProvince?: string;
}

/** Rates in effect on a date: national rows first, then by state/province and tax type. */
export async function ratesInEffect(db: Knex, query: RateQuery): Promise<ShippedRate[]> {
  const q = db<RateRow>('tax_rates')
    .select(...COLUMNS)
    .where('effective_from', '<=', query.date)
    .andWhere((w) => w.whereNull('effective_to').orWhere('effective_to', '>=', query.date))
    .orderBy([
      { column: 'country_code' },
      { column: 'state_province', nulls: 'first' },
      { column: 'tax_type' },
    ]);
  if (query.countryCode) q.andWhere('country_code', query.countryCode);
  if (query.stateProvince) q.andWhere('state_province', query.stateProvince);
  return (await q).map(toRate);
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const CHANGEABLE = COLUMNS.filter(
  (c) => !['country_code', 'state_province', 'tax_type', 'effective_from'].includes(c),
);

/**
 * Inserts rows that are new (by country, state/province, tax type and start date), updates
 * those whose figures or texts changed and leaves the rest alone: running it twice changes
 * nothing the second time. One statement, so concurrent runs cannot both insert a row.
 */
export async function upsertRates(db: Knex, rates: ShippedRate[]): Promise<UpsertCounts> {
  if (!rates.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const { sql, bindings } = db('tax_rates')
    .insert(rates.map((rate) => ({ id: newId(), ...toRow(rate) })))
    .toSQL();
  const set = CHANGEABLE.map((c) => `${c} = excluded.${c}`).join(', ');
  const current = CHANGEABLE.map((c) => `tax_rates.${c}`).join(', ');
  const incoming = CHANGEABLE.map((c) => `excluded.${c}`).join(', ');
  const result = (await db.raw(
    `${sql}
     ON CONFLICT (country_code, (coalesce(state_province, '')), tax_type, effective_from)
     DO UPDATE SET ${set}, updated_at = now()
     WHERE (${current}) IS DISTINCT FROM (${incoming})
     RETURNING (xmax = 0) AS inserted`,
    bindings,
  )) as { rows: { inserted: boolean }[] };
  const inserted = result.rows.filter((r) => r.inserted).length;
  const updated = result.rows.length - inserted;
  return { inserted, updated, unchanged: rates.length - inserted - updated };
}
