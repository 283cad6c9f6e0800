import { existsSync } from 'node:fs';
import { repositoryPath } from './evaluate';
import { formatThirdParty, SETS, thirdPartyReport } from './third-party';

/**
 * node tools/classifier-eval/dist/tools/classifier-eval/src/run-third-party.js [--json]
 * Each set's CSV is made by its script in tools/classifier-eval/scripts (see README).
 */
const reports = [];
// --only=mint (a part of the file name) scores one set.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
for (const set of SETS.filter((s) => !only || s.path.includes(only))) {
  if (!existsSync(repositoryPath(set.path))) {
    console.error(`${set.path} is missing: run its script in tools/classifier-eval/scripts`);
    continue;
  }
  const report = { role: set.role, ...thirdPartyReport(set.path, set.every) };
  reports.push(report);
  if (!process.argv.includes('--json')) console.log(`(${set.role})\n${formatThirdParty(report)}\n`);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(reports, null, 2));
