import type { FeatureVector } from './features';

/**
 * Multinomial naive Bayes over weighted features, trained incrementally: add() and remove()
 * adjust counts, so a user's correction replaces their earlier label without a retrain.
 * Deterministic: classes and features are kept in insertion order and scores are plain sums.
 */
export interface NaiveBayesOptions {
  /** Additive (Lidstone) smoothing of feature counts. */
  alpha: number;
  /** Ignore how many documents each class has (knowledge-base classes are not frequencies). */
  uniformPrior?: boolean;
}

interface ClassStats {
  docs: number;
  total: number;
}

export interface NaiveBayesScores<C> {
  classes: C[];
  /** Unnormalised log joint probability per class (same order as classes). */
  logScores: number[];
  /** Total weight of the features the model has seen (unseen features carry no evidence). */
  knownWeight: number;
  /** Share of the input's weight the model has seen (0..1). */
  knownShare: number;
}

/** Counts below this are gone (a label added and removed again leaves rounding dust). */
const NOTHING = 1e-9;

/** Where class `c`'s pair starts in a feature's (class index, count) pairs; -1 when it has none. */
function pairOf(pairs: readonly number[], c: number): number {
  for (let j = 0; j < pairs.length; j += 2) if (pairs[j] === c) return j;
  return -1;
}

export class NaiveBayes<C extends string = string> {
  private readonly stats = new Map<C, ClassStats>();
  /**
   * Feature → its counts, only for the classes that have it, as pairs (class index, count): a
   * user's feature is in a handful of their categories, so a row of log-likelihoods is the
   * classes' smoothing floor with a few entries filled in, not one lookup per class. Pairs in a
   * plain array, not a map per feature: most features are in one class, and a map each made
   * a user's model a sixth larger. The vocabulary is the keys.
   */
  private readonly counts = new Map<string, number[]>();
  private documents = 0;
  /** log P(feature | class) per class index, filled lazily and cleared when counts change. */
  private cache = new Map<string, Float64Array>();
  /** log(total + alpha · vocabulary) per class index, for the cache's generation. */
  private logDenominators?: Float64Array;
  /** log P(unseen-in-class feature | class) per class index, for the cache's generation. */
  private floor?: Float64Array;
  /** log P(class) per class index, for the cache's generation. */
  private priors?: Float64Array;
  private classOrder: C[] = [];
  private classIndex = new Map<C, number>();

  constructor(private readonly options: NaiveBayesOptions) {}

  get size(): number {
    return this.documents;
  }

  get classCount(): number {
    return this.classOrder.length;
  }

  labels(): readonly C[] {
    return this.classOrder;
  }

  documentsOf(label: C): number {
    return this.stats.get(label)?.docs ?? 0;
  }

  has(feature: string): boolean {
    return this.counts.has(feature);
  }

  add(features: FeatureVector, label: C, weight = 1): void {
    this.update(features, label, weight);
  }

  /** Undoes an earlier add() of the same features and label. */
  remove(features: FeatureVector, label: C, weight = 1): void {
    if (!this.stats.has(label)) return;
    this.update(features, label, -weight);
  }

