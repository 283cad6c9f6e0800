import { NEIGHBOUR_SETTINGS } from '../../../services/categorization/src/domain/classifier/neighbours';
import { reliability } from '../../../services/categorization/src/domain/classifier/calibration';
import { accuracy, loadLabelledSet, pct, warmPredictions } from './evaluate';
import {
  SETS,
  byDate,
  loadThirdParty,
  confidencePoints,
  isCorrect,
  metrics,
  timeSplit,
  warmRun,
  type Scored,
} from './third-party';
import { formatSeenSplit, pooledSeenSplit, seenSplit, type SeenSplit } from './seen-lines';

/**
 * Where the warm model's settings are chosen: rolling time splits of each third-party set's
 * training part, so that the test part scored by run-third-party.js is never looked at while
 * choosing. The training part, oldest first, is cut into fifths; fold k learns the oldest k
 * fifths and classifies the next one (k = 2, 3, 4), and the three folds' answers are pooled.
 * One fold alone (the newest fifth, as until 2026-11-26) classifies 121 lines for Mint: too
 * few to tell one calibration error from another. Prints the warm model's and the SVM
 * baseline's pooled accuracy (with the calibration error of the warm model's confidence, its
 * per-user map fitted on the fold's learned part), the newest fold's accuracy, the
 * self-written set's warm accuracy, the time of 1,000 warm classifications, and the pooled
 * answers split into descriptions labelled before and new ones (seen-lines.ts).
 *
 *   node tools/classifier-eval/dist/tools/classifier-eval/src/inner-split.js \
 *     [--neighbours='{"k":5,"recency":0.2}'] [--only=mint] [--bins]
 *
 * --bins also prints the warm answers' reliability: per tenth of confidence, how many answers,
 * their mean confidence and how many of them were right.
 */
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, ...value] = a.replace(/^--/, '').split('=');
    return [key, value.join('=')] as const;
  }),
);
const overrides = JSON.parse(args.get('neighbours') || '{}') as Record<string, number>;
for (const [key, value] of Object.entries(overrides)) {
  if (!(key in NEIGHBOUR_SETTINGS)) throw new Error(`unknown neighbour setting ${key}`);
  (NEIGHBOUR_SETTINGS as Record<string, number>)[key] = value;
}

const self = loadLabelledSet();
const seeds = [1, 2, 3, 4, 5].map((seed) => accuracy(warmPredictions(self, 0.3, seed)));
console.log(
  `self-written set, warm (30% learned, seeds 1–5): ${pct(seeds.reduce((a, b) => a + b) / 5)}`,
);

for (const set of SETS) {
  if (args.get('only') && !set.path.includes(args.get('only') as string)) continue;
  const rows = loadThirdParty(set.path)
    .filter((_, i) => i % (set.every ?? 1) === 0)
    .map((r, index) => ({ ...r, index }));
  const train = byDate(timeSplit(rows).train);
  const fifth = (k: number) => Math.floor((train.length * k) / 5);
  const names = [...new Set(rows.map((r) => r.category))].sort();
  const pooled: Scored[] = [];
  const baseline: Scored[] = [];
  const bySeen: SeenSplit[] = [];
  let newest = '';
  let ms = 0;
  for (const k of [2, 3, 4]) {
    const test = train.slice(fifth(k), fifth(k + 1));
    const learned = train.slice(0, fifth(k));
    const run = warmRun({ train: learned, test }, names);
    pooled.push(...run.scored);
    baseline.push(...run.baseline);
    bySeen.push(seenSplit(learned, test, run.scored.map(isCorrect), run.baseline.map(isCorrect)));
    if (k === 4) {
      newest = `newest fold ${pct(metrics(run.scored).accuracy)} of ${test.length}`;
      ms = run.msPer1000;
    }
  }
  const warm = metrics(pooled);
  console.log(
    `${set.path.split('/').pop()}: three folds, ${pooled.length} classified; ` +
      `warm ${pct(warm.accuracy)} (ECE ${warm.ece.toFixed(3)}, top-80% ${pct(warm.top80)}), SVM ${pct(metrics(baseline).accuracy)}; ` +
      `${newest}; 1,000 warm classifications ${ms.toFixed(0)} ms`,
  );
  console.log(`  ${formatSeenSplit(pooledSeenSplit(bySeen))}`);
  if (args.has('bins'))
    for (const b of reliability(confidencePoints(pooled)).bins)
      if (b.count)
        console.log(
          `  ${b.from.toFixed(1)}–${b.to.toFixed(1)}: ${b.count} answers, ` +
            `mean confidence ${pct(b.meanConfidence)}, right ${pct(b.accuracy)}`,
        );
}
