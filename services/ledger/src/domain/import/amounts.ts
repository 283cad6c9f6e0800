import type { DecimalSeparator } from './types';

/**
 * Statement amounts as banks write them: -4.50, +1234.56, "1,234.56", 1.234,56 (European),
 * 1 234,56 and 1'234.56, $4.50, -£4.50, 4.50 AUD, (4.50) and 4.50- for negatives, 4.50 CR /
 * 4.50 DR markers, the Unicode minus. The result is signed integer cents (negative is money
 * out), rounded half away from zero: exact, and cheap enough for a million rows.
 */

/** Above this many cents the amount cannot be stored (and Number stops being exact far later). */
export const CENTS_LIMIT = 1e15;

const CURRENCY_SYMBOLS = /^(?:[A-Z]{0,2}\$|[$£€¥₹₩₪₱¢₫₦₺₴₽]|R\$|kr\.?|Fr\.?|zł|Kč)/;
const CURRENCY_SYMBOLS_END = /(?:[A-Z]{0,2}\$|[$£€¥₹₩₪₱¢₫₦₺₴₽]|kr\.?|zł|Kč)$/;
const ISO_CODE_START = /^[A-Z]{3}(?=[\s\d.,(+-])/;
const ISO_CODE_END = /(?<=[\d\s.,)])[A-Z]{3}$/;
const MARKER_END = /(?<=[\d\s.,)])(CR|DR|Cr|Dr|cr|dr)\.?$/;
const MARKER_START = /^(CR|DR)(?=[\s\d.$£€])/i;
const MINUS = /^[-−–]/;
const DIGITS = /^(?:\d[\d.,'’ \u00a0\u202f]*|[.,]\d+)$/;
const PLAIN = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Reads an amount as signed cents. null means the cell is empty (no amount at all); undefined
 * means it is not an amount. `decimal` breaks the tie for a lone separator followed by exactly
 * three digits ("1,234" is 1234 in a file with decimal points and 1.234 in one with decimal
 * commas). A value too large to be money is Infinity (signed).
 */
export function parseAmount(
  raw: string,
  decimal: DecimalSeparator = '.',
): number | null | undefined {
  // The common case, "-4.50" or "1234.5": no symbols, groups or brackets.
  const plain = PLAIN.exec(raw);
  if (plain) {
    const cents = Number(plain[2]) * 100 + (plain[3] ? Number(plain[3].padEnd(2, '0')) : 0);
    return cents === 0 ? 0 : plain[1] === '-' ? -cents : cents;
  }
  let s = raw.trim();
  if (!s || s === '-' || s === '--') return null;
  let negative = false;
  let signs = 0;
  // Peel signs, brackets, markers and currencies off both ends, in whatever order they come.
  for (let guard = 0; guard < 8; guard++) {
    const before = s;
    if (s.startsWith('(') && s.endsWith(')')) {
      signs++;
      negative = !negative;
      s = s.slice(1, -1);
    }
    let m = MARKER_END.exec(s) ?? MARKER_START.exec(s);
    if (m) {
      signs++;
      negative = m[1].toUpperCase() === 'DR' ? true : negative;
      s = m.index === 0 ? s.slice(m[0].length) : s.slice(0, m.index);
    }
    if (MINUS.test(s)) {
      signs++;
      negative = !negative;
      s = s.slice(1);
    } else if (s.startsWith('+')) {
      signs++;
      s = s.slice(1);
    } else if (/[-−]$/.test(s)) {
      signs++;
      negative = !negative;
      s = s.slice(0, -1);
    } else if (s.endsWith('+')) {
      s = s.slice(0, -1);
    }
    m = ISO_CODE_START.exec(s) ?? CURRENCY_SYMBOLS.exec(s);
    if (m && m[0]) s = s.slice(m[0].length);
    m = ISO_CODE_END.exec(s) ?? CURRENCY_SYMBOLS_END.exec(s);
    if (m && m[0]) s = s.slice(0, m.index);
    s = s.trim();
    if (s === before) break;
  }
  // One way of saying the sign: "--4" or "(-4)" are typos, not amounts.
  if (signs > 1 || !s || !DIGITS.test(s)) return undefined;
  const normalized = normalizeDigits(s.replace(/['’ \u00a0\u202f]/g, ''), decimal);
  if (normalized === undefined) return undefined;
  const cents = toCents(normalized);
  if (cents === 0) return 0;
  return negative ? -cents : cents;
}

/** "1234.567" → 123457: whole cents, the third decimal rounding half away from zero. */
function toCents(plain: string): number {
  const dot = plain.indexOf('.');
  const whole = (dot < 0 ? plain : plain.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const fraction = dot < 0 ? '' : plain.slice(dot + 1);
  if (whole.length > 13) return Infinity;
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */ ? cents + 1 : cents;
}

/** Cents as money text: 123457 → "1234.57". */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** Digits with "." as the only (decimal) separator, or undefined when grouping is impossible. */
function normalizeDigits(s: string, decimal: DecimalSeparator): string | undefined {
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalChar: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalChar = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = s.split(sep).length - 1;
    const tail = s.length - s.lastIndexOf(sep) - 1;
    if (count > 1)
      decimalChar = undefined; // 1,234,567 or 1.234.567: only groups
    else if (tail !== 3)
      decimalChar = sep; // 4,50 or 4.5 or 1234.5678
    else decimalChar = sep === decimal ? sep : undefined;
  }
  let intPart = s;
  let fraction = '';
  if (decimalChar) {
    const at = s.lastIndexOf(decimalChar);
    intPart = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (!/^\d*$/.test(fraction)) return undefined;
  }
  const groupChar =
    decimalChar === '.' ? ',' : decimalChar === ',' ? '.' : lastDot >= 0 ? '.' : ',';
  if (intPart.includes(decimalChar ?? '\u0000')) return undefined;
  const groups = intPart.split(groupChar);
  if (
    groups.length > 1 &&
    (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))
  ) {
    return undefined;
  }
  const digits = groups.join('');
  if (!/^\d*$/.test(digits) || (!digits && !fraction)) return undefined;
  return `${digits || '0'}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Which decimal separator a file uses, from a sample of its amounts: a separator followed by
 * one or two digits at the end is a decimal one; with both in one value, the last is.
 */
export function detectDecimalSeparator(
  samples: Iterable<string>,
  fallback: DecimalSeparator = '.',
): DecimalSeparator {
  let dot = 0;
  let comma = 0;
  for (const raw of samples) {
    const s = raw.replace(/[^\d.,]/g, '');
    const lastDot = s.lastIndexOf('.');
    const lastComma = s.lastIndexOf(',');
    if (lastDot >= 0 && lastComma >= 0) {
      if (lastDot > lastComma) dot++;
      else comma++;
    } else if (/\.\d{1,2}$/.test(s)) dot++;
    else if (/,\d{1,2}$/.test(s)) comma++;
  }
  if (dot === comma) return fallback;
  return dot > comma ? '.' : ',';
}