  private update(features: FeatureVector, label: C, sign: number): void {
    let stats = this.stats.get(label);
    if (!stats) {
      stats = { docs: 0, total: 0 };
      this.stats.set(label, stats);
      this.classIndex.set(label, this.classOrder.length);
      this.classOrder.push(label);
    }
    stats.docs += sign;
    this.documents += sign;
    const c = this.classIndex.get(label) as number;
    for (let i = 0; i < features.keys.length; i++) {
      const key = features.keys[i];
      const delta = features.weights[i] * sign;
      const pairs = this.counts.get(key);
      const at = pairs ? pairOf(pairs, c) : -1;
      const after = (pairs && at >= 0 ? pairs[at + 1] : 0) + delta;
      if (after > NOTHING) {
        if (!pairs) this.counts.set(key, [c, after]);
        else if (at >= 0) pairs[at + 1] = after;
        else pairs.push(c, after);
      } else if (pairs && at >= 0) {
        pairs.splice(at, 2);
        if (!pairs.length) this.counts.delete(key);
      }
      stats.total = Math.max(0, stats.total + delta);
    }
    if (stats.docs <= 0) {
      this.stats.delete(label);
      this.classOrder = this.classOrder.filter((other) => other !== label);
      this.classIndex = new Map(this.classOrder.map((other, i) => [other, i]));
      // The classes after it move down one index, and the rounding dust of its last labels
      // goes; rare (a class's every label removed), so a full pass.
      for (const [key, pairs] of this.counts) {
        let kept = 0;
        for (let j = 0; j < pairs.length; j += 2) {
          if (pairs[j] === c) continue;
          pairs[kept] = pairs[j] > c ? pairs[j] - 1 : pairs[j];
          pairs[kept + 1] = pairs[j + 1];
          kept += 2;
        }
        pairs.length = kept;
        if (!kept) this.counts.delete(key);
      }
    }
    this.cache = new Map();
    this.logDenominators = undefined;
    this.floor = undefined;
    this.priors = undefined;
  }

  private logLikelihoods(feature: string): Float64Array {
    let row = this.cache.get(feature);
    if (row) return row;
    const { alpha } = this.options;
    if (!this.logDenominators || !this.floor) {
      const vocabularySize = Math.max(1, this.counts.size);
      this.logDenominators = Float64Array.from(this.classOrder, (label) =>
        Math.log((this.stats.get(label) as ClassStats).total + alpha * vocabularySize),
      );
      const logAlpha = Math.log(alpha);
      this.floor = this.logDenominators.map((d) => logAlpha - d);
    }
    row = this.floor.slice();
    const pairs = this.counts.get(feature) ?? [];
    for (let j = 0; j < pairs.length; j += 2)
      row[pairs[j]] = Math.log(pairs[j + 1] + alpha) - this.logDenominators[pairs[j]];
    this.cache.set(feature, row);
    return row;
  }

  /** log P(class) per class index (0 with a uniform prior), for the cache's generation. */
  private logPriors(): Float64Array {
    if (!this.priors) {
      const classes = this.classOrder.length;
      this.priors = Float64Array.from(this.classOrder, (label) =>
        this.options.uniformPrior
          ? 0
          : Math.log(((this.stats.get(label) as ClassStats).docs + 1) / (this.documents + classes)),
      );
    }
    return this.priors;
  }

  score(features: FeatureVector): NaiveBayesScores<C> {
    const classes = this.classOrder.slice();
    const logScores = Array.from(this.logPriors());
    let knownWeight = 0;
    let totalWeight = 0;
    for (let i = 0; i < features.keys.length; i++) {
      const key = features.keys[i];
      const weight = features.weights[i];
      totalWeight += weight;
      if (!this.counts.has(key)) continue;
      knownWeight += weight;
      const row = this.logLikelihoods(key);
      for (let c = 0; c < row.length; c++) logScores[c] += weight * row[c];
    }
    return {
      classes,
      logScores,
      knownWeight,
      knownShare: totalWeight ? knownWeight / totalWeight : 0,
    };
  }

  /**
   * The features that argue most for `label` against the other classes (their average),
   * strongest first: the "because" of a prediction.
   */
  evidenceFor(features: FeatureVector, label: C, limit = 3): string[] {
    const index = this.classOrder.indexOf(label);
    if (index < 0 || this.classOrder.length < 2) return [];
    const scored: [string, number][] = [];
    features.keys.forEach((key, i) => {
      if (!this.counts.has(key)) return;
      const row = this.logLikelihoods(key);
      let others = 0;
      for (let c = 0; c < row.length; c++) if (c !== index) others += row[c];
      const lift = features.weights[i] * (row[index] - others / (row.length - 1));
      if (lift > 0) scored.push([key, lift]);
    });
    return scored
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([key]) => key);
  }
}

/** softmax(scores / temperature), stable against large magnitudes. */
export function softmax(scores: readonly number[], temperature = 1): number[] {
  if (!scores.length) return [];
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp((s - max) / temperature));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}
