import { shiftToBaseRate } from './base-rate';
import { calibrate, type CalibrationSignals } from './calibration';
import { conceptOf, type ConceptId } from './concepts';
import type { KindId } from './knowledge-base/kinds';
import { categoryResolver, type CategoryResolver, type UserCategory } from './categories';
import type { IsotonicCalibration } from './isotonic';
import { ownNamesCalibration, understoodFactor } from './own-names-calibration';
import { extractFeatures, featureWord } from './features';
import {
  conceptKey,
  knowledgeModel,
  MERCHANT_MATCH_WEIGHT,
  namesCounter,
  counterStart,
  RAIL_MATCH_WEIGHT,
  type KnowledgeModel,
  type KnowledgeVerdict,
} from './knowledge-model';
import { NEIGHBOUR_SETTINGS, type NeighbourVote } from './neighbours';
import {
  normalizeDescription,
  titleCase,
  withoutLegalFormOf,
  withoutWords,
  type NormalizedDescription,
} from './normalize';
import {
  neighbourText,
  type ConceptFiling,
  type MemoryRecall,
  type UserModel,
  type UserScores,
} from './user-model';

/**
 * The classifier: blends what the user taught (merchant memory, their own model) with the
 * built-in knowledge (known merchants, keywords), maps the result onto the user's categories,
 * and answers with a calibrated confidence, a one-line reason and the runners-up.
 */
export interface TransactionToClassify {
  id: string;
  description: string;
  merchant?: string | null;
  /** Positive amount, when known. */
  amount?: number;
  /** debit | credit */
  type?: string;
}

export type ClassificationSource =
  'user_label' | 'user_model' | 'knowledge_base' | 'keyword_model' | 'llm' | 'none';

export interface Alternative {
  categoryId: string;
  confidence: number;
}

export interface ClassificationResult {
  id: string;
  categoryId: string | null;
  categoryName: string | null;
  confidence: number;
  reasoning: string;
  alternatives: Alternative[];
  source: ClassificationSource;
  /** The uncalibrated blend, for evaluation and calibration fitting. */
  signals: CalibrationSignals;
}

export interface ClassifierContext {
  countryCode: string;
  businessType: string;
  categories: readonly UserCategory[];
  /** The user's learned model (absent or empty for a user with no history). */
  userModel?: UserModel;
  /** The map fitted on the user's own labels (user-calibration.ts), applied to the confidence. */
  calibration?: IsotonicCalibration;
}

/** How much each source counts in the blend, before its own strength or reliability. */
export const BLEND = {
  /**
   * 3 since the prior follows where the user files each concept (it was 1): on the inner time
   * splits 1 / 2 / 3 / 4 gave 89.8 / 90.2 / 90.2 / 90.2% on Capital One, 78.7 / 78.9 / 79.2 /
   * 79.1% on Monarch, 62.2 / 62.3 / 62.4 / 62.4% on Birmingham, Mint 68.0% throughout.
   */
  prior: 3,
  memory: 6,
  user: 2,
  /** A debit is almost never income: its income categories keep this share of probability. */
  debitIncomePenalty: 0.02,
} as const;

const ALTERNATIVES = 3;

/**
 * The category a concept's meaning names counts as this many of the user's labels of it
 * (chosen on the inner time splits among 2, 3, 5 and 10: within a point of each other; 3 had
 * the lowest calibration error).
 */
const NAMED_FILING = 3;

/** A share of a concept's filing. */
type FiledShare = { id: string; share: number };
type Filed = readonly FiledShare[];
/** A filing's shares by category, each category once, in the order it first comes. */
type FiledByCategory = readonly { id: string; shares: readonly number[] }[];

const byCategoryOf = new WeakMap<Filed, FiledByCategory>();

