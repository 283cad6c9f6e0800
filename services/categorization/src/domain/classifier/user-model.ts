import { LruMap } from '@pfs/kit';
import { extractFeatures, type FeatureVector } from './features';
import {
  conceptVotes,
  knowledgeModel,
  type ConceptVote,
  type KnowledgeModel,
} from './knowledge-model';
import { NaiveBayes, softmax } from './naive-bayes';
import { NeighbourIndex, type NeighbourQuery, type NeighbourVote } from './neighbours';
import { merchantKey, normalizeDescription, type NormalizedDescription } from './normalize';

/**
 * What one user has taught the classifier: every transaction they categorised, learned
 * incrementally. Two views of the same labels:
 *  - a merchant memory (a trie over the merchant's leading words), so the second
 *    "SQ *BLUE BOTTLE COFFEE MELBOURNE" lands where the user put the first "... SYDNEY";
 *  - a naive Bayes model over the user's own category ids, for similar but unseen merchants.
 * Relabelling a transaction replaces its earlier label (a correction is not a second vote).
 */
export interface Label {
  transactionId: string;
  description: string;
  merchant?: string | null;
  amount?: number;
  type?: string;
  categoryId: string;
}

export interface MemoryRecall {
  /** Category id → weight (counts, with a bonus for the most recent label). */
  weights: Map<string, number>;
  /** Category id → how many labels the user gave this merchant. */
  counts: Map<string, number>;
  /** How many labels the matched merchant has. */
  labels: number;
  /** The merchant words that matched, e.g. "BLUE BOTTLE COFFEE". */
  key: string;
  /** 0..1: how much to trust the recall (exact merchant, several consistent labels → near 1). */
  strength: number;
}

export interface UserScores {
  categoryIds: string[];
  probabilities: number[];
  /** 0..1: how much of this transaction the user's model has seen, times how much it has learned. */
  reliability: number;
  /**
   * Grows with the labels learned, without bound: 1 with none, 2 at 900, 3 at 10,000. The
   * model's estimates keep improving with its labels where the built-in knowledge stays as it
   * is, so a user with thousands of labels is trusted over the knowledge more than one with
   * fifty (reliability has levelled off by then).
   */
  experience: number;
  /** The words behind the best category. */
  evidence: string[];
}

interface MemoryNode {
  children: Map<string, MemoryNode>;
  /** Labels passing through this node: sequence number → category id. */
  entries: Map<number, string>;
  /** The entries per category, kept as they change: a merchant can have thousands of labels. */
  counts: Map<string, number>;
  /** The newest entry's sequence number (-1 when none). */
  latest: number;
  /** Labels whose merchant ends here. */
  terminal: number;
}

const newNode = (): MemoryNode => ({
  children: new Map(),
  entries: new Map(),
  counts: new Map(),
  latest: -1,
  terminal: 0,
});

/** Bonus weight for the category of the most recent label at a merchant (corrections win ties). */
const RECENCY_BONUS = 0.75;

class MerchantMemory {
  private readonly root = newNode();

  add(tokens: readonly string[], categoryId: string, seq: number): void {
    let node = this.root;
    for (const token of tokens) {
      let child = node.children.get(token);
      if (!child) {
        child = newNode();
        node.children.set(token, child);
      }
      child.entries.set(seq, categoryId);
      child.counts.set(categoryId, (child.counts.get(categoryId) ?? 0) + 1);
      if (seq > child.latest) child.latest = seq;
      node = child;
    }
    if (tokens.length) node.terminal += 1;
  }

  remove(tokens: readonly string[], seq: number): void {
    const path: [MemoryNode, string][] = [];
    let node = this.root;
    for (const token of tokens) {
      const child = node.children.get(token);
      if (!child) return;
      path.push([node, token]);
      const categoryId = child.entries.get(seq);
      if (categoryId !== undefined) {
        child.entries.delete(seq);
        const left = (child.counts.get(categoryId) ?? 1) - 1;
        if (left > 0) child.counts.set(categoryId, left);
        else child.counts.delete(categoryId);
        if (seq === child.latest) {
          child.latest = -1;
          for (const other of child.entries.keys()) if (other > child.latest) child.latest = other;
        }
      }
      node = child;
    }
    if (tokens.length) node.terminal = Math.max(0, node.terminal - 1);
    for (let i = path.length - 1; i >= 0; i--) {
      const [parent, token] = path[i];
      const child = parent.children.get(token) as MemoryNode;
      if (child.entries.size === 0) parent.children.delete(token);
    }
  }

