import { Classifier } from '../../../services/categorization/src/domain/classifier/classifier';
import { NEIGHBOUR_SETTINGS } from '../../../services/categorization/src/domain/classifier/neighbours';
import { TfidfCharSvm } from './baseline-svm';
import { accuracy, loadLabelledSet, warmPredictions } from './evaluate';
import {
  SETS,
  learnAll,
  loadThirdParty,
  metrics,
  named,
  timeSplit,
  type ThirdPartyRow,
} from './third-party';
import { fitUserCalibration } from '../../../services/categorization/src/domain/classifier/user-calibration';

/**
 * Where the warm model's settings are chosen: an inner time split of each third-party set's
 * training part (its oldest 4/5 learned, its newest 1/5 classified), so that the test part
 * scored by run-third-party.js is never looked at while choosing. Prints the warm model's and
 * the SVM baseline's accuracy on each inner split (with the calibration error of the warm
 * model's confidence, its per-user map fitted on the inner training part), the self-written
 * set's warm accuracy, and the time of 1,000 warm classifications.
 *
 *   node tools/classifier-eval/dist/tools/classifier-eval/src/inner-split.js \
 *     [--neighbours='{"k":5,"recency":0.2}'] [--only=mint]
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

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

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
  const { train, test } = timeSplit(timeSplit(rows).train);
  const share = (right: (row: ThirdPartyRow) => boolean) => test.filter(right).length / test.length;

  const svm = new TfidfCharSvm().fit(
    train.map((r) => r.description),
    train.map((r) => r.category),
  );
  const categories = named([...new Set(rows.map((r) => r.category))].sort());
  const idByName = new Map(categories.map((c) => [c.name, c.id]));
  const model = learnAll(train, idByName);
  const context = { countryCode: 'US', businessType: 'individual', categories, userModel: model };
  const calibration = fitUserCalibration(context);
  const classifier = new Classifier({ ...context, calibration });
  const classify = (row: ThirdPartyRow) =>
    classifier.classify({
      id: String(row.index),
      description: row.description,
      amount: row.amount,
      type: row.type,
    });
  const scored = test.map((row) => {
    const result = classify(row);
    return {
      expected: row.category,
      accepted: [row.category],
      predicted:
        result.categoryId === idByName.get(row.category) ? row.category : result.categoryId,
      confidence: result.confidence,
    };
  });
  const warm = metrics(scored);
  const started = process.hrtime.bigint();
  for (let i = 0; i < 1000; i++) classify(test[i % test.length]);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `${set.path.split('/').pop()}: inner train ${train.length}, inner test ${test.length}; ` +
      `warm ${pct(warm.accuracy)} (ECE ${warm.ece.toFixed(3)}, top-80% ${pct(warm.top80)}), SVM ${pct(share((row) => svm.predict(row.description) === row.category))}; ` +
      `1,000 warm classifications ${ms.toFixed(0)} ms`,
  );
}
