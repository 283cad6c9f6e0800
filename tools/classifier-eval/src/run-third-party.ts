import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { IsotonicCalibration } from '../../../services/categorization/src/domain/classifier/isotonic';
import { repositoryPath } from './evaluate';
import {
  CAPITAL_ONE,
  formatThirdParty,
  loadThirdParty,
  ownNamesPairs,
  SETS,
  thirdPartyReport,
} from './third-party';

/**
 * node tools/classifier-eval/dist/tools/classifier-eval/src/run-third-party.js [--json] [--cold] [--only=mint]
 * --cold: the cold figures only (seconds; the warm time splits take minutes).
 * Each set's CSV is made by its script in tools/classifier-eval/scripts (see README).
 */
if (process.argv.includes('--fit-own-names')) {
  // The own-names map, fitted on the development set only (Capital One, cold, own and German names).
  const rows = loadThirdParty(CAPITAL_ONE);
  const pairs = ownNamesPairs(rows);
  const map = IsotonicCalibration.fit(pairs);
  const target = 'services/categorization/src/domain/classifier/own-names-points.ts';
  const points = map.points().map(([x, y]) => [Number(x.toFixed(4)), Number(y.toFixed(4))]);
  writeFileSync(
    repositoryPath(target),
    `/**
 * Written by \`tools/classifier-eval\` (\`run-third-party.js --fit-own-names\`): do not edit by
 * hand. Knots [confidence, accuracy] of the isotonic map of own-names-calibration.ts.
 */
export const OWN_NAMES_POINTS: { points: readonly (readonly [number, number])[]; fittedOn: string } = {
  points: ${JSON.stringify(points)},
  fittedOn: ${JSON.stringify(`tools/classifier-eval: ${pairs.length} cold predictions on ${CAPITAL_ONE} (${rows.length} rows) under its own and German category names`)},
};
`,
  );
  // Written as the repository's formatter writes it, so the lint step finds nothing to change.
  execFileSync('npx', ['prettier', '--write', target], {
    cwd: repositoryPath('.'),
    stdio: 'ignore',
  });
  console.log(`wrote ${target}: ${points.length} knots from ${pairs.length} predictions`);
  process.exit(0);
}
const reports = [];
// --only=mint (a part of the file name) scores one set.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
for (const set of SETS.filter((s) => !only || s.path.includes(only))) {
  if (!existsSync(repositoryPath(set.path))) {
    console.error(`${set.path} is missing: run its script in tools/classifier-eval/scripts`);
    continue;
  }
  const report = {
    role: set.role,
    ...thirdPartyReport(set.path, set.every, {
      warm: !process.argv.includes('--cold'),
      mint: set.mint,
    }),
  };
  reports.push(report);
  if (!process.argv.includes('--json')) console.log(`(${set.role})\n${formatThirdParty(report)}\n`);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(reports, null, 2));
