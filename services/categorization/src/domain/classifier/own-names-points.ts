/**
 * Written by `tools/classifier-eval` (`run-third-party.js --fit-own-names`): do not edit by
 * hand. Knots [confidence, accuracy] of the isotonic map of own-names-calibration.ts.
 */
export const OWN_NAMES_POINTS: {
  points: readonly (readonly [number, number])[];
  fittedOn: string;
} = {
  points: [
    [0.0855, 0.0109],
    [0.1825, 0.1389],
    [0.2485, 0.147],
    [0.331, 0.2342],
    [0.368, 0.55],
    [0.4135, 0.6398],
    [0.595, 0.644],
    [0.74, 0.644],
    [0.8195, 0.685],
    [0.942, 0.6901],
    [0.9955, 0.7094],
    [0.9995, 0.8899],
    [1, 0.95],
  ],
  fittedOn:
    'tools/classifier-eval: 2082 cold predictions on tools/classifier-eval/data/capital-one.csv (1041 rows) under its own and German category names',
};
