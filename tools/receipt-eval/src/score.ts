import type { ReceiptExtraction } from '../../../services/documents/src/reader';

/**
 * How an extraction is scored against a SROIE key (company, date, address, total):
 * - total: equal to the cent (the key's "RM" and spaces removed);
 * - date: the key's date read day first (SROIE is Malaysian) equals dateISO;
 * - merchant: at least 80% of the key company's words appear in the merchant read.
 */
export interface SroieKey {
  company?: string;
  date?: string;
  total?: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export function keyDate(text: string | undefined): string | null {
  const s = text ?? '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const dmy = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})/.exec(s);
  if (dmy) {
    const y = Number(dmy[3]) < 100 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
    return `${y}-${pad(Number(dmy[2]))}-${pad(Number(dmy[1]))}`;
  }
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return iso[0];
  const named = /(\d{1,2})[ -]?([A-Za-z]{3})[a-z]*[ -,]*(\d{2,4})/.exec(s);
  if (named) {
    const m = MONTHS.indexOf(named[2].toUpperCase()) + 1;
    const y = Number(named[3]) < 100 ? 2000 + Number(named[3]) : Number(named[3]);
    if (m) return `${y}-${pad(m)}-${pad(Number(named[1]))}`;
  }
  return null;
}

const words = (s: string | null | undefined) =>
  (s ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

export interface FieldScores {
  total: boolean;
  date: boolean;
  merchant: boolean;
}

export function score(e: ReceiptExtraction, key: SroieKey): FieldScores {
  const keyTotal = (key.total ?? '').replace(/[^0-9.]/g, '');
  const total =
    e.total !== null &&
    keyTotal !== '' &&
    Number(e.total).toFixed(2) === Number(keyTotal).toFixed(2);
  const kd = keyDate(key.date);
  const company = words(key.company);
  const read = new Set(words(e.merchant));
  const merchant =
    company.length > 0 && company.filter((w) => read.has(w)).length / company.length >= 0.8;
  return { total, date: kd !== null && e.dateISO === kd, merchant };
}
