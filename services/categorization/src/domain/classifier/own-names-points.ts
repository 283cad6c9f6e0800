/**
 * Written by `tools/classifier-eval` (`run-third-party.js --fit-own-names`): do not edit by
 * hand. Knots [confidence, accuracy] of the isotonic map of own-names-calibration.ts.
 */
export const OWN_NAMES_POINTS: {
  points: readonly (readonly [number, number])[];
  fittedOn: string;
} = {
  points: [
    [0.1195, 0.0172],
    [0.2775, 0.1],
    [0.317, 0.1667],
    [0.3785, 0.2651],
    [0.576, 0.6982],
    [0.8555, 0.7282],
    [0.9985, 0.8289],
  ],
  fittedOn:
    'tools/classifier-eval: 2082 cold predictions on tools/classifier-eval/data/capital-one.csv (1041 rows) under its own and German category names',
};
