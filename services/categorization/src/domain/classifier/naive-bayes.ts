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
  counts: Map<string, number>;
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

export class NaiveBayes<C extends string = string> {
  private readonly stats = new Map<C, ClassStats>();
  /** How many class counts reference each feature: the vocabulary is the keys with a count > 0. */
  private readonly vocabulary = new Map<string, number>();
  private documents = 0;
  /** log P(feature | class) per class index, filled lazily and cleared when counts change. */
  private cache = new Map<string, Float64Array>();
  private classOrder: C[] = [];

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
    return this.vocabulary.has(feature);
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
      stats = { docs: 0, total: 0, counts: new Map() };
      this.stats.set(label, stats);
      this.classOrder.push(label);
    }
    stats.docs += sign;
    this.documents += sign;
    features.keys.forEach((key, i) => {
      const delta = features.weights[i] * sign;
      const before = stats.counts.get(key) ?? 0;
      const after = before + delta;
      if (after > 1e-9) {
        if (before <= 1e-9) this.vocabulary.set(key, (this.vocabulary.get(key) ?? 0) + 1);
        stats.counts.set(key, after);
      } else if (before > 1e-9) {
        stats.counts.delete(key);
        const refs = (this.vocabulary.get(key) ?? 1) - 1;
        if (refs > 0) this.vocabulary.set(key, refs);
        else this.vocabulary.delete(key);
      }
      stats.total = Math.max(0, stats.total + delta);
    });
    if (stats.docs <= 0) {
      this.stats.delete(label);
      this.classOrder = this.classOrder.filter((c) => c !== label);
    }
    this.cache = new Map();
  }

  private logLikelihoods(feature: string): Float64Array {
    let row = this.cache.get(feature);
    if (!row) {
      const { alpha } = this.options;
      const vocabularySize = Math.max(1, this.vocabulary.size);
      row = new Float64Array(this.classOrder.length);
      this.classOrder.forEach((label, i) => {
        const stats = this.stats.get(label) as ClassStats;
        row![i] = Math.log(
          ((stats.counts.get(feature) ?? 0) + alpha) / (stats.total + alpha * vocabularySize),
        );
      });
      this.cache.set(feature, row);
    }
    return row;
  }

  score(features: FeatureVector): NaiveBayesScores<C> {
    const classes = this.classOrder.slice();
    const logScores = classes.map((label) =>
      this.options.uniformPrior
        ? 0
        : Math.log(
            ((this.stats.get(label) as ClassStats).docs + 1) / (this.documents + classes.length),
          ),
    );
    let knownWeight = 0;
    let totalWeight = 0;
    features.keys.forEach((key, i) => {
      const weight = features.weights[i];
      totalWeight += weight;
      if (!this.vocabulary.has(key)) return;
      knownWeight += weight;
      const row = this.logLikelihoods(key);
      for (let c = 0; c < row.length; c++) logScores[c] += weight * row[c];
    });
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
      if (!this.vocabulary.has(key)) return;
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