/** The filing's shares by category (remembered for as long as the filing is). */
function byCategory(filed: Filed): FiledByCategory {
  let grouped = byCategoryOf.get(filed);
  if (!grouped) {
    const at = new Map<string, number[]>();
    for (const { id, share } of filed) {
      const shares = at.get(id);
      if (shares) shares.push(share);
      else at.set(id, [share]);
    }
    grouped = [...at].map(([id, shares]) => ({ id, shares }));
    byCategoryOf.set(filed, grouped);
  }
  return grouped;
}

/**
 * Below this share of the keyword belief on the user's categories, the knowledge abstains,
 * unless the user has a category for its likeliest concept: DAYCARE is childcare at 0.45 (a
 * dog's daycare takes some), and a user with three categories, one for childcare, got nothing.
 */
const UNCOVERED_SHARE = 0.5;

function quote(words: string[]): string {
  return [...new Set(words)].map((w) => `'${w}'`).join(', ');
}

/** One source's belief over the user's categories, and how much it counts in the blend. */
interface BlendPart {
  source: 'prior' | 'memory' | 'user' | 'neighbours';
  weight: number;
  dist: Map<string, number>;
}

/** A category the knowledge found for a concept, and the kind of merchant it was found for. */
type FoundCategory = { category: UserCategory; kind?: KindId };

/** The built-in knowledge's belief over the user's categories: the blend's prior. */
interface KnowledgeBelief {
  prior: Map<string, number>;
  /** Each keyword concept's category (or its kind's, where the line names one), in order. */
  namedCategories: (FoundCategory | undefined)[];
  /** The known merchant's category by its concept and kind, before the user's filing. */
  merchantMatch?: FoundCategory;
  /** Where the known merchant goes for this user (their filing of its concept, or its name). */
  merchantCategory?: UserCategory;
  /** The words behind the keyword belief. */
  words: string[];
}

/** What explain() reads to say where an answer came from. */
interface AnswerToExplain {
  transaction: TransactionToClassify;
  normalized: NormalizedDescription;
  verdict: KnowledgeVerdict;
  knowledge: KnowledgeBelief;
  category: UserCategory;
  parts: readonly BlendPart[];
  totalWeight: number;
  recall?: MemoryRecall;
  userScores?: UserScores;
  neighbours?: NeighbourVote;
}

export class Classifier {
  private readonly resolver: CategoryResolver;
  private readonly knowledge: KnowledgeModel;
  /** filed() of a concept the user has filed nothing of: the category its meaning names. */
  private readonly namedOnly = new Map<string, Filed>();
  /**
   * filedFor()'s answers by concept key while the user's filing of it stays as it was (its
   * revision), then by `onlyIfFiled` and the category its meaning names: every line asks it of
   * every keyword concept, and a council's filing of one concept spans dozens of categories.
   */
  private readonly filedAnswers = new Map<
    string,
    { revision: number; answers: Map<string, Filed | undefined> }
  >();

  constructor(
    private readonly context: ClassifierContext,
    knowledge: KnowledgeModel = knowledgeModel(),
  ) {
    this.resolver = categoryResolver(context.categories, context.countryCode, context.businessType);
    this.knowledge = knowledge;
  }

  /**
   * Where a concept goes for this user, as shares of one: the categories their labels of it went
   * to, with the category its meaning names (if any) counting as NAMED_FILING labels; undefined
   * when neither says anything. Only the category named for a kind of merchant, when the user
   * has filed none of that kind (the concept's own filing then answers).
   */
  private filedFor(key: string, named: string | undefined, onlyIfFiled = false): Filed | undefined {
    const userModel = this.context.userModel;
    const revision = userModel?.filingRevision(key) ?? 0;
    let memo = this.filedAnswers.get(key);
    if (!memo || memo.revision !== revision) {
      memo = { revision, answers: new Map() };
      this.filedAnswers.set(key, memo);
    }
    const answerKey = `${onlyIfFiled ? 1 : 0}${named ?? ''}`;
    if (memo.answers.has(answerKey)) return memo.answers.get(answerKey);
    const filed = this.filed(userModel?.filing(key), named, onlyIfFiled);
    memo.answers.set(answerKey, filed);
    return filed;
  }

