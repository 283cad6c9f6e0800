/**
 * Where a warm model's lead over another can come from: lines whose description the user has
 * labelled before (where remembering their labels is most of the answer) and new descriptions
 * (where only reading the words can help). Also the most any answer read from the description
 * alone could get on the part: each description answered with the label the part itself gives
 * it most often. A user who files the same description under several categories caps it.
 */
import { pct } from './evaluate';

interface Labelled {
  description: string;
  category: string;
}

export interface SeenSplit {
  seen: {
    n: number;
    /** Shares right, 0–1. */
    warm: number;
    baseline: number;
    /** The label the older part gives this description most often. */
    olderMajority: number;
  };
  unseen: { n: number; warm: number; baseline: number };
  /** Every line answered with its description's commonest label in the part itself. */
  descriptionCeiling: number;
}

/** Letters only, lower case, spaces collapsed: store numbers, dates and card digits fall away. */
export function descriptionKey(description: string): string {
  return description
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function labelCounts(rows: readonly Labelled[]): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const key = descriptionKey(row.description);
    const byLabel = counts.get(key) ?? new Map<string, number>();
    byLabel.set(row.category, (byLabel.get(row.category) ?? 0) + 1);
    counts.set(key, byLabel);
  }
  return counts;
}

/** The commonest label (ties: the first counted). */
function commonest(byLabel: Map<string, number>): string {
  let best = '';
  let most = 0;
  for (const [label, n] of byLabel)
    if (n > most) {
      most = n;
      best = label;
    }
  return best;
}

/** `warmRight[i]` and `baselineRight[i]` say whether each model answered `test[i]` right. */
export function seenSplit(
  older: readonly Labelled[],
  test: readonly Labelled[],
  warmRight: readonly boolean[],
  baselineRight: readonly boolean[],
): SeenSplit {
  const before = labelCounts(older);
  const within = labelCounts(test);
  const tally = { n: 0, warm: 0, baseline: 0, olderMajority: 0 };
  const fresh = { n: 0, warm: 0, baseline: 0 };
  let ceiling = 0;
  test.forEach((row, i) => {
    const key = descriptionKey(row.description);
    const earlier = before.get(key);
    const side = earlier ? tally : fresh;
    side.n += 1;
    side.warm += Number(warmRight[i]);
    side.baseline += Number(baselineRight[i]);
    if (earlier && commonest(earlier) === row.category) tally.olderMajority += 1;
    if (commonest(within.get(key) as Map<string, number>) === row.category) ceiling += 1;
  });
  const share = (part: number, whole: number) => (whole ? part / whole : 0);
  return {
    seen: {
      n: tally.n,
      warm: share(tally.warm, tally.n),
      baseline: share(tally.baseline, tally.n),
      olderMajority: share(tally.olderMajority, tally.n),
    },
    unseen: {
      n: fresh.n,
      warm: share(fresh.warm, fresh.n),
      baseline: share(fresh.baseline, fresh.n),
    },
    descriptionCeiling: share(ceiling, test.length),
  };
}

/** Several parts' splits as one (the inner splits' folds pooled). */
export function pooledSeenSplit(splits: readonly SeenSplit[]): SeenSplit {
  const sum = (f: (s: SeenSplit) => number) => splits.reduce((total, s) => total + f(s), 0);
  const seen = sum((s) => s.seen.n);
  const unseen = sum((s) => s.unseen.n);
  const weighted = (f: (s: SeenSplit) => number, n: (s: SeenSplit) => number, whole: number) =>
    whole ? sum((s) => f(s) * n(s)) / whole : 0;
  const seenN = (s: SeenSplit) => s.seen.n;
  const unseenN = (s: SeenSplit) => s.unseen.n;
  const allN = (s: SeenSplit) => s.seen.n + s.unseen.n;
  return {
    seen: {
      n: seen,
      warm: weighted((s) => s.seen.warm, seenN, seen),
      baseline: weighted((s) => s.seen.baseline, seenN, seen),
      olderMajority: weighted((s) => s.seen.olderMajority, seenN, seen),
    },
    unseen: {
      n: unseen,
      warm: weighted((s) => s.unseen.warm, unseenN, unseen),
      baseline: weighted((s) => s.unseen.baseline, unseenN, unseen),
    },
    descriptionCeiling: weighted((s) => s.descriptionCeiling, allN, seen + unseen),
  };
}

/** One line of the report. */
export function formatSeenSplit(split: SeenSplit): string {
  const total = split.seen.n + split.unseen.n;
  return (
    `descriptions labelled before: ${split.seen.n} of ${total} lines, warm ${pct(split.seen.warm)}, ` +
    `SVM ${pct(split.seen.baseline)}, their older labels' majority ${pct(split.seen.olderMajority)}; ` +
    `new descriptions: warm ${pct(split.unseen.warm)}, SVM ${pct(split.unseen.baseline)}; ` +
    `the most an answer from the description alone could get: ${pct(split.descriptionCeiling)}`
  );
}
