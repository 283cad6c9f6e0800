import { Classifier } from '../../../services/categorization/src/domain/classifier/classifier';
import { knowledgeModel } from '../../../services/categorization/src/domain/classifier/knowledge-model';
import { fitUserCalibration } from '../../../services/categorization/src/domain/classifier/user-calibration';
import { learnAll, loadThirdParty, named, SETS, timeSplit } from './third-party';

/**
 * How fast a warm user is learned and answered: each third-party set's user with their training
 * part learned and their map fitted (each timed), then 1,000 of the test part's lines classified,
 * seven times over. The warm report times one such round, the first after fitting, on a machine
 * whose timings move by half between runs; the median of seven says more. No answer is
 * scored here.
 *
 *   node tools/classifier-eval/dist/tools/classifier-eval/src/warm-speed.js [--only=mint] [--rounds=7]
 */
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, ...value] = a.replace(/^--/, '').split('=');
    return [key, value.join('=')] as const;
  }),
);
const rounds = Number(args.get('rounds') || 7);
const PER_ROUND = 1000;

const milliseconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

// Built first, as the service builds it when it starts: the first set's learning is timed
// without it (it judges each of that user's descriptions for the first time, as a new user's are).
knowledgeModel();

for (const set of SETS) {
  if (args.get('only') && !set.path.includes(args.get('only') as string)) continue;
  const rows = loadThirdParty(set.path)
    .filter((_, i) => i % (set.every ?? 1) === 0)
    .map((r, index) => ({ ...r, index }));
  const split = timeSplit(rows);
  const categories = named([...new Set(rows.map((r) => r.category))].sort());
  const idByName = new Map(categories.map((c) => [c.name, c.id]));
  const learnStarted = process.hrtime.bigint();
  const userModel = learnAll(split.train, idByName);
  const learnMs = milliseconds(learnStarted);
  const context = { countryCode: 'US', businessType: 'individual', categories, userModel };
  const fitStarted = process.hrtime.bigint();
  const calibration = fitUserCalibration(context);
  const fitMs = milliseconds(fitStarted);
  const classifier = new Classifier({ ...context, calibration });
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < PER_ROUND; i++) {
      const row = split.test[(round * PER_ROUND + i) % split.test.length];
      classifier.classify({
        id: String(row.index),
        description: row.description,
        amount: row.amount,
        type: row.type,
      });
    }
    times.push(milliseconds(started));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${set.path.split('/').pop()}: ${split.train.length} labels learned in ${learnMs.toFixed(0)} ms, ` +
      `${categories.length} categories; ` +
      `1,000 warm classifications median ${sorted[Math.floor(rounds / 2)].toFixed(0)} ms ` +
      `(best ${sorted[0].toFixed(0)}, worst ${sorted[rounds - 1].toFixed(0)}, ${rounds} rounds); ` +
      `map fitted in ${fitMs.toFixed(0)} ms`,
  );
}