  /** filedFor() of the filing itself, unremembered. */
  private filed(
    filing: ConceptFiling | undefined,
    named: string | undefined,
    onlyIfFiled = false,
  ): Filed | undefined {
    if (!filing?.size) {
      if (onlyIfFiled || !named) return undefined;
      let only = this.namedOnly.get(named);
      if (!only) this.namedOnly.set(named, (only = [{ id: named, share: 1 }]));
      return only;
    }
    const filed: FiledShare[] = [];
    let total = 0;
    for (const [id, n] of filing) {
      if (!this.resolver.get(id)) continue;
      filed.push({ id, share: n });
      total += n;
    }
    if (onlyIfFiled && !total) return undefined;
    if (named) {
      filed.push({ id: named, share: NAMED_FILING });
      total += NAMED_FILING;
    }
    if (!total) return undefined;
    for (const f of filed) f.share /= total;
    return filed;
  }

  /**
   * The words of a merchant the user labelled that the knowledge says is another business than
   * this one: it names this merchant more narrowly, as something else. Labels of "KING SOOPERS"
   * (groceries) say nothing about "KING SOOPERS FUEL" (a fuel station), nor "UBER" (rides) about
   * "UBER EATS" (food delivery). Nor does a store's, known or not, about its counter on a line that
   * goes on to name it ("SEY CLASS SIX" → "SEY CLASS SIX GAS PUMP"). Where no label of the store's
   * name is recalled and no list knows it, the words before the counter are still its name: the
   * user's labels of other lines holding them ("AAFES SEY CLASS SIX SHOP", Shopping) say nothing
   * of the pumps either (finance-monitor's inner splits: 34 such lines were Shopping by SEY).
   */
  private otherBusiness(
    recall: MemoryRecall | undefined,
    known: KnowledgeVerdict['merchant'],
    merchant: readonly string[],
  ): string[] | undefined {
    if (!recall) {
      const at = counterStart(merchant);
      return at > 0 && !known ? merchant.slice(0, at) : undefined;
    }
    const remembered = recall.key.split(' ');
    if (namesCounter(merchant.slice(remembered.length))) return remembered;
    if (!known) return undefined;
    const name = known.fact.merchantTokens;
    if (remembered.length >= name.length || !remembered.every((t, k) => name[k] === t))
      return undefined;
    const shorter = this.knowledge.lookupMerchant(normalizeDescription(recall.key));
    return shorter?.concept === known.concept ? undefined : remembered;
  }

