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

/**
 * How many lines each model answered right, among the lines whose description was labelled
 * before and among the new ones: counts, so that parts pool by adding them (shares are taken
 * when the split is printed).
 */
export interface SeenSplit {
  seen: {
    n: number;
    warm: number;
    baseline: number;
    /** The label the older part gives this description most often. */
    olderMajority: number;
  };
  unseen: { n: number; warm: number; baseline: number };
  /** Lines whose label is their description's commonest in the part itself. */
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

/**
 * How many of the lines have their description's commonest label among them: the most any
 * answer read from the description alone could get right on these lines, in hindsight.
 */
export function descriptionCeiling(rows: readonly Labelled[]): number {
  const counts = labelCounts(rows);
  return rows.filter(
    (row) =>
      commonest(counts.get(descriptionKey(row.description)) as Map<string, number>) ===
      row.category,
  ).length;
}

/** `warmRight[i]` and `baselineRight[i]` say whether each model answered `test[i]` right. */
export function seenSplit(
  older: readonly Labelled[],
  test: readonly Labelled[],
  warmRight: readonly boolean[],
  baselineRight: readonly boolean[],
): SeenSplit {
  const before = labelCounts(older);
  const split: SeenSplit = {
    seen: { n: 0, warm: 0, baseline: 0, olderMajority: 0 },
    unseen: { n: 0, warm: 0, baseline: 0 },
    descriptionCeiling: descriptionCeiling(test),
  };
  test.forEach((row, i) => {
    const key = descriptionKey(row.description);
    const earlier = before.get(key);
    const side = earlier ? split.seen : split.unseen;
    side.n += 1;
    side.warm += Number(warmRight[i]);
    side.baseline += Number(baselineRight[i]);
    if (earlier && commonest(earlier) === row.category) split.seen.olderMajority += 1;
  });
  return split;
}

/** Several parts' splits as one (the inner splits' folds pooled). */
export function pooledSeenSplit(splits: readonly SeenSplit[]): SeenSplit {
  const sum = (f: (s: SeenSplit) => number) => splits.reduce((total, s) => total + f(s), 0);
  return {
    seen: {
      n: sum((s) => s.seen.n),
      warm: sum((s) => s.seen.warm),
      baseline: sum((s) => s.seen.baseline),
      olderMajority: sum((s) => s.seen.olderMajority),
    },
    unseen: {
      n: sum((s) => s.unseen.n),
      warm: sum((s) => s.unseen.warm),
      baseline: sum((s) => s.unseen.baseline),
    },
    descriptionCeiling: sum((s) => s.descriptionCeiling),
  };
}

/** One line of the report. */
export function formatSeenSplit({ seen, unseen, descriptionCeiling }: SeenSplit): string {
  const total = seen.n + unseen.n;
  const of = (right: number, lines: number) => pct(lines ? right / lines : 0);
  return (
    `descriptions labelled before: ${seen.n} of ${total} lines, warm ${of(seen.warm, seen.n)}, ` +
    `SVM ${of(seen.baseline, seen.n)}, their older labels' majority ${of(seen.olderMajority, seen.n)}; ` +
    `new descriptions: warm ${of(unseen.warm, unseen.n)}, SVM ${of(unseen.baseline, unseen.n)}; ` +
    `the most an answer from the description alone could get: ${of(descriptionCeiling, total)}`
  );
}
