/**
 * Written by `tools/classifier-eval` (`run-third-party.js --fit-own-names`): do not edit by
 * hand. Knots [confidence, accuracy] of the isotonic map of own-names-calibration.ts.
 */
export const OWN_NAMES_POINTS: {
  points: readonly (readonly [number, number])[];
  fittedOn: string;
} = {
  points: [
    [0.1215, 0.0172],
    [0.281, 0.2059],
    [0.3535, 0.2421],
    [0.4875, 0.5669],
    [0.6535, 0.632],
    [0.7865, 0.7366],
    [0.924, 0.7572],
    [0.9985, 0.7684],
  ],
  fittedOn:
    'tools/classifier-eval: 2082 cold predictions on tools/classifier-eval/data/capital-one.csv (1041 rows) under its own and German category names',
};
