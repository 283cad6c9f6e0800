import { IsotonicCalibration } from './isotonic';
import { OWN_NAMES_POINTS } from './own-names-points';

let shared: IsotonicCalibration | undefined;

/**
 * The confidence map for a user whose categories carry their own names and who has not yet
 * labelled enough for a map of their own (user-calibration.ts). Fitted by tools/classifier-eval
 * (`--fit-own-names`) on the development set written by others, cold, under its own and
 * German names; the held-out sets only measure it.
 */
export function ownNamesCalibration(): IsotonicCalibration {
  shared ??= IsotonicCalibration.fromPoints(OWN_NAMES_POINTS.points);
  return shared;
}
