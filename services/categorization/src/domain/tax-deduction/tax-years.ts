/**
 * Rates that change by tax year, with the year they apply to. Years after the last known
 * figure use the latest one (and the wording says "check the current rate").
 */

/** Australia's financial year starts on 1 July: 2025-03-14 is in 2024–25 (start year 2024). */
export function auFinancialYear(date: Date): { start: number; label: string } {
  const start = date.getUTCMonth() >= 6 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return { start, label: `${start}–${String((start + 1) % 100).padStart(2, '0')}` };
}

/** The UK tax year starts on 6 April: 2025-04-05 is in 2024-25. */
export function ukTaxYear(date: Date): { start: number; label: string } {
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  const start = m > 3 || (m === 3 && d >= 6) ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return { start, label: `${start}-${String((start + 1) % 100).padStart(2, '0')}` };
}

function byYear(
  table: readonly [number, number][],
  year: number,
): { value: number; known: boolean } {
  const sorted = [...table].sort((a, b) => a[0] - b[0]);
  let value = sorted[0][1];
  for (const [from, v] of sorted) if (year >= from) value = v;
  return { value, known: year <= sorted[sorted.length - 1][0] };
}

/** ATO cents per kilometre rate (start year of the financial year → cents). */
export function auCentsPerKm(fyStart: number) {
  return byYear(
    [
      [2020, 72],
      [2022, 78],
      [2023, 85],
      [2024, 88],
    ],
    fyStart,
  );
}

/** ATO working-from-home fixed rate, cents per hour (revised method from 2022–23). */
export function auWorkFromHomeRate(fyStart: number) {
  return byYear(
    [
      [2020, 52],
      [2022, 67],
      [2024, 70],
    ],
    fyStart,
  );
}

/** Concessional contributions cap, dollars. */
export function auConcessionalCap(fyStart: number) {
  return byYear(
    [
      [2021, 27_500],
      [2024, 30_000],
    ],
    fyStart,
  );
}

/** Superannuation guarantee, percent of ordinary time earnings. */
export function auSuperGuarantee(fyStart: number) {
  return byYear(
    [
      [2022, 10.5],
      [2023, 11],
      [2024, 11.5],
      [2025, 12],
    ],
    fyStart,
  );
}

/** IRS standard mileage rate for business use, cents per mile (calendar year). */
export function usMileageRate(year: number) {
  return byYear(
    [
      [2022, 58.5],
      [2023, 65.5],
      [2024, 67],
      [2025, 70],
    ],
    year,
  );
}

/** Traditional/Roth IRA contribution limit, dollars (under age 50). */
export function usIraLimit(year: number) {
  return byYear(
    [
      [2022, 6_000],
      [2023, 6_500],
      [2024, 7_000],
    ],
    year,
  );
}
