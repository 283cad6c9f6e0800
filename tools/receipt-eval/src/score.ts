import type { ReceiptExtraction } from '../../../services/documents/src/reader';
import { latinLetters } from '../../../services/kit/src/letters';

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
  // Year first ("2018-03-23", "2018/02/22") before day first, which would read "18-03-23" in it.
  const ymd = /\b(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\b/.exec(s);
  if (ymd) return `${ymd[1]}-${pad(Number(ymd[2]))}-${pad(Number(ymd[3]))}`;
  const dmy = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})/.exec(s);
  if (dmy) {
    const y = Number(dmy[3]) < 100 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
    // A few keys are month first ("12/28/2017"): a "month" over 12 says so.
    const [d, m] = Number(dmy[2]) > 12 ? [dmy[2], dmy[1]] : [dmy[1], dmy[2]];
    return `${y}-${pad(Number(m))}-${pad(Number(d))}`;
  }
  const named = /(\d{1,2})[ -]?([A-Za-z]{3})[a-z]*[ -,]*(\d{2,4})/.exec(s);
  if (named) {
    const m = MONTHS.indexOf(named[2].toUpperCase()) + 1;
    const y = Number(named[3]) < 100 ? 2000 + Number(named[3]) : Number(named[3]);
    if (m) return `${y}-${pad(m)}-${pad(Number(named[1]))}`;
  }
  return null;
}

/** A name's words in capitals, accents dropped ("Café" and "CAFE" are the same word). */
export const words = (s: string | null | undefined) =>
  latinLetters(s ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** At least 80% of the key name's words appear in the name read. */
export function merchantMatches(read: string | null | undefined, key: string | undefined): boolean {
  const name = words(key);
  const seen = new Set(words(read));
  return name.length > 0 && name.filter((w) => seen.has(w)).length / name.length >= 0.8;
}

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
  const merchant = merchantMatches(e.merchant, key.company);
  return { total, date: kd !== null && e.dateISO === kd, merchant };
}

/** A generated document's key: the fields scored (see synthetic/generate.ts). */
export interface GeneratedKey {
  merchant: string;
  dateISO: string;
  total: string;
  tax: string | null;
}

export type GeneratedField = 'total' | 'date' | 'merchant' | 'tax';

/**
 * How a generated document is scored: total and tax equal to the cent (a tax not read is wrong
 * when the document states one), date equal to dateISO, merchant as for SROIE (80% of the
 * key's words).
 */
export function scoreGenerated(
  e: ReceiptExtraction,
  key: GeneratedKey,
): Record<GeneratedField, boolean> {
  const cents = (v: string | null) => (v === null ? null : Number(v).toFixed(2));
  return {
    total: e.total !== null && cents(e.total) === cents(key.total),
    date: e.dateISO === key.dateISO,
    merchant: merchantMatches(e.merchant, key.merchant),
    tax: key.tax === null ? e.tax === null : e.tax !== null && cents(e.tax) === cents(key.tax),
  };
}
