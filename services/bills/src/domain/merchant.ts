import { latinLetters } from '@pfs/kit';

/**
 * Merchant names as banks print them vary from one statement line to the next
 * ("SQ *BLUE BOTTLE #0231", "NETFLIX.COM", "Netflix"). `merchantKey` reduces one to a stable
 * key: upper case, payment-processor prefixes ("SQ *", "PAYPAL *", "PP*", …) and web
 * suffixes (".COM", ".COM.AU", …) removed, every token holding a digit (store numbers,
 * references, phone numbers) dropped, company suffixes (PTY LTD, INC, …) dropped,
 * punctuation turned into spaces.
 *
 * Different products of one company stay apart: 'AMAZON PRIME' and 'AMAZON MKTPLC' are two
 * keys, while 'NETFLIX' and 'NETFLIX.COM' are one.
 */

const PROCESSOR_PREFIXES = [
  'PAYPAL',
  'PP',
  'SQ',
  'SQU',
  'SP',
  'TST',
  'ZLR',
  'GOOGLE',
  'APL',
  'IZ',
  'SUMUP',
  'STRIPE',
];

const LEADING_WORDS = [
  'POS',
  'EFTPOS',
  'VISA',
  'DEBIT',
  'CARD',
  'PURCHASE',
  'DIRECT',
  'DD',
  'RECURRING',
  'PAYMENT',
  'TO',
];

const COMPANY_SUFFIXES = new Set([
  'PTY',
  'LTD',
  'LIMITED',
  'INC',
  'LLC',
  'CO',
  'CORP',
  'GMBH',
  'PLC',
]);

const WEB_SUFFIX = /\.(COM|NET|ORG|IO|CO)(\.[A-Z]{2})?\b/g;

export function merchantKey(raw: string | null | undefined): string {
  if (!raw) return '';
  let text = latinLetters(raw).toUpperCase();
  // "SQ *BLUE BOTTLE", "PAYPAL *SPOTIFY", "PP*1234 NAME": the processor, then a star.
  const star = /^\s*([A-Z]+)\s*\*\s*/.exec(text);
  if (star && PROCESSOR_PREFIXES.includes(star[1])) text = text.slice(star[0].length);
  text = text.replace(WEB_SUFFIX, ' ');
  text = text.replace(/[^A-Z0-9&]+/g, ' ');
  let tokens = text.split(' ').filter((t) => t && !/\d/.test(t));
  while (tokens.length > 1 && LEADING_WORDS.includes(tokens[0])) tokens = tokens.slice(1);
  while (tokens.length > 1 && COMPANY_SUFFIXES.has(tokens[tokens.length - 1]))
    tokens = tokens.slice(0, -1);
  return tokens.join(' ');
}

/**
 * Whether a bill's merchant (or name) and a transaction's merchant (or description) name the
 * same payee: equal keys, or one key's words are the leading words of the other's ("NETFLIX"
 * and "NETFLIX LOS GATOS"). Used with an amount and a date window, never alone.
 */
export function merchantsMatch(billKey: string, transactionKey: string): boolean {
  if (!billKey || !transactionKey) return false;
  if (billKey === transactionKey) return true;
  const a = billKey.split(' ');
  const b = transactionKey.split(' ');
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((word, i) => long[i] === word);
}

/** "NETFLIX" → "Netflix", "AMAZON PRIME" → "Amazon Prime": a readable name for a key. */
export function displayName(key: string): string {
  return key
    .toLowerCase()
    .split(' ')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}
