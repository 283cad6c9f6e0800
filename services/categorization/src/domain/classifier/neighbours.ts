/**
 * The user's labelled transactions most like this one, found by the words and word pairs of
 * their descriptions (TF-IDF, cosine), the newest first among near equals. People change how
 * they file the same merchant over time ("AMAZON" was Shopping, now it is Household), and the
 * same payee at the same amount is usually the same thing (a subscription, a rent, a standing
 * transfer): a nearest-neighbour vote that leans on recency and amount follows both, where a
 * model that counts every label the same does not. Incremental both ways: a label counts (or
 * stops counting) the moment it is learned (or forgotten). Words, not character n-grams: the
 * same accuracy on the inner splits, and a third of the memory (the naive Bayes model
 * already matches spellings that differ).
 */

export interface NeighbourQuery {
  /** The description's text as the index holds it (user-model.ts `neighbourText`). */
  text: string;
  amount?: number;
  type?: string;
}

export interface NeighbourVote {
  /** Category id → share of the vote (sums to 1). */
  distribution: Map<string, number>;
  /** Cosine similarity of the nearest labelled description (0..1). */
  similarity: number;
  /** The nearest labelled description, lower-cased (for the reasoning line). */
  nearest: string;
}

/** How the vote is weighed (chosen on inner time splits of the training parts; see the README). */
export const NEIGHBOUR_SETTINGS: Record<
  'k' | 'recency' | 'sameAmount' | 'otherDirection' | 'power' | 'weight' | 'sharpness',
  number
> = {
  /** Weight of the vote in the classifier's blend, times the nearest similarity to `sharpness`. */
  weight: 16,
  sharpness: 8,
  /** Labels voting: the most similar, after the bonuses below. */
  k: 5,
  /** Added to the similarity of the newest label, in proportion for older ones. */
  recency: 0.2,
  /** Added when the amount is the same to the cent. */
  sameAmount: 0.2,
  /** Taken off when money moved the other way. */
  otherDirection: 0.3,
  /** Votes are similarity to this power: the nearest count far more. */
  power: 16,
};

/** Terms found in more than this share of descriptions say nothing about any one of them. */
const COMMON_SHARE = 0.3;

/** Candidates come through terms found in at most this share of descriptions (or RARE_MIN). */
const RARE_SHARE = 0.02;
const RARE_MIN = 8;
/** Candidates whose full similarity is computed: the best by their rarer terms. */
const SHORTLIST = 30;

/** Weights are recomputed once the number of descriptions has moved by this share. */
const NORM_DRIFT = 0.1;

/** Labels of one description looked at, newest first (older ones are outvoted by recency). */
const ENTRIES_LOOKED_AT = 200;

/** A description's words and adjacent word pairs, lower-cased, with their counts. */
export function terms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  words.forEach((word, i) => {
    counts.set(word, (counts.get(word) ?? 0) + 1);
    if (i) {
      const pair = `${words[i - 1]} ${word}`;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
  });
  return counts;
}

interface Entry {
  seq: number;
  categoryId: string;
  amount?: number;
  type?: string;
}

interface Doc {
  key: string;
  /** Term ids and their counts. */
  termIds: Int32Array;
  counts: Uint8Array;
  /** Labels, oldest first. */
  entries: Entry[];
  /** TF-IDF weights (parallel to termIds) and their norm, as of `weighedAt` descriptions. */
  weights: Float32Array;
  norm: number;
  weighedAt: number;
}

const tf = (count: number) => 1 + Math.log(count);

/** One description's key: what add() files a label under is what remove() must find. */
const docKey = (text: string) => text.toLowerCase().trim();

export class NeighbourIndex {
  private readonly termIds = new Map<string, number>();
  /** Per term id: the ids of the descriptions holding it. */
  private readonly postings: number[][] = [];
  private readonly docs: (Doc | undefined)[] = [];
  private readonly docIds = new Map<string, number>();
  private readonly freeDocIds: number[] = [];
  private maxSeq = 0;
  /** Scratch space, reused across votes: partial dot products by doc id, query weight by term id. */
  private partial = new Float64Array(64);
  private queryWeights = new Float64Array(64);

  add(text: string, entry: Entry): void {
    const key = docKey(text);
    let id = this.docIds.get(key);
    let doc = id === undefined ? undefined : this.docs[id];
    if (!doc) {
      const found = terms(key);
      const termIds = new Int32Array(found.size);
      const counts = new Uint8Array(found.size);
      let i = 0;
      for (const [term, count] of found) {
        let termId = this.termIds.get(term);
        if (termId === undefined) {
          termId = this.postings.length;
          this.termIds.set(term, termId);
          this.postings.push([]);
        }
        termIds[i] = termId;
        counts[i] = Math.min(count, 255);
        i += 1;
      }
      doc = {
        key,
        termIds,
        counts,
        entries: [],
        weights: new Float32Array(found.size),
        norm: 0,
        weighedAt: 0,
      };
      id = this.freeDocIds.pop() ?? this.docs.length;
      this.docs[id] = doc;
      this.docIds.set(key, id);
      for (const termId of termIds) this.postings[termId].push(id);
    }
    // A user model numbers its labels as they come, so appending keeps them oldest first.
    doc.entries.push(entry);
    if (entry.seq > this.maxSeq) this.maxSeq = entry.seq;
  }