  /**
   * The built-in knowledge's belief over the user's categories (the blend's prior), with what
   * the reasoning line needs of it.
   */
  private knowledgeBelief(verdict: KnowledgeVerdict): KnowledgeBelief {
    const userModel = this.context.userModel;
    // The prior over the user's categories: keyword model, with a known merchant on top. A
    // category that many concepts map to by name (Shopping gathers retail, clothing, books,
    // pets…) has the belief of the likeliest of them. Summed, the little belief a vague line
    // leaves on each of thirty concepts would pile up there, and it would win every unclear
    // line; averaged (until 2026-11-27), a category of three concepts (meals, bars, delivery)
    // lost to a category of one (groceries) that the belief put below it, and a line whose
    // words said "electronics" went anywhere but Shopping. Where the user has filed a concept
    // themselves, their filing takes over from its name: the concept's shares of a category add
    // up, and across concepts the likeliest still counts (summed, the concepts a user files in
    // one catch-all pile up there as the names' did: "WWW.PANTHERTAXIS.CO.UK" went to the
    // Shopping where finance-monitor's user files software, clothes and electronics).
    const keywordDist = new Map<string, number>();
    // How much of the keyword belief lands on concepts this user has a category for.
    let coveredMass = 0;
    let totalMass = 0;
    const addTo = (dist: Map<string, number>, id: string, p: number) =>
      dist.set(id, (dist.get(id) ?? 0) + p);
    // A concept's category, or its kind's where the line's own words name one (categories.ts).
    // Found once per line: the blend and the reasoning line both read it.
    const namedCategories = verdict.keywords.concepts.map((concept) =>
      this.resolver.categoryForMerchant(concept, verdict.kindsNamed.get(concept)),
    );
    // Whether the user has a category for the likeliest concept.
    let likeliest = 0;
    let likeliestCovered = false;
    verdict.keywords.concepts.forEach((concept, i) => {
      const p = verdict.keywords.probabilities[i];
      totalMass += p;
      const filed = this.filedFor(concept, namedCategories[i]?.category.id);
      if (p > likeliest) {
        likeliest = p;
        likeliestCovered = Boolean(filed);
      }
      if (!filed) return;
      coveredMass += p;
      for (const { id, shares } of byCategory(filed)) {
        let q = p * shares[0];
        for (let j = 1; j < shares.length; j++) q += p * shares[j];
        keywordDist.set(id, Math.max(keywordDist.get(id) ?? 0, q));
      }
    });
    let keywordMass = [...keywordDist.values()].reduce((a, b) => a + b, 0);
    const merchantMatch =
      verdict.merchant &&
      this.resolver.categoryForMerchant(verdict.merchant.concept, verdict.merchant.kind);
    const merchantDist =
      verdict.merchant &&
      ((verdict.merchant.kind &&
        this.filedFor(
          conceptKey(verdict.merchant.concept, verdict.merchant.kind),
          merchantMatch?.category.id,
          true,
        )) ||
        this.filedFor(verdict.merchant.concept, merchantMatch?.category.id));
    const merchantShares = new Map<string, number>();
    for (const { id, share } of merchantDist ?? []) addTo(merchantShares, id, share);
    let merchantCategory: UserCategory | undefined;
    let best = 0;
    for (const [id, share] of merchantShares) {
      if (share > best) {
        best = share;
        merchantCategory = this.resolver.get(id);
      }
    }
    // The knowledge is sure what this is (a known merchant, or most of the keyword belief with
    // its likeliest concept) and the user has no category for it: what is left of the
    // knowledge would only force the nearest wrong category, so it says nothing (the user's own
    // labels may still answer).
    const unfit = verdict.merchant
      ? !merchantDist
      : totalMass > 0 && coveredMass / totalMass < UNCOVERED_SHARE && !likeliestCovered;
    if (unfit) {
      keywordDist.clear();
      keywordMass = 0;
    }
    const merchantWeight =
      verdict.merchant?.concept === 'transfer' ? RAIL_MATCH_WEIGHT : MERCHANT_MATCH_WEIGHT;
    const prior = new Map<string, number>();
    const keywordShare = merchantDist ? 1 - merchantWeight : 1;
    if (keywordMass > 0) {
      for (const [id, p] of keywordDist) prior.set(id, (keywordShare * p) / keywordMass);
    }
    for (const [id, share] of merchantShares) addTo(prior, id, merchantWeight * share);
    // The words behind the knowledge's belief. With none, and no merchant, its belief is its
    // even fallback over the user's categories ("closest match"): where the user files new
    // merchants says more.
    const knowledgeWords = verdict.evidence.map(featureWord).filter((w): w is string => Boolean(w));
    if (!verdict.merchant && !knowledgeWords.length && userModel?.size) {
      shiftToBaseRate(prior, userModel.merchantsPerCategory(), this.context.categories.length);
    }
    return { prior, namedCategories, merchantMatch, merchantCategory, words: knowledgeWords };
  }

