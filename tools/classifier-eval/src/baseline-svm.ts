/**
 * The baseline the issue measures against: TF-IDF over character n-grams (2–5, within
 * word boundaries, lower-cased raw description, like scikit-learn's `char_wb`), L2-normalised,
 * and a one-vs-rest linear SVM trained by Pegasos (stochastic sub-gradient on the hinge loss).
 * Hyper-parameters are fixed in advance (λ = 1e-4, 15 epochs, seed 1): never tuned on a test part.
 */
import { random } from './evaluate';

export interface SvmOptions {
  lambda?: number;
  epochs?: number;
  seed?: number;
  minN?: number;
  maxN?: number;
}

type Sparse = Map<number, number>;

function charWbGrams(text: string, minN: number, maxN: number): string[] {
  const grams: string[] = [];
  for (const word of text.toLowerCase().split(/\s+/).filter(Boolean)) {
    const padded = ` ${word} `;
    for (let n = minN; n <= maxN; n++) {
      if (padded.length < n) {
        if (n === minN) grams.push(padded);
        continue;
      }
      for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n));
    }
  }
  return grams;
}

export class TfidfCharSvm {
  private readonly vocabulary = new Map<string, number>();
  private idf: number[] = [];
  private classes: string[] = [];
  private weights: Float64Array[] = [];
  private biases: number[] = [];
  private readonly options: Required<SvmOptions>;

  constructor(options: SvmOptions = {}) {
    this.options = { lambda: 1e-4, epochs: 15, seed: 1, minN: 2, maxN: 5, ...options };
  }

  private vector(text: string, grow: boolean): Sparse {
    const counts: Sparse = new Map();
    for (const gram of charWbGrams(text, this.options.minN, this.options.maxN)) {
      let index = this.vocabulary.get(gram);
      if (index === undefined) {
        if (!grow) continue;
        index = this.vocabulary.size;
        this.vocabulary.set(gram, index);
      }
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    return counts;
  }

  private weigh(counts: Sparse): Sparse {
    let norm = 0;
    const out: Sparse = new Map();
    for (const [i, c] of counts) {
      const v = (1 + Math.log(c)) * (this.idf[i] ?? 0);
      out.set(i, v);
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [i, v] of out) out.set(i, v / norm);
    return out;
  }

  fit(texts: readonly string[], labels: readonly string[]): this {
    const counts = texts.map((t) => this.vector(t, true));
    const df = new Array<number>(this.vocabulary.size).fill(0);
    for (const c of counts) for (const i of c.keys()) df[i] += 1;
    const n = texts.length;
    this.idf = df.map((d) => Math.log((1 + n) / (1 + d)) + 1);
    const xs = counts.map((c) => this.weigh(c));
    this.classes = [...new Set(labels)].sort();
    const dim = this.vocabulary.size;
    const { lambda, epochs } = this.options;
    const next = random(this.options.seed);
    this.weights = [];
    this.biases = [];
    for (const cls of this.classes) {
      const w = new Float64Array(dim);
      let scale = 1;
      let b = 0;
      let t = 0;
      const order = xs.map((_, i) => i);
      for (let epoch = 0; epoch < epochs; epoch++) {
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [order[i], order[j]] = [order[j], order[i]];
        }
        for (const k of order) {
          t += 1;
          const eta = 1 / (lambda * (t + 1 / lambda));
          const y = labels[k] === cls ? 1 : -1;
          let dot = 0;
          for (const [i, v] of xs[k]) dot += w[i] * v;
          const margin = y * (dot * scale + b);
          scale *= 1 - eta * lambda;
          if (scale < 1e-9) {
            for (let i = 0; i < dim; i++) w[i] *= scale;
            scale = 1;
          }
          if (margin < 1) {
            for (const [i, v] of xs[k]) w[i] += (eta * y * v) / scale;
            b += eta * y * 0.1;
          }
        }
      }
      for (let i = 0; i < dim; i++) w[i] *= scale;
      this.weights.push(w);
      this.biases.push(b);
    }
    return this;
  }

  predict(text: string): string | null {
    const x = this.weigh(this.vector(text, false));
    let best: string | null = null;
    let bestScore = -Infinity;
    this.classes.forEach((cls, c) => {
      let s = this.biases[c];
      for (const [i, v] of x) s += this.weights[c][i] * v;
      if (s > bestScore) {
        bestScore = s;
        best = cls;
      }
    });
    return best;
  }
}
