import { STOPWORDS, type NormalizedDescription } from './normalize';

/**
 * The features one transaction is scored on: its words and word pairs (what was bought),
 * the merchant's leading words, character n-grams of every word (so "WOOLWORTHS/METRO",
 * "WOOLWORTH" and "WOOLIES" still share evidence), the direction of the money and a coarse
 * amount band. Each feature carries a weight: n-grams are many, so each counts for little.
 */
export interface FeatureVector {
  keys: string[];
  weights: number[];
}

export interface FeatureSource {
  normalized: NormalizedDescription;
  /** debit | credit; omitted for knowledge-base facts that hold either way. */
  type?: string;
  /** Positive amount; omitted when unknown. */
  amount?: number;
}

export const FEATURE_WEIGHTS = {
  word: 1,
  bigram: 0.7,
  merchant: 1,
  charGram: 0.15,
  type: 1,
  amount: 0.5,
} as const;

const CHAR_GRAM_SIZES = [3, 4] as const;

/** Amount bands: small purchases, everyday, bills, rent-sized and larger. */
export function amountBand(amount: number): string {
  if (amount < 10) return 'lt10';
  if (amount < 30) return 'lt30';
  if (amount < 100) return 'lt100';
  if (amount < 300) return 'lt300';
  if (amount < 1000) return 'lt1000';
  if (amount < 5000) return 'lt5000';
  return 'ge5000';
}

export function extractFeatures({ normalized, type, amount }: FeatureSource): FeatureVector {
  const weights = new Map<string, number>();
  const add = (key: string, weight: number) =>
    weights.set(key, Math.max(weights.get(key) ?? 0, weight));
  const { words, merchant } = normalized;

  words.forEach((word, i) => {
    if (i > 0 && !STOPWORDS.has(words[i - 1]))
      add(`b:${words[i - 1]}_${word}`, FEATURE_WEIGHTS.bigram);
    if (STOPWORDS.has(word)) return;
    add(`w:${word}`, FEATURE_WEIGHTS.word);
    if (word.length >= 3) {
      const padded = `^${word}$`;
      for (const n of CHAR_GRAM_SIZES) {
        for (let k = 0; k + n <= padded.length; k++)
          add(`c:${padded.slice(k, k + n)}`, FEATURE_WEIGHTS.charGram);
      }
    }
  });
  if (merchant.length) {
    add(`m:${merchant[0]}`, FEATURE_WEIGHTS.merchant);
    if (merchant.length > 1) add(`m:${merchant[0]}_${merchant[1]}`, FEATURE_WEIGHTS.merchant);
  }
  if (type === 'debit' || type === 'credit') add(`t:${type}`, FEATURE_WEIGHTS.type);
  if (amount !== undefined && Number.isFinite(amount) && amount > 0) {
    add(`a:${amountBand(amount)}`, FEATURE_WEIGHTS.amount);
  }
  return { keys: [...weights.keys()], weights: [...weights.values()] };
}

/** The readable words behind a feature key ("w:BAKERY" → "BAKERY"), or undefined for n-grams. */
export function featureWord(key: string): string | undefined {
  if (key.startsWith('w:') || key.startsWith('m:')) return key.slice(2).replace('_', ' ');
  if (key.startsWith('b:')) return key.slice(2).replace('_', ' ');
  return undefined;
}