  recall(tokens: readonly string[]): MemoryRecall | undefined {
    let node = this.root;
    let depth = 0;
    for (const token of tokens) {
      const child = node.children.get(token);
      if (!child) break;
      node = child;
      depth += 1;
    }
    if (!depth) return undefined;
    // The learned merchant is a prefix of this one ("WOOLWORTHS" ⊂ "WOOLWORTHS METRO"), or this
    // one is a prefix of a learned merchant: the same merchant. Sharing only leading words is
    // weaker evidence, and a single shared short word is none.
    const exact = node.terminal > 0 || depth === tokens.length;
    let base: number;
    if (exact) base = 1;
    else if (depth >= 2) base = 0.75;
    else if (tokens[0].length >= 5) base = 0.15;
    else return undefined;

    const counts = new Map(node.counts);
    const weights = new Map(counts);
    const latestCategory = node.entries.get(node.latest) as string;
    weights.set(latestCategory, (weights.get(latestCategory) ?? 0) + RECENCY_BONUS);
    const labels = node.entries.size;
    return {
      weights,
      counts,
      labels,
      key: tokens.slice(0, depth).join(' '),
      strength: base * (labels / (labels + 0.25)),
    };
  }
}

/** A concept's filing: category id → the (weighted) labels of that concept the user put there. */
export type ConceptFiling = ReadonlyMap<string, number>;

/**
 * Where the user files what the knowledge recognises: for each concept (and kind of known
 * merchant), the categories their labels of it went to. A council that files every builders'
 * merchant under "Building Repairs" has its next, unseen builders' merchant go there too,
 * whatever the category's name says.
 */
class ConceptFilings {
  private readonly byKey = new Map<string, Map<string, number>>();
  /** Each key's last change, numbered across keys: what was read of a filing holds until then. */
  private readonly changedAt = new Map<string, number>();
  private changes = 0;

  change(votes: readonly ConceptVote[], categoryId: string, sign: 1 | -1): void {
    for (const { key, weight } of votes) {
      this.changedAt.set(key, ++this.changes);
      let counts = this.byKey.get(key);
      if (!counts) {
        counts = new Map();
        this.byKey.set(key, counts);
      }
      const count = (counts.get(categoryId) ?? 0) + sign * weight;
      // Floating-point leftovers of a forgotten label are not a filing.
      if (count > 1e-9) counts.set(categoryId, count);
      else counts.delete(categoryId);
      if (!counts.size) this.byKey.delete(key);
    }
  }

  filing(key: string): ConceptFiling | undefined {
    return this.byKey.get(key);
  }

  revision(key: string): number {
    return this.changedAt.get(key) ?? 0;
  }
}

/**
 * What forgetting a label needs. Not its features: those are recomputed from the label (the
 * same code gives the same features), because keeping some 25 feature strings per label made
 * the model grow by kilobytes per label, where the label itself is one short description.
 */
interface Learned {
  seq: number;
  label: Label;
}

/** The user model's experience is 1 + log10(1 + labels / EXPERIENCE_SCALE). */
const EXPERIENCE_SCALE = 100;

/** Softens the user model's posterior like the knowledge model's. */
const USER_TEMPERATURE_PER_WEIGHT = 0.35;

/**
 * What neighbours are found by: the description's meaningful words with places (card numbers,
 * dates and bank channel noise shared by unrelated lines removed), or the raw text when
 * nothing is left of it.
 */
export function neighbourText(normalized: NormalizedDescription, description: string): string {
  return normalized.withPlaces.length ? normalized.withPlaces.join(' ') : description;
}

/** Descriptions whose concept votes are kept, per knowledge model. */
const VOTES_CACHED = 20_000;
const votesCaches = new WeakMap<KnowledgeModel, LruMap<string, ConceptVote[]>>();

/**
 * What the knowledge says a label's description is. Kept by description: a user's labels repeat
 * their merchants month after month, and judging a description costs more than learning it
 * (learning 10,000 labels took 1.0 s judging each, 0.4 s without). Judged on the description
 * and direction alone, not the amount, so that one description always gets the same votes and
 * forgetting a label takes back exactly what learning it added.
 */
function votesOf(
  label: Label,
  normalized: NormalizedDescription,
  knowledge: KnowledgeModel,
): ConceptVote[] {
  let cache = votesCaches.get(knowledge);
  if (!cache) {
    cache = new LruMap(VOTES_CACHED);
    votesCaches.set(knowledge, cache);
  }
  const key = `${label.type ?? ''}\u0000${label.merchant ?? ''}\u0000${label.description}`;
  let votes = cache.get(key);
  if (!votes) {
    votes = conceptVotes(
      knowledge.judge(
        normalized,
        (words) => extractFeatures({ normalized: words, type: label.type }),
        label.type,
      ),
    );
    cache.set(key, votes);
  }
  return votes;
}

function featuresOf(
  label: Label,
  knowledge: KnowledgeModel,
): {
  normalized: NormalizedDescription;
  features: FeatureVector;
  votes: ConceptVote[];
} {
  const normalized = normalizeDescription(label.description, label.merchant);
  return {
    normalized,
    features: extractFeatures({ normalized, type: label.type, amount: label.amount }),
    votes: votesOf(label, normalized, knowledge),
  };
}

/** What counts as one merchant for the base rate: its normalised name, else the description. */
const merchantOrDescription = (normalized: NormalizedDescription, description: string) =>
  merchantKey(normalized) || description;

