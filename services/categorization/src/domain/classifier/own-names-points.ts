/**
 * Written by `tools/classifier-eval` (`run-third-party.js --fit-own-names`): do not edit by
 * hand. Knots [confidence, accuracy] of the isotonic map of own-names-calibration.ts.
 */
export const OWN_NAMES_POINTS: {
  points: readonly (readonly [number, number])[];
  fittedOn: string;
} = {
  points: [
    [0, 0.0106],
    [0.182, 0.15],
    [0.249, 0.15],
    [0.327, 0.3133],
    [0.392, 0.4952],
    [0.585, 0.65],
    [0.745, 0.65],
    [0.874, 0.6867],
    [0.996, 0.7034],
    [0.9995, 0.9011],
    [1, 0.95],
  ],
  fittedOn:
    'tools/classifier-eval: 2082 cold predictions on tools/classifier-eval/data/capital-one.csv (1041 rows) under its own and German category names',
};