  /** Which part of the blend put the answer on top, and the reasoning line that says so. */
  private explain(answer: AnswerToExplain): { source: ClassificationSource; reasoning: string } {
    const { verdict, category, recall, userScores, neighbours } = answer;
    const {
      merchantCategory,
      merchantMatch,
      namedCategories,
      words: knowledgeWords,
    } = answer.knowledge;
    // The answer, or its twin for the other direction of money that the blend moved to it.
    const isAnswer = (id: string | undefined) =>
      id !== undefined &&
      (id === category.id ||
        this.resolver.twinFor(id, answer.transaction.type)?.id === category.id);
    const contribution = (source: BlendPart['source']) => {
      const part = answer.parts.find((p) => p.source === source);
      let p = 0;
      for (const [id, share] of part?.dist ?? []) if (isAnswer(id)) p += share;
      return part ? (part.weight * p) / answer.totalWeight : 0;
    };
    const fromMemory = contribution('memory');
    const fromUser = contribution('user');
    const fromPrior = contribution('prior');
    const fromNeighbours = contribution('neighbours');
    let source: ClassificationSource;
    let reasoning: string;
    if (
      neighbours &&
      fromNeighbours > fromMemory &&
      fromNeighbours >= fromUser &&
      fromNeighbours >= fromPrior
    ) {
      source = 'user_label';
      reasoning = `Like '${titleCase(neighbours.nearest)}', which you labelled ${category.name}`;
    } else if (recall && fromMemory >= fromUser && fromMemory >= fromPrior) {
      const times = recall.counts.get(category.id) ?? 0;
      source = 'user_label';
      reasoning = `Matched your earlier label for '${recall.key}' (${times} time${times === 1 ? '' : 's'})`;
    } else if (userScores && fromUser >= fromPrior) {
      const words = userScores.evidence.map(featureWord).filter((w): w is string => Boolean(w));
      source = 'user_model';
      reasoning = words.length
        ? `Learned from your labelled transactions: ${quote(words.slice(0, 2))} → ${category.name}`
        : `Similar to transactions you labelled ${category.name}`;
    } else if (verdict.merchant && isAnswer(merchantCategory?.id)) {
      source = 'knowledge_base';
      reasoning = `Merchant '${verdict.merchant.fact.display}' is ${this.resolver.describe(verdict.merchant.concept, merchantMatch?.kind)} → ${category.name}`;
      if (!isAnswer(merchantMatch?.category.id)) reasoning += ', where you filed others like it';
    } else {
      source = 'keyword_model';
      // The likeliest concept (or its kind the line names) that put the answer's category there.
      let best: { p: number; concept: ConceptId; kind?: KindId } | undefined;
      verdict.keywords.concepts.forEach((c, i) => {
        const named = namedCategories[i];
        const p = verdict.keywords.probabilities[i];
        if (named && isAnswer(named.category.id) && (!best || p > best.p))
          best = { p, concept: c, kind: named.kind };
      });
      const what = best ? this.resolver.describe(best.concept, best.kind) : category.name;
      // The words cited are the named concept's own: where the user's filing put another
      // concept's category first, the best concept's words ("TAXIS") say nothing for it.
      const words = best
        ? verdict
            .evidenceFor(best.concept)
            .map(featureWord)
            .filter((w): w is string => Boolean(w))
        : knowledgeWords;
      reasoning = words.length
        ? `Keywords ${quote(words.slice(0, 2))} suggest ${what} → ${category.name}`
        : `Closest match in the built-in knowledge: ${what} → ${category.name}`;
    }
    if (answer.normalized.processor && source !== 'user_label')
      reasoning += ` (paid via ${answer.normalized.processor})`;
    else if (answer.normalized.airlineTicket && source === 'keyword_model')
      reasoning += " (the line prints an airline ticket's number)";
    if (
      answer.transaction.type === 'credit' &&
      !this.resolver.income.has(category.id) &&
      source === 'knowledge_base' &&
      verdict.merchant &&
      conceptOf(verdict.merchant.concept).direction === 'expense'
    ) {
      reasoning += '; money in, so likely a refund';
    }
    return { source, reasoning };
  }

