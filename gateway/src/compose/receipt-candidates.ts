import { latinLetters, money } from '@pfs/kit';

/**
 * Which of the user's records a receipt belongs to: a transaction or expense near the amount
 * actually paid and the receipt's date, with a merchant that reads alike. Pure: the route
 * fetches the records, this scores and orders them.
 */
export interface ReceiptFacts {
  /** Decimal string: the amount paid (null when the reader found none). */
  total: string | null;
  tip: string | null;
  dateISO: string | null;
  merchant: string | null;
}

export interface RecordFacts {
  id: string;
  entityType: 'transaction' | 'expense';
  /** YYYY-MM-DD */
  date: string;
  /** Positive decimal string. */
  amount: string;
  description: string;
  merchant: string | null;
  /** Money in cannot be paying a receipt. */
  direction: 'out' | 'in';
}

export interface Candidate extends RecordFacts {
  score: number;
  reasons: string[];
}

/** Days either side of the receipt's date searched for the payment (card settlement lag). */
export const DATE_WINDOW_DAYS = 7;
/** A tip added at the terminal, or a currency conversion, moves the charge by up to this share. */
const AMOUNT_TOLERANCE = 0.2;
const MIN_SCORE = 0.35;

const WEIGHTS = { amount: 0.5, date: 0.3, merchant: 0.2 };

/** The amount window to search the ledger with. */
export function amountWindow(total: string): { min: string; max: string } {
  const t = money(total);
  return {
    min: t
      .times(1 - AMOUNT_TOLERANCE)
      .toDecimalPlaces(2)
      .toFixed(2),
    max: t
      .times(1 + AMOUNT_TOLERANCE)
      .toDecimalPlaces(2)
      .toFixed(2),
  };
}

export function dateWindow(dateISO: string, days = DATE_WINDOW_DAYS): { from: string; to: string } {
  const at = Date.parse(`${dateISO}T00:00:00Z`);
  const day = 86_400_000;
  return {
    from: new Date(at - days * day).toISOString().slice(0, 10),
    to: new Date(at + days * day).toISOString().slice(0, 10),
  };
}

function amountScore(receipt: ReceiptFacts, record: RecordFacts): [number, string | null] {
  if (receipt.total === null) return [0, null];
  const total = money(receipt.total);
  const amount = money(record.amount);
  if (amount.equals(total)) return [1, `amount ${record.amount} equals the receipt total`];
  if (receipt.tip !== null && amount.equals(total.plus(receipt.tip)))
    return [0.95, `amount ${record.amount} is the total plus the tip`];
  if (total.isZero()) return [0, null];
  const off = amount.minus(total).abs().div(total).toNumber();
  if (off > AMOUNT_TOLERANCE) return [0, null];
  // A charge above the total is a tip or a fee; one below it is rarer (a discount at the till).
  const score = (amount.greaterThan(total) ? 0.8 : 0.6) * (1 - off / AMOUNT_TOLERANCE);
  return [
    score,
    `amount ${record.amount} is within ${Math.ceil(off * 100)}% of the total ${receipt.total}`,
  ];
}

function dateScore(receipt: ReceiptFacts, record: RecordFacts): [number, string | null] {
  if (!receipt.dateISO) return [0, null];
  const days = Math.round(
    (Date.parse(`${record.date}T00:00:00Z`) - Date.parse(`${receipt.dateISO}T00:00:00Z`)) /
      86_400_000,
  );
  if (Number.isNaN(days) || Math.abs(days) > DATE_WINDOW_DAYS) return [0, null];
  if (days === 0) return [1, 'same date as the receipt'];
  // Card payments post on the day or a few days after; a record before the receipt is less likely.
  const score =
    days > 0 ? 1 - days / (DATE_WINDOW_DAYS + 1) : 0.7 * (1 - -days / (DATE_WINDOW_DAYS + 1));
  const label = Math.abs(days) === 1 ? 'day' : 'days';
  return [score, `${Math.abs(days)} ${label} ${days > 0 ? 'after' : 'before'} the receipt`];
}

const STOP_WORDS = new Set([
  'pty',
  'ltd',
  'limited',
  'inc',
  'llc',
  'plc',
  'co',
  'the',
  'and',
  'store',
  'shop',
  'card',
  'visa',
  'eftpos',
  'purchase',
  'pos',
  'debit',
  'payment',
  'au',
  'aus',
  'us',
  'uk',
]);

/** Words of a merchant string as banks and tills write them: no digits, no legal suffixes. */
export function merchantTokens(text: string): string[] {
  return latinLetters(text)
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

function bigrams(word: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i < word.length - 1; i++) grams.add(word.slice(i, i + 2));
  return grams;
}

/** Dice similarity of character bigrams: survives truncation ("WOOLWORTHS 1234 SYD" ~ "Woolworths Metro"). */
function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a))) return 0.9;
  const x = bigrams(a);
  const y = bigrams(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return (2 * shared) / (x.size + y.size);
}

export function merchantSimilarity(receiptMerchant: string, recordText: string): number {
  const a = merchantTokens(receiptMerchant);
  const b = merchantTokens(recordText);
  if (!a.length || !b.length) return 0;
  // Each word of the receipt's merchant finds its best match among the record's words.
  const best = a.map((w) => Math.max(...b.map((v) => wordSimilarity(w, v))));
  return best.reduce((s, v) => s + v, 0) / best.length;
}

function merchantScore(receipt: ReceiptFacts, record: RecordFacts): [number, string | null] {
  if (!receipt.merchant) return [0, null];
  const text = [record.merchant, record.description].filter(Boolean).join(' ');
  const similarity = merchantSimilarity(receipt.merchant, text);
  if (similarity < 0.5) return [0, null];
  return [similarity, `"${text.slice(0, 60)}" reads like ${receipt.merchant}`];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The records that may be this receipt's payment, best first, each with a score in 0–1 and why. */
export function rankCandidates(
  receipt: ReceiptFacts,
  records: RecordFacts[],
  limit = 10,
): Candidate[] {
  const seen = new Set<string>();
  const ranked: Candidate[] = [];
  for (const record of records) {
    const key = `${record.entityType}:${record.id}`;
    if (seen.has(key) || record.direction === 'in') continue;
    seen.add(key);
    const parts = [
      [WEIGHTS.amount, ...amountScore(receipt, record)],
      [WEIGHTS.date, ...dateScore(receipt, record)],
      [WEIGHTS.merchant, ...merchantScore(receipt, record)],
    ] as [number, number, string | null][];
    // Without a total the amount cannot vouch for anything: the other two carry the score.
    const weight = receipt.total === null ? 1 - WEIGHTS.amount : 1;
    const score = parts.reduce((s, [w, v]) => s + w * v, 0) / weight;
    if (score < MIN_SCORE) continue;
    ranked.push({
      ...record,
      score: round(score),
      reasons: parts.map(([, , why]) => why).filter((r): r is string => r !== null),
    });
  }
  return ranked
    .sort((a, b) => b.score - a.score || b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
    .slice(0, limit);
}
