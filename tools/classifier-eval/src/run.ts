import { writeFileSync } from 'node:fs';
import { evaluate, fitOnFold, formatReport, loadLabelledSet, repositoryPath } from './evaluate';

/**
 * Usage (from the repository root):
 *   npx tsc -p tools/classifier-eval/tsconfig.json
 *   node tools/classifier-eval/dist/tools/classifier-eval/src/run.js [--fit] [--json]
 *
 * --fit   refits the calibration on the fit half of the labelled set and rewrites
 *         services/categorization/src/domain/classifier/calibration-parameters.ts
 *         (rebuild and rerun to measure the new parameters on the holdout half).
 * --json  prints the report as JSON instead of text.
 */
const PARAMETERS_FILE = repositoryPath(
  'services/categorization/src/domain/classifier/calibration-parameters.ts',
);

function main(): void {
  const args = new Set(process.argv.slice(2));
  const rows = loadLabelledSet();
  if (args.has('--fit')) {
    const parameters = fitOnFold(rows);
    writeFileSync(
      PARAMETERS_FILE,
      `import type { CalibrationParameters } from './calibration';

/**
 * Written by \`tools/classifier-eval\` (\`--fit\`): do not edit by hand. Weights of
 * calibration.ts's SIGNAL_NAMES, fitted on the calibration ("fit") half of the labelled set.
 */
export const CALIBRATION_PARAMETERS: CalibrationParameters = {
  weights: [${parameters.weights.join(', ')}],
  fittedOn:
    '${parameters.fittedOn.replace(/'/g, "\\'")}',
};
`,
    );
    console.log(`calibration fitted: ${JSON.stringify(parameters.weights)} → ${PARAMETERS_FILE}`);
    return;
  }
  const report = evaluate(rows);
  console.log(args.has('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
}

main();
