/**
 * How figures read in answers. Every figure printed comes from a tool's output as a decimal
 * string; formatting only adds the symbol and grouping (Number() of a two-place decimal string
 * is exact enough to print, and nothing is computed from it).
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function money(amount: string, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
      });
    } catch {
      f = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(currency, f);
  }
  const negative = amount.trim().startsWith('-');
  const text = f.format(Number(amount.replace(/^-/, '')));
  return negative ? `-${text}` : text;
}

/** The size of a signed amount ("-82.40" → "82.40"): money out is shown without its sign. */
export const size = (amount: string) => amount.replace(/^-/, '');

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "1 Mar 2026" from "2026-03-01". */
export function day(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function list(items: string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}