  /**
   * The fitted confidence through the user's own map when they have one; else, for names the
   * user wrote, through the map fitted on another user's own names (the concept → category step
   * can miss there), scaled down where the classifier knows fewer of this user's categories (by
   * meaning or by their labels) as `known`; else as fitted.
   */
  private mappedConfidence(
    signals: CalibrationSignals,
    userScores: UserScores | undefined,
  ): { mapped: number; known: number } {
    const fitted = calibrate(signals);
    const userMap = this.context.calibration?.isIdentity ? undefined : this.context.calibration;
    if (userMap) return { mapped: userMap.apply(fitted), known: 1 };
    if (this.resolver.ownNames)
      return {
        mapped: ownNamesCalibration().apply(fitted),
        known: understoodFactor(this.resolver.understoodShare(userScores?.categoryIds)),
      };
    return { mapped: fitted, known: 1 };
  }

  classifyAll(transactions: readonly TransactionToClassify[]): ClassificationResult[] {
    return transactions.map((t) => this.classify(t));
  }

  classify(transaction: TransactionToClassify): ClassificationResult {
    const normalized = normalizeDescription(transaction.description, transaction.merchant);
    const featuresOf = (words: NormalizedDescription) =>
      extractFeatures({ normalized: words, type: transaction.type, amount: transaction.amount });
    const features = featuresOf(normalized);
    const judge = (words: NormalizedDescription) =>
      this.knowledge.judge(
        words,
        (some) => (some === normalized ? features : featuresOf(some)),
        transaction.type,
      );
    // A known merchant before the user's country's legal form ("HERA SPA" in Italy) is that
    // merchant, not its spa; without a known merchant, the word is read as written ("DAY SPA").
    const registered = withoutLegalFormOf(normalized, this.context.countryCode);
    const asRegistered = registered === normalized ? undefined : judge(registered);
    const verdict = asRegistered?.merchant ? asRegistered : judge(normalized);

    const knowledge = this.knowledgeBelief(verdict);
    const { prior, merchantCategory } = knowledge;
    const userModel = this.context.userModel;

    // Where the user's labels are of another business that shares this one's leading words,
    // neither the memory nor the user's model and neighbours may read those words.
    let recall = userModel?.recall(normalized);
    const other = this.otherBusiness(recall, verdict.merchant, normalized.merchant);
    let ownView = { normalized, features };
    if (other) {
      recall = undefined;
      const rest = withoutWords(normalized, other);
      ownView = { normalized: rest, features: featuresOf(rest) };
    }
    const userScores = userModel?.score(ownView.features);
    const neighbours = userModel?.neighbours({
      text: neighbourText(ownView.normalized, transaction.description),
      amount: transaction.amount,
      type: transaction.type,
    });

    const blend = new Map<string, number>();
    const parts: BlendPart[] = [];
    // Each source's belief, on the categories the user still has (labels of a deleted one say
    // nothing), counted when it has weight and says something.
    const addPart = (
      source: BlendPart['source'],
      weight: number,
      beliefs: Iterable<readonly [string, number]>,
    ) => {
      const dist = new Map<string, number>();
      for (const [id, p] of beliefs) if (this.resolver.get(id)) dist.set(id, p);
      if (dist.size && weight > 0) parts.push({ source, weight, dist });
    };
    if (prior.size) addPart('prior', BLEND.prior, prior);
    if (recall) {
      const total = [...recall.weights.values()].reduce((a, b) => a + b, 0);
      const shares = [...recall.weights].map(([id, w]) => [id, w / total] as const);
      addPart('memory', BLEND.memory * recall.strength, shares);
    }
    if (userScores) {
      const beliefs = userScores.categoryIds.map(
        (id, i) => [id, userScores.probabilities[i]] as const,
      );
      addPart('user', BLEND.user * userScores.experience * userScores.reliability, beliefs);
    }
    if (neighbours) {
      const weight =
        NEIGHBOUR_SETTINGS.weight * neighbours.similarity ** NEIGHBOUR_SETTINGS.sharpness;
      addPart('neighbours', weight, neighbours.distribution);
    }
    const totalWeight = parts.reduce((s, p) => s + p.weight, 0);
    for (const part of parts) {
      for (const [id, p] of part.dist)
        blend.set(id, (blend.get(id) ?? 0) + (part.weight * p) / totalWeight);
    }
    // A line in a category named for the other direction of money goes to its twin ("Transfers
    // In" for money out: "Transfers Out"), whichever part of the blend put it there.
    for (const [id, p] of this.resolver.hasTwins ? [...blend] : []) {
      const twin = this.resolver.twinFor(id, transaction.type);
      if (!twin) continue;
      blend.delete(id);
      blend.set(twin.id, (blend.get(twin.id) ?? 0) + p);
    }
    if (transaction.type === 'debit') {
      for (const id of this.resolver.income) {
        const p = blend.get(id);
        if (p !== undefined) blend.set(id, p * BLEND.debitIncomePenalty);
      }
    }
    const mass = [...blend.values()].reduce((a, b) => a + b, 0);
    const ranked = [...blend.entries()]
      .map(([id, p]) => ({ id, p: mass > 0 ? p / mass : 0 }))
      .sort((a, b) => b.p - a.p || (a.id < b.id ? -1 : 1));

    if (!ranked.length || ranked[0].p <= 0) {
      return {
        id: transaction.id,
        categoryId: null,
        categoryName: null,
        confidence: 0,
        // A merchant the knowledge knows, with no category of the user's for what it is: say
        // what it is, so the user can make one (or label it).
        reasoning: verdict.merchant
          ? `Merchant '${verdict.merchant.fact.display}' is ${this.resolver.describe(verdict.merchant.concept, verdict.merchant.kind)}: no category of yours is for that yet`
          : 'No category of yours fits this transaction yet',
        alternatives: [],
        source: 'none',
        signals: { top: 0, margin: 0, memory: 0, merchant: 0, known: verdict.knownShare, user: 0 },
      };
    }

    const top = ranked[0];
    const second = ranked[1]?.p ?? 0;
    const category = this.resolver.get(top.id) as UserCategory;
    const memoryAgrees = recall && (recall.weights.get(top.id) ?? 0) > 0 ? recall.strength : 0;
    const signals: CalibrationSignals = {
      top: top.p,
      margin: top.p - second,
      memory: memoryAgrees,
      merchant: merchantCategory?.id === top.id ? 1 : 0,
      known: verdict.knownShare,
      user: userScores?.reliability ?? 0,
    };
    const { mapped, known } = this.mappedConfidence(signals, userScores);
    // Three decimals, like every confidence the maps give.
    const confidence = Math.round(mapped * known * 1000) / 1000;

    const { source, reasoning } = this.explain({
      transaction,
      normalized,
      verdict,
      knowledge,
      category,
      parts,
      totalWeight,
      recall,
      userScores,
      neighbours,
    });

    const rest = 1 - top.p;
    // The runners-up share what the map leaves of the categories the classifier knows, and
    // none is surer than the answer.
    const alternatives = ranked.slice(1, 1 + ALTERNATIVES).map((alt) => ({
      categoryId: alt.id,
      confidence:
        Math.round(
          Math.min(confidence, rest > 0 ? (1 - mapped) * known * (alt.p / rest) : 0) * 1000,
        ) / 1000,
    }));
    return {
      id: transaction.id,
      categoryId: category.id,
      categoryName: category.name,
      confidence,
      reasoning,
      alternatives,
      source,
      signals,
    };
  }
}

/**
 * The confidence as fitted, before the user's or the own-names map: what those maps are fitted
 * on (0 for "no category", like the answer).
 */
export function confidenceBeforeMaps(result: ClassificationResult): number {
  return result.categoryId ? calibrate(result.signals) : 0;
}

/** "WOOLWORTHS METRO" → "Woolworths Metro" (for callers that show merchants). */
export function displayMerchant(description: string, merchant?: string | null): string {
  return titleCase(normalizeDescription(description, merchant).merchant.join(' '));
}