  remove(text: string, seq: number): void {
    const key = docKey(text);
    const id = this.docIds.get(key);
    const doc = id === undefined ? undefined : this.docs[id];
    if (id === undefined || !doc) return;
    const at = doc.entries.findIndex((e) => e.seq === seq);
    if (at < 0) return;
    doc.entries.splice(at, 1);
    if (doc.entries.length) return;
    this.docs[id] = undefined;
    this.docIds.delete(key);
    this.freeDocIds.push(id);
    for (const termId of doc.termIds) {
      const posting = this.postings[termId];
      posting.splice(posting.indexOf(id), 1);
    }
  }

  /** Smoothed inverse document frequency of a term found in `documents` descriptions. */
  private idf(documents: number): number {
    return Math.log((1 + this.docIds.size) / (1 + documents)) + 1;
  }

  /** The description's TF-IDF weights, brought up to date when the idf has drifted. */
  private weigh(doc: Doc): Doc {
    const n = this.docIds.size;
    if (!doc.weighedAt || Math.abs(n - doc.weighedAt) > doc.weighedAt * NORM_DRIFT) {
      let sum = 0;
      doc.termIds.forEach((termId, i) => {
        const weight = tf(doc.counts[i]) * this.idf(this.postings[termId].length);
        doc.weights[i] = weight;
        sum += weight * weight;
      });
      doc.norm = Math.sqrt(sum);
      doc.weighedAt = n;
    }
    return doc;
  }

  /** Doc ids sharing a term found in at most `limit` descriptions, with partial dot products. */
  private candidates(query: readonly (readonly [number, number])[], limit: number): number[] {
    if (this.partial.length < this.docs.length)
      this.partial = new Float64Array(this.docs.length * 2);
    const touched: number[] = [];
    for (const [termId, weight] of query) {
      const posting = this.postings[termId];
      if (!posting.length || posting.length > limit) continue;
      for (const id of posting) {
        if (this.partial[id] === 0) touched.push(id);
        this.partial[id] += weight;
      }
    }
    return touched;
  }

  vote(query: NeighbourQuery): NeighbourVote | undefined {
    const n = this.docIds.size;
    if (!n) return undefined;
    // Terms no labelled description has cannot be shared; they still count in the query's norm.
    const known: [number, number][] = [];
    let queryNorm2 = 0;
    for (const [term, count] of terms(query.text)) {
      const termId = this.termIds.get(term);
      const weight = tf(count) * this.idf(termId === undefined ? 0 : this.postings[termId].length);
      queryNorm2 += weight * weight;
      if (termId !== undefined) known.push([termId, weight]);
    }
    if (!queryNorm2 || !known.length) return undefined;
    // Candidates are found through the rarer terms only (a common one would make nearly
    // every description a candidate); their similarity is then computed on every term.
    let touched = this.candidates(known, Math.max(RARE_MIN, n * RARE_SHARE));
    if (!touched.length) touched = this.candidates(known, Math.max(2, n * COMMON_SHARE));
    if (!touched.length) return undefined;
    const ranked = touched
      .map((id) => [id, this.partial[id]] as const)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const id of touched) this.partial[id] = 0;

    if (this.queryWeights.length < this.postings.length)
      this.queryWeights = new Float64Array(this.postings.length * 2);
    for (const [termId, weight] of known) this.queryWeights[termId] = weight;
    const queryNorm = Math.sqrt(queryNorm2);
    const s = NEIGHBOUR_SETTINGS;
    // The k best votes, kept sorted best first (k is small: insertion beats sorting them all).
    const best: { score: number; categoryId: string }[] = [];
    let similarity = 0;
    let nearest = '';
    // The newest label wins a tie.
    const recencyOf = (entry: Entry) => ((s.recency + 1e-6) * entry.seq) / this.maxSeq;
    const consider = (entry: Entry, cosine: number) => {
      let score = cosine + recencyOf(entry);
      if (query.amount !== undefined && entry.amount === query.amount) score += s.sameAmount;
      if (query.type && entry.type && entry.type !== query.type) score -= s.otherDirection;
      if (best.length === s.k && score <= best[best.length - 1].score) return;
      let at = best.length;
      while (at > 0 && best[at - 1].score < score) at -= 1;
      best.splice(at, 0, { score, categoryId: entry.categoryId });
      if (best.length > s.k) best.pop();
    };
    for (const [id] of ranked.slice(0, SHORTLIST)) {
      const doc = this.weigh(this.docs[id] as Doc);
      let dot = 0;
      doc.termIds.forEach((termId, i) => {
        dot += this.queryWeights[termId] * doc.weights[i];
      });
      const cosine = Math.min(1, dot / (queryNorm * doc.norm));
      if (cosine > similarity) {
        similarity = cosine;
        nearest = doc.key;
      }
      // Newest first, so each older label scores at most what the one before could: once even
      // the amount bonus would not lift one past the k-th best, none older of this one can.
      const ceiling = cosine + Math.max(0, s.sameAmount);
      for (
        let i = doc.entries.length - 1;
        i >= Math.max(0, doc.entries.length - ENTRIES_LOOKED_AT);
        i--
      ) {
        const entry = doc.entries[i];
        if (best.length === s.k && ceiling + recencyOf(entry) <= best[best.length - 1].score) break;
        consider(entry, cosine);
      }
    }
    for (const [termId] of known) this.queryWeights[termId] = 0;

    const distribution = new Map<string, number>();
    let total = 0;
    for (const { score, categoryId } of best) {
      const w = Math.max(score, 0) ** s.power;
      distribution.set(categoryId, (distribution.get(categoryId) ?? 0) + w);
      total += w;
    }
    if (!total) return undefined;
    for (const [id, w] of distribution) distribution.set(id, w / total);
    return { distribution, similarity, nearest };
  }
}
