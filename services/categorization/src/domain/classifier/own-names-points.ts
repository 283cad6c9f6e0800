/**
 * Written by `tools/classifier-eval` (`run-third-party.js --fit-own-names`): do not edit by
 * hand. Knots [confidence, accuracy] of the isotonic map of own-names-calibration.ts.
 */
export const OWN_NAMES_POINTS: {
  points: readonly (readonly [number, number])[];
  fittedOn: string;
} = {
  points: [
    [0.142, 0.0385],
    [0.394, 0.5457],
    [0.4775, 0.625],
    [0.611, 0.7344],
    [0.7565, 0.75],
    [0.881, 0.8086],
    [0.999, 0.8229],
  ],
  fittedOn:
    'tools/classifier-eval: 2082 cold predictions on tools/classifier-eval/data/capital-one.csv (1041 rows) under its own and German category names',
};
