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

/**
 * The share of their own categories the knowledge understood (found a concept for) in the two
 * namings the map was fitted on: Capital One's own names (11 of 14) and German ones (10 of 14).
 */
export const OWN_NAMES_REFERENCE_SHARE = 0.75;

/**
 * What the own-names map's confidence is multiplied by for a user the knowledge understands
 * less well than the namings it was fitted on: an answer can only be right where the line's
 * category is one the knowledge found a meaning for, and with no labels, any of the user's
 * categories is as likely as another. A council with 30 of 124 expense codes understood gets
 * 0.32 of it; a user understood as well as the reference or better, all of it.
 */
export function understoodFactor(understoodShare: number): number {
  return Math.min(1, Math.max(0, understoodShare) / OWN_NAMES_REFERENCE_SHARE);
}