export class UserModel {
  private readonly model = new NaiveBayes<string>({ alpha: 0.1 });
  private readonly memory = new MerchantMemory();
  private readonly neighbourIndex = new NeighbourIndex();
  private readonly filings = new ConceptFilings();
  /** Category id → merchant → how many of its labels are there. */
  private readonly merchantLabels = new Map<string, Map<string, number>>();
  private readonly learned = new Map<string, Learned>();
  private seq = 0;

  constructor(private readonly knowledge: KnowledgeModel = knowledgeModel()) {}

  /** Labels currently learned (one per transaction). */
  get size(): number {
    return this.learned.size;
  }

  learn(label: Label): void {
    this.forget(label.transactionId);
    const { normalized, features, votes } = featuresOf(label, this.knowledge);
    const seq = ++this.seq;
    this.model.add(features, label.categoryId);
    this.countMerchant(label.categoryId, merchantOrDescription(normalized, label.description), 1);
    this.filings.change(votes, label.categoryId, 1);
    this.memory.add(normalized.merchant, label.categoryId, seq);
    this.neighbourIndex.add(neighbourText(normalized, label.description), {
      seq,
      categoryId: label.categoryId,
      amount: label.amount,
      type: label.type,
    });
    this.learned.set(label.transactionId, {
      seq,
      label: {
        transactionId: label.transactionId,
        description: label.description,
        merchant: label.merchant,
        amount: label.amount,
        type: label.type,
        categoryId: label.categoryId,
      },
    });
  }

  /** Drops a transaction's label (its category was cleared); true when there was one. */
  forget(transactionId: string): boolean {
    const previous = this.learned.get(transactionId);
    if (!previous) return false;
    const { normalized, features, votes } = featuresOf(previous.label, this.knowledge);
    this.model.remove(features, previous.label.categoryId);
    this.countMerchant(
      previous.label.categoryId,
      merchantOrDescription(normalized, previous.label.description),
      -1,
    );
    this.filings.change(votes, previous.label.categoryId, -1);
    this.memory.remove(normalized.merchant, previous.seq);
    this.neighbourIndex.remove(neighbourText(normalized, previous.label.description), previous.seq);
    this.learned.delete(transactionId);
    return true;
  }

  /** Category id → how many merchants the user filed there, each counted once. */
  merchantsPerCategory(): ReadonlyMap<string, number> {
    const counts = new Map<string, number>();
    for (const [categoryId, labels] of this.merchantLabels) counts.set(categoryId, labels.size);
    return counts;
  }

  private countMerchant(categoryId: string, merchant: string, sign: 1 | -1): void {
    let labels = this.merchantLabels.get(categoryId);
    if (!labels) {
      labels = new Map();
      this.merchantLabels.set(categoryId, labels);
    }
    const count = (labels.get(merchant) ?? 0) + sign;
    if (count > 0) labels.set(merchant, count);
    else labels.delete(merchant);
    if (!labels.size) this.merchantLabels.delete(categoryId);
  }

  /** The `count` most recently learned labels, newest first. */
  recent(count: number): Label[] {
    return [...this.learned.values()]
      .sort((a, b) => b.seq - a.seq)
      .slice(0, count)
      .map((l) => l.label);
  }

  /** Drops every label of a category (it was deleted); returns how many. */
  forgetCategory(categoryId: string): number {
    let dropped = 0;
    for (const [transactionId, learned] of [...this.learned]) {
      if (learned.label.categoryId === categoryId && this.forget(transactionId)) dropped += 1;
    }
    return dropped;
  }

  recall(normalized: NormalizedDescription): MemoryRecall | undefined {
    return normalized.merchant.length ? this.memory.recall(normalized.merchant) : undefined;
  }

  /** Where the user's labels of a concept (conceptKey) went. */
  filing(key: string): ConceptFiling | undefined {
    return this.filings.filing(key);
  }

  /** Changes whenever the concept's filing does (0 while the user has filed none of it). */
  filingRevision(key: string): number {
    return this.filings.revision(key);
  }

  /** The vote of the labelled transactions most like this one. */
  neighbours(query: NeighbourQuery): NeighbourVote | undefined {
    return this.neighbourIndex.vote(query);
  }

  score(features: FeatureVector): UserScores | undefined {
    if (!this.learned.size) return undefined;
    const raw = this.model.score(features);
    if (!raw.classes.length) return undefined;
    let words = 0;
    let known = 0;
    features.keys.forEach((key, i) => {
      if (!key.startsWith('w:') && !key.startsWith('m:')) return;
      words += features.weights[i];
      if (this.model.has(key)) known += features.weights[i];
    });
    const coverage = words ? known / words : 0;
    const temperature = Math.max(1, raw.knownWeight * USER_TEMPERATURE_PER_WEIGHT);
    const probabilities = softmax(raw.logScores, temperature);
    let best = 0;
    probabilities.forEach((p, i) => {
      if (p > probabilities[best]) best = i;
    });
    const size = this.learned.size;
    return {
      categoryIds: raw.classes,
      probabilities,
      reliability: coverage * (size / (size + 8)),
      experience: 1 + Math.log10(1 + size / EXPERIENCE_SCALE),
      evidence: this.model.evidenceFor(features, raw.classes[best]),
    };
  }
}
